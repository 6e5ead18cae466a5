// Navigation files and configuration read as data, never run (issue 34): Nextra `_meta` files are
// JSON, or JavaScript only as an object literal of constants — a call, a spread, a template literal,
// an identifier or JSX makes the file code (SYNC_NAV_NOT_READ), and nothing in it is executed;
// SUMMARY.md, docs.json navigation and `$ref`s stay inside the site; every reader is linear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { jsDefaultExport } from '../../src/core/js-literal.js';
import { mintlifyNav, nextraMeta, nextraNav, summaryNav, type Nav } from '../../src/links/nav-files.js';
import { mintlifyData } from '../../src/links/profile-config.js';
import { readUpstream } from '../../src/sync/upstream.js';
import { assertOnePass } from '../helpers/steps.js';
import { observeSteps } from '../helpers/steps.js';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';

test('a _meta object literal of constants is read: strings, numbers, booleans, nested objects, comments, types', () => {
  const text = "import type { MetaRecord } from 'nextra'\n\n// the sidebar\nconst meta: MetaRecord = {\n  index: 'Home',\n  \"get-started\": { title: \"Get started\", type: 'page', display: 'normal' },\n  api: { title: 'API', theme: { toc: false, layout: 'full' }, order: [1, 2.5, -3] },\n  '---': { type: 'separator' }, /* a block */\n  link: { title: 'GitHub', href: 'https://github.com' },\n} satisfies MetaRecord\n\nexport default meta\n";
  assert.deepEqual(nextraMeta(text, false), [{ key: 'index', title: 'Home' }, { key: 'get-started', title: 'Get started' }, { key: 'api', title: 'API' }]);
  assert.deepEqual({ ...jsDefaultExport("export default { a: 'x\\u0041\\n', 'b': null, c: true }") }, { a: 'xA\n', b: null, c: true });
});

test('a _meta that is code is not read, whatever the code: call, spread, template literal, identifier, JSX, function, getter', () => {
  const code = [
    "export default defineMeta({ index: 'Home' })",
    "import base from './base'\nexport default { ...base, index: 'Home' }",
    'export default { index: `Home` }',
    'export default { index: title }',
    "export default { index: <b>Home</b> }",
    "export default { index: 'Home' }\nfunction Italic() { return null }",
    "export default { get index() { return 'x' } }",
    "export default { [key]: 'x' }",
    "const a = { index: 'x' }\nconst b = a\nexport default b",
    "export default { index: 'Home' }\nexport default { other: 'x' }",
    "module.exports = { index: 'Home' }",
    "export default { index: 'unterminated }",
    "/* open comment export default { index: 'x' }",
  ];
  for (const t of code) assert.equal(nextraMeta(t, false), 'code', t);
  assert.equal(nextraMeta('{ not json', true), undefined);
});

test('a _meta.js that would write a file if it ran is named as not read, and nothing runs', async () => {
  const root = tmpDir('ctxforge-meta-hostile-');
  const marker = join(root, 'ran.txt');
  writeTree(root, {
    'next.config.mjs': "import nextra from 'nextra'\nexport default nextra({})({})\n",
    'pages/_meta.js': `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')\nexport default { index: \`\${require('child_process').execSync('touch ${marker}')}\` }\n`,
    'pages/index.mdx': '# Home\n',
  });
  git(root, ['init', '-q']);
  const up = await readUpstream(join(root, 'pages'));
  assert.equal(up.site.generator, 'nextra');
  assert.ok(up.notes.some((n) => n.code === 'SYNC_NAV_NOT_READ' && n.file === '_meta.js'), JSON.stringify(up.notes));
  assert.equal(existsSync(marker), false, 'the _meta file was never run');
  assert.deepEqual(up.docs.map((d) => d.path), ['index.mdx']);
});

test('nextra order: _meta keys first, then the rest by name (index first), depth first; folders take their key\'s title', () => {
  const metas = new Map([['', [{ key: 'guide', title: 'Guide' }, { key: 'index', title: 'Intro' }]], ['guide/', [{ key: 'b', title: 'Bee' }]]]);
  const nav = nextraNav(metas, ['index.mdx', 'about.md', 'guide/index.mdx', 'guide/a.mdx', 'guide/b.md']);
  assert.deepEqual([...nav].map(([p, v]) => `${p}=${v.title ?? ''}`), ['guide/index.mdx=Guide', 'guide/b.md=Bee', 'guide/a.mdx=', 'index.mdx=Intro', 'about.md=']);
});

