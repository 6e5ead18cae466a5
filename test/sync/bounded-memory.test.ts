// A sync holds no page's text for the whole tree (issue 39): readUpstream({lean}) keeps each page's
// facts, not its body, and reads the page again — checked against the digest of its first read —
// when its body is needed; the format writers render a document given with `readBody` when its file
// is written. Each test fails on the code before: a sync of 32 MB of pages ran out of a 40 MB heap
// (every text, every rewritten body and every rendered file were alive together), there was no
// lean read, no bodyOf, no readBody, and the link check answered a changed page from the first read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readUpstream, type Upstream } from '../../src/sync/upstream.js';
import { formatByName } from '../../src/formats.js';
import { contentBytes, type Doc, type Documents } from '../../src/format.js';
import { builtCli } from '../helpers/built.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';

/** `n` pages of `kb` KiB each, in ten folders whose names are not portable (so every link is rewritten). */
function bigPages(dir: string, n: number, kb: number): void {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'sigma', 'omega', 'tree', 'node', 'page', 'link'];
  for (let i = 0; i < n; i++) {
    const f = join(dir, `part ${i % 10}`, `page-${i}.md`);
    mkdirSync(join(f, '..'), { recursive: true });
    let body = `# Page ${i}\n\nSee [next](../part%20${(i + 1) % 10}/page-${(i + 1) % n}.md).\n\n`;
    let line = '';
    while (body.length < kb * 1024) {
      line += `${words[(i * 7 + body.length + line.length) % 10]} `;
      if (line.length > 70) { body += `${line}\n`; line = ''; }
    }
    writeFileSync(f, `---\ntitle: Page ${i}\n---\n${body}\n`);
  }
}

test('a sync of 32 MB of pages, then a re-sync after an edit, runs in a 40 MB heap and writes every page whole', () => {
  const dir = tmpDir('ctxforge-sync-bounded-');
  const docs = join(dir, 'docs');
  const out = join(dir, 'out');
  bigPages(docs, 500, 64);
  const run = (...args: string[]) => spawnSync(process.execPath, ['--max-old-space-size=40', builtCli(), 'sync', '--no-cache', '--json', ...args, docs, out], {
    env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 << 20,
  });
  const first = run();
  assert.equal(first.status, 0, `${first.signal ?? ''} ${first.stderr.slice(-400)}`);
  const r1 = JSON.parse(first.stdout) as { added: unknown[]; linksRewritten: number };
  assert.equal(r1.added.length, 500);
  assert.equal(r1.linksRewritten, 500, 'every page\'s link follows the renamed folders');
  const page = readFileSync(join(out, 'knowledge', 'part-3', 'page-3.md'), 'utf8');
  assert.match(page, /See \[next\]\(\.\.\/part-4\/page-4\.md\)/);
  assert.ok(page.length > 64 * 1024, 'the whole page is written');
  writeFileSync(join(docs, 'part 3', 'page-3.md'), `${readFileSync(join(docs, 'part 3', 'page-3.md'), 'utf8')}One more line.\n`);
  const again = run();
  assert.equal(again.status, 0, `${again.signal ?? ''} ${again.stderr.slice(-400)}`);
  const r2 = JSON.parse(again.stdout) as { modified: { upstream: string }[]; files: { written: string[] } };
  assert.deepEqual(r2.modified.map((m) => m.upstream), ['part 3/page-3.md']);
  assert.deepEqual(r2.files.written.sort(), ['.ctxforge-sync.json', 'knowledge/part-3/page-3.md']);
  assert.match(readFileSync(join(out, 'knowledge', 'part-3', 'page-3.md'), 'utf8'), /One more line\.\n$/);
});

/** Upstream trees of every kind of body: CRLF, byte-order marks, TOML and broken frontmatter, Hugo includes and refs, MyST xrefs and includes. */
function sites(): string[] {
  const root = tmpDir('ctxforge-sync-lean-');
  writeTree(join(root, 'plain'), {
    'index.md': '# Home\n\nSee [start](Getting%20Started.md) and [deep](Sub%20Dir/deep.md#part).\n',
    'Getting Started.md': '---\ntitle: Start\ntags: [a, b]\n---\n\n# Start\r\n\r\nBack [home](index.md).\r\n',
    'Sub Dir/deep.md': '\ufeff# Deep\n\n## Part\n\ntext\n',
    'toml.md': '+++\ntitle = "Toml"\n+++\n\nBody\n',
    'bad.md': '---\ntitle: [unclosed\n---\n\n# Bad\n',
    'rule.md': '---\n\nJust a rule\n\n---\n',
  });
  mkdirSync(join(root, 'hugo'));
  mkdirSync(join(root, 'sphinx'));
  const hugo = initRepo(join(root, 'hugo'));
  writeTree(hugo, {
    'hugo.toml': 'title = "x"\n',
    'content/_common/note.md': '---\n_build: {render: never}\n---\n\nShared **note**.\n',
    'content/guide.md': '---\ntitle: Guide\n---\n\n# Guide\n\n{{% include "/_common/note.md" %}}\n\nSee {{< ref "other.md" >}}.\n',
    'content/other.md': '# Other\n\ntext {{< hint >}}x{{< /hint >}}\n',
  });
  git(hugo, ['add', '-A']);
  git(hugo, ['commit', '-q', '-m', 'docs']);
  const sphinx = initRepo(join(root, 'sphinx'));
  writeTree(sphinx, {
    'docs/conf.py': 'project = "x"\n',
    'docs/index.md': '# Home\n\nSee {doc}`guide`.\n\n```{include} ../README.md\n```\n',
    'docs/guide.md': '# Guide\n\n:::{note}\nA note\n:::\n',
    'README.md': '# Readme\n\nincluded\n',
  });
  git(sphinx, ['add', '-A']);
  git(sphinx, ['commit', '-q', '-m', 'docs']);
  return [join(root, 'plain'), join(hugo, 'content'), join(sphinx, 'docs')];
}

