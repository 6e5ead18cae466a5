// Sync reads each page once (issue 28). Moves are found on pages held as sorted 32-bit shingle
// hashes (similarTexts) instead of Sets of strings — 5,000 moved pages took 1.5 GB — and must be
// exactly what shingling every page and comparing every pair finds; the link check is answered from
// the pages readUpstream already read (up.folder), byte for byte; the ID map's check reads only the
// documents' IDs (documents() with want.idsOnly), the same IDs as a full read.
// Each test fails on the code before: there was no similarTexts, no up.folder, and idsOnly was
// ignored (every document came back whole).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join, resolve, sep } from 'node:path';
import * as similarity from '../../src/sync/similarity.js';
import { readUpstream } from '../../src/sync/upstream.js';
import { syncDocs } from '../../src/sync/index.js';
import { DiskTree } from '../../src/core/tree.js';
import { formatByName } from '../../src/formats.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

type Pair = { left: number; right: number; similarity: number };
const { shingles, jaccard } = similarity;
const similarPairs = similarity.similarPairs;
const similarTexts = (similarity as unknown as { similarTexts?: (l: string[], r: string[], t: number) => Pair[] }).similarTexts;
const shingleHashes = (similarity as unknown as { shingleHashes?: (t: string) => { h: Uint32Array; exact: boolean } }).shingleHashes;
const useHashSeed = (similarity as unknown as { useHashSeed?: (s?: number) => void }).useHashSeed;

function everyPair(left: Set<string>[], right: Set<string>[], t: number): Pair[] {
  const out: Pair[] = [];
  left.forEach((a, i) => right.forEach((b, j) => { const s = jaccard(a, b); if (s >= t) out.push({ left: i, right: j, similarity: s }); }));
  return out;
}
const byText = (l: string[], r: string[], t: number) => everyPair(l.map(shingles), r.map(shingles), t);

test('similarTexts = shingling and comparing every pair, on pages moved and edited', () => {
  assert.ok(similarTexts, 'similarTexts is missing');
  let seed = 11;
  const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const words = Array.from({ length: 400 }, (_, i) => (i % 7 ? `word${i}` : `Wörd-${i}`));
  const page = () => Array.from({ length: 3 + rand(260) }, () => words[rand(words.length)]).join(rand(3) ? ' ' : ',\n');
  const old = Array.from({ length: 150 }, page);
  old.push('', 'one', 'two words', '!!!', old[3]!, 'a b c a b c a b c');
  const edited = old.map((p, i) => {
    const w = p.split(' ');
    for (let k = 0; k < (i % 7) * w.length / 10; k++) w[rand(w.length)] = words[rand(words.length)]!;
    return w.join(' ');
  });
  edited.push('', 'One', page(), 'TWO words', 'c a b c a b');
  for (const t of [0.1, 0.3, 0.5, 0.8, 1]) {
    const got = similarTexts(edited, old, t);
    assert.deepEqual(got, byText(edited, old, t), `threshold ${t}`);
    if (t === 0.3) assert.ok(got.length > 40, `the case finds moves (${got.length})`);
  }
});

test('similarTexts = comparing every pair, when shingle hashes collide', () => {
  assert.ok(similarTexts && shingleHashes, 'similarTexts is missing');
  // Two words with the same 32-bit FNV-1a hash (found by search): every shingle that differs only
  // in them has one hash. A page holding both is compared by its strings; two pages that differ
  // only in them look alike to the hashes and must not to the result.
  // The hash is seeded at random a process (no page can be written to collide on purpose); plain
  // FNV-1a here, so the two words collide.
  assert.ok(useHashSeed, 'useHashSeed is missing');
  useHashSeed(0x811c9dc5);
  const [a, b] = ['q15wzx', 'q1c6cd'];
  const base = Array.from({ length: 40 }, (_, i) => `w${i}`);
  const withWord = (w: string) => [...base.slice(0, 20), w, ...base.slice(20)].join(' ');
  const both = `${withWord(a)} ${a} x y ${b} x y`;
  assert.equal(shingleHashes(both).exact, false, 'the page with both words has a hash collision inside it');
  assert.equal(shingleHashes(withWord(a)).exact, true);
  const left = [withWord(a), both, withWord(b), `${a} x y`, base.join(' ')];
  const right = [withWord(b), `${b} x y`, both, withWord(a), base.join(' '), `${a} x y`];
  for (const t of [0.05, 0.5, 0.9, 0.95, 1]) assert.deepEqual(similarTexts(left, right, t), byText(left, right, t), `threshold ${t}`);
  // Hashes alone would call these two pages identical; their shingles are not.
  assert.deepEqual(similarTexts([`${a} x y`], [`${b} x y`], 1), []);
  useHashSeed();
});

