// Nextra 4's `app/` folder is Next.js' App Router: `a/b/page.mdx` serves `/a/b` (no trailing slash,
// so relative links resolve from the folder above, as a browser resolves them), `page.tsx` is a
// route that is no document, other Markdown files are not routes (imported partials, notes),
// `_private` folders are not routed, `(group)` folders are left out of the URL, and the routes
// below a `[param]` folder are not known. A site shaped like shuding/nextra's `docs/` at nextra@4.6.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSite, routesRecordOf } from '../../src/links/generators.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { RouteTable } from '../../src/links/routes.js';
import { PROFILES } from '../../src/links/profiles.js';
import { readUpstream } from '../../src/sync/upstream.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const found = (diags: Diagnostic[]) => diags.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort();
const notJudged = (diags: Diagnostic[]) => diags.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';

const SITE: Record<string, string> = {
  'package.json': '{"name":"docs","private":true}\n',
  'next.config.mjs': "import nextra from 'nextra'\n\nconst withNextra = nextra({})\n\nexport default withNextra({\n  redirects: () => [{ source: '/docs/old/:path*', destination: '/docs/guide', permanent: true }]\n})\n",
  'app/layout.tsx': 'export default function Layout({ children }) { return children }\n',
  'app/page.tsx': 'export default function Home() { return <h1>Nextra</h1> }\n',
  'app/_meta.global.tsx': "export default { docs: { type: 'page', title: <b>Docs</b> } }\n",
  'app/_components/card.mdx': '# A card\n\n[nowhere](/nowhere)\n',
  'app/docs/_meta.ts': "export default {\n  guide: 'Guide',\n  advanced: 'Advanced',\n  about: 'About'\n}\n",
  'app/docs/page.mdx': '# Introduction\n\n'
    + 'Read [the guide](/docs/guide), [about us](/docs/about), [home](/), [a component](/docs/built-ins/tabs), [the logo](/logo.svg) and [an old page](/docs/old/page).\n\n'
    + 'Broken: [the group folder](/docs/(overview)/about), [a note](/docs/guide/notes), [a private page](/_components/card), [nothing](/docs/missing) and [an anchor](/docs/guide#nope).\n',
  'app/docs/guide/page.mdx': "import Old from './old.mdx'\n\n# Guide\n\n## Setup\n\n<Old />\n\nSee [Markdown](./guide/markdown) and [LaTeX](../docs/advanced/latex).\n",
  'app/docs/guide/old.mdx': '### From Nextra 3\n',
  'app/docs/guide/notes.mdx': '# Notes\n\nNot a page.\n',
  'app/docs/guide/markdown/page.mdx': '# Markdown\n',
  'app/docs/advanced/latex/page.mdx': '# LaTeX\n\nBack to [Markdown](../guide/markdown#nope) and [setup](../guide#setup).\n',
  'app/docs/(overview)/about/page.mdx': '# About\n',
  'app/docs/built-ins/[name]/page.tsx': 'export default function Page() { return null }\n',
  'public/logo.svg': '<svg/>',
};

function make(files: Record<string, string> = SITE): string {
  const root = tmpDir('ctxforge-nextra-app-');
  writeTree(root, files);
  git(root, ['init', '-q']);
  return root;
}

test('nextra 4: an app/ folder beside next.config naming nextra is the App Router', async () => {
  const root = make();
  const site = await detectSite(join(root, 'app'));
  assert.equal(site.generator, 'nextra');
  assert.equal(site.marker, '../next.config.mjs');
  assert.equal(site.routesDir, 'app');
  assert.equal(site.routes?.onlyIndex, true);
  // The project folder itself: `/` is its app/ folder.
  const whole = await detectSite(root);
  assert.equal(whole.root, 'app/');
  assert.equal(whole.routesDir, 'app');
});

