// sync's stat cache (issue 39): a sync that finds both folders as the last sync on this machine left
// them opens no page and reports what a full sync reports; every change a stamp can show — content
// rewritten with its size and mtime put back (ctime), a file replaced (inode), a file added or
// removed, an edited target file — sends it down the full path, and so does a cache that is
// garbage, truncated, another version's, another folder pair's or in an untrusted folder. Opens are
// counted through the real fs module (syncBuiltinESMExports), never timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { chmodSync, copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { syncDocs, type SyncOptions, type SyncResult } from '../../src/sync/index.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

/** A clock far enough ahead that no stamp is racy (files written a moment ago look old). */
const later = () => Date.now() + 60_000;

const PAGES: Record<string, string> = {
  'index.md': '# Guide\n\nStart with [setup](setup.md) and [the FAQ](faq.md).\n',
  'setup.md': '---\ntitle: Setup\ntags: [install]\nsidebar_position: 2\n---\n\n# Setup\n\nRun it. See [missing](nowhere.md).\n',
  'My Notes/Café Über.md': '# Café\n\nBack to [the guide](../index.md).\n',
  'deep/a/b/page.md': '# Deep\n\nA [link](../../../setup.md#setup).\n',
  'img/logo.png': 'not really a png',
  '.gitignore': 'x\n',
};

function fixture(pages: Record<string, string> = PAGES): { root: string; docs: string; target: string; cache: string } {
  const root = tmpDir('ctxforge-statcache-');
  const docs = join(root, 'docs');
  writeTree(docs, pages);
  const cache = join(root, 'cache', 'ctxforge', 'sync');
  return { root, docs, target: join(root, 'tree'), cache };
}

/**
 * Every path below `dirs` opened while `run` runs (openSync, readFileSync, fs/promises open and
 * readFile), and whether the ID map was read (only the full path reads it: readIdMap).
 */
async function opensDuring<T>(dirs: string[], run: () => Promise<T>): Promise<{ value: T; opened: string[]; full: boolean }> {
  const opened: string[] = [];
  let full = false;
  const note = (p: unknown, promised = false) => {
    const s = String(p);
    if (!dirs.some((d) => s.startsWith(`${d}/`))) return;
    opened.push(s);
    if (promised && s.endsWith('/.ctxforge-sync.json')) full = true;
  };
  const { openSync } = fs;
  const { open, readFile } = fsp;
  const rf = fs.readFileSync;
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => { note(p); return (openSync as (...a: unknown[]) => number)(p, ...rest); }) as typeof fs.openSync;
  fs.readFileSync = ((p: fs.PathOrFileDescriptor, ...rest: unknown[]) => { if (typeof p !== 'number') note(p); return (rf as (...a: unknown[]) => unknown)(p, ...rest); }) as typeof fs.readFileSync;
  fsp.open = ((p: fs.PathLike, ...rest: unknown[]) => { note(p, true); return (open as (...a: unknown[]) => unknown)(p, ...rest); }) as typeof fsp.open;
  fsp.readFile = ((p: fs.PathLike, ...rest: unknown[]) => { note(p, true); return (readFile as (...a: unknown[]) => unknown)(p, ...rest); }) as typeof fsp.readFile;
  syncBuiltinESMExports();
  try {
    return { value: await run(), opened, full };
  } finally {
    fs.openSync = openSync; fs.readFileSync = rf; fsp.open = open; fsp.readFile = readFile;
    syncBuiltinESMExports();
  }
}

/** The result as --json prints it (what a replay must equal). */
const asJson = (r: SyncResult) => JSON.parse(JSON.stringify(r)) as unknown;

async function sync(f: ReturnType<typeof fixture>, o: SyncOptions = {}, clock: () => number = later) {
  return opensDuring([f.docs, f.target], () => syncDocs(f.docs, f.target, { now: 1767225600000, cache: { folder: f.cache, clock }, ...o }));
}

/** What a sync without any cache reports for the same folders now. */
const full = (f: ReturnType<typeof fixture>, o: SyncOptions = {}) => syncDocs(f.docs, f.target, { now: 1767225600000, cache: false, ...o, dryRun: true });

