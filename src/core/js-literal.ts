// A JavaScript or TypeScript module read as data, never run: accepted only when its default export
// is an object literal of constants — strings in single or double quotes, numbers, booleans, null,
// nested objects and arrays — written out in the module (`export default {…}`, or `const meta = {…}`
// then `export default meta`, `satisfies`/`as` a type and `import` lines allowed). Anything that
// needs running — a call, a spread, an identifier, a template literal, JSX, a function — makes the
// whole module unread (undefined), so nothing is guessed. One pass over the text, depth bounded.

export type JsConstant = string | number | boolean | null | JsConstant[] | { [key: string]: JsConstant };

const MAX_DEPTH = 50;
const MAX_TEXT = 1024 * 1024;

class Reader {
  i = 0;
  constructor(readonly s: string) {}

  /** Skips blanks and comments; false on an unclosed block comment. */
  blank(): boolean {
    const s = this.s;
    for (;;) {
      for (let c = s.charCodeAt(this.i); this.i < s.length && (c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029); c = s.charCodeAt(++this.i));
      if (s.startsWith('//', this.i)) { const nl = s.indexOf('\n', this.i); this.i = nl < 0 ? s.length : nl + 1; continue; }
      if (s.startsWith('/*', this.i)) { const end = s.indexOf('*/', this.i + 2); if (end < 0) return false; this.i = end + 2; continue; }
      return true;
    }
  }

