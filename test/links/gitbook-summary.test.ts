// GitBook (Git Sync) publishes the pages its table of contents lists, and serves the first page
// `.gitbook.yaml` names (`structure.readme`) at `/`: a page SUMMARY.md does not list is no page of
// the site (never synced as a document), and a link to it is not judged — GitBook documents no
// outcome for it — while a link to nothing at all stays LINK_BROKEN. Sites shaped like
// 0xn3va/cheat-sheets (`structure.readme: INTRODUCTION.md`, the repository's own README.md unlisted)
// and BeefreeSDK/beefree-sdk-docs (stale copies of moved pages left beside the listed ones).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSite, routesRecordOf, siteRules } from '../../src/links/generators.js';
import { gitbookData } from '../../src/links/profile-config.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { readUpstream } from '../../src/sync/upstream.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const found = (diags: Diagnostic[]) => diags.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort();
const notJudged = (diags: Diagnostic[]) => diags.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';

const SITE: Record<string, string> = {
  '.gitbook.yaml': 'structure:\n  readme: INTRODUCTION.md\n  summary: toc/CONTENTS.md\n',
  'toc/CONTENTS.md': '# Summary\n\n* [Introduction](../INTRODUCTION.md)\n\n## Guides\n\n* [Setup](../guides/setup.md)\n  * [Part two](../guides/setup.md#part-two)\n* [Web](../Web%20Application/README.md)\n',
  'INTRODUCTION.md': '# Cheat sheets\n\n## Welcome\n\n'
    + 'Read [setup](guides/setup.md#part-two), [the draft](guides/draft.md), [the draft by URL](/guides/draft), [the old copy](Web%20Application/XSS/README.md) and [nothing](guides/nothing.md).\n',
  'README.md': '# The repository\n\nOn GitHub only.\n',
  'guides/setup.md': '# Setup\n\n## Part two\n\nBack [home](/#welcome), [home again](../INTRODUCTION.md#nowhere).\n',
  'guides/draft.md': '# Draft\n\nNot in the table of contents.\n',
  'Web Application/README.md': '# Web\n',
  'Web Application/XSS/README.md': '# XSS\n\n[broken](nothing.md)\n',
  '.gitbook/includes/note.md': 'A note.\n',
};

function make(files: Record<string, string>): string {
  const root = tmpDir('ctxforge-gitbook-summary-');
  writeTree(root, files);
  git(root, ['init', '-q']);
  return root;
}

test('gitbook: .gitbook.yaml structure.summary names the table of contents, structure.readme the first page', async () => {
  const root = make(SITE);
  const site = await detectSite(root);
  assert.equal(site.generator, 'gitbook');
  assert.equal(site.navFile, 'toc/CONTENTS.md');
  assert.equal(site.routes?.firstPage, 'INTRODUCTION.md');
  assert.deepEqual([...site.listed ?? []].sort(), ['INTRODUCTION.md', 'Web Application/README.md', 'guides/setup.md']);
});