const records = (f: ReturnType<typeof fixture>) => { try { return readdirSync(f.cache).filter((n) => n.endsWith('.json')); } catch { return []; } };

test('a second sync with nothing changed opens no page and reports what a full sync reports', async () => {
  for (const format of ['octx', 'acx', 'ctxpkg'] as const) {
    const f = fixture();
    const first = await sync(f, { format });
    assert.equal(first.value.added.length, 4, format);
    assert.ok(first.opened.length >= 4, `the first sync reads the pages (${first.opened.length})`);
    assert.equal(records(f).length, 1, 'one record for the pair');
    const again = await sync(f, { format });
    assert.deepEqual(again.opened, [], `${format}: no page or target file opened`);
    assert.equal(again.value.unchanged, 4);
    assert.ok(again.value.linksRewritten > 0, 'the renamed page\'s links are still counted');
    assert.ok(again.value.diagnostics.some((d) => d.code === 'LINK_BROKEN'), 'the broken link is still reported');
    // The replay is what the full path says about the same folders, to the letter.
    const fresh = await full(f, { format });
    assert.deepEqual(asJson(again.value), { ...(asJson(fresh) as object), dryRun: false }, format);
    // --dry-run answers from the record too.
    const dry = await sync(f, { format, dryRun: true });
    assert.deepEqual(dry.opened, []);
    assert.equal(dry.value.dryRun, true);
  }
});

test('after a sync that moved pages, the replay drops the moves and equals a full re-sync', async () => {
  const f = fixture();
  // Enough words of its own to be moved by content under another name (move-evidence.ts).
  writeTree(f.docs, { 'guide.md': `# Guide two\n\n${Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')}\n` });
  await sync(f);
  renameSync(join(f.docs, 'guide.md'), join(f.docs, 'walkthrough.md'));
  const moved = await sync(f);
  assert.equal(moved.value.moved.length, 1);
  const again = await sync(f);
  assert.deepEqual(again.opened, []);
  assert.deepEqual(asJson(again.value), { ...(asJson(await full(f)) as object), dryRun: false });
  assert.ok(!again.value.diagnostics.some((d) => d.code === 'SYNC_MOVED'));
});

test('content rewritten with the same size and its mtime put back is found by its ctime', async () => {
  const f = fixture();
  const page = join(f.docs, 'index.md');
  // A whole second, so utimes can put it back to the nanosecond.
  utimesSync(page, 1767225600, 1767225600);
  await sync(f);
  assert.equal((await sync(f)).full, false, 'a hit before the edit');
  const before = statSync(page, { bigint: true });
  const text = readFileSync(page, 'utf8');
  writeFileSync(page, text.replace('Start', 'Begin'));
  utimesSync(page, 1767225600, 1767225600);
  const now = statSync(page, { bigint: true });
  assert.equal(now.size, before.size);
  assert.equal(now.mtimeNs, before.mtimeNs, 'size and mtime are as they were');
  assert.equal(now.ino, before.ino, 'the same inode');
  const r = await sync(f);
  assert.deepEqual(r.value.modified.map((m) => m.upstream), ['index.md']);
  assert.ok(r.opened.some((p) => p.endsWith('/index.md')), 'the page was read');
  assert.match(readFileSync(join(f.target, 'knowledge', 'index-page.md'), 'utf8'), /Begin with/);
});

test('a file replaced by an identical copy (a new inode) is read again, and found unchanged', async () => {
  const f = fixture();
  await sync(f);
  const page = join(f.docs, 'setup.md');
  utimesSync(page, 1767225600, 1767225600);
  await sync(f);
  const st = statSync(page, { bigint: true });
  copyFileSync(page, `${page}.new`);
  renameSync(`${page}.new`, page);
  utimesSync(page, 1767225600, 1767225600);
  assert.notEqual(statSync(page, { bigint: true }).ino, st.ino);
  assert.equal(statSync(page, { bigint: true }).mtimeNs, st.mtimeNs);
  const r = await sync(f);
  assert.ok(r.full, 'the full path ran');
  assert.equal(r.value.unchanged, 4);
  assert.deepEqual(r.value.files.written, []);
});

