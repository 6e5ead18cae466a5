// Secret scan: credential-shaped strings in content about to be packaged (CTXPKG §11; ACX export),
// in file contents (UTF-8, else latin1; UTF-16 by its BOM or by NUL-interleaving) and in file and
// path names. Linear in the input: one literal search finds where a credential could start, and
// each candidate is checked by a small matcher that reads only the runs of characters it needs;
// a region a failed candidate has read is never read again for the same pattern.
import { isUtf8 } from 'node:buffer';
import { error, warning, type Diagnostic } from './diagnostics.js';
import { NO_STEPS, type StepSink } from './steps.js';
import { decodeUtf8 } from './utf8.js';

export interface SecretFinding {
  kind: string;
  line: number;
  column: number;
}

/** A match in one line view: where it starts and how long it is. */
interface Hit { kind: string; index: number; length: number }

// ---- character classes and runs ----

const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isUpperAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isWordDash = (c: number) => isWord(c) || c === 45;
const isAlnumDash = (c: number) => isAlnum(c) || c === 45;
const isKeyChar = (c: number) => isWord(c) || c === 46 || c === 45; // [A-Za-z0-9_.-]
const isValueChar = (c: number) => isKeyChar(c) || c === 47 || c === 43 || c === 61; // [A-Za-z0-9/+_=.-]
const isAwsSecretChar = (c: number) => isAlnum(c) || c === 47 || c === 43 || c === 61; // [A-Za-z0-9/+=]
const isSpace = (c: number) => c === 32 || c === 9 || c === 11 || c === 12 || c === 13 || c === 10 || c === 0xa0 || c === 0xfeff || (c >= 0x2000 && c <= 0x200a) || c === 0x1680 || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;

/** `\b` at `i` of `s`: a word character on exactly one side. */
function boundary(s: string, i: number): boolean {
  const before = i > 0 && isWord(s.charCodeAt(i - 1));
  const after = i < s.length && isWord(s.charCodeAt(i));
  return before !== after;
}

/** End of the run of `cls` characters starting at `from` (counted). */
function runEnd(s: string, from: number, cls: (c: number) => boolean, steps: StepSink): number {
  let i = from;
  while (i < s.length && cls(s.charCodeAt(i))) i++;
  steps(i - from + 1);
  return i;
}

// ---- the patterns: a literal that starts each, and a matcher at a candidate ----

/**
 * A token of fixed length at `p`: a 4-character prefix (already matched), then characters of one
 * class up to `length`, a word boundary on both sides.
 */
function fixedToken(kind: string, s: string, p: number, length: number, ok: (c: number) => boolean): { hit?: Hit } {
  if (!boundary(s, p)) return {};
  for (let i = p + 4; i < p + length; i++) if (i >= s.length || !ok(s.charCodeAt(i))) return {};
  return boundary(s, p + length) ? { hit: { kind, index: p, length } } : {};
}

interface Pattern {
  name: string;
  /** Returns the match, or undefined; `skip` (when set) is where the next candidate for this pattern may start. */
  at(s: string, p: number, lit: string, steps: StepSink): { hit?: Hit; skip?: number };
}

const AWS_PREFIXES = ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'ANPA', 'ANVA', 'AIPA'];
const PRIVATE_KEY = /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/y;

const PATTERNS: Record<string, Pattern> = {
  aws: {
    name: 'AWS access key id',
    at(s, p, _lit, steps) {
      // \b(?:AKIA|…)[0-9A-Z]{16}\b
      steps(21);
      return fixedToken(this.name, s, p, 20, isUpperAlnum);
    },
  },
  awsSecret: {
    name: 'AWS secret access key',
    at(s, p, lit, steps) {
      // aws_secret_access_key\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b
      let i = runEnd(s, p + lit.length, isSpace, steps);
      if (s[i] !== ':' && s[i] !== '=') return { skip: i };
      i = runEnd(s, i + 1, isSpace, steps);
      if (s[i] === '"' || s[i] === "'") i++;
      steps(41);
      for (let k = i; k < i + 40; k++) if (k >= s.length || !isAwsSecretChar(s.charCodeAt(k))) return { skip: i };
      return boundary(s, i + 40) ? { hit: { kind: this.name, index: p, length: i + 40 - p } } : { skip: i };
    },
  },
  privateKey: {
    name: 'private key block',
    at(s, p, _lit, steps) {
      steps(64);
      PRIVATE_KEY.lastIndex = 0;
      const m = PRIVATE_KEY.exec(s.slice(p, p + 64));
      return m ? { hit: { kind: this.name, index: p, length: m[0].length } } : {};
    },
  },
  github: {
    name: 'GitHub token',
    at(s, p, lit, steps) {
      // \b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b
      if (!boundary(s, p)) return {};
      const from = p + lit.length;
      const pat = lit.length > 4;
      const end = runEnd(s, from, pat ? isWord : isAlnum, steps);
      const n = end - from;
      // Inside a run no word boundary falls (github_pat_'s run is all word characters; gh*_'s ends at a non-alphanumeric).
      const ok = pat ? n >= 22 && n <= 255 : n >= 36 && n <= 255 && boundary(s, end);
      return ok ? { hit: { kind: this.name, index: p, length: end - p } } : { skip: end };
    },
  },
  slackToken: {
    name: 'Slack token',
    at(s, p, _lit, steps) {
      // \bxox[abprs]-[A-Za-z0-9-]{10,}\b: the last word boundary in the run, at least 10 in.
      if (!boundary(s, p)) return {};
      const end = runEnd(s, p + 5, isAlnumDash, steps);
      for (let e = end; e >= p + 15; e--) {
        steps(1);
        if (boundary(s, e)) return { hit: { kind: this.name, index: p, length: e - p } };
      }
      return { skip: end };
    },
  },
  slackWebhook: {
    name: 'Slack webhook',
    at(s, p, lit, steps) {
      // https://hooks.slack.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+
      let i = p + lit.length;
      for (const lead of ['T', 'B', '']) {
        if (lead && s[i] !== lead) return {};
        const end = runEnd(s, i + lead.length, isAlnum, steps);
        if (end === i + lead.length) return {};
        i = end;
        if (lead && s[i++] !== '/') return {};
      }
      return { hit: { kind: this.name, index: p, length: i - p } };
    },
  },
  stripe: {
    name: 'Stripe key',
    at(s, p, lit, steps) {
      // \b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b
      if (!boundary(s, p)) return {};
      const end = runEnd(s, p + lit.length, isAlnum, steps);
      return end - (p + lit.length) >= 16 && boundary(s, end) ? { hit: { kind: this.name, index: p, length: end - p } } : { skip: end };
    },
  },
  google: {
    name: 'Google API key',
    at(s, p, _lit, steps) {
      // \bAIza[0-9A-Za-z_-]{35}\b
      steps(40);
      return fixedToken(this.name, s, p, 39, isWordDash);
    },
  },
  jwt: {
    name: 'JSON Web Token',
    at(s, p, _lit, steps) {
      // \beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b — each segment ends where its run ends.
      if (!boundary(s, p)) return {};
      const r1 = runEnd(s, p + 3, isWordDash, steps);
      if (r1 - (p + 3) < 8 || s[r1] !== '.' || !s.startsWith('eyJ', r1 + 1)) return { skip: r1 };
      const r2 = runEnd(s, r1 + 4, isWordDash, steps);
      if (r2 - (r1 + 4) < 8 || s[r2] !== '.') return { skip: r1 };
      const r3 = runEnd(s, r2 + 1, isWordDash, steps);
      for (let e = r3; e >= r2 + 9; e--) {
        steps(1);
        if (boundary(s, e)) return { hit: { kind: this.name, index: p, length: e - p } };
      }
      return { skip: r1 };
    },
  },
};