test('similarPairs = comparing every pair, when strings of one set share a hash', () => {
  useHashSeed?.(0x811c9dc5);
  const [a, b] = ['q15wzx', 'q1c6cd'];
  const l = [new Set([a, b, 'c']), new Set([a, 'c']), new Set([b]), new Set<string>()];
  const r = [new Set([a, 'c']), new Set([b, 'c']), new Set([a, b, 'c']), new Set([b]), new Set<string>()];
  for (const t of [0.1, 0.5, 2 / 3, 1]) assert.deepEqual(similarPairs(l, r, t), everyPair(l, r, t), `threshold ${t}`);
  useHashSeed?.();
});

test('the pairs found do not depend on the hash seed', () => {
  assert.ok(similarTexts && useHashSeed);
  const words = Array.from({ length: 60 }, (_, i) => `v${i}`);
  let r = 5;
  const rand = (n: number) => { r = (r * 1103515245 + 12345) % 2147483648; return r % n; };
  const pages = Array.from({ length: 40 }, () => Array.from({ length: 20 + rand(60) }, () => words[rand(words.length)]).join(' '));
  const edited = pages.map((p, i) => p.split(' ').map((w, k) => ((k + i) % 9 ? w : words[rand(words.length)])).join(' '));
  const want = byText(edited, pages, 0.3);
  for (const s of [1, 0x811c9dc5, 0xffffffff, undefined]) { useHashSeed(s); assert.deepEqual(similarTexts(edited, pages, 0.3), want, `seed ${s}`); }
});

