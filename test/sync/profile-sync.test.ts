// Sync of the sites shaped like Nextra, Mintlify, GitBook and Eleventy ones (test/links/profile-sites.ts):
// navigation and include-only files are named, never documents; navigation gives titles and order;
// `_meta` code is named, never run; the synced tree's own check finds what the upstream check found
// (redirects and routes not judged travel in the ID map); llms.txt links the URLs the site serves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { eleventy, gitbook, mintlify, nextra, nextraI18n, type ProfileSite } from '../links/profile-sites.js';

interface Synced { repo: string; json: { skipped: { path: string; reason: string }[]; diagnostics: { code: string; message: string; file?: string }[] } }

async function sync(s: ProfileSite): Promise<Synced> {
  const up = tmpDir(`ctxforge-psync-${s.name}-up-`);
  writeTree(up, s.files);
  git(up, ['init', '-q']);
  const repo = tmpDir(`ctxforge-psync-${s.name}-`);
  initRepo(repo);
  const r = await runCli(['sync', join(up, s.docs), 'pkg', '--json'], { cwd: repo });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return { repo, json: JSON.parse(r.stdout) };
}

/** `validate --links error` of the synced tree: its findings as `file:code`, and its not-judged line. */
async function validate(repo: string): Promise<{ found: string[]; notJudged: string }> {
  const r = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: repo });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const found = [...r.stdout.matchAll(/error (LINK_BROKEN|LINK_ANCHOR_MISSING): (knowledge\/[^:]+):\d+: link to (\S+)|error (LINK_ANCHOR_MISSING): (knowledge\/[^:]+):\d+: (\S+) has no heading with anchor \\?#(\S+)/g)]
    .map((m) => (m[1] ? `${m[2]} ${m[1]} ${m[3]}` : `${m[5]} ${m[4]} #${m[7]}`)).sort();
  return { found, notJudged: /LINK_NOT_JUDGED: (.*)/.exec(r.stdout)?.[1] ?? '' };
}

async function llms(repo: string): Promise<string[]> {
  const r = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://docs.example.com/', '--out', '-'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr);
  return [...r.stdout.matchAll(/\]\((https:\/\/docs\.example\.com\/[^)]*)\)/g)].map((m) => m[1]!).sort();
}

const reasonOf = (j: Synced['json'], path: string) => j.skipped.find((x) => x.path === path)?.reason;
const titleOf = (repo: string, path: string) => /^title: (.*)$/m.exec(readFileSync(join(repo, 'pkg', 'knowledge', path), 'utf8'))?.[1];