// One literal search over a line finds every place a pattern could start (a fixed alternation of
// literals: no backtracking into the text). Case matters only for what the matchers check.
const ANCHOR = /AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|aws_secret_access_key|-----BEGIN |gh[pousr]_|github_pat_|xox[abprs]-|https:\/\/hooks\.slack\.com\/services\/|[sr]k_(?:live|test)_|AIza|eyJ|secret|token|passwd|password|api[_-]?key|access[_-]?key|private[_-]?key|credential/gi;

// The assignment keywords, matched in any case (`API_KEY`, `Secret`); every other literal of ANCHOR
// is a fixed prefix that counts only as spelled (a base64 run holds "EYj" or "akia" by chance).
const KEYWORD = /^(?:secret|token|passwd|password|api[_-]?key|access[_-]?key|private[_-]?key|credential)$/i;

function patternFor(lit: string): { key: string; pattern?: Pattern } | undefined {
  const l = lit.toLowerCase();
  if (l === 'aws_secret_access_key') return { key: 'awsSecret', pattern: PATTERNS.awsSecret };
  if (KEYWORD.test(lit)) return { key: 'assignment' };
  if (!PREFIX_EXACT.test(lit)) return undefined;
  if (AWS_PREFIXES.includes(lit)) return { key: 'aws', pattern: PATTERNS.aws };
  if (lit === '-----BEGIN ') return { key: 'privateKey', pattern: PATTERNS.privateKey };
  if (/^gh[pousr]_$/.test(lit) || lit === 'github_pat_') return { key: 'github', pattern: PATTERNS.github };
  if (/^xox[abprs]-$/.test(lit)) return { key: 'slackToken', pattern: PATTERNS.slackToken };
  if (lit === 'https://hooks.slack.com/services/') return { key: 'slackWebhook', pattern: PATTERNS.slackWebhook };
  if (/^[sr]k_(?:live|test)_$/.test(lit)) return { key: 'stripe', pattern: PATTERNS.stripe };
  if (lit === 'AIza') return { key: 'google', pattern: PATTERNS.google };
  return { key: 'jwt', pattern: PATTERNS.jwt };
}

function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * `name = value` where the name holds secret, token, password, api key, access key, private key or
 * credential and the value is a long, high-entropy, mixed string. Every keyword of one name shares
 * the same name and value, so a name is judged once; the next candidate starts after its value.
 */
function assignmentAt(s: string, p: number, steps: StepSink): { hit?: Hit; skip: number } {
  // The name: the run of [A-Za-z0-9_.-] around the keyword, from its first word character.
  let start = p;
  while (start > 0 && isKeyChar(s.charCodeAt(start - 1))) start--;
  steps(p - start + 1);
  while (start < p && !isWord(s.charCodeAt(start))) start++;
  const keyEnd = runEnd(s, p, isKeyChar, steps);
  let i = runEnd(s, keyEnd, isSpace, steps);
  if (s[i] !== ':' && s[i] !== '=') return { skip: keyEnd };
  i = runEnd(s, i + 1, isSpace, steps);
  if (s[i] === '"' || s[i] === "'") i++;
  const valueEnd = runEnd(s, i, isValueChar, steps);
  const value = s.slice(i, valueEnd);
  if (value.length < 20) return { skip: Math.max(keyEnd, valueEnd) };
  steps(value.length);
  if (entropy(value) >= 3.5 && /\d/.test(value) && /[A-Za-z]/.test(value)) {
    const key = s.slice(start, keyEnd);
    const shown = key.length > 64 ? `${key.slice(0, 61)}…` : key;
    return { hit: { kind: `high-entropy value assigned to "${shown}"`, index: start, length: valueEnd - start }, skip: valueEnd };
  }
  return { skip: valueEnd };
}

