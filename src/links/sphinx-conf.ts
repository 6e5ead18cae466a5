// What a Sphinx conf.py names as plain literals, read as text and never run: the projects of
// `intersphinx_mapping` (its keys, when the dict is written out as `"name": (…)` entries) and the
// packages autodoc documents (`autodoc2_packages` paths or names, `autoapi_dirs`). A Python object
// reference (`#sphinx.application.Sphinx`, `{py:class}`) whose top-level module is one of them is
// resolved by Sphinx in another project's inventory or in API pages generated from code — neither
// is in the docs folder, so such a link counts as external, never as a page of the site. Anything
// computed (a comprehension, a variable, an import) is not read: its names stay unknown.

export interface SphinxConf {
  /** `intersphinx_mapping` keys: projects whose inventories Sphinx reads. */
  intersphinx: string[];
  /** Top-level module names autodoc documents (from `autodoc2_packages`, `autoapi_dirs`). */
  autodoc: string[];
}

const NAME = /^[A-Za-z_][\w.-]{0,99}$/;

/** The text of the literal `[…]` or `{…}` that follows `name =` at the start of a line (bracket-balanced, strings skipped; at most 64 KiB). */
function literalAfter(text: string, name: string): string | undefined {
  const m = new RegExp(`^${name}[ \\t]*=[ \\t]*([\\[{(])`, 'm').exec(text);
  if (!m) return undefined;
  const start = m.index + m[0].length - 1;
  let depth = 0;
  let q = '';
  const end = Math.min(text.length, start + 65536);
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (q) { if (c === 0x5c) i++; else if (String.fromCharCode(c) === q) q = ''; continue; }
    if (c === 0x22 || c === 0x27) q = String.fromCharCode(c);
    else if (c === 0x23) { const nl = text.indexOf('\n', i); if (nl < 0) return undefined; i = nl; }
    else if (c === 0x5b || c === 0x7b || c === 0x28) depth++;
    else if (c === 0x5d || c === 0x7d || c === 0x29) { depth--; if (depth === 0) return text.slice(start, i + 1); }
  }
  return undefined;
}

/** The items of a list or dict literal (`[a, {…}, "b"]`, `{"k": (…), …}`), each trimmed, comments dropped (strings and nested brackets kept whole). */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let q = '';
  let from = 1;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (q) { if (c === 0x5c) i++; else if (String.fromCharCode(c) === q) q = ''; continue; }
    if (c === 0x22 || c === 0x27) q = String.fromCharCode(c);
    else if (c === 0x23) { const nl = list.indexOf('\n', i); if (nl < 0) break; if (depth === 1 && list.slice(from, i).trim() === '') from = nl + 1; i = nl; }
    else if (c === 0x5b || c === 0x7b || c === 0x28) depth++;
    else if (c === 0x5d || c === 0x7d || c === 0x29) { depth--; if (depth === 0) items.push(list.slice(from, i).trim()); }
    else if (c === 0x2c && depth === 1) { items.push(list.slice(from, i).trim()); from = i + 1; }
  }
  return items.filter(Boolean);
}

export function sphinxConf(text: string): SphinxConf {
  const out: SphinxConf = { intersphinx: [], autodoc: [] };
  const map = literalAfter(text, 'intersphinx_mapping');
  // Only a dict written out: `{"name": (url, inv), …}`; a comprehension or a call is not data.
  if (map?.startsWith('{') && !/\bfor\b|\*\*/.test(map)) {
    for (const item of topLevelItems(map)) {
      const k = /^["']([^"'\n]{1,100})["'][ \t]*:/.exec(item);
      if (k && NAME.test(k[1]!)) out.intersphinx.push(k[1]!);
    }
  }
  for (const key of ['autodoc2_packages', 'autoapi_dirs']) {
    const list = literalAfter(text, key);
    if (!list?.startsWith('[')) continue;
    // A package is a string (a path or a module) or a dict whose "path" or "module" names it.
    for (const item of topLevelItems(list)) {
      const m = /^["']([^"'\n]{1,300})["']$/.exec(item) ?? /^\{[\s\S]*?["'](?:path|module)["'][ \t]*:[ \t]*["']([^"'\n]{1,300})["']/.exec(item);
      if (!m) continue;
      const mod = m[1]!.replace(/\/+$/, '').split('/').pop()!.replace(/\.py$/, '');
      if (NAME.test(mod) && mod !== '.' && mod !== '..' && !out.autodoc.includes(mod)) out.autodoc.push(mod);
    }
  }
  return out;
}

/** The module set a reference's top-level name is looked up in. */
export function objectModules(c: SphinxConf): Set<string> {
  return new Set([...c.intersphinx, ...c.autodoc]);
}

/** Is `target` a Python object reference (`pkg.mod.Class`) under one of `modules`? */
export function isObjectUnder(target: string, modules: ReadonlySet<string>): boolean {
  const t = target.replace(/^[~!]/, '');
  if (!/^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+$/.test(t) || t.length > 300) return false;
  return modules.has(t.slice(0, t.indexOf('.')));
}
