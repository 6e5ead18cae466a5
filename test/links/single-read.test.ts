// Validate reads each document once (issue 28): the link check takes its documents' links from the
// format's own read of them — on the main thread, or on the worker that shares a large knowledge
// base's documents — and must find exactly what it finds reading them itself. Held together here
// on the generated sites of every generator (mdBook, VitePress, Docusaurus, MkDocs, an Obsidian
// vault), small and replicated past the size where the documents' worker starts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { checkLinks, startLinks } from '../../src/links/check.js';
import { MARKDOWN_FILE } from '../../src/links/site.js';
import { octx } from '../../src/octx/module.js';
import { validateOne } from '../../src/validate.js';
import { SITES, type Site } from './sites.js';
import { useBuiltWorkers } from '../../src/core/worker.js';
import { builtWorkers } from '../helpers/built.js';

// The documents' worker starts from the test bundle of these sources (from source it starts too
// late to take a share of a few thousand documents).
before(() => useBuiltWorkers(builtWorkers()));
after(() => useBuiltWorkers(undefined));

const ID = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const MANIFEST = JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: ID(999_999), name: 'Links' }, release: { version: '1.0.0' } });

/** The site's docs folder as an OCTX working directory's knowledge/, `copies` times over (each copy in its own folder). */
function workdir(site: Site, copies: number): { dir: string; docs: number } {
  const dir = tmpDir();
  const files: Record<string, string | Uint8Array> = { 'manifest.json': MANIFEST };
  const pre = site.docs ? `${site.docs.replace(/\/$/, '')}/` : '';
  let docs = 0;
  for (let c = 0; c < copies; c++) {
    const into = copies === 1 ? 'knowledge/' : `knowledge/c${c}/`;
    for (const [p, v] of Object.entries(site.files)) {
      if (!p.startsWith(pre)) continue;
      files[`${into}${p.slice(pre.length)}`] = v;
      if (MARKDOWN_FILE.test(p)) docs++;
    }
  }
  writeTree(dir, files);
  return { dir, docs };
}

/** The link findings of validate's single read (the format hands each document over), beside the check reading them itself. */
async function bothWays(dir: string, generator: string): Promise<{ alone: unknown[]; handed: unknown[] }> {
  const alone = await checkLinks(new DiskTree(dir), 'octx', 'warning', { generator });
  const tree = new DiskTree(dir);
  const collector = await startLinks(tree, 'octx', 'warning', { generator });
  await octx.validateSource(tree, { linkFacts: collector });
  const handed = (await collector.finish()).diagnostics;
  return { alone, handed };
}

for (const make of SITES) {
  const site = make();
  test(`${site.name}: the links handed over by validate's one read are judged as the check reading them itself judges them`, async () => {
    for (const copies of [1, 0]) {
      // Past 2000 knowledge documents a worker shares them: enough copies to start it.
      const n = copies || Math.ceil(2100 / Math.max(1, Object.keys(site.files).filter((p) => MARKDOWN_FILE.test(p)).length));
      const { dir } = workdir(site, n);
      const { alone, handed } = await bothWays(dir, site.generator);
      assert.ok(alone.some((d) => (d as { code: string }).code === 'LINK_BROKEN'), 'the site plants broken links');
      assert.deepEqual(handed, alone);
    }
  });
}

test('documents handed over are not read again: what the format read is what the links are judged on', async () => {
  // Both below and above the size where the worker shares the documents.
  for (const n of [50, 2100]) {
    const dir = tmpDir();
    const files: Record<string, string> = { 'manifest.json': MANIFEST, 'knowledge/index.md': '# Links\n\n- [A](d0.md)\n' };
    for (let i = 0; i < n; i++) files[`knowledge/d${i}.md`] = `---\ntype: Reference\noctx:\n  document_id: ${ID(i)}\n---\n\n# D${i}\n\nNext: [d](d${(i + 1) % n}.md#d${(i + 1) % n}).\n`;
    writeTree(dir, files);
    const tree = new DiskTree(dir);
    const collector = await startLinks(tree, 'octx', 'warning', {});
    await octx.validateSource(tree, { linkFacts: collector });
    // Every document now links nowhere; had the check read them again, it would say so.
    for (let i = 0; i < n; i++) writeFileSync(join(dir, 'knowledge', `d${i}.md`), `# D${i}\n\n[gone](gone-${i}.md)\n`);
    const report = await collector.finish();
    assert.equal(report.counts.links, n + 1);
    assert.equal(report.counts.broken, 0);
    // Anchors of targets are read afterwards (only their headings): the rewritten pages still have theirs.
    assert.equal(report.counts.anchorsMissing, 0);
  }
});