/** Every first match per pattern in one line view (one per kind is all a report needs). */
function matchLine(s: string, push: (h: Hit) => void, steps: StepSink): void {
  const skipUntil = new Map<string, number>();
  const found = new Set<string>();
  ANCHOR.lastIndex = 0;
  for (;;) {
    const from = ANCHOR.lastIndex;
    const m = ANCHOR.exec(s);
    if (!m) { steps(s.length - from + 1); return; }
    steps(ANCHOR.lastIndex - from);
    const p = m.index;
    const lit = m[0];
    const which = patternFor(lit);
    // The literal search is case-insensitive for the keywords; the fixed prefixes must match exactly.
    if (!which) { ANCHOR.lastIndex = p + 1; continue; }
    const { key, pattern } = which;
    if (found.has(key) && key !== 'assignment') { ANCHOR.lastIndex = p + 1; continue; }
    if ((skipUntil.get(key) ?? -1) > p) { ANCHOR.lastIndex = p + 1; continue; }
    const r = pattern ? pattern.at(s, p, lit, steps) : assignmentAt(s, p, steps);
    if (r.skip !== undefined) skipUntil.set(key, r.skip);
    if (r.hit) {
      push(r.hit);
      if (key !== 'assignment') found.add(key);
    }
    // Overlapping literals ("AKIAKIA…", "tokentoken") each get their turn.
    ANCHOR.lastIndex = p + 1;
  }
}

// The exact spellings of the fixed prefixes (the search found them case-insensitively).
const PREFIX_EXACT = /^(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|-----BEGIN |gh[pousr]_|github_pat_|xox[abprs]-|https:\/\/hooks\.slack\.com\/services\/|[sr]k_(?:live|test)_|AIza|eyJ)$/;