test('gitbook: pages the table of contents does not list are left out, named, and a link to one is not judged', async () => {
  const root = make(SITE);
  const up = await readUpstream(root);
  assert.deepEqual(up.docs.map((d) => d.path).filter((p) => !p.startsWith('.gitbook/')).sort(), ['INTRODUCTION.md', 'Web Application/README.md', 'guides/setup.md']);
  const why = new Map(up.skipped.map((s) => [s.path, s.reason]));
  for (const p of ['README.md', 'guides/draft.md', 'Web Application/XSS/README.md']) assert.equal(why.get(p), 'not listed in toc/CONTENTS.md: gitbook does not publish it', p);
  assert.match(why.get('toc/CONTENTS.md') ?? '', /navigation/);
  assert.deepEqual(up.site.unlisted?.sort(), ['README.md', 'Web Application/XSS/README.md', 'guides/draft.md']);
  const r = await checkTreeLinks(new DiskTree(root), [''], { site: up.site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  // `/#welcome` is the first page's (INTRODUCTION.md), not the unlisted README.md's; `#nowhere` is on no heading.
  assert.deepEqual(found(r.diagnostics), ['INTRODUCTION.md:5:LINK_BROKEN', 'guides/setup.md:5:LINK_ANCHOR_MISSING'], JSON.stringify(r.diagnostics, null, 1));
  assert.match(notJudged(r.diagnostics), /^3 links not judged: 3 to pages the table of contents does not list \(GitBook publishes only those it lists\)/);
});

test('gitbook: without a table of contents every page is published (GitBook infers one from the folders)', async () => {
  const files = { ...SITE };
  delete files['toc/CONTENTS.md'];
  const root = make(files);
  const up = await readUpstream(root);
  assert.equal(up.site.listed, undefined);
  assert.ok(up.docs.some((d) => d.path === 'guides/draft.md'));
  assert.ok(!up.skipped.some((s) => s.reason.startsWith('not listed')));
});

test('gitbook: a table of contents named outside the folder, or through a symbolic link, is not read', async () => {
  const outside = tmpDir('ctxforge-gitbook-outside-');
  writeTree(outside, { 'SUMMARY.md': '* [Intro](INTRODUCTION.md)\n' });
  assert.equal(gitbookData('structure:\n  summary: ../SUMMARY.md\n  readme: ../x.md\n', join(outside, 'docs')).navFile, undefined);
  assert.equal(gitbookData('structure:\n  readme: ../x.md\n', outside).first, undefined);
  const files = { ...SITE };
  delete files['toc/CONTENTS.md'];
  const root = make(files);
  symlinkSync(outside, join(root, 'toc'));
  const site = await detectSite(root);
  assert.equal(site.navFile, undefined);
  assert.equal(site.listed, undefined);
});

test('gitbook: the synced tree keeps judging as the site does — `/` is the first page, unlisted pages not judged', async () => {
  const { syncDocs } = await import('../../src/sync/index.js');
  const root = make(SITE);
  const out = join(root, '..', `${root.split('/').pop()}-pkg`);
  const r = await syncDocs(root, out, { cache: false });
  assert.equal(r.site.generator, 'gitbook');
  const rec = JSON.parse(readFileSync(join(out, '.ctxforge-sync.json'), 'utf8')) as { site: { routes?: { first?: string; unlisted?: string[] } } };
  assert.equal(rec.site.routes?.first, 'INTRODUCTION.md');
  assert.deepEqual(rec.site.routes?.unlisted?.sort(), ['README.md', 'Web Application/XSS/README.md', 'Web-Application/XSS/README.md', 'guides/draft.md']);
  const v = await checkTreeLinks(new DiskTree(out), ['knowledge/'], { level: 'error' });
  // The same two findings (the synced pages carry frontmatter: other lines), the same links not judged.
  const codes = (d: Diagnostic[]) => found(d).map((f) => { const [file, , code] = f.split(':'); return `${file}:${code}`; }).sort();
  assert.deepEqual(codes(v.diagnostics), ['knowledge/INTRODUCTION.md:LINK_BROKEN', 'knowledge/guides/setup.md:LINK_ANCHOR_MISSING']);
  assert.match(notJudged(v.diagnostics), /^3 links not judged: 3 to pages the table of contents does not list/);
  // A pull request's record cannot add pages to hide the links it breaks: the base's record decides.
  const pr = await checkTreeLinks(new DiskTree(out), ['knowledge/'], { level: 'error', routesBefore: {} });
  assert.ok(found(pr.diagnostics).length > 2, JSON.stringify(found(pr.diagnostics)));
});

test('gitbook: a routes record keeps only Markdown paths that stay inside for `first` and `unlisted`', () => {
  assert.deepEqual(routesRecordOf({ first: '../x.md', unlisted: ['a.md', '/b.md', '../c.md', 'd.png', 7, 'e/f.mdx'] }), { unlisted: ['a.md', 'e/f.mdx'] });
  assert.equal(routesRecordOf({ first: 'x.png' }), undefined);
  assert.deepEqual(routesRecordOf({ first: 'intro.md' }), { first: 'intro.md' });
  // The record applied: a page the tree holds is judged whatever the record says.
  const site = siteRules({ generator: 'gitbook', root: '' });
  assert.equal(site.generator, 'gitbook');
});