test('a lean read gives every page the body a full read gives, holding only those it cannot make again', async () => {
  for (const dir of sites()) {
    // Bodies from the ring, read again past it (none kept), and a ring of 40 bytes that keeps a few.
    for (const [asWritten, heldBytes] of [[false, undefined], [true, undefined], [false, 0], [true, 0], [false, 40]] as const) {
      const full = await readUpstream(dir, { asWritten });
      const lean = await readUpstream(dir, { asWritten, lean: true, ...(heldBytes !== undefined ? { heldBytes } : {}) }) as Upstream;
      assert.ok(typeof lean.bodyOf === 'function', 'readUpstream gives bodyOf');
      assert.deepEqual(lean.docs.map((d) => d.path), full.docs.map((d) => d.path));
      for (const [i, d] of lean.docs.entries()) {
        assert.equal(lean.bodyOf(d), full.docs[i]!.body, `${dir} ${d.path}`);
        assert.equal(d.digest, full.docs[i]!.digest);
      }
      assert.ok(lean.docs.some((d) => d.reread && d.body === ''), `${dir}: bodies are let go`);
      // What only the first read can give stays held: an include's text.
      for (const d of lean.docs) if (d.includes?.length) assert.ok(!d.reread && d.body !== '', `${d.path} keeps its expanded body`);
    }
  }
});

test('a page changed after its first read is an error when read again, never mixed in', async () => {
  const dir = tmpDir('ctxforge-sync-changed-');
  writeTree(dir, { 'a.md': '# A\n\nSee [b](b.md).\n', 'b.md': '# B\n\ntext\n', 'empty.md': '', 'same.md': '# Same\n\nsize\n', 'gone.md': '# Gone\n' });
  // No body kept: every page is read again when its body is needed.
  const up = await readUpstream(dir, { lean: true, heldBytes: 0 }) as Upstream;
  const doc = (p: string) => up.docs.find((d) => d.path === p)!;
  const changed = (e: Error & { diagnostic?: { code: string } }) => e.diagnostic?.code === 'SYNC_PAGE_CHANGED';
  writeFileSync(join(dir, 'empty.md'), 'x');
  assert.throws(() => up.bodyOf(doc('empty.md')), changed, 'an empty page that grew');
  writeFileSync(join(dir, 'same.md'), '# Same\n\nSIZE\n');
  assert.throws(() => up.bodyOf(doc('same.md')), changed, 'as many bytes, other ones');
  rmSync(join(dir, 'gone.md'));
  mkdirSync(join(dir, 'gone.md'));
  assert.throws(() => up.bodyOf(doc('gone.md')), changed, 'a folder where the page was');
  const a = up.docs.find((d) => d.path === 'a.md')!;
  assert.equal(up.bodyOf(a), '# A\n\nSee [b](b.md).\n');
  writeFileSync(join(dir, 'a.md'), '# A\n\nSee [c](c.md).\n');
  assert.throws(() => up.bodyOf(a), (e: Error & { diagnostic?: { code: string } }) => e.diagnostic?.code === 'SYNC_PAGE_CHANGED');
  await assert.rejects(up.folder.read('a.md'), (e: Error & { diagnostic?: { code: string } }) => e.diagnostic?.code === 'SYNC_PAGE_CHANGED', 'the link check reads the same bytes or fails');
  assert.equal((await up.folder.read('b.md')).toString('utf8'), '# B\n\ntext\n');
});