// A secret spelled with JSON or YAML escapes ("\u0041KIA…", "\x41KIA…", "https:\/\/hooks…") is
// the same secret once the file is parsed, so escapes are decoded before matching.
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|U([0-9a-fA-F]{8})|(.))/g;
const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '/': '/', '"': '"', "'": "'", '\\': '\\', ' ': ' ', _: '\u00a0', N: '\u0085', L: '\u2028', P: '\u2029', e: '\u001b', a: '\u0007', v: '\u000b' };
function decodeEscapes(s: string, steps: StepSink): string {
  if (!s.includes('\\') && !s.includes("''")) return s;
  steps(2 * s.length);
  return s.replace(/''/g, "'").replace(ESCAPE, (m, u: string, x: string, U: string, c: string) => {
    const hex = u ?? x ?? U;
    if (hex) {
      const n = parseInt(hex, 16);
      return n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return SIMPLE[c] ?? m;
  });
}

/** The findings of one line (and of its join with the next), as every line of a text is read. */
function lineFindings(line: string, next: string | undefined, add: (kind: string, column: number) => void, steps: StepSink): void {
  matchLine(line, (h) => add(h.kind, h.index + 1), steps);
  const decoded = decodeEscapes(line, steps);
  if (decoded !== line) matchLine(decoded, (h) => add(h.kind, h.index + 1), steps);
  // A value continued on the next line (a YAML double-quoted line ending in "\", a folded or
  // wrapped scalar) is joined with it; only matches that cross the join are new.
  if (next === undefined) return;
  const head = line.replace(/\\$/, '').trimEnd();
  const tail = next.trimStart();
  if (!head || !tail) return;
  const joined = head + tail;
  const views: Array<[number, string]> = [[head.length, joined]];
  const dJoined = decodeEscapes(joined, steps);
  // Without escapes the decoded view is the same text: it is not read twice.
  if (dJoined !== joined) views.push([decodeEscapes(head, steps).length, dJoined]);
  for (const [h, view] of views) {
    matchLine(view, (hit) => { if (hit.index < h && hit.index + hit.length > h) add(hit.kind, hit.index + 1); }, steps);
  }
}

/**
 * Finds credential-shaped strings; never returns the secret itself. `steps` counts the work (tests).
 * Only the lines that can hold a finding are read as lines: one search over the whole text finds
 * every literal a pattern starts with and every escape that decodes to a literal's character, and a
 * line holding neither (nor its join with the next, unless a literal crosses the join or the line
 * leaves an escape open) finds nothing, so a clean line costs that one search. findSecretsEveryLine, which reads every line, is what this must equal.
 */
export function findSecrets(text: string, steps: StepSink = NO_STEPS): SecretFinding[] {
  const out: SecretFinding[] = [];
  const seen = new Set<string>();
  const marks = markedPositions(text, steps);
  let m = 0;
  // Line k runs [start, end) (a trailing \r dropped); its findings are reported at line k + 1.
  let start = 0;
  let nl = text.indexOf('\n');
  let lineNo = 0;
  let current: string | undefined; // the line's text, once sliced (the next line's, carried over)
  for (;;) {
    lineNo++;
    const rawEnd = nl < 0 ? text.length : nl;
    steps(rawEnd - start + 1);
    const end = rawEnd > start && text.charCodeAt(rawEnd - 1) === 13 ? rawEnd - 1 : rawEnd;
    while (m < marks.length && marks[m]! < start) m++;
    const marked = m < marks.length && marks[m]! < end;
    const last = nl < 0;
    const nextStart = rawEnd + 1;
    const nextNl = last ? -1 : text.indexOf('\n', nextStart);
    const nextRaw = last ? 0 : nextNl < 0 ? text.length : nextNl;
    const nextEnd = last ? 0 : nextRaw > nextStart && text.charCodeAt(nextRaw - 1) === 13 ? nextRaw - 1 : nextRaw;
    let nextMarked = false;
    if (!last) {
      let k = m;
      while (k < marks.length && marks[k]! < nextStart) k++;
      nextMarked = k < marks.length && marks[k]! < nextEnd;
    }
    let line = current;
    current = undefined;
    if (marked || (!last && (nextMarked || joinCrossesLiteral(text, start, end, nextStart, nextEnd, steps)))) {
      line ??= text.slice(start, end);
      const next = last ? undefined : text.slice(nextStart, nextEnd);
      const n = lineNo;
      lineFindings(line, next, (kind, column) => {
        const key = `${kind}\0${n}`;
        if (!seen.has(key)) { seen.add(key); out.push({ kind, line: n, column }); }
      }, steps);
      current = next;
    }
    if (last) return out;
    start = nextStart;
    nl = nextNl;
  }
}

/** findSecrets reading every line (the reference for its fast path; tests hold the two together). */
export function findSecretsEveryLine(text: string, steps: StepSink = NO_STEPS): SecretFinding[] {
  const out: SecretFinding[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  steps(text.length + 1);
  lines.forEach((line, i) => {
    lineFindings(line, lines[i + 1], (kind, column) => {
      const key = `${kind}\0${i + 1}`;
      if (!seen.has(key)) { seen.add(key); out.push({ kind, line: i + 1, column }); }
    }, steps);
  });
  return out;
}

// ---- the literal search: where a line can hold a finding ----

// Every literal ANCHOR matches, spelled out in lower case (ANCHOR matches ASCII letters in any
// case). test/core/secrets-fast.test.ts holds the two together.
const LITERALS: string[] = [
  'akia', 'asia', 'agpa', 'aida', 'aroa', 'anpa', 'anva', 'aipa', 'aws_secret_access_key', '-----begin ', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_',
  'xoxa-', 'xoxb-', 'xoxp-', 'xoxr-', 'xoxs-', 'https://hooks.slack.com/services/', 'sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'aiza', 'eyj', 'secret', 'token',
  'passwd', 'password', 'api_key', 'api-key', 'apikey', 'access_key', 'access-key', 'accesskey', 'private_key', 'private-key', 'privatekey', 'credential',
];
const fold = (c: number) => (c >= 65 && c <= 90 ? c | 0x20 : c);

// A literal is found by its first three characters: each character of a literal's first three is a
// letter, "-" or "_", five bits each, so a rolling 15-bit code over the text names every place one
// may start, and only those places are compared with the literals that begin so.
const TRI_CODE = new Uint8Array(256);
for (let c = 97; c <= 122; c++) { TRI_CODE[c] = c - 96; TRI_CODE[c - 32] = c - 96; }
TRI_CODE[45] = 27;
TRI_CODE[95] = 28;
// A flat table of flags for the search (a sparse array of lists is slower to index), the lists beside it.
const TRI_HIT = new Uint8Array(1 << 15);
const TRI_LITS = new Map<number, string[]>();
for (const l of LITERALS) {
  const h = (TRI_CODE[l.charCodeAt(0)]! << 10) | (TRI_CODE[l.charCodeAt(1)]! << 5) | TRI_CODE[l.charCodeAt(2)]!;
  TRI_HIT[h] = 1;
  TRI_LITS.set(h, [...(TRI_LITS.get(h) ?? []), l]);
}

/** The literal of `lits` spelled at `p` of `text` (ASCII letters in any case), or undefined. */
function literalAt(text: string, p: number, lits: readonly string[]): string | undefined {
  for (const l of lits) {
    let j = 3;
    while (j < l.length && fold(text.charCodeAt(p + j)) === l.charCodeAt(j)) j++;
    if (j === l.length) return l;
  }
  return undefined;
}

/** literalAt over bytes (a literal is ASCII: its bytes are its characters in any of the views). */
function literalAtBytes(b: Uint8Array, p: number, lits: readonly string[]): boolean {
  for (const l of lits) {
    let j = 3;
    while (j < l.length && p + j < b.length && fold(b[p + j]!) === l.charCodeAt(j)) j++;
    if (j === l.length) return true;
  }
  return false;
}

/**
 * Where a line can hold a finding, ascending: each place a literal of ANCHOR is spelled (in any
 * case), and each escape that decodes to a literal's character (escapeSpellsAt). One pass over the
 * text.
 */
function markedPositions(text: string, steps: StepSink): number[] {
  const marks: number[] = [];
  const n = text.length;
  let h = 0;
  let inOrder = true;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    h = ((h << 5) | (c < 256 ? TRI_CODE[c]! : 0)) & 0x7fff;
    if (TRI_HIT[h] === 1 && i >= 2 && literalAt(text, i - 2, TRI_LITS.get(h)!) !== undefined) {
      if (marks.length && marks[marks.length - 1]! > i - 2) inOrder = false;
      marks.push(i - 2);
    }
    if (c === 92 && escapeSpellsAt(text.charCodeAt(i + 1), (k) => text.charCodeAt(i + 2 + k))) marks.push(i);
  }
  steps(n + 1);
  return inOrder ? marks : marks.sort((x, y) => x - y);
}

// ---- the escapes that matter ----

// Decoding puts one character in the place of each escape (or leaves it as it is), and "''" becomes
// "'": a literal the decoded text spells and the text does not holds a character an escape decoded
// to. So only escapes that decode to a character some literal is spelled with (a letter in either
// case, "-", "_", ":", "/", ".", " ") can make a line's decoded view find anything; "\n", "\"",
// "\\", "''" (most of the escapes in JSON Lines, and a backslash in every 256 bytes of binary data)
// cannot. An escape left open at the end of a line may be finished by the next one, across the join
// that lineFindings reads (endsInEscape).
const LITERAL_CHAR = new Uint8Array(128);
for (const l of LITERALS) for (const ch of l + l.toUpperCase()) LITERAL_CHAR[ch.charCodeAt(0)] = 1;
/** A hex digit's value by character code (-1: not one). */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) { HEX_VALUE['0123456789abcdef'.charCodeAt(d)] = d; HEX_VALUE['0123456789ABCDEF'.charCodeAt(d)] = d; }
const hexValue = (c: number) => (c < 128 ? HEX_VALUE[c]! : -1); // NaN (past the end) is not < 128
/** How many hex digits the escape letter takes (\u, \x, \U), else 0. */
const escapeDigits = (c: number) => (c === 117 ? 4 : c === 120 ? 2 : c === 85 ? 8 : 0);

