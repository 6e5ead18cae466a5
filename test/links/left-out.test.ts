// A record of files a format left out (the ID map's `assets`, the manifest's x-ctxforge site
// `left_out`) is committed content: it can stand only for assets a format that drops assets left
// out — never for a page, a route or a file the base's package held — so naming a broken link's
// target there never silences it (review 1, finding 4; review 2, finding 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiskTree } from '../../src/core/tree.js';
import { checkLinks } from '../../src/links/check.js';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { commitAll, runAction } from '../action/harness.js';

const NAMED = ['guide/setup', 'setup.html', 'x.mdx', 'x.markdown', 'page.htm', 'pic.png'];
const PAGE_LINKS = ['guide/setup', '/guide/setup', 'setup.html', 'x.mdx', 'x.markdown', 'page.htm'];
const BODY = `# A\n\n${[...PAGE_LINKS, 'pic.png'].map((t, i) => `[l${i}](${t})`).join('\n\n')}\n`;

/** A tree of `format`'s layout whose one page links to every name, with the names recorded as left out (ID map or manifest). */
function treeOf(root: string, via: 'map' | 'manifest'): string {
  const map = { version: 1, format: 'octx', documents: {}, assets: Object.fromEntries(NAMED.map((n) => [n, n])), files: [], retired: [] };
  writeTree(root, { 'knowledge/a.md': BODY, ...(via === 'map' ? { '.ctxforge-sync.json': JSON.stringify(map) } : {}) });
  return root;
}

const broken = (ds: { code: string; message: string }[]) => ds.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.replace(/^link to (\S+) .*$/, '$1')).sort();
const notJudged = (ds: { code: string; message: string }[]) => ds.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';

test('a left-out record names only assets: links to pages, routes, .html/.mdx/.markdown stay broken; a link to a left-out image is counted', async () => {
  for (const via of ['map', 'manifest'] as const) {
    const tree = new DiskTree(treeOf(tmpDir(), via));
    const recorded = via === 'manifest' ? { generator: 'github', root: '', leftOut: NAMED } : undefined;
    const ds = await checkLinks(tree, 'octx', 'error', recorded ? { recorded } : {});
    assert.deepEqual(broken(ds), [...PAGE_LINKS].sort(), via);
    assert.match(notJudged(ds), /1 to upstream files this format leaves out/, via);
  }
});

test('a format that holds its assets (acx): its ID map\'s upstream assets are no left-out list (sync wrote them all), so a link to a missing image is broken', async () => {
  const tree = new DiskTree(treeOf(tmpDir(), 'map'));
  const ds = await checkLinks(tree, 'acx', 'error');
  assert.deepEqual(broken(ds), [...PAGE_LINKS, 'pic.png'].sort());
  assert.doesNotMatch(notJudged(ds), /leaves out/);
});

test('the PR check\'s left-out files never include one the base\'s package held: deleting it breaks the links to it', async () => {
  const tree = new DiskTree(treeOf(tmpDir(), 'map'));
  const ds = await checkLinks(tree, 'octx', 'error', { heldBefore: new Set(['knowledge/pic.png']) });
  assert.deepEqual(broken(ds), [...PAGE_LINKS, 'pic.png'].sort());
  // A left-out image the base did not hold still counts (a re-sync adds images).
  const again = await checkLinks(tree, 'octx', 'error', { heldBefore: new Set(['knowledge/other.png']) });
  assert.deepEqual(broken(again), [...PAGE_LINKS].sort());
});


