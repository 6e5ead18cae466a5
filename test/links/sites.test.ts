// Doc sites as their generators write them — mdBook, VitePress, Docusaurus, MkDocs and an Obsidian
// vault, generated here with real broken links planted — checked upstream and after sync into each
// format: every planted link is found at its file and line, and nothing else is reported. On the
// hand-written scanner these sites gave dozens of false findings (extensionless, root-absolute,
// .html, id-based and wiki links) and missed reference definitions, wiki links and anchors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSite } from '../../src/links/generators.js';
import { checkLinks, checkTreeLinks } from '../../src/links/check.js';
import { readUpstream } from '../../src/sync/upstream.js';
import { syncDocs } from '../../src/sync/index.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { SITES, type Site } from './sites.js';

const lineOf = (text: string, needle: string) => {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `${needle} is in the text`);
  return text.slice(0, i).split('\n').length;
};

const found = (diags: Diagnostic[]) => diags.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort();

const DOC_DIR = { octx: 'knowledge/', ctxpkg: 'nodes/', acx: 'knowledge/' } as const;

function make(s: Site): { root: string; docs: string } {
  const root = tmpDir(`ctxforge-site-${s.name}-`);
  writeTree(join(root, 'site'), s.files);
  return { root, docs: join(root, 'site', s.docs) };
}

for (const mk of SITES) {
  const s = mk();
  test(`${s.name}: the upstream check finds every planted link and nothing else`, async () => {
    const { docs } = make(s);
    const site = await detectSite(docs);
    assert.equal(site.generator, s.generator);
    const up = await readUpstream(docs);
    const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta });
    const want = s.planted.map((p) => `${p.file}:${lineOf(readFileSync(join(docs, p.file), 'utf8'), p.needle)}:${p.code}`).sort();
    assert.deepEqual(found(r.diagnostics), want, JSON.stringify(r.diagnostics, null, 1));
    const nj = r.diagnostics.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';
    assert.match(nj, s.notJudged, nj);
    for (const [p, t] of Object.entries(s.titles)) assert.equal(up.docs.find((d) => d.path === p)?.title, t, p);
  });

  for (const format of ['acx', 'octx', 'ctxpkg'] as const) {
    test(`${s.name} → sync --format ${format}: renames rewrite every link; validate --links error reports exactly the planted links`, async () => {
      const { root, docs } = make(s);
      const pkg = join(root, 'pkg');
      const r = await syncDocs(docs, pkg, { format, now: 1_760_000_000_000 });
      assert.ok(!r.diagnostics.some((d) => d.severity === 'error'), JSON.stringify(r.diagnostics.filter((d) => d.severity === 'error')));
      // Sync reports the upstream's broken links too, where they are upstream.
      const upWant = s.planted.map((p) => `${p.file}:${lineOf(readFileSync(join(docs, p.file), 'utf8'), p.needle)}:${p.code}`).sort();
      assert.deepEqual(found(r.diagnostics), upWant);
      const map = JSON.parse(readFileSync(join(pkg, '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { path: string }>; assets: Record<string, string>; site?: { generator: string } };
      assert.equal(map.site?.generator ?? 'github', s.generator);
      const where = (up: string) => `${DOC_DIR[format]}${map.documents[up]?.path ?? map.assets[up]}`;
      // Links to images the format leaves out are not broken upstream: the check counts them, as the ID map names those files.
      const expected = s.planted.filter((p) => !p.upstreamOnly);
      const want = expected.map((p) => { const f = where(p.file); return `${f}:${lineOf(readFileSync(join(pkg, f), 'utf8'), p.needle)}:${p.code}`; }).sort();
      const got = await checkLinks(new DiskTree(pkg), format, 'error');
      assert.deepEqual(found(got), want, JSON.stringify(got, null, 1));
      assert.ok(got.filter((d) => d.code.startsWith('LINK_') && d.code !== 'LINK_NOT_JUDGED').every((d) => d.severity === 'error'));
      const nj = got.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';
      if (format !== 'acx' && s.assetLinks.length) assert.match(nj, new RegExp(`${s.assetLinks.length} to upstream files this format leaves out`), nj);
      // The package itself is valid; the link check alone fails it.
      let v = await runCli(['validate', pkg, '--links', 'off', '--json']);
      assert.equal(v.code, 0, v.stdout);
      v = await runCli(['validate', pkg, '--links', 'error']);
      assert.equal(v.code, 1);
      // Syncing the same folder again changes nothing.
      const again = await syncDocs(docs, pkg, { format, now: 1_760_000_000_000 });
      assert.deepEqual([again.added.length, again.modified.length, again.files.written.length], [0, 0, 0]);
    });
  }
}

test('docusaurus: configuration is never executed, partials stay assets, an .mdx page\'s ESM lines go and a component over unjudged Markdown stays, skipped files named', async () => {
  const s = SITES[2]!();
  const { root, docs } = make(s);
  const pkg = join(root, 'pkg');
  const r = await syncDocs(docs, pkg, { format: 'acx', now: 1_760_000_000_000 });
  assert.equal(r.site.generator, 'docusaurus');
  assert.deepEqual(r.site.notRead, ['../docusaurus.config.js', '../sidebars.js']);
  assert.ok(r.diagnostics.some((d) => d.code === 'SYNC_NAV_NOT_READ' && /sidebars\.js/.test(d.message)));
  assert.deepEqual(r.skipped.map((x) => x.path), ['tutorial/_category_.json']);
  const idx = readFileSync(join(pkg, 'knowledge/tutorial/index-page.md'), 'utf8');
  // A reader sees no import (reader-mdx.ts); the partial itself is still kept beside the page.
  assert.doesNotMatch(idx, /^import /m);
  // The Markdown straight under `<TabItem>` is inside an HTML block to the check (not judged): the
  // component stays as written, so the synced tree's check reads it as the upstream one did.
  assert.match(idx, /<Tabs>\n<TabItem value="a">\n\[inside jsx\]\(\.\/nowhere-jsx\)\n<\/TabItem>/);
  assert.match(idx, /\[install\]\(\.\/01-install\)/);
  assert.equal(readFileSync(join(pkg, 'knowledge/tutorial/shared.mdx'), 'utf8'), s.files['docs/tutorial/_shared.mdx']);
  const intro = readFileSync(join(pkg, 'knowledge/intro.md'), 'utf8');
  assert.match(intro, /\[Set up\]\(tutorial\/01-install\), \[absolute\]\(\/docs\/tutorial\/01-install\), \[the blog\]\(\/blog\/2024\/01\/01\/post\)/);
});