/**
 * Whether a backslash followed by `c`, then `digit(0)`, `digit(1)`, … decodes to a literal's
 * character: "\/", "\ ", or "\u", "\x", "\U" with all their hex digits and a value that is one.
 */
function escapeSpellsAt(c: number, digit: (k: number) => number): boolean {
  if (c === 47 || c === 32) return true;
  const digits = escapeDigits(c);
  if (!digits) return false;
  let v = 0;
  for (let k = 0; k < digits; k++) {
    const d = hexValue(digit(k));
    if (d < 0) return false;
    v = v * 16 + d;
  }
  return v < 128 && LITERAL_CHAR[v] === 1;
}

/**
 * Whether [start, e) ends inside an escape the next line may finish once joined to it: a
 * backslash, or "\u", "\x", "\U" and fewer hex digits than it takes. `at(i)` is character i.
 */
function endsInEscape(at: (i: number) => number, start: number, e: number): boolean {
  if (e > start && at(e - 1) === 92) return true;
  let j = e;
  while (j > start && e - j < 8 && hexValue(at(j - 1)) >= 0) j--;
  if (j - 2 < start || at(j - 2) !== 92) return false;
  return e - j < escapeDigits(at(j - 1));
}

// ---- the join of two lines that hold no literal and no escape ----

// A literal crossing a join has each pair of neighbouring characters in JOIN_PAIRS (letters folded).
export const JOIN_PAIRS = new Set<number>();
for (const l of LITERALS) for (let i = 0; i + 1 < l.length; i++) JOIN_PAIRS.add((l.charCodeAt(i) << 16) | l.charCodeAt(i + 1));
JOIN_PAIRS.add((39 << 16) | 39); // '' across the join is an escape

/** The longest literal: a literal crossing a join lies within this many characters of it on each side. */
const JOIN_WINDOW = Math.max(...LITERALS.map((l) => l.length));

/** Whether a literal, or "''", in `window` crosses its position `h` (the join). */
function crossesAt(window: string, h: number): boolean {
  if (window.charCodeAt(h - 1) === 39 && window.charCodeAt(h) === 39) return true;
  for (let q = Math.max(0, h - JOIN_WINDOW); q < h && q + 2 < window.length; q++) {
    const c0 = window.charCodeAt(q);
    const c1 = window.charCodeAt(q + 1);
    const c2 = window.charCodeAt(q + 2);
    if (c0 > 255 || c1 > 255 || c2 > 255) continue;
    const lits = TRI_LITS.get((TRI_CODE[c0]! << 10) | (TRI_CODE[c1]! << 5) | TRI_CODE[c2]!);
    if (!lits || !TRI_CODE[c0] || !TRI_CODE[c1] || !TRI_CODE[c2]) continue;
    const l = literalAt(window, q, lits.filter((x) => q + x.length > h));
    if (l !== undefined) return true;
  }
  return false;
}

/**
 * Whether the join of two lines that hold no literal and no escape that matters can find
 * anything: the line without a trailing "\" and trailing blanks, then the next without leading
 * blanks (as lineFindings joins them), with a literal or "''" crossing the join, or an escape the
 * line leaves open. Reads only the blanks around the join and,
 * when the two characters that meet could be neighbours in a literal, a literal's length each side.
 */
function joinCrossesLiteral(text: string, start: number, end: number, nextStart: number, nextEnd: number, steps: StepSink): boolean {
  let e = end;
  if (e > start && text.charCodeAt(e - 1) === 92) e--;
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  let s = nextStart;
  while (s < nextEnd && isSpace(text.charCodeAt(s))) s++;
  steps(end - e + s - nextStart + 1);
  if (e === start || s === nextEnd) return false;
  if (endsInEscape((i) => text.charCodeAt(i), start, e)) return true;
  if (!JOIN_PAIRS.has((fold(text.charCodeAt(e - 1)) << 16) | fold(text.charCodeAt(s)))) return false;
  const head = text.slice(Math.max(start, e - JOIN_WINDOW), e);
  const window = head + text.slice(s, Math.min(nextEnd, s + JOIN_WINDOW));
  steps(window.length);
  return crossesAt(window, head.length);
}

const isAsciiBlank = (c: number) => c === 32 || (c >= 9 && c <= 13);
const TWO_QUOTES = Buffer.from("''");

/**
 * True when bytes that are not UTF-16 hold nothing findSecrets could find in their UTF-8 or latin1
 * text, decided on the bytes without decoding them: no literal (every literal is ASCII, so its
 * bytes are the same in both texts), no escape, and no join where one could cross (a non-ASCII
 * byte next to a join might be a blank either text trims: then the text is read). False means
 * "read the text", never "found".
 */
