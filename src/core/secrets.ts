// Secret scan: credential-shaped strings in content about to be packaged (CTXPKG §11; ACX export).
import { error, warning, type Diagnostic } from './diagnostics.js';

interface Pattern {
  name: string;
  re: RegExp;
}

const PATTERNS: Pattern[] = [
  { name: 'AWS access key id', re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/ },
  { name: 'AWS secret access key', re: /aws_secret_access_key\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/i },
  { name: 'private key block', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/ },
  { name: 'GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/ },
  { name: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/ },
  { name: 'Slack webhook', re: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]+/ },
  { name: 'Stripe key', re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/ },
  { name: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/ },
];

const ASSIGNMENT = /\b([A-Za-z0-9_.-]*(?:secret|token|password|passwd|api[_-]?key|access[_-]?key|private[_-]?key|credential)[A-Za-z0-9_.-]*)\s*[:=]\s*["']?([A-Za-z0-9/+_=.-]{20,})["']?/i;

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

export interface SecretFinding {
  kind: string;
  line: number;
  column: number;
}

// Long lines are scanned in overlapping windows (no line is skipped for its length, and the
// regular expressions never see more than a window); the overlap is longer than any pattern needs.
const WINDOW = 8192;
const OVERLAP = 1024;

// A secret spelled with JSON or YAML escapes ("\u0041KIA…", "\x41KIA…", "https:\/\/hooks…") is
// the same secret once the file is parsed, so escapes are decoded before matching.
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|U([0-9a-fA-F]{8})|(.))/g;
const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0', '/': '/', '"': '"', "'": "'", '\\': '\\', ' ': ' ', _: '\u00a0', N: '\u0085', L: '\u2028', P: '\u2029', e: '\u001b', a: '\u0007', v: '\u000b' };
function decodeEscapes(s: string): string {
  if (!s.includes('\\') && !s.includes("''")) return s;
  return s.replace(/''/g, "'").replace(ESCAPE, (m, u: string, x: string, U: string, c: string) => {
    const hex = u ?? x ?? U;
    if (hex) {
      const n = parseInt(hex, 16);
      return n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    return SIMPLE[c] ?? m;
  });
}

function matchLine(view: string, push: (kind: string, index: number, length: number) => void): void {
  for (let at = 0; at === 0 || at + OVERLAP < view.length; at += WINDOW - OVERLAP) {
    const w = view.length <= WINDOW ? view : view.slice(at, at + WINDOW);
    for (const p of PATTERNS) {
      const m = p.re.exec(w);
      if (m) push(p.name, at + m.index, m[0].length);
    }
    const a = ASSIGNMENT.exec(w);
    if (a && entropy(a[2]!) >= 3.5 && /\d/.test(a[2]!) && /[A-Za-z]/.test(a[2]!)) push(`high-entropy value assigned to "${a[1]}"`, at + a.index, a[0].length);
    if (view.length <= WINDOW) break;
  }
}

/** Finds credential-shaped strings; never returns the secret itself. */
export function findSecrets(text: string): SecretFinding[] {
  const out: SecretFinding[] = [];
  const seen = new Set<string>();
  const add = (kind: string, line: number, column: number) => {
    const k = `${kind}\0${line}`;
    if (!seen.has(k)) { seen.add(k); out.push({ kind, line, column }); }
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    matchLine(line, (kind, index) => add(kind, i + 1, index + 1));
    const decoded = decodeEscapes(line);
    if (decoded !== line) matchLine(decoded, (kind, index) => add(kind, i + 1, index + 1));
    // A value continued on the next line (a YAML double-quoted line ending in "\", a folded or
    // wrapped scalar) is joined with it; only matches that cross the join are new.
    if (i + 1 < lines.length) {
      const head = line.replace(/\\$/, '').trimEnd();
      const tail = lines[i + 1]!.replace(/\r$/, '').trimStart();
      if (!head || !tail) continue;
      for (const [h, joined] of [[head.length, head + tail], [decodeEscapes(head).length, decodeEscapes(head + tail)]] as const) {
        matchLine(joined, (kind, index, length) => { if (index < h && index + length > h) add(kind, i + 1, index + 1); });
      }
    }
  }
  return out;
}

/**
 * Text to scan for a file's bytes: UTF-8 when it is valid, else the latin1 view (one character a
 * byte), so a file that is not UTF-8 is still scanned: every pattern is ASCII.
 */
export function scanText(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return b.toString('latin1');
  }
}

/**
 * Diagnostics for the secrets in `text`: errors (the build fails) unless `allow`, then warnings.
 * `where` names the unit (e.g. "node security-notes") for the message.
 */
export function scanSecrets(text: string, file: string, where: string, allow = false, lineOffset = 0): Diagnostic[] {
  return findSecrets(text).map((f) => {
    const msg = `${where} contains what looks like a ${f.kind}; refusing to package credentials`;
    const loc = { file, line: f.line + lineOffset, column: f.column, hint: 'remove it, or pass --allow-secrets to build anyway (local use only)' };
    return allow ? warning('CTXFORGE_SECRET_FOUND', msg, loc) : error('CTXFORGE_SECRET_FOUND', msg, loc);
  });
}

/** scanSecrets over a file's bytes, whether or not they are UTF-8. */
export function scanSecretBytes(bytes: Uint8Array, file: string, where: string, allow = false): Diagnostic[] {
  return scanSecrets(scanText(bytes), file, where, allow);
}