test('PR check: deleting an image the base held and naming it left out in the ID map leaves the link broken', async () => {
  const repo = initRepo(tmpDir('ctxforge-leftout-'));
  const up = join(repo, 'up');
  mkdirSync(up);
  writeTree(up, { 'a.md': '# A\n\nSee ![the chart](chart.png).\n' });
  const kb = join(repo, 'kb');
  assert.equal((await runCli(['sync', up, kb])).code, 0);
  // The image sits in the package at the base (committed beside the page).
  writeTree(kb, { 'knowledge/chart.png': 'png' });
  const base = commitAll(repo, 'synced, with the chart');
  rmSync(join(kb, 'knowledge/chart.png'));
  const map = JSON.parse(readFileSync(join(kb, '.ctxforge-sync.json'), 'utf8')) as { assets: Record<string, string> };
  map.assets = { ...map.assets, 'chart.png': 'chart.png' };
  writeFileSync(join(kb, '.ctxforge-sync.json'), `${JSON.stringify(map, null, 2)}\n`);
  const head = commitAll(repo, 'chart gone, called left out');
  const r = await runAction({
    workspace: repo, eventName: 'pull_request', ref: 'refs/pull/5/merge', sha: head,
    event: { number: 5, pull_request: { number: 5, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'FAIL-ON': 'warning' },
  });
  assert.match(r.stdout, /title=LINK_BROKEN.*chart\.png/, r.stdout);
  assert.equal(r.code, 1, r.stdout);
});

test('recorded routes (an ID map\'s site.routes) count in the PR check only as far as the base recorded them: a pull request cannot add a redirect or an unjudged prefix to hide a link it breaks', async () => {
  const root = tmpDir('ctxforge-routes-record-');
  const map = (routes: unknown) => JSON.stringify({ version: 1, format: 'octx', documents: {}, assets: {}, files: [], retired: [], site: { generator: 'mintlify', root: '', routes } });
  writeTree(root, { 'knowledge/a.md': '# A\n\n[gone](/guide/gone) and [moved](/old/page)\n', 'knowledge/b.md': '# B\n', '.ctxforge-sync.json': map({ unknown: ['guide/'], redirects: [{ from: 'old/page', to: 'b.md', file: true }] }) });
  const tree = new DiskTree(root);
  // The tree's own check (validate) follows its record.
  assert.deepEqual(broken(await checkLinks(tree, 'octx', 'error')), []);
  // The PR check with a base that recorded neither: both links are broken again.
  assert.deepEqual(broken(await checkLinks(tree, 'octx', 'error', { routesBefore: {} })), ['/guide/gone', '/old/page']);
  // A base that recorded the same redirect keeps it; the prefix the head added still counts for nothing.
  assert.deepEqual(broken(await checkLinks(tree, 'octx', 'error', { routesBefore: { redirects: [{ from: 'old/page', to: 'b.md', file: true }] } })), ['/guide/gone']);
});

test('recorded unserved pages (headless pages a section lists) only take URLs away: in the PR check those the base recorded still count when the head drops them', async () => {
  const root = tmpDir('ctxforge-unserved-record-');
  const map = (routes: unknown) => JSON.stringify({ version: 1, format: 'octx', documents: {}, assets: {}, files: [], retired: [], site: { generator: 'hugo', root: '', ...(routes ? { routes } : {}) } });
  writeTree(root, { 'knowledge/a.md': '# A\n\n[term page](/glossary/term/) and [the file](glossary/term.md)\n', 'knowledge/glossary/term.md': '# term\n', '.ctxforge-sync.json': map({ unserved: ['glossary/term.md'] }) });
  const tree = new DiskTree(root);
  // The page is held, its own URL served by nothing: the link to the file resolves, the URL does not.
  assert.deepEqual(broken(await checkLinks(tree, 'octx', 'error')), ['/glossary/term/']);
  // A head that drops the record cannot make the URL resolve where the base recorded it unserved.
  writeFileSync(join(root, '.ctxforge-sync.json'), map(undefined));
  assert.deepEqual(broken(await checkLinks(tree, 'octx', 'error')), [], 'without any record the URL is the page');
  assert.deepEqual(broken(await checkLinks(tree, 'octx', 'error', { routesBefore: { unserved: ['glossary/term.md'] } })), ['/glossary/term/']);
});
