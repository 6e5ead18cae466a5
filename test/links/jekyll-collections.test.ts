// Jekyll's collections, read from _config.yml as data: the routes of `_<name>/` documents by their
// permalink patterns and `defaults:` scopes (each rule as jekyll 4.3 wrote it: test/interop/sites/
// jekyll.test.ts builds them), kramdown's heading ids from a block attribute list on the next line,
// and a relative link to a copied file resolved against the page's URL. Hostile configuration is
// bounded, and every reader is linear (steps, never time).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectionUrl, defaultPermalink, jekyllRoutes, jekyllSlug } from '../../src/links/jekyll-config.js';
import { PROFILES } from '../../src/links/profiles.js';
import { RouteTable } from '../../src/links/routes.js';
import { SiteIndex } from '../../src/links/site.js';
import { siteFor } from '../../src/links/generators.js';
import { siteBody } from '../../src/links/facts.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { anchorsOf } from '../../src/links/site.js';
import { observeSteps } from '../helpers/steps.js';

const BASE = PROFILES.jekyll.routes;

test('collections: output, permalink patterns and their placeholders, defaults by scope, collections_dir', () => {
  const rules = jekyllRoutes([
    'collections_dir: my_collections', 'collections:', '  guides: {output: true, permalink: "/:collection/:path/"}', '  notes: {output: true, permalink: "/n/:name:output_ext"}',
    '  recipes: {output: true}', '  ideas: {permalink: /ideas/:path/}', '  "bad name!": {output: true}', '  odd: {output: true, permalink: "/o/:year/:title/"}',
    '  posts: {permalink: "/news/:year/:month/:day/:title/"}',
    'defaults:', '  - {scope: {path: ""}, values: {layout: default}}', '  - {scope: {path: my_collections/_recipes, type: recipes}, values: {permalink: "/cook/:title/"}}',
    '  - {scope: {path: my_collections/_recipes/special}, values: {permalink: "/special/:slug/"}}',
  ].join('\n'), BASE);
  assert.deepEqual(rules.collections?.map((c) => [c.name, c.folder, c.output]), [
    ['guides', 'my_collections/_guides/', true], ['notes', 'my_collections/_notes/', true], ['recipes', 'my_collections/_recipes/', true], ['ideas', 'my_collections/_ideas/', false], ['odd', 'my_collections/_odd/', true],
  ]);
  assert.equal(rules.dated?.folder, 'my_collections/_posts');
  assert.equal(rules.dated?.url, '/news/:year/:month/:day/:title/');
  const pages = ['my_collections/_guides/index.md', 'my_collections/_guides/Setup_Steps.md', 'my_collections/_notes/My_Note.md', 'my_collections/_recipes/Pasta_Dish.md',
    'my_collections/_recipes/other.md', 'my_collections/_recipes/special/Big One.md', 'my_collections/_ideas/idea.md', 'my_collections/_odd/x.md', 'my_collections/_posts/2024-01-31-hello.md', '_layouts/x.md'];
  const t = new RouteTable(pages, '', rules, new Map([['my_collections/_recipes/other.md', { slug: 'my-slug' }], ['my_collections/_guides/Setup_Steps.md', { permalink: '/own/' }]]));
  assert.deepEqual(pages.map((p) => t.urlOf(p)), [
    'guides/index', 'own', 'n/my-note.html', 'cook/Pasta_Dish', 'cook/my-slug', 'special/big-one', undefined, undefined, 'news/2024/01/31/hello', undefined,
  ]);
  assert.equal(t.lookup('/guides/index/'), 'my_collections/_guides/index.md');
  assert.equal(t.lookup('/n/my-note'), 'my_collections/_notes/My_Note.md');
  assert.equal(t.lookup('/ideas/idea/'), undefined);
  // A page at a folder's URL resolves its relative links inside that folder.
  assert.equal(t.baseOf('my_collections/_recipes/Pasta_Dish.md'), 'cook/Pasta_Dish/');
  assert.equal(t.baseOf('my_collections/_notes/My_Note.md'), 'n/');
  assert.equal(defaultPermalink(rules, 'my_collections/_recipes/special/a.md', 'recipes'), '/special/:slug/');
  assert.equal(defaultPermalink(rules, 'my_collections/_recipes/a.md', 'notes'), undefined);
  // Collections as a list are named but not written; anything but a mapping config leaves the profile as it is.
  assert.deepEqual(jekyllRoutes('collections: [a, b]\n', BASE).collections?.map((c) => c.output), [false, false]);
  assert.equal(jekyllRoutes('- a list\n', BASE), BASE);
  assert.equal(jekyllRoutes('key: [unclosed\n', BASE), BASE);
  // A site-wide permalink style is the posts' pattern.
  assert.equal(jekyllRoutes('permalink: pretty\n', BASE).dated?.url, '/:categories/:year/:month/:day/:title/');
  assert.equal(jekyllSlug('My_Note  (draft)'), 'my-note-draft');
});