export function cleanBytes(b: Uint8Array): boolean {
  const n = b.length;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.indexOf(92) >= 0 || buf.indexOf(TWO_QUOTES) >= 0) return false;
  // Two bytes a step, one branch for both codes (almost never taken): a third less time than a
  // step a byte, on the 50 000 documents of a build (issue 28: the scan's share of a build).
  let h = 0;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const h1 = ((h << 5) | TRI_CODE[b[i]!]!) & 0x7fff;
    h = ((h1 << 5) | TRI_CODE[b[i + 1]!]!) & 0x7fff;
    if ((TRI_HIT[h1]! | TRI_HIT[h]!) === 0) continue;
    if (TRI_HIT[h1] === 1 && i >= 2 && literalAtBytes(b, i - 2, TRI_LITS.get(h1)!)) return false;
    if (TRI_HIT[h] === 1 && i >= 1 && literalAtBytes(b, i - 1, TRI_LITS.get(h)!)) return false;
  }
  for (; i < n; i++) {
    h = ((h << 5) | TRI_CODE[b[i]!]!) & 0x7fff;
    if (TRI_HIT[h] === 1 && i >= 2 && literalAtBytes(b, i - 2, TRI_LITS.get(h)!)) return false;
  }
  // Each line end is searched for once: the next line's end, found for this join, is the next
  // join's line end (a native search a line, not two: a fifth of this function's time before).
  let nextNl = buf.indexOf(10);
  for (let start = 0, nl = nextNl; nl >= 0; start = nl + 1, nl = nextNl) {
    // The join of [start, nl) and the next line.
    const nextStart = nl + 1;
    nextNl = buf.indexOf(10, nextStart);
    let e = nl > start && b[nl - 1] === 13 ? nl - 1 : nl;
    while (e > start && isAsciiBlank(b[e - 1]!)) e--;
    if (e > start && b[e - 1]! >= 0x80) return false;
    const nextRaw = nextNl < 0 ? n : nextNl;
    const nextEnd = nextRaw > nextStart && b[nextRaw - 1] === 13 ? nextRaw - 1 : nextRaw;
    let s = nextStart;
    while (s < nextEnd && isAsciiBlank(b[s]!)) s++;
    if (s < nextEnd && b[s]! >= 0x80) return false;
    if (e === start || s === nextEnd) continue;
    if (!JOIN_PAIRS.has((fold(b[e - 1]!) << 16) | fold(b[s]!))) continue;
    const head = buf.toString('latin1', Math.max(start, e - JOIN_WINDOW), e);
    if (crossesAt(head + buf.toString('latin1', s, Math.min(nextEnd, s + JOIN_WINDOW)), head.length)) return false;
  }
  return true;
}

// ---- the lines of bytes that can hold a finding ----

/** Lines of some bytes, as secretLines finds them. */
export interface SecretLines {
  /** How many lines the bytes hold (one more than their "\n"s). */
  count: number;
  /**
   * The lines to read, ascending, four numbers each: the line's index, its start, its end (its
   * "\n", or the end of the bytes), and the next line's end (-1 for the last line).
   */
  read: number[];
}

/**
 * The lines of bytes that are not UTF-16 which findSecrets would read as lines in their latin1 text
 * and, when `utf8` (the bytes are then valid UTF-8), in their UTF-8 text — decided on the bytes,
 * which are decoded only where a line is read (findSecretsInLines). A literal is ASCII, so its
 * bytes are its characters in both texts, and so are an escape's. Trimming a join removes the same
 * bytes in the latin1 text (NBSP is 0xA0); in UTF-8 a character that is not ASCII beside a join may
 * be a blank, so that line is read. Reading more lines than needed never changes the findings.
 */
export function secretLines(bytes: Uint8Array, utf8: boolean): SecretLines {
  const b = bytes;
  const n = b.length;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const lits = literalStarts(b);
  const escapes = escapesThatSpell(buf);
  let li = 0;
  let ei = 0;
  // Whether [from, to) holds a mark: the lines are walked in order, so the marks before each are passed once.
  const markedIn = (from: number, to: number): boolean => {
    while (li < lits.length && lits[li]! < from) li++;
    while (ei < escapes.length && escapes[ei]! < from) ei++;
    return (li < lits.length && lits[li]! < to) || (ei < escapes.length && escapes[ei]! < to);
  };
  const read: number[] = [];
  let k = 0;
  let start = 0;
  let nl = buf.indexOf(10);
  let isMarked = markedIn(0, nl < 0 ? n : nl);
  for (;;) {
    const rawEnd = nl < 0 ? n : nl;
    if (nl < 0) {
      if (isMarked) read.push(k, start, rawEnd, -1);
      return { count: k + 1, read };
    }
    const nextStart = nl + 1;
    const nextNl = buf.indexOf(10, nextStart);
    const nextRaw = nextNl < 0 ? n : nextNl;
    const nextMarked = markedIn(nextStart, nextRaw);
    if (isMarked || nextMarked || joinMayFind(b, buf, start, rawEnd, nextStart, nextRaw, utf8)) read.push(k, start, rawEnd, nextRaw);
    k++;
    start = nextStart;
    nl = nextNl;
    isMarked = nextMarked;
  }
}

// Byte pairs that are the first two or the last two of a literal's first three bytes (in any
// case), keyed as a 16-bit load of the pair reads them on this machine: every literal start holds
// one at an even offset of the buffer — its first pair when it starts at one, else its second.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const pairKey = (x: number, y: number) => (LITTLE_ENDIAN ? x | (y << 8) : (x << 8) | y);
const PAIR_HIT = new Uint8Array(1 << 16);
for (const l of LITERALS) {
  const cases = (c: number) => (c >= 97 && c <= 122 ? [c, c - 32] : [c]);
  for (const a of cases(l.charCodeAt(0))) for (const b of cases(l.charCodeAt(1))) for (const c of cases(l.charCodeAt(2))) {
    PAIR_HIT[pairKey(a, b)] = 1;
    PAIR_HIT[pairKey(b, c)] = 1;
  }
}

/** Whether a literal starts at `s` of the bytes (its first three by their code, then the rest). */
function literalStartsAt(b: Uint8Array, s: number): boolean {
  if (s < 0 || s + 2 >= b.length) return false;
  const h = (TRI_CODE[b[s]!]! << 10) | (TRI_CODE[b[s + 1]!]! << 5) | TRI_CODE[b[s + 2]!]!;
  return TRI_HIT[h] === 1 && literalAtBytes(b, s, TRI_LITS.get(h)!);
}

