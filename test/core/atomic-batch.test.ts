// Writers of many files at once (issue 28: a first sync of 50 000 pages wrote them one by one, each
// with its own fsync): writeFilesAtomic and writeTreeAtomic leave exactly what writeFileAtomic file
// by file leaves (the same bytes, the same modes, no temp file), never write through a symlink, and
// on a failure leave no temp file or temp tree behind. sync's apply, which uses them, writes the same
// tree into a new directory and into an existing one.
// Fails on the code before: there were no writeFilesAtomic / writeTreeAtomic.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as atomic from '../../src/core/atomic.js';
import { apply } from '../../src/sync/apply.js';

type Batch = (files: { target: string; data: Uint8Array }[], mode?: number, base?: string) => Promise<void>;
type Tree = (target: string, files: ReadonlyMap<string, Uint8Array>, mode?: number) => Promise<void>;
const writeFilesAtomic = (atomic as unknown as { writeFilesAtomic?: Batch }).writeFilesAtomic;
const writeTreeAtomic = (atomic as unknown as { writeTreeAtomic?: Tree }).writeTreeAtomic;

/** Every file below `dir`: path → bytes and mode. */
function snapshot(dir: string): Map<string, { bytes: string; mode: number }> {
  const out = new Map<string, { bytes: string; mode: number }>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p).split('\\').join('/'), { bytes: readFileSync(p, 'latin1'), mode: statSync(p).mode & 0o777 });
    }
  };
  walk(dir);
  return out;
}

function sample(n: number): Map<string, Buffer> {
  const m = new Map<string, Buffer>();
  for (let i = 0; i < n; i++) m.set(`f${i % 7}/s${i % 3}/page-${i}.md`, Buffer.from(`# page ${i}\n\n${'x'.repeat(i * 13)}\n`));
  m.set('top.md', Buffer.from([0, 255, 10, 13]));
  m.set('empty.md', Buffer.alloc(0));
  return m;
}

const fresh = () => mkdtempSync(join(tmpdir(), 'ctxforge-atomic-batch-'));

test('writeFilesAtomic and writeTreeAtomic leave exactly what writeFileAtomic file by file leaves', async (t) => {
  assert.ok(writeFilesAtomic && writeTreeAtomic, 'the batch writers are missing');
  const d = fresh();
  t.after(() => rmSync(d, { recursive: true, force: true }));
  const files = sample(120);
  for (const mode of [0o644, 0o600]) {
    const one = join(d, `one-${mode}`);
    mkdirSync(one);
    for (const [rel, data] of files) await atomic.writeFileAtomic(join(one, ...rel.split('/')), data, mode, one);
    const batch = join(d, `batch-${mode}`);
    mkdirSync(batch);
    // Some files there already: replaced whole.
    mkdirSync(join(batch, 'f0', 's0'), { recursive: true });
    writeFileSync(join(batch, 'f0', 's0', 'page-0.md'), 'old bytes, longer than the new ones will be');
    await writeFilesAtomic([...files].map(([rel, data]) => ({ target: join(batch, ...rel.split('/')), data })), mode, batch);
    const tree = join(d, `tree-${mode}`, 'nested', 'out');
    await writeTreeAtomic(tree, files, mode);
    const want = snapshot(one);
    assert.equal(want.size, files.size);
    assert.deepEqual(snapshot(batch), want);
    assert.deepEqual(snapshot(tree), want);
    // No temp file or temp tree left beside anything.
    assert.deepEqual(readdirSync(join(d, `tree-${mode}`, 'nested')), ['out']);
  }
});

test('writeTreeAtomic gives every file exactly its mode, whatever the umask takes away (its files skip fchmod only when the first kept every bit)', async (t) => {
  assert.ok(writeTreeAtomic, 'writeTreeAtomic is missing');
  const d = fresh();
  const before = process.umask(0o022);
  t.after(() => { process.umask(before); rmSync(d, { recursive: true, force: true }); });
  const files = sample(40);
  for (const [umask, mode] of [[0o077, 0o644], [0o022, 0o664], [0o022, 0o644], [0o000, 0o600], [0o277, 0o444]] as const) {
    process.umask(umask);
    const tree = join(d, `tree-${umask.toString(8)}-${mode.toString(8)}`);
    await writeTreeAtomic(tree, files, mode);
    const modes = new Set([...snapshot(tree).values()].map((f) => f.mode));
    assert.deepEqual([...modes], [mode], `umask ${umask.toString(8)}, mode ${mode.toString(8)}`);
  }
});