test('SUMMARY.md: GitBook link titles and groups; mint.json and docs.json navigation; OpenAPI operations are no files', () => {
  const nav: Nav = new Map();
  summaryNav('# Summary\n\n## Group\n\n* [Welcome](README.md)\n  * [Child](a/b.md "Sidebar title")\n* [Draft]()\n', nav);
  assert.deepEqual([...nav.keys()], ['README.md', 'a/b.md']);
  const m: Nav = new Map();
  mintlifyNav([{ group: 'G', pages: ['intro', { group: 'Sub', pages: ['sub/a'] }, 'GET /plants', 'https://x.org'] }], m);
  assert.deepEqual([...m.keys()], ['intro.mdx', 'intro.md', 'sub/a.mdx', 'sub/a.md']);
});

test('docs.json $ref is followed inside the site only: not above it, not through a symbolic link', () => {
  const top = tmpDir('ctxforge-mint-ref-');
  const outside = tmpDir('ctxforge-mint-outside-');
  writeTree(outside, { 'r.json': '[{"source":"/evil","destination":"/x"}]' });
  writeTree(top, { 'site/docs.json': '', 'site/ok.json': '[{"source":"/old","destination":"/new"}]' });
  symlinkSync(join(outside, 'r.json'), join(top, 'site', 'linked.json'));
  const file = join(top, 'site', 'docs.json');
  const d = (ref: string) => mintlifyData(JSON.stringify({ navigation: [], redirects: { $ref: ref } }), file, join(top, 'site')).redirects.map((r) => r.from);
  assert.deepEqual(d('./ok.json'), ['old']);
  assert.deepEqual(d('../../' + outside.split('/').pop() + '/r.json'), []);
  assert.deepEqual(d('./linked.json'), []);
  assert.deepEqual(d('https://example.com/r.json'), []);
});

test('the _meta reader and SUMMARY.md are read in one pass on hostile input', () => {
  const js = (t: string) => { jsDefaultExport(t); };
  const count = (f: (t: string) => void) => (input: string, steps: (n: number) => void) => { steps(observeSteps(() => f(input)).steps); };
  assertOnePass('jsDefaultExport', count(js), {
    'a long string': (n) => `export default { a: '${'x'.repeat(n)}' }`,
    'many keys': (n) => `export default { ${'k: 1, '.repeat(Math.floor(n / 6))} }`,
    'deep nesting': (n) => `export default ${'{a:'.repeat(Math.floor(n / 3))}`,
    'an unclosed comment': (n) => `/*${' '.repeat(n)}`,
    'blanks': (n) => `${' '.repeat(n)}export default {}`,
  }, { size: 1 << 18, perChar: 12 });
  assertOnePass('summaryNav', count((t) => summaryNav(t, new Map())), {
    'entries': (n) => '* [a](b.md)\n'.repeat(Math.floor(n / 12)),
    'brackets': (n) => '['.repeat(n),
  }, { size: 1 << 18, perChar: 12 });
});

test('a synced tree\'s recorded routes are checked on read: an empty, absolute or climbing prefix is refused, the reason is ctxforge\'s', async () => {
  const { routesRecordOf, withRoutesRecord, siteFor } = await import('../../src/links/generators.js');
  assert.deepEqual(routesRecordOf({ unknown: ['', '/x', '../up', 'a/../../b', 'beta', 42], redirects: [{ from: 'old', to: 'new', file: false }, { from: '', to: 'x', file: false }, { from: 'a', to: '../x.md', file: true }, { from: 'b', to: 'x.md' }] }),
    { redirects: [{ from: 'old', to: 'new', file: false }], unknown: ['beta'] });
  assert.equal(routesRecordOf({ unknown: [''] }), undefined);
  const site = withRoutesRecord(siteFor('mintlify', ''), { unknown: ['beta'] });
  assert.deepEqual(site.routes?.unknownRoutes, [{ prefix: 'beta', reason: 'routes the upstream site\'s configuration makes (recorded by sync)' }]);
});

test('.gitbook.yaml naming a root that climbs out of the repository is no evidence for the folder', async () => {
  const { detectSite } = await import('../../src/links/generators.js');
  const root = tmpDir('ctxforge-gitbook-root-');
  writeTree(root, { '.gitbook.yaml': 'root: ../../outside/\n', 'docs/README.md': '# Docs\n' });
  git(root, ['init', '-q']);
  assert.equal((await detectSite(join(root, 'docs'))).generator, 'github');
  writeTree(root, { '.gitbook.yaml': 'root: ./docs/\n' });
  const s = await detectSite(join(root, 'docs'));
  assert.equal(s.generator, 'gitbook');
  assert.equal(s.marker, '../.gitbook.yaml');
});