test('a target file edited by hand (size and mtime put back) is found and rewritten', async () => {
  const f = fixture();
  await sync(f);
  const file = join(f.target, 'knowledge', 'setup.md');
  utimesSync(file, 1767225600, 1767225600);
  await sync(f);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace('Run it.', 'Rm -rf'));
  utimesSync(file, 1767225600, 1767225600);
  const r = await sync(f);
  assert.deepEqual(r.value.files.written, ['knowledge/setup.md']);
  assert.doesNotMatch(readFileSync(file, 'utf8'), /Rm -rf/);
});

test('a file added or removed on either side, or other options, is no hit', async () => {
  const f = fixture();
  await sync(f);
  writeTree(f.docs, { 'new.md': '# New\n' });
  let r = await sync(f);
  assert.deepEqual(r.value.added.map((a) => a.upstream), ['new.md']);
  // A file of the user's in the target: the full path looks at the tree (and leaves the file alone).
  writeTree(f.target, { 'NOTES.txt': 'mine' });
  r = await sync(f);
  assert.ok(r.full, 'the full path ran');
  assert.equal(readFileSync(join(f.target, 'NOTES.txt'), 'utf8'), 'mine');
  r = await sync(f);
  assert.deepEqual(r.opened, [], 'recorded again with the user\'s file');
  r = await sync(f, { type: 'Guide' });
  assert.ok(r.full, 'another --type is another sync');
  assert.ok(r.value.modified.length >= 1 || r.value.files.written.length >= 1);
});

test('a record that is garbage, truncated, another version\'s or another pair\'s is ignored: the full path, the right answer', async () => {
  const f = fixture();
  await sync(f);
  const [name] = records(f);
  const file = join(f.cache, name!);
  const good = readFileSync(file, 'utf8');
  const rec = JSON.parse(good) as Record<string, unknown>;
  const expected = asJson(await full(f));
  const bad: [string, string][] = [
    ['garbage', '\u0000\u00ff not json'],
    ['truncated', good.slice(0, good.length >> 1)],
    ['empty', ''],
    ['wrong version', JSON.stringify({ ...rec, version: 999 })],
    ['another pair', JSON.stringify({ ...rec, docs: '/elsewhere/docs' })],
    ['wrong shape', JSON.stringify({ ...rec, replay: { unchanged: 'all' } })],
    ['a different digest', JSON.stringify({ ...rec, upstream: { ...(rec.upstream as object), digest: '0'.repeat(64) } })],
  ];
  for (const [what, text] of bad) {
    writeFileSync(file, text, { mode: 0o600 });
    const r = await sync(f);
    assert.ok(r.full, `${what}: the full path ran`);
    assert.deepEqual({ ...(asJson(r.value) as object), dryRun: true }, expected, what);
  }
  // A record copied under another pair's name (a copy of both folders) is not that pair's.
  const g = { ...f, docs: join(f.root, 'docs2'), target: join(f.root, 'tree2') };
  cpSync(f.docs, g.docs, { recursive: true });
  cpSync(f.target, g.target, { recursive: true });
  await sync(f);
  const mine = readFileSync(file);
  const first = await sync(g);
  assert.ok(first.full);
  for (const n of records(f)) if (n !== name) writeFileSync(join(f.cache, n), mine, { mode: 0o600 });
  const r = await sync(g);
  assert.ok(r.full, 'another pair\'s record is not used');
});

test('a cache folder another user could write is not used; sync is still right', async () => {
  const f = fixture();
  await sync(f);
  chmodSync(f.cache, 0o777);
  const r = await sync(f);
  assert.ok(r.full, 'the record in a group- and world-writable folder is not read');
  assert.equal(r.value.unchanged, 4);
  chmodSync(f.cache, 0o700);
  const [name] = records(f);
  chmodSync(join(f.cache, name!), 0o666);
  assert.ok((await sync(f)).full, 'a record others can write is not read');
});