test('nextra: _meta files are navigation (titles, order), a _meta that is code is named and never run; llms.txt links /a/b', async () => {
  const { repo, json } = await sync(nextra());
  assert.match(reasonOf(json, '_meta.js') ?? '', /nextra navigation \(_meta\.js\), not a page/);
  assert.match(reasonOf(json, 'guide/_meta.ts') ?? '', /nextra navigation/);
  const notRead = json.diagnostics.filter((d) => d.code === 'SYNC_NAV_NOT_READ').map((d) => d.file).sort();
  assert.deepEqual(notRead, ['../next.config.mjs', 'guide/_meta.ts']);
  // index.mdx has no heading: its title is the sidebar's.
  assert.equal(titleOf(repo, 'index-page.md'), 'Introduction');
  assert.match(readFileSync(join(repo, 'pkg', 'knowledge', 'index.md'), 'utf8'), /Introduction[\s\S]*Getting started[\s\S]*Guide/, 'the index follows _meta order');
  const v = await validate(repo);
  assert.deepEqual(v.found, [
    'knowledge/getting-started.md LINK_BROKEN /guide/missing',
    'knowledge/guide/Advanced-Usage.md LINK_ANCHOR_MISSING #nowhere',
    'knowledge/guide/index-page.md LINK_BROKEN /guide/advanced-usage',
  ]);
  assert.match(v.notJudged, /^1 link not judged: 1 to routes the upstream site's configuration makes \(recorded by sync\)/);
  assert.deepEqual(await llms(repo), ['https://docs.example.com/', 'https://docs.example.com/getting-started', 'https://docs.example.com/guide', 'https://docs.example.com/guide/Advanced-Usage']);
});

test('nextra 2 i18n: _meta.<locale>.json are navigation; llms.txt links each locale under its prefix', async () => {
  const { repo, json } = await sync(nextraI18n());
  assert.match(reasonOf(json, '_meta.zh-CN.json') ?? '', /nextra navigation/);
  assert.deepEqual(await llms(repo), ['https://docs.example.com/en-US', 'https://docs.example.com/en-US/about', 'https://docs.example.com/zh-CN', 'https://docs.example.com/zh-CN/about']);
  const v = await validate(repo);
  assert.deepEqual(v.found, ['knowledge/index.en-US.md LINK_ANCHOR_MISSING #nope', 'knowledge/index.zh-CN.md LINK_ANCHOR_MISSING #team', 'knowledge/index.zh-CN.md LINK_BROKEN /contact']);
});

test('mintlify: docs.json and snippets/ are no documents; redirects travel with the tree; llms.txt links /a/b', async () => {
  const { repo, json } = await sync(mintlify());
  assert.match(reasonOf(json, 'docs.json') ?? '', /mintlify navigation/);
  assert.match(reasonOf(json, 'snippets/counter.mdx') ?? '', /include-only files \(snippets\/\)/);
  // The snippet imported from `/` is read into the page that shows it.
  assert.match(readFileSync(join(repo, 'pkg', 'knowledge', 'index-page.md'), 'utf8'), /Count the plants/);
  const map = JSON.parse(readFileSync(join(repo, 'pkg', '.ctxforge-sync.json'), 'utf8'));
  assert.deepEqual(map.site.routes, { redirects: [{ from: 'old-quickstart', to: 'quickstart', file: false }], unknown: ['beta'] });
  const v = await validate(repo);
  assert.deepEqual(v.found, ['knowledge/index-page.md LINK_BROKEN /guides/missing', 'knowledge/quickstart.md LINK_ANCHOR_MISSING #nope']);
  assert.deepEqual(await llms(repo), ['https://docs.example.com/', 'https://docs.example.com/guides', 'https://docs.example.com/guides/setup', 'https://docs.example.com/quickstart']);
});

test('gitbook: SUMMARY.md is navigation; .gitbook/assets are kept; GitBook redirects to files follow the tree', async () => {
  const { repo, json } = await sync(gitbook());
  assert.match(reasonOf(json, 'SUMMARY.md') ?? '', /gitbook navigation \(SUMMARY\.md\)/);
  assert.equal(reasonOf(json, '.gitbook/assets/logo.png'), undefined, 'the image is the site\'s, not a skipped dot folder');
  assert.match(readFileSync(join(repo, 'pkg', 'knowledge', 'index.md'), 'utf8'), /Welcome[\s\S]*Setup[\s\S]*Tuning[\s\S]*Support/, 'the index follows SUMMARY.md');
  const v = await validate(repo);
  assert.deepEqual(v.found, ['knowledge/README.md LINK_BROKEN guides/missing.md', 'knowledge/guides/setup.md LINK_ANCHOR_MISSING #nowhere']);
  assert.deepEqual(await llms(repo), ['https://docs.example.com/', 'https://docs.example.com/guides/advanced', 'https://docs.example.com/guides/setup', 'https://docs.example.com/support']);
});

test('eleventy: _includes/ is no document, *.11tydata.js naming a permalink is named; pretty URLs in llms.txt', async () => {
  const { repo, json } = await sync(eleventy());
  assert.match(reasonOf(json, '_includes/note.md') ?? '', /include-only files \(_includes\/\)/);
  assert.ok(json.diagnostics.some((d) => d.code === 'SYNC_NAV_NOT_READ' && d.file === 'docs/computed/computed.11tydata.js'));
  const v = await validate(repo);
  // permalink: false is frontmatter the package does not keep: /docs/draft/ is found upstream only (test/links/profile-sites.test.ts).
  assert.deepEqual(v.found, ['knowledge/docs/permalinks.md LINK_ANCHOR_MISSING #nowhere', 'knowledge/index-page.md LINK_BROKEN /docs/nothing/']);
  // The Nunjucks page is no document: a link to it points to a file the package leaves out.
  assert.match(v.notJudged, /^4 links not judged: (?=.*1 to upstream files this format leaves out)(?=.*2 to routes the upstream site's configuration makes)(?=.*1 to passthrough copies)/);
  const links = await llms(repo);
  assert.ok(links.includes('https://docs.example.com/docs/') && links.includes('https://docs.example.com/docs/permalinks/'), links.join('\n'));
  assert.deepEqual(links.filter((l) => /\.md$/.test(l)), []);
});
