// Navigation order: OCTX's generated knowledge/index.md lists the documents in the order of the
// site's static navigation (here mdBook's SUMMARY.md) when sync read one, else by path — and the
// order survives conversion through the other formats (each keeps it as frontmatter `nav_order`).
// On the code before, the index was always sorted by path, and no other format kept the order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { syncDocs } from '../../src/sync/index.js';
import { mdbook } from '../links/sites.js';

const entries = (index: string) => [...index.matchAll(/^- \[[^\]]*\]\(([^)]+)\)/gm)].map((m) => m[1]!);
const SUMMARY_ORDER = ['README.md', 'guide/start.md', 'guide/install.md', 'ref/index-page.md', 'ref/untitled.md', 'hidden.md'].map((p) => `src/${p}`);

test('the generated OKF index follows the site navigation, through sync into each format and convert back to OCTX', async () => {
  const s = mdbook();
  const root = tmpDir();
  writeTree(join(root, 'site'), s.files);
  const docs = join(root, 'site', s.docs);
  const r = await syncDocs(docs, join(root, 'octx'), { format: 'octx', now: 1_760_000_000_000 });
  assert.ok(!r.diagnostics.some((d) => d.severity === 'error'));
  const index = readFileSync(join(root, 'octx', 'knowledge/index.md'), 'utf8');
  assert.deepEqual(entries(index), SUMMARY_ORDER, index);
  assert.notDeepEqual(SUMMARY_ORDER, [...SUMMARY_ORDER].sort(), 'the navigation is not the path order');
  assert.match(readFileSync(join(root, 'octx', 'knowledge/src/guide/install.md'), 'utf8'), /^nav_order: 2$/m);
  // Through a ctxpkg and a cartridge, and from trees synced into them.
  for (const via of ['ctxpkg', 'acx'] as const) {
    let c = await runCli(['convert', 'octx', '--to', via, '--out', `octx-${via}`], { cwd: root });
    assert.equal(c.code, 0, c.stderr);
    c = await runCli(['convert', `octx-${via}`, '--to', 'octx', '--out', `octx-${via}-octx`], { cwd: root });
    assert.equal(c.code, 0, c.stderr);
    assert.deepEqual(entries(readFileSync(join(root, `octx-${via}-octx`, 'knowledge/index.md'), 'utf8')), SUMMARY_ORDER, via);
    await syncDocs(docs, join(root, `s-${via}`), { format: via, now: 1_760_000_000_000 });
    c = await runCli(['convert', `s-${via}`, '--to', 'octx', '--out', `s-${via}-octx`], { cwd: root });
    assert.equal(c.code, 0, c.stderr);
    assert.deepEqual(entries(readFileSync(join(root, `s-${via}-octx`, 'knowledge/index.md'), 'utf8')), SUMMARY_ORDER, `synced ${via}`);
    const v = await runCli(['validate', `s-${via}-octx`, '--links', 'off'], { cwd: root });
    assert.equal(v.code, 0, v.stdout);
  }
});

test('without navigation the index is sorted by path', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), { 'b.md': '# B\n', 'a/z.md': '# Z\n', 'c.md': '# C\n' });
  await syncDocs(join(root, 'docs'), join(root, 'pkg'), { format: 'octx', now: 1_760_000_000_000 });
  assert.deepEqual(entries(readFileSync(join(root, 'pkg', 'knowledge/index.md'), 'utf8')), ['a/z.md', 'b.md', 'c.md']);
  assert.doesNotMatch(readFileSync(join(root, 'pkg', 'knowledge/b.md'), 'utf8'), /nav_order/);
});
