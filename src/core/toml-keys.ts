// The scalar values of a TOML file, by dotted path (`languages.fr.contentDir` → "content/fr"), for
// the few settings ctxforge reads from a site's configuration (hugo.toml's languages). Not a full
// TOML parser: tables, dotted and quoted keys, basic and literal strings, booleans and numbers are
// read; arrays, inline tables and multi-line strings are stepped over whole (what they hold is never
// taken for a key). An `[[array table]]`'s elements are kept apart (`arrays`), each with its own
// scalars — a sub-table of an element (`[module.mounts.sites]`) is not read. One pass over the
// lines, every pattern anchored and bounded: linear in the file's size, whatever it holds.

export type TomlScalar = string | number | boolean;

const KEY_PART = /^\s*(?:([A-Za-z0-9_-]{1,200})|"((?:[^"\\\n]|\\.){0,200})"|'([^'\n]{0,200})')\s*/;

/** A dotted key (`a."b.c".d`) as its parts, and what follows it; undefined when it is no key. */
function keyPath(s: string): { parts: string[]; rest: string } | undefined {
  const parts: string[] = [];
  let rest = s;
  for (let i = 0; i < 32; i++) {
    const m = KEY_PART.exec(rest);
    if (!m) return undefined;
    parts.push(m[1] ?? (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!));
    rest = rest.slice(m[0].length);
    if (!rest.startsWith('.')) return { parts, rest };
    rest = rest.slice(1);
  }
  return undefined;
}

/** How many brackets and braces a value line leaves open (strings skipped). */
function depthChange(s: string): number {
  let d = 0;
  let q = '';
  for (let i = 0; i < s.length; i++) {
    const c = String.fromCharCode(s.charCodeAt(i));
    if (q) { if (c === '\\' && q === '"') i++; else if (c === q) q = ''; continue; }
    if (c === '#') break;
    if (c === '"' || c === "'") q = c;
    else if (c === '[' || c === '{') d++;
    else if (c === ']' || c === '}') d--;
  }
  return d;
}

function scalar(v: string): TomlScalar | undefined {
  let m = /^"((?:[^"\\\n]|\\.){0,4000})"\s*(?:#.*)?$/.exec(v);
  if (m) return m[1]!.replace(/\\(["\\])/g, '$1');
  m = /^'([^'\n]{0,4000})'\s*(?:#.*)?$/.exec(v);
  if (m) return m[1]!;
  m = /^(true|false)\s*(?:#.*)?$/.exec(v);
  if (m) return m[1] === 'true';
  m = /^([+-]?\d{1,15}(?:\.\d{1,15})?)\s*(?:#.*)?$/.exec(v);
  if (m) return Number(m[1]);
  return undefined;
}

export interface TomlKeys {
  /** Every scalar by its dotted path (the first value of a path wins, as TOML allows one). */
  values: Map<string, TomlScalar>;
  /** The dotted paths of the `[tables]` the file opens. */
  tables: Set<string>;
  /** Each `[[array table]]` by its dotted path: its elements in order, each its scalars by dotted key. */
  arrays: Map<string, Map<string, TomlScalar>[]>;
}

export function tomlScalars(text: string): TomlKeys {
  const out = new Map<string, TomlScalar>();
  const tables = new Set<string>();
  const arrays = new Map<string, Map<string, TomlScalar>[]>();
  let table: string[] | undefined = [];
  // The element of an array table the lines below its `[[header]]` fill, if any.
  let element: Map<string, TomlScalar> | undefined;
  let open = 0;
  let multi = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (multi) { if (line.includes(multi)) multi = ''; continue; }
    if (open > 0) { open += depthChange(line); continue; }
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    if (t.startsWith('[[')) {
      table = undefined;
      const k = keyPath(t.slice(2));
      element = k && /^\]\]\s*(?:#.*)?$/.test(k.rest) ? new Map() : undefined;
      if (element) {
        const path = k!.parts.join('.');
        const list = arrays.get(path) ?? [];
        list.push(element);
        arrays.set(path, list);
      }
      continue;
    }
    if (t.startsWith('[')) {
      element = undefined;
      const k = keyPath(t.slice(1));
      table = k && /^\]\s*(?:#.*)?$/.test(k.rest) ? k.parts : undefined;
      if (table) tables.add(table.join('.'));
      continue;
    }
    const k = keyPath(line);
    if (!k || !k.rest.startsWith('=')) continue;
    const v = k.rest.slice(1).trim();
    const ml = /^("""|''')/.exec(v);
    if (ml) { if (!v.slice(3).includes(ml[1]!)) multi = ml[1]!; continue; }
    if (v.startsWith('[') || v.startsWith('{')) { open = depthChange(v); continue; }
    // An array table's element keeps its keys as written; elsewhere they are under the open table.
    const into = element ?? (table ? out : undefined);
    if (!into) continue;
    const s = scalar(v);
    const path = (element ? k.parts : [...table!, ...k.parts]).join('.');
    if (s !== undefined && !into.has(path)) into.set(path, s);
  }
  return { values: out, tables, arrays };
}