/**
 * Where a literal starts in the bytes, ascending (a start may repeat), four bytes a step: a word
 * whose two pairs are neither in PAIR_HIT holds no literal's first or second pair, so no literal
 * starts in it or one byte before it (binary data: ~1 word in 80 is looked into; prose more often).
 */
function literalStarts(b: Uint8Array): number[] {
  const n = b.length;
  const out: number[] = [];
  // The words lie at offsets of the buffer that are multiples of four; the bytes before and after
  // them are looked at one start at a time.
  const a0 = (4 - (b.byteOffset & 3)) & 3;
  const count = n > a0 ? (n - a0) >> 2 : 0;
  const words = count ? new Uint32Array(b.buffer, b.byteOffset + a0, count) : new Uint32Array(0);
  const a1 = a0 + 4 * count;
  for (let s = 0; s < Math.min(a0, n); s++) if (literalStartsAt(b, s)) out.push(s);
  for (let j = 0; j < words.length; j++) {
    const w = words[j]!;
    if ((PAIR_HIT[w & 0xffff]! | PAIR_HIT[w >>> 16]!) === 0) continue;
    const p = a0 + 4 * j;
    for (let s = p - 1; s <= p + 2; s++) if (literalStartsAt(b, s)) out.push(s);
  }
  for (let s = Math.max(a0, a1 - 1); s < n; s++) if (literalStartsAt(b, s)) out.push(s);
  return out;
}

/** Where an escape that decodes to a literal's character starts in the bytes, ascending. */
function escapesThatSpell(buf: Buffer): number[] {
  const out: number[] = [];
  for (let p = buf.indexOf(92); p >= 0; p = buf.indexOf(92, p + 1)) {
    if (escapeSpellsAt(buf[p + 1]!, (k) => buf[p + 2 + k]!)) out.push(p);
  }
  return out;
}

/**
 * Whether the join of lines [start, rawEnd) and [nextStart, nextRaw), neither holding a mark, can
 * find anything: joinCrossesLiteral on the bytes. In UTF-8 a byte that is not ASCII where the
 * blanks end may be a blank the text trims: then the lines are read.
 */
function joinMayFind(b: Uint8Array, buf: Buffer, start: number, rawEnd: number, nextStart: number, nextRaw: number, utf8: boolean): boolean {
  let e = rawEnd > start && b[rawEnd - 1] === 13 ? rawEnd - 1 : rawEnd;
  if (e > start && b[e - 1] === 92) e--;
  while (e > start && byteBlank(b[e - 1]!, utf8)) e--;
  const nextEnd = nextRaw > nextStart && b[nextRaw - 1] === 13 ? nextRaw - 1 : nextRaw;
  let s = nextStart;
  while (s < nextEnd && byteBlank(b[s]!, utf8)) s++;
  if (utf8 && ((e > start && b[e - 1]! >= 0x80) || (s < nextEnd && b[s]! >= 0x80))) return true;
  if (e === start || s === nextEnd) return false;
  if (endsInEscape((i) => b[i]!, start, e)) return true;
  if (!JOIN_PAIRS.has((fold(b[e - 1]!) << 16) | fold(b[s]!))) return false;
  const head = buf.toString('latin1', Math.max(start, e - JOIN_WINDOW), e);
  return crossesAt(head + buf.toString('latin1', s, Math.min(nextEnd, s + JOIN_WINDOW)), head.length);
}

/** A blank lineFindings trims, as a byte of the latin1 text (NBSP is 0xA0), or an ASCII one of the UTF-8 text. */
const byteBlank = (c: number, utf8: boolean) => c === 32 || (c >= 9 && c <= 13) || (!utf8 && c === 0xa0);

/**
 * findSecrets over the text of `bytes` in `encoding` (latin1, or UTF-8 when they are valid UTF-8,
 * a leading BOM dropped when `bom`), reading only the lines secretLines chose.
 */
export function findSecretsInLines(bytes: Uint8Array, lines: SecretLines, encoding: 'utf8' | 'latin1', bom = false): SecretFinding[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const skip = encoding === 'utf8' && bom && hasUtf8Bom(buf) ? 3 : 0;
  // A line's text without its "\r" (findSecrets' line), the BOM dropped from the first.
  const text = (start: number, rawEnd: number) => {
    if (start === 0) start = skip;
    const end = rawEnd > start && buf[rawEnd - 1] === 13 ? rawEnd - 1 : rawEnd;
    return buf.toString(encoding, start, Math.max(start, end));
  };
  const out: SecretFinding[] = [];
  const seen = new Set<string>();
  const r = lines.read;
  let carried: string | undefined;
  let carriedLine = -1;
  for (let q = 0; q < r.length; q += 4) {
    const k = r[q]!;
    const line = carriedLine === k ? carried! : text(r[q + 1]!, r[q + 2]!);
    const next = r[q + 3]! < 0 ? undefined : text(r[q + 2]! + 1, r[q + 3]!);
    const n = k + 1;
    lineFindings(line, next, (kind, column) => {
      const key = `${kind}\0${n}`;
      if (!seen.has(key)) { seen.add(key); out.push({ kind, line: n, column }); }
    }, NO_STEPS);
    carried = next;
    carriedLine = k + 1;
  }
  return out;
}

const hasUtf8Bom = (b: Uint8Array) => b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;

// ---- what a buffer says, in every encoding it may be read in ----