  word(): string | undefined {
    const m = /^[A-Za-z_$][\w$]{0,200}/.exec(this.s.slice(this.i, this.i + 201));
    if (!m) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  string(): string | undefined {
    const q = this.s[this.i];
    if (q !== '"' && q !== "'") return undefined;
    const qc = q.charCodeAt(0);
    let out = '';
    for (let j = this.i + 1; j < this.s.length; j++) {
      const code = this.s.charCodeAt(j);
      if (code === qc) { this.i = j + 1; return out; }
      if (code === 0x0a) return undefined;
      const c = this.s[j]!;
      if (code === 0x5c) {
        const n = this.s[++j];
        if (n === undefined) return undefined;
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
        if (n === 'u' || n === 'x') {
          const m = n === 'u' ? /^(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/.exec(this.s.slice(j + 1, j + 9)) : /^([0-9a-fA-F]{2})/.exec(this.s.slice(j + 1, j + 3));
          if (!m) return undefined;
          const cp = parseInt(m[1] ?? m[2]!, 16);
          if (cp > 0x10ffff) return undefined;
          out += String.fromCodePoint(cp);
          j += m[0].length;
        } else if (n === '\n') continue;
        else out += simple[n] ?? n;
        continue;
      }
      out += c;
    }
    return undefined;
  }

  value(depth: number): JsConstant | undefined {
    if (depth > MAX_DEPTH || !this.blank()) return undefined;
    const c = this.s[this.i];
    if (c === '"' || c === "'") return this.string();
    if (c === '{') return this.object(depth + 1);
    if (c === '[') return this.array(depth + 1);
    const num = /^-?(?:0[xX][0-9a-fA-F]{1,16}|(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][+-]?\d{1,3})?)/.exec(this.s.slice(this.i, this.i + 64));
    if (num) { this.i += num[0].length; const n = Number(num[0]); return Number.isFinite(n) ? n : undefined; }
    const w = this.word();
    if (w === 'true') return true;
    if (w === 'false') return false;
    if (w === 'null') return null;
    // An identifier, a call, a template literal, JSX, a function: code.
    return undefined;
  }

  object(depth: number): JsConstant | undefined {
    this.i++;
    const out: Record<string, JsConstant> = Object.create(null) as Record<string, JsConstant>;
    for (;;) {
      if (!this.blank()) return undefined;
      if (this.s[this.i] === '}') { this.i++; return out; }
      const c = this.s[this.i];
      let key: string | undefined;
      if (c === '"' || c === "'") key = this.string();
      else if (c !== undefined && /\d/.test(c)) { const m = /^\d{1,20}/.exec(this.s.slice(this.i, this.i + 21))!; key = m[0]; this.i += key.length; }
      else key = this.word();
      // A spread (`...x`), a computed key (`[x]`), a getter or method: code.
      if (key === undefined || !this.blank() || this.s[this.i] !== ':') return undefined;
      this.i++;
      const v = this.value(depth);
      if (v === undefined) return undefined;
      // `__proto__` is a key like any other here (the object has no prototype).
      out[key] = v;
      if (!this.blank()) return undefined;
      if (this.s[this.i] === ',') { this.i++; continue; }
      if (this.s[this.i] === '}') { this.i++; return out; }
      return undefined;
    }
  }

  array(depth: number): JsConstant | undefined {
    this.i++;
    const out: JsConstant[] = [];
    for (;;) {
      if (!this.blank()) return undefined;
      if (this.s[this.i] === ']') { this.i++; return out; }
      const v = this.value(depth);
      if (v === undefined) return undefined;
      out.push(v);
      if (!this.blank()) return undefined;
      if (this.s[this.i] === ',') { this.i++; continue; }
      if (this.s[this.i] === ']') { this.i++; return out; }
      return undefined;
    }
  }

  /** `satisfies T` / `as T` / `as const` after a literal, then an optional `;`. */
  typeTail(): boolean {
    if (!this.blank()) return false;
    const m = /^(?:satisfies|as)[ \t]+[\w$.]{1,100}(?:<[\w$., \t[\]]{0,200}>)?(?:\[\])?/.exec(this.s.slice(this.i, this.i + 320));
    if (m) this.i += m[0].length;
    if (!this.blank()) return false;
    if (this.s[this.i] === ';') this.i++;
    return true;
  }

  /** `import … from '…'` (or `import '…'`) through its string and an optional `;`. */
  importLine(): boolean {
    const m = /^import\b[^'"`;]{0,2000}?(?:from[ \t]*)?(["'])[^"'\n]{0,1000}\1[ \t]*;?/.exec(this.s.slice(this.i, this.i + 3100));
    if (!m) return false;
    this.i += m[0].length;
    return true;
  }
}

/** The default export of a module, when it is an object literal of constants written out in it; else undefined. */
export function jsDefaultExport(text: string): Record<string, JsConstant> | undefined {
  if (text.length > MAX_TEXT) return undefined;
  const r = new Reader(text.replace(/^\uFEFF/, ''));
  const consts = new Map<string, JsConstant>();
  let result: JsConstant | undefined;
  for (;;) {
    if (!r.blank()) return undefined;
    if (r.i >= r.s.length) break;
    const at = r.i;
    const w = r.word();
    if (w === 'import') { r.i = at; if (!r.importLine()) return undefined; continue; }
    if (w === 'const' || w === 'let' || w === 'var') {
      if (!r.blank()) return undefined;
      const name = r.word();
      if (!name || !r.blank()) return undefined;
      // A type annotation (`: MetaRecord`), up to the `=`.
      if (r.s[r.i] === ':') { const m = /^:[ \t]*[\w$.]{1,100}(?:<[\w$., \t[\]]{0,200}>)?(?:\[\])?/.exec(r.s.slice(r.i, r.i + 320)); if (!m) return undefined; r.i += m[0].length; if (!r.blank()) return undefined; }
      if (r.s[r.i] !== '=' || r.s[r.i + 1] === '=') return undefined;
      r.i++;
      const v = r.value(0);
      if (v === undefined || !r.typeTail()) return undefined;
      consts.set(name, v);
      continue;
    }
    if (w === 'export') {
      if (!r.blank()) return undefined;
      if (r.word() !== 'default' || !r.blank() || result !== undefined) return undefined;
      const c = r.s[r.i];
      if (c === '{' || c === '[') result = r.value(0);
      else { const name = r.word(); result = name !== undefined ? consts.get(name) : undefined; }
      if (result === undefined || !r.typeTail()) return undefined;
      continue;
    }
    return undefined;
  }
  return result && typeof result === 'object' && !Array.isArray(result) ? result : undefined;
}
