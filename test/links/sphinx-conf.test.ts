// MyST / Sphinx: conf.py read as text (never run) for the projects intersphinx_mapping names and the
// packages autodoc documents — a Python object reference under one of them is external, one under
// any other module stays not judged; ids from MyST's attribute syntax are labels; a link with the
// `external` class is a URL. Hostile conf.py text is read in one pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { isObjectUnder, objectModules, sphinxConf } from '../../src/links/sphinx-conf.js';
import { labelsOf } from '../../src/links/labels.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { detectSite } from '../../src/links/generators.js';
import { readUpstream } from '../../src/sync/upstream.js';
import { DiskTree } from '../../src/core/tree.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { observeSteps } from '../helpers/steps.js';

const CONF = `extensions = ["myst_parser", "autodoc2", "sphinx.ext.intersphinx"]
intersphinx_mapping = {
    "python": ("https://docs.python.org/3.10", None),
    # a comment with a "quote": and a brace {
    'sphinx': ("https://www.sphinx-doc.org/en/master", None),
    "markdown_it": ("https://markdown-it-py.readthedocs.io/en/latest", {"x": 1}),
}
autodoc2_packages = [
    {
        "path": "../myst_parser",
        "exclude_files": ["_docs.py"],
    },
    "other_pkg",
]
`;

test('conf.py as data: intersphinx keys and autodoc packages, literals only', () => {
  const c = sphinxConf(CONF);
  assert.deepEqual(c.intersphinx, ['python', 'sphinx', 'markdown_it']);
  assert.deepEqual(c.autodoc, ['myst_parser', 'other_pkg']);
  // Computed values are not data: nothing is read from them.
  assert.deepEqual(sphinxConf('intersphinx_mapping = {k: (v, None) for k, v in PROJECTS.items()}\nautoapi_dirs = DIRS\n'), { intersphinx: [], autodoc: [] });
  assert.deepEqual(sphinxConf('intersphinx_mapping = dict(python=("x", None))\n').intersphinx, []);
  assert.deepEqual(sphinxConf('autoapi_dirs = ["../src/pkg/"]\n').autodoc, ['pkg']);
  const mods = objectModules(c);
  assert.ok(isObjectUnder('sphinx.application.Sphinx', mods));
  assert.ok(isObjectUnder('~myst_parser.sphinx_ext.main.setup_sphinx', mods));
  assert.ok(!isObjectUnder('mypackage.MyClass', mods));
  assert.ok(!isObjectUnder('sphinx', mods));
  assert.ok(!isObjectUnder('usage/restructuredtext/roles', mods));
});

test('MyST: attribute ids are labels; API references of named projects are external, others not judged; a link with the external class is a URL', async () => {
  assert.deepEqual(labelsOf('sphinx', '{#mypara .bg-warning}\nA paragraph.\n\n[A span]{#spanid .x}, [a link](x.md){#linkid}, ![img](a.png){#imgid w=100px}\n\n```\n{#in-code}\n```\n'), ['mypara', 'spanid', 'linkid', 'imgid']);
  const root = tmpDir('ctxforge-myst-conf-');
  execFileSync('git', ['init', '-q', root]);
  writeTree(root, {
    'docs/conf.py': CONF,
    'docs/index.md': '# Home\n\n{#mypara .note}\nA paragraph.\n\n'
      + '{ref}`to the paragraph <mypara>`, [API](#sphinx.application.Sphinx), [ours](#myst_parser.main.setup), [unknown](#mypackage.MyClass),\n'
      + '[outside](my-external-link){.external}, [a page](intro){.external .x} and [a missing page](missing.md){.note}.\n',
  });
  const docs = join(root, 'docs');
  const site = await detectSite(docs);
  assert.deepEqual([...site.objectsElsewhere!].sort(), ['markdown_it', 'myst_parser', 'other_pkg', 'python', 'sphinx']);
  const up = await readUpstream(docs, { site });
  const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const codes = r.diagnostics.filter((d) => d.code.startsWith('LINK_')).map((d) => `${d.code} ${d.message}`);
  assert.equal(codes.filter((c) => c.startsWith('LINK_BROKEN')).length, 1, codes.join('\n'));
  assert.match(codes.find((c) => c.startsWith('LINK_BROKEN'))!, /missing\.md/);
  const nj = codes.find((c) => c.startsWith('LINK_NOT_JUDGED'))!;
  // 4 external: two API references of named projects, two links with the external class; 1 not judged (mypackage).
  assert.match(nj, /5 links not judged: 4 external, 1 to references Sphinx resolves/);
});

test('hostile conf.py: an unclosed literal, deep brackets and long strings are read in one pass', () => {
  const families: Record<string, (n: number) => string> = {
    'an unclosed dict': (n) => `intersphinx_mapping = {${'"a": (1, None),'.repeat(n / 16)}`,
    'deep brackets': (n) => `autodoc2_packages = ${'['.repeat(n)}`,
    'a long string': (n) => `intersphinx_mapping = {"${'x'.repeat(n)}": (1, None)}`,
    'comments': (n) => `autodoc2_packages = [\n${'# "\n'.repeat(n / 4)}]`,
  };
  for (const [name, make] of Object.entries(families)) {
    const half = observeSteps(() => sphinxConf(make(1 << 18))).steps;
    const full = observeSteps(() => sphinxConf(make(1 << 19))).steps;
    assert.ok(full <= 2.2 * half + 1000, `${name}: ${half} → ${full} steps`);
  }
});