test('collections on a site: links into them resolve, a relative link to a copied image resolves against the page URL, one into a collection not written is broken', () => {
  const site = siteFor('jekyll', '');
  site.routes = jekyllRoutes('collections:\n  docs: {output: true, permalink: "/:collection/:path/"}\n  data: {}\n', BASE);
  const docs = ['index.md', '_docs/install/ubuntu.md', '_docs/install/other.md', '_data/x.md'];
  const s = new SiteIndex([...docs, 'img/a.png', '_includes/b.png'], docs, site);
  const r = (t: string, from = '_docs/install/other.md') => s.resolve({ kind: 'inline', target: t }, from);
  assert.deepEqual(r('../ubuntu/'), { status: 'ok', path: '_docs/install/ubuntu.md', document: true });
  assert.deepEqual(r('/docs/install/ubuntu/#x'), { status: 'ok', path: '_docs/install/ubuntu.md', document: true, anchor: 'x' });
  assert.deepEqual(r('../../../img/a.png'), { status: 'ok', path: 'img/a.png', document: false });
  // Below a `_` folder a file is not copied to the site.
  assert.equal(r('../../../_includes/b.png').status, 'broken');
  assert.equal(r('/data/x/').status, 'broken');
  assert.equal(r('../nowhere/').status, 'broken');
});

test('kramdown: a block attribute list after a heading gives it its id, in place of the generated one; not in code', () => {
  const body = '## 4.4.1 / 2025\n{: #v4-4-1}\n\n### Fixes ###\n{: #fixes .x}\n\n```\n## In code\n{: #no}\n```\n\nPara\n{: #para}\n';
  const t = siteBody({ generator: 'jekyll' }, body);
  assert.equal(t.split('\n').length, body.split('\n').length);
  const ids = anchorsOf(scanMarkdown(t, {}), 'jekyll').ids;
  assert.ok(ids.has('v4-4-1') && ids.has('fixes'));
  assert.ok(!ids.has('441--2025') && !ids.has('no'));
  assert.equal(siteBody({ generator: 'github' }, body), body);
});

test('hostile _config.yml: long patterns and names are ignored, lists bounded; URL expansion and the kramdown pass are linear', () => {
  const long = 'x'.repeat(5000);
  const r = jekyllRoutes(`collections:\n  a: {output: true, permalink: "/${long}"}\n  ${'n'.repeat(200)}: {output: true}\n`, BASE);
  assert.equal(r.collections?.[0]?.permalink, '/:collection/:path:output_ext');
  assert.equal(r.collections?.length, 1);
  const many = `collections:\n${Array.from({ length: 3000 }, (_, i) => `  c${i}: {output: true}`).join('\n')}\n`;
  assert.equal(jekyllRoutes(many, BASE).collections?.length, 1000);
  const c = { name: 'c', folder: '_c/', output: true, permalink: '/:collection/:path/:name/:title/:slug:output_ext' };
  const url = (n: number) => observeSteps(() => collectionUrl(BASE, c, `_c/${'a/'.repeat(n)}${'b_'.repeat(n)}.md`, undefined)).steps;
  const [a, b] = [url(1 << 17), url(1 << 18)];
  assert.ok(b <= 2.2 * a + 1000, `${a} → ${b} steps`);
  const ial = (n: number) => observeSteps(() => siteBody({ generator: 'jekyll' }, `## x${' '.repeat(n)}#${'#'.repeat(n)}\n{: #id}\n${'## h\n{: #i}\n'.repeat(n / 16)}`)).steps;
  const [x, y] = [ial(1 << 18), ial(1 << 19)];
  assert.ok(y <= 2.2 * x + 1000, `${x} → ${y} steps`);
});