test('validate opens each document once, and still reports its broken link and missing anchor', async () => {
  const dir = tmpDir();
  const files: Record<string, string> = { 'manifest.json': MANIFEST, 'knowledge/index.md': '# Links\n\n- [A](d0.md)\n' };
  for (let i = 0; i < 40; i++) files[`knowledge/d${i}.md`] = `---\ntype: Reference\noctx:\n  document_id: ${ID(i)}\n---\n\n# D${i}\n\nSee [next](d${i + 1}.md) and [anchor](d0.md#nope).\n`;
  writeTree(dir, files);
  const opened = new Map<string, number>();
  const real = fs.openSync;
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    const s = String(p);
    if (s.startsWith(join(dir, 'knowledge'))) opened.set(s, (opened.get(s) ?? 0) + 1);
    return (real as (...a: unknown[]) => number)(p, ...rest);
  }) as typeof fs.openSync;
  syncBuiltinESMExports();
  let res;
  try {
    res = await validateOne(dir, { cwd: dir });
  } finally {
    fs.openSync = real;
    syncBuiltinESMExports();
  }
  const links = res.diagnostics.filter((d) => d.code.startsWith('LINK_')).map((d) => [d.code, d.file, d.line]);
  assert.deepEqual(links.filter((l) => l[0] === 'LINK_BROKEN'), [['LINK_BROKEN', 'knowledge/d39.md', 9]]);
  assert.equal(links.filter((l) => l[0] === 'LINK_ANCHOR_MISSING').length, 40);
  // 41 documents, each opened once; d0.md once more, for the anchors its linkers name (its links were read on the first open, its headings were not kept).
  assert.equal(opened.size, 41);
  assert.deepEqual([...opened].filter(([, k]) => k !== 1).map(([p, k]) => [p.slice(dir.length + 1), k]), [['knowledge/d0.md', 2]]);
});

test('the documents\' worker takes the same link facts from its read as this thread does', async () => {
  const { WorkerPass } = await import('../../src/octx/record-pass.js');
  const { linkFactsOf } = await import('../../src/links/facts.js');
  {
    for (const make of SITES) {
      const site = make();
      const { dir } = workdir(site, 1);
      const tree = new DiskTree(dir);
      const collector = await startLinks(tree, 'octx', 'warning', { generator: site.generator });
      const paths = (await tree.list()).map((e) => e.path).filter((p) => p.startsWith('knowledge/'));
      const pass = new WorkerPass({ maxDepth: 100, maxLineBytes: 1 << 20 });
      const got = new Map<string, unknown>();
      try {
        // This thread claims nothing: the worker takes every document.
        await pass.shareDocs(tree.handoff(paths), new SharedArrayBuffer(4), 4, 'ids', (b) => {
          for (let k = b.start; k < b.start + b.count; k++) got.set(paths[k]!, b.extras.find((r) => r.k === k)?.links);
        }, undefined, collector.spec);
      } finally {
        pass.close();
      }
      assert.equal(got.size, paths.length);
      let documents = 0;
      for (const p of paths) {
        if (!MARKDOWN_FILE.test(p)) { assert.equal(got.get(p), undefined, p); continue; }
        documents++;
        assert.deepEqual(got.get(p), linkFactsOf(collector.spec, p, fs.readFileSync(join(dir, p))), `${site.name}: ${p}`);
      }
      assert.ok(documents > 3);
    }
  }
});
