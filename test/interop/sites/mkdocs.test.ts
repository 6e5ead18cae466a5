// Judged by MkDocs itself (issue 34): the MkDocs site of test/links/sites.ts (nav, admonitions and
// tabs holding Markdown, attr_list ids, reference links), with Debian's mkdocs-material as its
// theme, is built by Debian's mkdocs. MkDocs names every Markdown link to a file it does not have
// (and --strict fails on one); it checks no anchor, so the built site is crawled by linkchecker on
// 127.0.0.1 with its anchor check. Together they must equal ctxforge's findings, and every page
// must be written at the URL the route model predicts (use_directory_urls). Run by scripts/ci-sites.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../../helpers/tmp.js';
import { DiskTree } from '../../../src/core/tree.js';
import { detectSite } from '../../../src/links/generators.js';
import { checkTreeLinks } from '../../../src/links/check.js';
import { routeRules } from '../../../src/links/profiles.js';
import { RouteTable } from '../../../src/links/routes.js';
import { readUpstream } from '../../../src/sync/upstream.js';
import { mkdocs } from '../../links/sites.js';
import { crawl, writtenFile } from './crawl.js';
import { assertReaderText, readerFigures } from './reader-text.js';

test('mkdocs (material theme) builds the site; its warnings and linkchecker on 127.0.0.1 find exactly what ctxforge reports', async () => {
  const s = mkdocs();
  const root = tmpDir('ctxforge-interop-mkdocs-');
  writeTree(root, { ...s.files, 'mkdocs.yml': `${s.files['mkdocs.yml'] as string}theme:\n  name: material\n  font: false\n` });
  git(root, ['init', '-q']);
  const out = join(root, 'site');
  const b = spawnSync('mkdocs', ['build', '-f', join(root, 'mkdocs.yml'), '-d', out], { encoding: 'utf8', cwd: root });
  assert.equal(b.status, 0, b.stderr);
  const notFound = [...b.stderr.matchAll(/Documentation file '([^']+)' contains a link to '([^']+)' which is not found/g)].map((m) => `${m[1]} ${m[2]}`);
  const strict = spawnSync('mkdocs', ['build', '--strict', '-f', join(root, 'mkdocs.yml'), '-d', join(root, 'strict')], { encoding: 'utf8', cwd: root });

  const docs = join(root, s.docs);
  const site = await detectSite(docs);
  assert.equal(site.generator, 'mkdocs');
  const up = await readUpstream(docs);
  const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const table = new RouteTable(up.docs.map((d) => d.path), site.root, routeRules('mkdocs')!);
  for (const d of up.docs) assert.ok(writtenFile(out, table.urlOf(d.path)!), `${d.path} is written for /${table.urlOf(d.path)}/`);
  const c = await crawl(root, out, up.docs.map((d) => (table.urlOf(d.path) ? `${table.urlOf(d.path)}/` : '')));
  assert.ok(c.rows.length > 1, c.stderr);

  // MkDocs names a broken link to a Markdown file by the file it resolved to (and leaves it as
  // written, so linkchecker's 404 for it says nothing new); a link that names no file it leaves to
  // the browser, without a word: linkchecker's 404, by the link as written. And linkchecker's anchors.
  const onPage = (page: string) => table.lookup(page.replace(/^\/+/, '')) ?? page;
  const theirs = [
    ...notFound,
    ...[...c.findings].map((f) => f.split(' ') as [string, string]).filter(([, what]) => what.includes('#')).map(([page, what]) => `${onPage(page)} ${what.slice(what.indexOf('#'))}`),
    ...[...c.findings].map((f) => f.split(' ') as [string, string]).filter(([, what]) => !what.includes('#') && !/\.md$/i.test(what)).map(([page, what]) => `${onPage(page)} ${what}`),
  ].sort();
  const ours = r.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => {
    const written = /^link to (\S+) points to/.exec(d.message)?.[1];
    if (written !== undefined && !/\.md$/i.test(written)) return `${d.file} ${written}`;
    return `${d.file} ${/points to (\S+),/.exec(d.message)?.[1]?.slice(site.root.length) ?? `#${/anchor #(\S+?)(?: \(|$)/.exec(d.message)?.[1]}`}`;
  });
  // The one difference, by design: ctxforge checks every reference definition, used or not; a
  // definition no link uses is rendered by no generator, so MkDocs never sees it.
  const unused = 'index.md user-guide/missing.md';
  assert.ok(ours.includes(unused), 'the unused definition is reported');
  assert.deepEqual(ours.filter((k) => k !== unused).sort(), theirs, JSON.stringify({ rows: c.rows, notFound, ours: r.diagnostics }, null, 1));
  assert.ok(notFound.length >= 1 && theirs.some((k) => k.includes('#')), 'the planted findings are there to compare');
  // --strict fails the build on what ctxforge reports as broken.
  assert.notEqual(strict.status, 0);
  assert.match(`${strict.stdout}${strict.stderr}`, /Aborted with \d+ warnings in strict mode/);
  // What the agent reads is what a reader sees: the synced documents against the built pages (Material's <title> is `Page - Site`).
  assertReaderText('mkdocs', await readerFigures(docs, (p) => { const f = writtenFile(out, table.urlOf(p)!); return f && join(out, f); }, / - Example$/));
});
