// CTXPKG §9.1 canonical_json: the exact bytes a manifest signature covers. Not RFC 8785: members are
// sorted by UTF-8 bytes, integers keep their lexeme, other numbers use the spec's own layout, and of
// repeated names the last one counts.
import { parseJsonTree, type JNode } from './json-tree.js';

export class CanonicalJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CanonicalJsonError';
  }
}

const I64_MIN = -(2n ** 63n);
const U64_MAX = 2n ** 64n - 1n;

/** The §9.1 layout of a finite double (also the writer's form for float-typed fields). */
export function formatDouble(x: number): string {
  if (!Number.isFinite(x)) throw new CanonicalJsonError(`number ${x} is outside the double range`);
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const [mant, exp] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const n = digits.length;
  const kk = Number(exp) + 1;
  const k = kk - n;
  let body: string;
  if (k >= 0 && kk <= 16) body = `${digits}${'0'.repeat(k)}.0`;
  else if (kk > 0 && kk <= 16) body = `${digits.slice(0, kk)}.${digits.slice(kk)}`;
  else if (kk > -5 && kk <= 0) body = `0.${'0'.repeat(-kk)}${digits}`;
  else {
    const e = kk - 1;
    body = `${digits[0]}${n > 1 ? `.${digits.slice(1)}` : ''}e${e < 0 ? '-' : '+'}${Math.abs(e)}`;
  }
  return sign + body;
}

/** A number lexeme in canonical form. */
export function canonicalNumber(lexeme: string, isInteger: boolean): string {
  if (isInteger) {
    const b = BigInt(lexeme);
    if (b >= I64_MIN && b <= U64_MAX) return lexeme;
  }
  const x = Number(lexeme);
  if (!Number.isFinite(x)) throw new CanonicalJsonError(`number ${lexeme.length > 40 ? `${lexeme.slice(0, 40)}…` : lexeme} is outside the double range`);
  return formatDouble(x);
}

/** Throws on a lone surrogate: such a string has no UTF-8 form, so no signed bytes. */
function checkWellFormed(s: string): void {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
      throw new CanonicalJsonError('string contains a lone surrogate');
    }
    if (c >= 0xdc00 && c <= 0xdfff) throw new CanonicalJsonError('string contains a lone surrogate');
  }
}

const SHORT: Record<number, string> = { 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x22: '\\"', 0x5c: '\\\\' };

export function canonicalString(s: string): string {
  checkWellFormed(s);
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(run, i) + (SHORT[c] ?? `\\u00${c.toString(16).padStart(2, '0')}`);
    run = i + 1;
  }
  return `${out}${s.slice(run)}"`;
}

export function canonicalJsonNode(node: JNode): string {
  switch (node.t) {
    case 'lit': return String(node.value);
    case 'str': return canonicalString(node.value);
    case 'num': return canonicalNumber(node.lexeme, node.isInteger);
    case 'arr': return `[${node.items.map(canonicalJsonNode).join(',')}]`;
    case 'obj': {
      const last = new Map<string, JNode>();
      for (const m of node.members) last.set(m.key, m.value);
      const keyed = [...last].map(([k, v]) => {
        checkWellFormed(k);
        return { k, b: Buffer.from(k, 'utf8'), v };
      });
      keyed.sort((a, b) => Buffer.compare(a.b, b.b));
      return `{${keyed.map((e) => `${canonicalString(e.k)}:${canonicalJsonNode(e.v)}`).join(',')}}`;
    }
  }
}

/** canonical_json of a JSON text; throws CanonicalJsonError (unverifiable) or JsonTreeError (not JSON). */
export function canonicalJson(text: string): string {
  return canonicalJsonNode(parseJsonTree(text));
}

/** canonical_json(object − name): the object as written with every member `name` removed. */
export function canonicalJsonWithout(node: JNode, name: string): string {
  if (node.t !== 'obj') throw new CanonicalJsonError('not an object');
  return canonicalJsonNode({ ...node, members: node.members.filter((m) => m.key !== name) });
}
