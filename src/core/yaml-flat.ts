// The frontmatter most documents carry, read without a YAML parser: top-level `key: value` lines,
// and under a key with no value either `  - item` lines or `  key: value` lines, every value a plain
// one-line scalar that YAML 1.2's core schema can only read as a string (ASCII, starting with a
// letter and no null or boolean word, or a UUID; none of `:` `#` `"` `&` `*` `!` and no quote or
// space at either end). Anything else gives undefined and the YAML parsers decide: this answers
// only where it is sure to give what they give (test/core/yaml-flat.test.ts holds it to the reference).
// js-yaml took ~12 µs a document, a quarter of validating 50 000 of them (issue 28's profile).

const KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;
const STRING = /^[A-Za-z](?:[A-Za-z0-9 .,;()/_+'-]*[A-Za-z0-9.,;()/_+-])?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Words the core schema reads as null or a boolean (keys and values alike are left to the parsers). */
const WORD = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

/**
 * A value of its own: a slice would keep the whole document's text alive for as long as the value
 * is kept (a title, an id: 50 000 of them held ~190 MB). V8 makes a concatenation flat, a new string,
 * before slicing it, so the slice holds that copy only (test/core/yaml-flat-own.test.ts); a third of
 * the cost of copying through a Buffer, ~10 values a document (issue 39's profile: 89 ms at 50k).
 */
const own = (s: string) => (' ' + s).slice(1);

function scalar(s: string): string | undefined {
  if (UUID.test(s)) return own(s);
  return STRING.test(s) && !WORD.test(s) ? own(s) : undefined;
}

/** A mapping of strings, lists of strings and mappings of strings, or undefined when unsure. */
export function parseFlatYaml(text: string): Record<string, unknown> | undefined {
  if (text.length > 4096 || text.includes('\r') || text.includes('\t')) return undefined;
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (!lines.length) return undefined;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < lines.length;) {
    const l = lines[i]!;
    const colon = l.indexOf(':');
    if (colon <= 0) return undefined;
    const key = l.slice(0, colon);
    if (!KEY.test(key) || WORD.test(key) || Object.prototype.hasOwnProperty.call(out, key)) return undefined;
    i++;
    if (colon < l.length - 1) {
      if (l.charCodeAt(colon + 1) !== 0x20) return undefined;
      const v = scalar(l.slice(colon + 2));
      if (v === undefined) return undefined;
      out[key] = v;
      continue;
    }
    // A key without a value: the indented lines under it, all items or all pairs.
    let list: string[] | undefined;
    let map: Record<string, string> | undefined;
    for (; i < lines.length && lines[i]!.startsWith('  '); i++) {
      const s = lines[i]!;
      if (s.startsWith('  - ')) {
        if (map) return undefined;
        const v = scalar(s.slice(4));
        if (v === undefined) return undefined;
        (list ??= []).push(v);
        continue;
      }
      if (list) return undefined;
      const c = s.indexOf(':');
      const k = c > 2 ? s.slice(2, c) : '';
      if (!KEY.test(k) || WORD.test(k) || s.charCodeAt(c + 1) !== 0x20) return undefined;
      map ??= {};
      if (Object.prototype.hasOwnProperty.call(map, k)) return undefined;
      const v = scalar(s.slice(c + 2));
      if (v === undefined) return undefined;
      map[k] = v;
    }
    if (!list && !map) return undefined;
    out[key] = list ?? map;
  }
  return out;
}
