// A lossless JSON syntax tree: every value keeps its source range and every number its lexeme, and
// repeated member names are all kept. canonical_json (§9.1) and line lookups for diagnostics need
// exactly what a value-level parser throws away.
import { lineColumn } from '../core/strict-json.js';

export type JNode =
  | { t: 'obj'; start: number; end: number; members: JMember[] }
  | { t: 'arr'; start: number; end: number; items: JNode[] }
  | { t: 'str'; start: number; end: number; value: string }
  | { t: 'num'; start: number; end: number; lexeme: string; isInteger: boolean }
  | { t: 'lit'; start: number; end: number; value: true | false | null };

export interface JMember {
  key: string;
  keyStart: number;
  value: JNode;
}

export class JsonTreeError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
    this.name = 'JsonTreeError';
  }
}

const WS = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Parses `text` (one JSON value, surrounding whitespace allowed); duplicates are kept, not rejected. */
export function parseJsonTree(text: string, maxDepth = 1000, range?: { start: number; end: number }): JNode {
  // With `range`, only the value text[start, end) is parsed; offsets stay those of `text`.
  let i = range?.start ?? 0;
  const s = range ? text.slice(0, range.end) : text;
  const ws = (): void => { while (i < s.length && WS(s.charCodeAt(i))) i++; };
  const bad = (m: string, at = i): never => { throw new JsonTreeError(m, at); };

  const str = (): string => {
    const start = i;
    i++;
    let out = '';
    let run = i;
    for (;;) {
      if (i >= s.length) bad('unterminated string', start);
      const c = s.charCodeAt(i);
      if (c === 0x22) { out += s.slice(run, i); i++; return out; }
      if (c < 0x20) bad('control character in a string');
      if (c !== 0x5c) { i++; continue; }
      out += s.slice(run, i);
      const e = s[i + 1];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e !== undefined && e in simple) { out += simple[e]; i += 2; }
      else if (e === 'u') {
        const hex = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) bad('invalid \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else bad('invalid escape in a string');
      run = i;
    }
  };

  const value = (depth: number): JNode => {
    ws();
    const start = i;
    const c = s.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      if (depth >= maxDepth) bad(`nesting deeper than ${maxDepth}`);
      i++;
      ws();
      if (c === 0x7b) {
        const members: JMember[] = [];
        if (s.charCodeAt(i) === 0x7d) { i++; return { t: 'obj', start, end: i, members }; }
        for (;;) {
          ws();
          if (s.charCodeAt(i) !== 0x22) bad('expected a string key');
          const keyStart = i;
          const key = str();
          ws();
          if (s.charCodeAt(i) !== 0x3a) bad("expected ':'");
          i++;
          members.push({ key, keyStart, value: value(depth + 1) });
          ws();
          const d = s.charCodeAt(i);
          if (d === 0x2c) { i++; continue; }
          if (d === 0x7d) { i++; return { t: 'obj', start, end: i, members }; }
          bad("expected ',' or '}'");
        }
      }
      const items: JNode[] = [];
      if (s.charCodeAt(i) === 0x5d) { i++; return { t: 'arr', start, end: i, items }; }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        const d = s.charCodeAt(i);
        if (d === 0x2c) { i++; continue; }
        if (d === 0x5d) { i++; return { t: 'arr', start, end: i, items }; }
        bad("expected ',' or ']'");
      }
    }
    if (c === 0x22) { const v = str(); return { t: 'str', start, end: i, value: v }; }
    for (const [w, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (s.startsWith(w, i)) { i += w.length; return { t: 'lit', start, end: i, value: v }; }
    }
    const m = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const r = m.exec(s);
    if (!r || r[0] === '-' || r[0] === '') bad('unexpected character');
    i += r![0].length;
    if (i < s.length && /[0-9.eE+-]/.test(s[i]!)) bad('invalid number');
    return { t: 'num', start, end: i, lexeme: r![0], isInteger: r![1] === undefined && r![2] === undefined };
  };

  const root = value(0);
  ws();
  if (i < s.length) bad('unexpected data after the JSON value');
  return root;
}

/** The member value at `key` of an object node (the last one when repeated). */
export function member(node: JNode | undefined, key: string): JNode | undefined {
  if (node?.t !== 'obj') return undefined;
  for (let k = node.members.length - 1; k >= 0; k--) if (node.members[k]!.key === key) return node.members[k]!.value;
  return undefined;
}

/** Offset of the value at `path` (object keys and array indexes), or of its nearest existing ancestor. */
export function offsetOf(root: JNode, path: readonly (string | number)[]): number {
  let n: JNode = root;
  let at = root.start;
  for (const p of path) {
    let next: JNode | undefined;
    if (typeof p === 'number' && n.t === 'arr') next = n.items[p];
    else if (typeof p === 'string' && n.t === 'obj') {
      for (let k = n.members.length - 1; k >= 0; k--) {
        if (n.members[k]!.key === p) { next = n.members[k]!.value; at = n.members[k]!.keyStart; break; }
      }
      if (!next) return at;
      n = next;
      continue;
    }
    if (!next) return at;
    n = next;
    at = n.start;
  }
  return at;
}

export function lineAt(text: string, offset: number): number {
  return lineColumn(text, offset).line;
}