test('the link check reads the pages readUpstream read, byte for byte, without opening them again', async () => {
  const dir = tmpDir('ctxforge-read-once-');
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const pages: Record<string, Buffer> = {
    'a.md': Buffer.from('# A\r\n\r\nSee [b](b.md).\r\n'),
    'b.md': Buffer.concat([bom, Buffer.from('---\ntitle: B\n---\n# B\n\nÜber [a](a.md#a).\n')]),
    'c.md': Buffer.concat([bom, bom, bom, Buffer.from('# C\n\nthree marks\n')]),
    'sub/d.md': Buffer.from('# D\n\n[up](../a.md)\n'),
  };
  for (const [p, bytes] of Object.entries(pages)) { mkdirSync(join(dir, p, '..'), { recursive: true }); writeFileSync(join(dir, p), bytes); }
  writeFileSync(join(dir, 'latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x0a]));
  writeFileSync(join(dir, 'pic.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const up = await readUpstream(dir);
  const folder = (up as unknown as { folder?: DiskTree & { release(): void } }).folder;
  assert.ok(folder, 'readUpstream gives the folder it read');
  assert.deepEqual((await folder.list()).map((e) => e.path), (await new DiskTree(dir).list()).map((e) => e.path));
  // Gone from the disk: the pages still come back as they were read, and nothing else does.
  for (const p of [...Object.keys(pages), 'latin1.md', 'pic.png']) rmSync(join(dir, p));
  for (const [p, bytes] of Object.entries(pages)) assert.deepEqual(await folder.read(p), bytes, p);
  await assert.rejects(folder.read('latin1.md'), 'a page that is no UTF-8 was no page: read from the disk');
  await assert.rejects(folder.read('pic.png'), 'an asset is read from the disk');
  folder.release();
  await assert.rejects(folder.read('a.md'), 'released: the texts are gone');
});

test('documents() with want.idsOnly gives every document\'s path and ID as a full read does, and nothing else', async () => {
  const dir = tmpDir('ctxforge-ids-only-');
  const up = join(dir, 'up');
  writeTree(up, { 'alpha.md': '# Alpha\n\nAlpha text.\n', 'x/beta.md': '---\ntitle: Beta\ntags: [t]\n---\n# Beta\n\nBeta text.\n', 'x/y/gamma.md': 'no heading at all\n' });
  const kb = join(dir, 'kb');
  assert.equal((await runCli(['sync', up, kb])).code, 0);
  const octx = formatByName('octx')!;
  const full = await octx.documents!(new DiskTree(kb), { want: { docs: true, skills: false } });
  const ids = await octx.documents!(new DiskTree(kb), { want: { docs: true, skills: false, idsOnly: true } });
  assert.equal(full.docs.length, 3);
  assert.deepEqual(ids.docs.map((d) => [d.path, d.id]), full.docs.map((d) => [d.path, d.id]));
  assert.ok(ids.docs.every((d) => d.body === '' && d.title === '' && d.carried === undefined), 'no body, title or fields held');
  // A document without its ID fails the same way either way.
  const first = full.docs[0]!.path;
  writeFileSync(join(kb, 'knowledge', first), '---\ntitle: no id\n---\n# x\n');
  await assert.rejects(octx.documents!(new DiskTree(kb), { want: { docs: true, skills: false } }), /octx\.document_id/);
  await assert.rejects(octx.documents!(new DiskTree(kb), { want: { docs: true, skills: false, idsOnly: true } }), /octx\.document_id/);
});

// Sync holds no page's text for the whole tree (issue 39), yet a page is not opened a second time to
// write it: its body comes from the ring of bodies kept (held-bodies.ts) while it is there, and past
// the ring a page read again is made once for every use. Each test below fails on the code before,
// which opened every page again to write it (and a moved page once more for each step of the move
// detection).
/** node:fs as CommonJS sees it: what syncBuiltinESMExports() hands on to every `import { openSync } from 'node:fs'`. */
const fsSpied = createRequire(import.meta.url)('node:fs') as { openSync: (...a: unknown[]) => number };

/** `run`, counting the opens of each file below `root` (every read of a page opens it: DiskTree's and sync's read again alike). */
async function countingOpens<T>(root: string, run: () => Promise<T>): Promise<{ result: T; opens: Record<string, number> }> {
  const opens: Record<string, number> = {};
  const real = fsSpied.openSync;
  const under = resolve(root) + sep;
  fsSpied.openSync = (...a: unknown[]) => {
    const s = String(a[0]);
    if (s.startsWith(under)) { const rel = s.slice(under.length).split(sep).join('/'); opens[rel] = (opens[rel] ?? 0) + 1; }
    return real(...a);
  };
  syncBuiltinESMExports();
  try {
    return { result: await run(), opens };
  } finally {
    fsSpied.openSync = real;
    syncBuiltinESMExports();
  }
}

/**
 * Pages of every shape the write makes again: frontmatter, CRLF, a byte-order mark, non-ASCII text,
 * an empty page; `renamed`: names the synced tree changes (a folder with a space, index.md, an MDX
 * page), so every page's links are rewritten.
 */
function shapes(dir: string, renamed: boolean, words = 0): void {
  const more = (i: number) => Array.from({ length: words }, (_, k) => `w${(i * 31 + k * 7) % 97}`).join(' ');
  // An index.md and an .mdx page are renamed too (OCTX keeps that name for its navigation, and writes .md).
  const home = renamed ? 'index.md' : 'home.md';
  const comp = renamed ? 'guide/comp.mdx' : 'guide/comp.md';
  const start = renamed ? 'Sub Dir/start.md' : 'start/start.md';
  const cafe = renamed ? 'guide/café.md' : 'guide/cafe.md';
  writeTree(dir, {
    [home]: `---\ntitle: Home\n---\n\n# Home\n\nSee [start](${encodeURI(start)}) and [café](${encodeURI(cafe)}).\n\n${more(1)}\n`,
    [start]: `\ufeff# Start\r\n\r\nBack [home](../${home}).\r\n\r\n${more(2)}\r\n`,
    [cafe]: `# Café\n\nNaïve text — ünïcödé ✓.\n\n${more(3)}\n`,
    'guide/plain.md': `# Plain\n\nno links\n\n${more(4)}\n`,
    [comp]: `# Comp\n\n<Card href="/guide/plain">x</Card>\n\n${more(5)}\n`,
    'guide/empty.md': '',
  });
}

/** Every file below `dir` and its bytes. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r); else out[r] = readFileSync(join(dir, r), 'utf8');
    }
  };
  walk('');
  return out;
}

test('a sync opens each page once, the write included: bodies come from the first read', async () => {
  const dir = tmpDir('ctxforge-sync-open-once-');
  const docs = join(dir, 'docs');
  shapes(docs, true);
  const opts = { now: 1_760_000_000_000, cache: false as const };
  const first = await countingOpens(docs, () => syncDocs(docs, join(dir, 'out'), opts));
  assert.equal(first.result.added.length, 6);
  assert.ok(first.result.linksRewritten > 0, 'the renamed folder\'s links are rewritten, so bodies are rewritten again when written');
  assert.deepEqual(first.opens, Object.fromEntries(Object.keys(first.opens).sort().map((p) => [p, 1])), 'every page opened once');
  assert.equal(Object.keys(first.opens).length, 6);
  // Past the ring (none kept), the same tree: each page read again for the link rewrite and for the write.
  const again = await countingOpens(docs, () => syncDocs(docs, join(dir, 'out0'), { ...opts, heldBytes: 0 }));
  assert.ok(Object.values(again.opens).every((n) => n === 3), JSON.stringify(again.opens));
  // The documents as written, their IDs aside (random bits even at a fixed time).
  const kb = (d: string) => Object.fromEntries(Object.entries(filesOf(join(dir, d))).filter(([p]) => p.startsWith('knowledge/')).map(([p, t]) => [p, t.replace(/document_id: "[^"]*"/, '')]));
  assert.deepEqual(kb('out0'), kb('out'));
  assert.ok(Object.values(kb('out')).some((t) => t.includes('Naïve text — ünïcödé ✓.\n')));
  // An edit synced into the tree: compared, then written — still one open a page.
  writeFileSync(join(docs, 'guide', 'plain.md'), '# Plain\n\nno links, edited\n');
  const edit = await countingOpens(docs, () => syncDocs(docs, join(dir, 'out'), opts));
  assert.deepEqual(edit.result.modified.map((m) => m.upstream), ['guide/plain.md']);
  assert.ok(Object.values(edit.opens).every((n) => n === 1), JSON.stringify(edit.opens));
});

test('moved pages past the ring are read again once for the move detection and once for the write', async () => {
  const dir = tmpDir('ctxforge-sync-moved-once-');
  const docs = join(dir, 'docs');
  shapes(docs, false, 40);
  const opts = { now: 1_760_000_000_000, cache: false as const };
  await syncDocs(docs, join(dir, 'out'), opts);
  // Two pages moved to another folder and edited a little.
  for (const [from, to] of [['guide/plain.md', 'moved/plain.md'], ['guide/cafe.md', 'moved/cafe.md']] as const) {
    mkdirSync(join(docs, 'moved'), { recursive: true });
    writeFileSync(join(docs, to), `${readFileSync(join(docs, from), 'utf8')}One more line.\n`);
    rmSync(join(docs, from));
  }
  cpSync(join(dir, 'out'), join(dir, 'out-held'), { recursive: true });
  const past = await countingOpens(docs, () => syncDocs(docs, join(dir, 'out'), { ...opts, heldBytes: 0 }));
  assert.deepEqual(past.result.moved.map((m) => m.upstream).sort(), ['moved/cafe.md', 'moved/plain.md']);
  // First read, the similarity's body, the write; a page left where it was: first read, the comparison with the tree.
  assert.deepEqual(past.opens, { 'guide/comp.md': 2, 'guide/empty.md': 2, 'home.md': 2, 'moved/cafe.md': 3, 'moved/plain.md': 3, 'start/start.md': 2 });
  const held = await countingOpens(docs, () => syncDocs(docs, join(dir, 'out-held'), opts));
  assert.ok(Object.values(held.opens).every((n) => n === 1), JSON.stringify(held.opens));
  assert.deepEqual(held.result.moved, past.result.moved);
  assert.deepEqual(filesOf(join(dir, 'out-held')), filesOf(join(dir, 'out')));
});

test('pages read again into one reused buffer: a long page, then shorter ones, and one past its bound, give the bodies the first read gave', async () => {
  const dir = tmpDir('ctxforge-sync-scratch-');
  const docs = join(dir, 'docs');
  // Names sort in this order, which is the order they are read again; sizes grow, shrink, pass the
  // buffer's bound (1 MiB) and come back under it.
  const sizes = [30, 200_000, 12, 90_000, 1_500_000, 7, 300_000, 0];
  sizes.forEach((n, i) => {
    const body = Array.from({ length: Math.ceil(n / 50) }, (_, k) => `Line ${i}.${k} — café ${'x'.repeat(k % 30)}`).join('\n').slice(0, n);
    writeTree(docs, { [`p${i}.md`]: `---\ntitle: Page ${i}\n---\n# Page ${i}\n\n${body}\n` });
  });
  const opts = { now: 1_760_000_000_000, cache: false as const };
  await syncDocs(docs, join(dir, 'held'), opts);
  const again = await countingOpens(docs, () => syncDocs(docs, join(dir, 'again'), { ...opts, heldBytes: 0 }));
  assert.ok(Object.values(again.opens).every((n) => n === 2), `each page read twice: ${JSON.stringify(again.opens)}`);
  const kb = (d: string) => Object.fromEntries(Object.entries(filesOf(join(dir, d))).filter(([p]) => p.startsWith('knowledge/')).map(([p, t]) => [p, t.replace(/document_id: "[^"]*"/, '')]));
  const held = kb('held');
  assert.equal(Object.keys(held).length, sizes.length + 1, 'every page and the index');
  assert.deepEqual(kb('again'), held);
});
