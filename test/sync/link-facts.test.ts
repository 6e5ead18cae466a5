// A sync's upstream link check takes each page's link facts from readUpstream's first read (issue 39:
// no text held, and no page read and parsed a second time for its links). Each test fails on the
// code before: a lean read took no link facts, and the check read every page again from the disk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readUpstream, type UpstreamDoc } from '../../src/sync/upstream.js';
import { syncDocs } from '../../src/sync/index.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { linkFactsOf, type LinkScanSpec } from '../../src/links/facts.js';
import { DiskTree } from '../../src/core/tree.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

/** A plain folder whose pages link well and badly: anchors, a CRLF page, a BOM, an MDX page (parsed), a page with no link. */
function plainSite(): string {
  const dir = tmpDir('ctxforge-link-facts-');
  writeTree(dir, {
    'index.md': '---\ntitle: Home\n---\n\n# Home\n\nSee [start](guide/start.md#install), [gone](guide/gone.md) and [deep](guide/start.md#nowhere).\n',
    'guide/start.md': '\ufeff# Start\r\n\r\n## Install\r\n\r\nBack [home](../index.md) and [a long way to nothing](../nothing/at/all/here.md).\r\n',
    'guide/comp.mdx': '# Comp\n\n<Card href="/guide/start">x</Card>\n\n## Part one\n\n[up](../index.md#home) [bad](./start.md#part-one)\n',
    'guide/plain.md': '# Plain\n\nno links at all\n',
  });
  return dir;
}

test('a lean read takes each page\'s link facts on its first read: the facts the check takes from the page\'s bytes', async () => {
  const dir = plainSite();
  const up = await readUpstream(dir, { lean: true });
  const spec = (up as { linkSpec?: LinkScanSpec }).linkSpec;
  assert.ok(spec, 'a lean read names the spec its facts were taken under');
  for (const d of up.docs as (UpstreamDoc & { linkFacts?: unknown })[]) {
    assert.notEqual(d.linkFacts, undefined, `${d.path} has its facts`);
    assert.deepEqual(d.linkFacts, linkFactsOf(spec, d.path, readFileSync(join(dir, d.path))), d.path);
  }
  assert.equal((up.docs as (UpstreamDoc & { linkFacts?: unknown })[]).find((d) => d.path === 'guide/plain.md')!.linkFacts, null, 'a page that links nowhere: null');
  // A full read (convert's) takes none.
  const full = await readUpstream(dir);
  assert.ok(full.docs.every((d) => (d as { linkFacts?: unknown }).linkFacts === undefined));
});

test('a sync\'s link check reads no page again, and reports what a check reading the pages reports', async () => {
  const dir = plainSite();
  const reads = new Map<string, number>();
  const read = DiskTree.prototype.read;
  DiskTree.prototype.read = function (this: DiskTree, p: string) { if (this.root === dir) { reads.set(p, (reads.get(p) ?? 0) + 1); } return read.call(this, p); };
  let r;
  try {
    r = await syncDocs(dir, join(tmpDir('ctxforge-link-facts-out-'), 'out'), { format: 'octx', now: 1_760_000_000_000 });
  } finally {
    DiskTree.prototype.read = read;
  }
  // Once each by readUpstream (the write reads a page again itself, checked by its digest); a page a
  // link names an anchor of, and whose facts came from the fast path (no anchors), once more for them.
  assert.deepEqual(Object.fromEntries([...reads].sort()), { 'guide/comp.mdx': 1, 'guide/plain.md': 1, 'guide/start.md': 1, 'index.md': 2 });
  const links = r.diagnostics.filter((x) => x.code.startsWith('LINK_'));
  const up = await readUpstream(dir);
  const direct = await checkTreeLinks(new DiskTree(dir), [''], { level: 'warning', site: up.site, documents: up.docs.map((d) => d.path), meta: up.meta, holder: 'the docs folder' });
  assert.deepEqual(links, direct.diagnostics);
  assert.deepEqual(links.map((x) => `${x.code} ${x.file}:${x.line}`).sort(), [
    'LINK_ANCHOR_MISSING guide/comp.mdx:7',
    'LINK_ANCHOR_MISSING index.md:7',
    'LINK_BROKEN guide/start.md:5',
    'LINK_BROKEN index.md:7',
  ]);
});