test('files fresh enough to share a clock tick with an edit are checked by their bytes', async () => {
  const f = fixture();
  // An asset larger than one read block, hashed in blocks.
  writeTree(f.docs, { 'img/big.bin': Buffer.alloc(3 << 20, 7) });
  const now = Date.now;
  await sync(f, {}, now);
  // With the real clock every file was written a moment ago: racy, so each is hashed, and the sync is still a hit.
  const r = await sync(f, {}, now);
  assert.equal(r.full, false, 'a hit');
  assert.equal(r.opened.length, new Set(r.opened).size, 'each racy file read once');
  assert.ok(r.opened.some((p) => p.endsWith('/docs/index.md')) && r.opened.some((p) => p.endsWith('/knowledge/setup.md')), 'racy files on both sides were checked by their bytes');
  assert.ok(r.opened.some((p) => p.endsWith('/img/big.bin')), 'the large asset too');
  assert.deepEqual(asJson(r.value), { ...(asJson(await full(f)) as object), dryRun: false });
  // Later, the record is checked once more by bytes and refreshed; from then on nothing is opened.
  assert.equal((await sync(f)).full, false);
  assert.deepEqual((await sync(f)).opened, []);
});

test('a dry run records nothing, and --no-cache neither reads nor writes a record', async () => {
  const f = fixture();
  await sync(f, { dryRun: true });
  assert.deepEqual(records(f), []);
  await syncDocs(f.docs, f.target, { cache: false });
  assert.deepEqual(records(f), []);
});

test('records no sync has touched for 30 days are removed when a sync records; others are kept', async () => {
  const f = fixture();
  mkdirSync(f.cache, { recursive: true, mode: 0o700 });
  const old = join(f.cache, `${'a'.repeat(64)}.json`);
  const recent = join(f.cache, `${'b'.repeat(64)}.json`);
  const other = join(f.cache, 'notes.txt');
  for (const p of [old, recent, other]) writeFileSync(p, '{}', { mode: 0o600 });
  const days = (n: number) => (Date.now() - n * 86400_000) / 1000;
  utimesSync(old, days(40), days(40));
  utimesSync(recent, days(20), days(20));
  utimesSync(other, days(40), days(40));
  // The first record a process writes into the folder sweeps it.
  await sync(f);
  const mine = records(f).find((n) => !/^(a+|b+)\.json$/.test(n));
  const left = readdirSync(f.cache).sort();
  assert.ok(!left.includes(`${'a'.repeat(64)}.json`), 'the stale record is gone');
  assert.ok(left.includes(`${'b'.repeat(64)}.json`) && left.includes('notes.txt') && left.includes(mine!), `kept: ${left.join(', ')}`);
});

test('the digests of files just written are kept for as long as their stamps can be racy, then let go', async () => {
  const { WrittenDigests } = await import('../../src/sync/stat-cache.js');
  const { sha256Hex } = await import('../../src/core/hash.js');
  let now = 1_000_000;
  const w = new WrittenDigests(() => now);
  const a = Buffer.from('# a\n'), b = Buffer.from('# b\n');
  w.add('a.md', a);
  now += 2_500;
  w.add('b.md', b);
  // Within the racy window and its margin: both known, by the bytes written.
  assert.equal(w.get('a.md'), sha256Hex(a));
  assert.equal(w.get('b.md'), sha256Hex(b));
  assert.equal(w.get('c.md'), undefined);
  // A write 3.5 s after a's: a can no longer be racy, and is let go; b is still kept.
  now += 1_000;
  w.add('c.md', Buffer.alloc(0));
  assert.equal(w.get('a.md'), undefined);
  assert.equal(w.get('b.md'), sha256Hex(b));
  // Many writes: what is held stays the last few seconds' worth.
  for (let i = 0; i < 10_000; i++) { now += 1; w.add(`p${i}.md`, a); }
  assert.equal(w.get('p0.md'), undefined);
  assert.equal(w.get('p9999.md'), sha256Hex(a));
});