/** Share of NULs at even / odd byte offsets that marks NUL-interleaved (UTF-16) text. */
function utf16Without(b: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  // Text without a NUL is never UTF-16 of ASCII; the share is judged on the first 64 KiB (UTF-16 text
  // is interleaved throughout, and a 1 GiB binary file is not walked byte by byte in JavaScript).
  if (b.length < 4 || b.indexOf(0) < 0) return undefined;
  const n = Math.min(b.length, 64 * 1024) & ~1;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i++) if (b[i] === 0) { if (i & 1) odd++; else even++; }
  const half = n / 2;
  // Mostly-ASCII UTF-16: one byte of each pair is NUL, the other almost never is.
  if (odd >= half * 0.3 && odd > 4 * even) return 'utf-16le';
  if (even >= half * 0.3 && even > 4 * odd) return 'utf-16be';
  return undefined;
}

/** The UTF-16 encoding the bytes are also read in: by a BOM, or NUL-interleaved. */
export function wideEncoding(b: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const bom = b[0] === 0xff && b[1] === 0xfe ? 'utf-16le' : b[0] === 0xfe && b[1] === 0xff ? 'utf-16be' : undefined;
  return bom ?? utf16Without(b);
}

/**
 * The texts to scan for a file's bytes: UTF-8 when it is valid, else the latin1 view (one character
 * a byte: every pattern is ASCII); and UTF-16 when a BOM says so or the bytes are NUL-interleaved
 * the way UTF-16 text of ASCII characters is (PowerShell 5 writes it by default).
 */
export function scanTexts(bytes: Uint8Array): string[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: string[] = [];
  const wide = wideEncoding(b);
  if (wide) out.push(new TextDecoder(wide, { ignoreBOM: false }).decode(b));
  // decodeUtf8 is TextDecoder's fatal UTF-8 (a leading BOM dropped) at a seventh of the cost a file.
  out.push(decodeUtf8(b) ?? b.toString('latin1'));
  return out;
}

/**
 * Diagnostics for the secrets in `text`: errors (the build fails) unless `allow`, then warnings.
 * `where` names the unit (e.g. "node security-notes") for the message.
 */
export function scanSecrets(text: string, file: string, where: string, allow = false, lineOffset = 0): Diagnostic[] {
  return secretDiagnostics(findSecrets(text), file, where, allow, lineOffset);
}

/** The diagnostics of findings (see scanSecrets). */
export function secretDiagnostics(found: readonly SecretFinding[], file: string, where: string, allow = false, lineOffset = 0): Diagnostic[] {
  return found.map((f) => {
    const msg = `${where} contains what looks like a ${f.kind}; refusing to package credentials`;
    const loc = { file, line: f.line + lineOffset, column: f.column, hint: 'remove it, or pass --allow-secrets to build anyway (local use only)' };
    return allow ? warning('CTXFORGE_SECRET_FOUND', msg, loc) : error('CTXFORGE_SECRET_FOUND', msg, loc);
  });
}

/** scanSecrets over a file's bytes in every encoding they may be read in (UTF-8 / latin1, UTF-16). */
export function scanSecretBytes(bytes: Uint8Array, file: string, where: string, allow = false): Diagnostic[] {
  // Most files hold nothing to find: that is decided on the bytes, without decoding them; the rest
  // are decoded only in the lines that can hold a finding (their UTF-16 text, if any, as a whole).
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wide = wideEncoding(b);
  if (!wide && cleanBytes(bytes)) return [];
  const utf8 = isUtf8(bytes);
  const narrow = secretDiagnostics(findSecretsInLines(bytes, secretLines(bytes, utf8), utf8 ? 'utf8' : 'latin1', true), file, where, allow);
  if (!wide) return narrow;
  // The texts in scanTexts' order: UTF-16 first.
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const found of [scanSecrets(new TextDecoder(wide, { ignoreBOM: false }).decode(b), file, where, allow), narrow]) {
    for (const d of found) {
      const k = `${d.message}\0${d.line}`;
      if (!seen.has(k)) { seen.add(k); out.push(d); }
    }
  }
  return out;
}

/**
 * Whether scanSecretName can find anything in a name of these UTF-8 bytes: only one that spells a
 * literal a pattern starts with (every literal is ASCII: its bytes are its characters) or holds an
 * escape can. A build checks its 50 000 entry names with this and scans only those that can.
 */
export function nameMayHoldSecret(name: Uint8Array): boolean {
  let h = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (c === 92 || (c === 39 && name[i + 1] === 39)) return true;
    h = ((h << 5) | TRI_CODE[c]!) & 0x7fff;
    if (TRI_HIT[h] === 1 && i >= 2 && literalAtBytes(name, i - 2, TRI_LITS.get(h)!)) return true;
  }
  return false;
}

/**
 * Secrets in a file or path name that ships (an entry name, a ROM file name, a node's file): the
 * name is reported with each match cut to its first four characters, so the report does not carry
 * the credential it refuses.
 */
export function scanSecretName(path: string, allow = false): Diagnostic[] {
  const hits: Hit[] = [];
  matchLine(path, (h) => hits.push(h), NO_STEPS);
  let shown = path;
  for (const h of [...hits].sort((a, b) => b.index - a.index)) {
    if (h.length > 4) shown = `${shown.slice(0, h.index + 4)}…${shown.slice(h.index + h.length)}`;
  }
  const decoded = decodeEscapes(path, NO_STEPS);
  if (decoded !== path) {
    const before = hits.length;
    matchLine(decoded, (h) => hits.push(h), NO_STEPS);
    // Spelled with escapes, the name cannot be cut where the match is: only its folder is shown.
    if (hits.length > before) shown = `${path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : ''}…`;
  }
  if (!hits.length) return [];
  const kinds = [...new Set(hits.map((h) => h.kind))];
  const msg = `the name ${shown} contains what looks like a ${kinds.join(' and a ')}; refusing to package credentials`;
  const loc = { file: shown, hint: 'rename the file (names ship in the package as they are), or pass --allow-secrets to build anyway (local use only)' };
  return [allow ? warning('CTXFORGE_SECRET_FOUND', msg, loc) : error('CTXFORGE_SECRET_FOUND', msg, loc)];
}