test('each writer renders a document given with readBody when its file is written, to the bytes of the same document held', () => {
  const held: Doc[] = [
    { id: '019b76da-a800-7db4-bbc2-c9d0d7dee5ec', path: 'a.md', title: 'A', description: 'first', tags: ['x'], body: '# A\n\nSee [b](sub/b.md).\n' },
    { id: '019b76da-a801-7037-be45-4c535a61686f', path: 'sub/b.md', title: 'B', type: 'Guide', order: 2, body: '# B\n\nBack [a](../a.md).\n' },
    { id: '019b76da-a802-73ba-81c8-cfd6dde4ebf2', path: 'c.md', title: 'C', body: '# C\n\nno links\n' },
  ];
  for (const name of ['octx', 'ctxpkg', 'acx'] as const) {
    const calls = new Map<string, number>();
    const lazy = held.map((d): Doc => ({ ...d, body: '', readBody: () => { calls.set(d.path, (calls.get(d.path) ?? 0) + 1); return d.body; } }));
    const set = (docs: Doc[]): Documents => ({ format: name, meta: { name: 'pkg', version: '0.1.0' }, docs, assets: [], skills: [], notes: [] });
    const m = formatByName(name)!;
    const want = m.writeSource!(set(held), { identitySeed: '019b76da-a8ff-7000-8000-000000000000' });
    const got = m.writeSource!(set(lazy), { identitySeed: '019b76da-a8ff-7000-8000-000000000000' });
    // octx and acx read no body before the write; ctxpkg only until its manifest has its first edge.
    assert.ok([...calls.values()].reduce((a, b) => a + b, 0) <= (name === 'ctxpkg' ? 1 : 0), `${name}: ${JSON.stringify([...calls])}`);
    assert.equal(got.manifest.text, want.manifest.text, name);
    assert.deepEqual([...got.files.keys()], [...want.files.keys()], name);
    for (const [p, c] of got.files) {
      if (held.some((d) => p.endsWith(d.path))) assert.equal(typeof c, 'function', `${name} ${p} is a render`);
      assert.deepEqual(contentBytes(c), contentBytes(want.files.get(p)!), `${name} ${p}`);
    }
  }
});

// What lives through the write (issue 39): the two sites' indexes a link rewrite consults (two sets
// of every path, ~10 MB at 100,000 pages) exist only when some link changes, and die with the
// rewrite when none did; the identity step's tables (ids by path, ids in use, moves) die with it.
// Counted with v8.queryObjects (a full collection first) while the writer renders each document.
// Fails on the code before: both indexes were made on every sync and lived until it returned.
test('the sites\' indexes of the link rewrite live through the write only when a link changed', async () => {
  const { queryObjects } = await import('node:v8');
  const { SiteIndex } = await import('../../src/links/site.js');
  const { syncDocs } = await import('../../src/sync/index.js');
  const octx = formatByName('octx')!;
  const write = octx.writeSource!;
  const seen: number[] = [];
  octx.writeSource = (docs: Documents, o) => {
    const r = write(docs, o);
    // Each page given with readBody is rendered here, as the write renders it.
    for (const d of docs.docs.slice(0, 3)) if (d.readBody) { contentBytes(r.files.get(`knowledge/${d.path}`)!); seen.push(queryObjects(SiteIndex as never, { format: 'count' }) as unknown as number); }
    return r;
  };
  try {
    const dir = tmpDir('ctxforge-sync-live-');
    const page = (i: number, to: string) => `---\ntitle: Page ${i}\n---\n# Page ${i}\n\nSee [next](${to}).\n`;
    writeTree(join(dir, 'plain'), Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`part/page-${i}.md`, page(i, `page-${(i + 1) % 40}.md`)])));
    const plain = await syncDocs(join(dir, 'plain'), join(dir, 'plain-out'), { cache: false, heldBytes: 0 });
    assert.equal(plain.added.length, 40);
    assert.ok(seen.length > 0, 'documents were rendered when written');
    assert.deepEqual([...new Set(seen)], [0], 'no site index is made when nothing is renamed');
    seen.length = 0;
    // A folder name that is not portable: every link is rewritten, so the rewrite (and its indexes) is needed for the write.
    writeTree(join(dir, 'renamed'), Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Part One/page-${i}.md`, page(i, `page-${(i + 1) % 40}.md`)])));
    const renamed = await syncDocs(join(dir, 'renamed'), join(dir, 'renamed-out'), { cache: false, heldBytes: 0 });
    assert.equal(renamed.added.length, 40);
    assert.ok(seen.length > 0);
    // A rename whose links all still reach their pages (same folder) rewrites nothing: no index lives on.
    assert.equal(renamed.linksRewritten, 0);
    assert.deepEqual([...new Set(seen)], [0], 'a rename that changes no link keeps no index through the write');
    seen.length = 0;
    writeTree(join(dir, 'across'), Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Part ${i % 2}/page-${i}.md`, page(i, `../Part%20${(i + 1) % 2}/page-${(i + 1) % 40}.md`)])));
    const across = await syncDocs(join(dir, 'across'), join(dir, 'across-out'), { cache: false, heldBytes: 0 });
    assert.equal(across.linksRewritten, 40);
    assert.deepEqual([...new Set(seen)], [2], 'links that change need both indexes while pages are rendered');
    assert.match(readFileSync(join(dir, 'across-out', 'knowledge', 'Part-0', 'page-0.md'), 'utf8'), /See \[next\]\(\.\.\/Part-1\/page-1\.md\)/);
  } finally {
    octx.writeSource = write;
  }
});