test('nextra 4: page files are the pages, at their folder; partials, notes and private folders are none', async () => {
  const root = make();
  const up = await readUpstream(join(root, 'app'));
  assert.deepEqual(up.docs.map((d) => d.path).sort(), ['docs/(overview)/about/page.mdx', 'docs/advanced/latex/page.mdx', 'docs/guide/markdown/page.mdx', 'docs/guide/page.mdx', 'docs/page.mdx']);
  const why = new Map(up.skipped.map((s) => [s.path, s.reason]));
  assert.match(why.get('docs/guide/old.mdx') ?? '', /included by another page/);
  assert.match(why.get('docs/guide/notes.mdx') ?? '', /^not a page: nextra serves only page\.\*, route\.\* files here/);
  assert.match(why.get('_components/card.mdx') ?? '', /private folder/);
  assert.match(why.get('_meta.global.tsx') ?? '', /navigation/);
  assert.ok(up.site.notRead.includes('_meta.global.tsx'), 'a _meta.global holding JSX is code: named, never run');
  // The sidebar: _meta keys first, each folder's own page before what is below it.
  const order = [...up.site.nav].sort((a, b) => a[1].order - b[1].order).map(([p, v]) => `${p}${v.title ? `=${v.title}` : ''}`);
  assert.deepEqual(order.slice(0, 3), ['docs/page.mdx', 'docs/guide/page.mdx=Guide', 'docs/guide/markdown/page.mdx']);
  const r = await checkTreeLinks(new DiskTree(join(root, 'app')), [''], { site: up.site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const line = (needle: string) => readFileSync(join(root, 'app/docs/page.mdx'), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
  assert.deepEqual(found(r.diagnostics), [
    ...Array(4).fill(`docs/page.mdx:${line('(overview)')}:LINK_BROKEN`),
    `docs/page.mdx:${line('(overview)')}:LINK_ANCHOR_MISSING`,
    'docs/advanced/latex/page.mdx:3:LINK_ANCHOR_MISSING',
  ].sort(), JSON.stringify(r.diagnostics, null, 1));
  const nj = notJudged(r.diagnostics);
  assert.match(nj, /1 to routes a dynamic segment makes \(docs\/built-ins\/\[name\]\)/, nj);
  assert.match(nj, /1 to files in public\/ beside the docs/, nj);
  assert.match(nj, /1 to redirects and rewrites in next\.config \(code\)/, nj);
});

test('nextra 4: the synced tree judges the same links the same way (its record names the app/ rules)', async () => {
  const { syncDocs } = await import('../../src/sync/index.js');
  const root = make();
  const out = join(root, 'pkg');
  const r = await syncDocs(join(root, 'app'), out, { cache: false });
  assert.equal(r.site.generator, 'nextra');
  const rec = JSON.parse(readFileSync(join(out, '.ctxforge-sync.json'), 'utf8')) as { site: { routes?: { dir?: string; unknown?: string[] } } };
  assert.equal(rec.site.routes?.dir, 'app');
  assert.ok(rec.site.routes?.unknown?.includes('docs/built-ins/'), JSON.stringify(rec.site.routes));
  const byFile = (f: string) => { const [file, , code] = f.split(':'); return `${file!.replace(/\.mdx?$/, '')}:${code}`; };
  const up = found(r.diagnostics).map(byFile);
  const v = await checkTreeLinks(new DiskTree(out), ['knowledge/'], { level: 'error' });
  // The synced pages carry frontmatter (other lines): the same findings by file and code.
  assert.equal(up.length, 6);
  assert.deepEqual(found(v.diagnostics).map((f) => byFile(f.replace(/^knowledge\//, ''))), up);
});

test('nextra 4: a record names only a docs folder the profile knows; the rules it gives are the profile\'s', () => {
  assert.equal(routesRecordOf({ dir: 'app' })?.dir, 'app');
  assert.equal(routesRecordOf({ dir: '../x' }), undefined);
  assert.equal(routesRecordOf({ dir: 'A'.repeat(100) }), undefined);
});

// A quadratic pattern would not finish on these names; the timeout only stops a hang, it measures nothing.
test('nextra 4: route groups, private folders and dynamic segments are read by bounded patterns, in linear time', { timeout: 300_000 }, () => {
  const rules = { ...PROFILES.nextra.routes, ...PROFILES.nextra.dirRoutes!.app };
  const long = 'x'.repeat(100_000);
  const pages = [`(${'('.repeat(50_000)}/page.mdx`, `[${'['.repeat(50_000)}/page.mdx`, `@${long}/page.mdx`, `(${long})/page.mdx`, `[${long}]/page.mdx`, '(g)/a/page.mdx', '_p/b/page.mdx'];
  const table = new RouteTable(pages, '', rules);
  assert.equal(table.lookup('a'), '(g)/a/page.mdx');
  assert.equal(table.lookup('b'), undefined, 'a private folder is not routed');
  assert.equal(table.lookup('_p/b'), undefined);
  // Names longer than a segment the patterns take are plain folders, served under their own name.
  assert.equal(table.lookup(`(${long})`), `(${long})/page.mdx`);
  assert.equal(table.unknownRoute('anything/below'), undefined, 'a 100 000-character bracket name is no dynamic segment');
});

test('nextra 4: an MDX import by a bare specifier (a tsconfig alias) is not looked for beside the page', async () => {
  const root = make({
    ...SITE,
    'components/install.mdx': 'Run `npm i nextra`.\n',
    'app/docs/guide/page.mdx': "import Install from '@components/install.mdx'\nimport Old from './old.mdx'\n\n# Guide\n\n<Install />\n\n<Old />\n",
  });
  const up = await readUpstream(join(root, 'app'));
  assert.deepEqual(up.notes.filter((n) => n.code === 'SYNC_INCLUDE_NOT_FOUND'), []);
  const guide = up.docs.find((d) => d.path === 'docs/guide/page.mdx')!;
  assert.match(guide.body, /<Install \/>/, 'kept as written');
  assert.match(guide.body, /### From Nextra 3/, 'a relative partial is still expanded');
});