test('writeFilesAtomic never writes through a symlink, and a refusal writes nothing', async (t) => {
  assert.ok(writeFilesAtomic, 'writeFilesAtomic is missing');
  const d = fresh();
  t.after(() => rmSync(d, { recursive: true, force: true }));
  const root = join(d, 'root');
  const elsewhere = join(d, 'elsewhere');
  mkdirSync(root);
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, 'victim.md'), 'keep me');
  symlinkSync(elsewhere, join(root, 'linked'));
  symlinkSync(join(elsewhere, 'victim.md'), join(root, 'file-link.md'));
  for (const bad of ['linked/victim.md', 'linked/new/deeper.md', 'file-link.md']) {
    await assert.rejects(writeFilesAtomic([
      { target: join(root, 'a.md'), data: Buffer.from('a') },
      { target: join(root, ...bad.split('/')), data: Buffer.from('evil') },
    ], 0o644, root), (e: Error) => /symbolic link|symlink/i.test(e.message), bad);
    assert.equal(readFileSync(join(elsewhere, 'victim.md'), 'utf8'), 'keep me');
    assert.deepEqual(readdirSync(elsewhere), ['victim.md'], `nothing made through ${bad}`);
    assert.equal(existsSync(join(root, 'a.md')), false, 'a refusal found before writing writes nothing');
    assert.deepEqual(readdirSync(root).sort(), ['file-link.md', 'linked']);
  }
});

test('a batch that fails half-way leaves no temp file; a tree that fails leaves no temp tree and no target', async (t) => {
  assert.ok(writeFilesAtomic && writeTreeAtomic, 'the batch writers are missing');
  const d = fresh();
  t.after(() => rmSync(d, { recursive: true, force: true }));
  const root = join(d, 'root');
  mkdirSync(join(root, 'dir.md'), { recursive: true });
  // The second target is a directory: the rename over it fails.
  await assert.rejects(writeFilesAtomic([
    { target: join(root, 'ok.md'), data: Buffer.from('ok') },
    { target: join(root, 'dir.md'), data: Buffer.from('x') },
  ], 0o644, root));
  assert.deepEqual(readdirSync(root).filter((n) => n.includes('ctxforge-tmp')), []);
  // A tree holding a file where another file needs a folder cannot be written.
  const target = join(d, 'tree');
  await assert.rejects(writeTreeAtomic(target, new Map([['a/b.md', Buffer.from('1')], ['a/b.md/c.md', Buffer.from('2')]])));
  assert.equal(existsSync(target), false);
  assert.deepEqual(readdirSync(d).sort(), ['root']);
});

test('sync apply: a new target and an existing one end up byte for byte the same, and a second apply writes nothing', async (t) => {
  const d = fresh();
  t.after(() => rmSync(d, { recursive: true, force: true }));
  const files = sample(60);
  const plan = { write: files, remove: [] as string[] };
  const made = join(d, 'new', 'target');
  const r1 = await apply(made, plan);
  assert.equal(r1.written.length, files.size);
  const existing = join(d, 'existing');
  mkdirSync(join(existing, 'f1', 's1'), { recursive: true });
  writeFileSync(join(existing, 'f1', 's1', 'stale.md'), 'stale');
  writeFileSync(join(existing, 'top.md'), Buffer.from([0, 255, 10, 13]));
  const r2 = await apply(existing, { write: files, remove: ['f1/s1/stale.md'] });
  assert.equal(r2.unchanged, 1);
  assert.deepEqual(r2.removed, ['f1/s1/stale.md']);
  assert.deepEqual(snapshot(existing), snapshot(made));
  const r3 = await apply(made, plan);
  assert.deepEqual([r3.written.length, r3.unchanged], [0, files.size]);
});
