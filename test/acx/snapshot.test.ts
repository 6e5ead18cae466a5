// A cartridge named by path is checked from a private copy opened read-only (openSnapshot), not from
// an image in memory: a hostile -wal beside the file is never read, nothing is written beside it,
// and what SQLite reads is exactly the bytes that were copied and inspected. The hostile sidecar is
// a real WAL made by stock sqlite3 that changes the answer when SQLite reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openFile, openSnapshot, sqliteBackend } from '../../src/core/sqlite.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildExample } from './helpers.js';
import { runCli } from '../helpers/cli.js';

/**
 * `clean.db` holds x = 'old' and, beside it, `clean.db-wal`: a WAL whose frames set x = 'new', valid
 * for exactly that file. SQLite opening clean.db normally reads 'new' (and creates clean.db-shm).
 */
function hostileWal(): { dir: string; db: string; listing: string[] } {
  const dir = tmpDir('acx-wal-');
  const base = join(dir, 'base.db');
  execFileSync('sqlite3', [base, 'PRAGMA journal_mode=WAL;', 'CREATE TABLE t(x);', "INSERT INTO t VALUES('old');"], { stdio: 'ignore' });
  const db = join(dir, 'clean.db');
  copyFileSync(base, db);
  // The CLI checkpoints and removes its WAL at exit, so the WAL is copied while the write is in it.
  execFileSync('sqlite3', [base, 'PRAGMA wal_autocheckpoint=0;', "UPDATE t SET x='new';", `.system cp ${base}-wal ${db}-wal`], { stdio: 'ignore' });
  assert.ok(existsSync(`${db}-wal`) && statSync(`${db}-wal`).size > 32, 'the hostile WAL exists');
  // The stock tool itself reads the WAL: this sidecar changes the answer for whoever reads it.
  const probe = join(dir, 'probe');
  execFileSync('mkdir', [probe]);
  copyFileSync(db, join(probe, 'p.db'));
  copyFileSync(`${db}-wal`, join(probe, 'p.db-wal'));
  assert.equal(execFileSync('sqlite3', [join(probe, 'p.db'), 'SELECT x FROM t']).toString().trim(), 'new');
  return { dir, db, listing: readdirSync(dir).sort() };
}

test('openSnapshot never reads a -wal beside the file and writes nothing beside it', () => {
  const w = hostileWal();
  const db = openSnapshot(w.db, { maxBytes: 1 << 20 });
  try {
    assert.deepEqual(db.prepare('SELECT x FROM t').all(), [{ x: 'old' }]);
  } finally {
    db.close();
  }
  assert.deepEqual(readdirSync(w.dir).sort(), w.listing, 'no -shm or other file appeared beside the original');
});

test('openFile immutable ignores a hostile -wal on node:sqlite; better-sqlite3, which cannot, refuses', () => {
  const w = hostileWal();
  if (sqliteBackend() === 'node') {
    const db = openFile(w.db, { immutable: true });
    try {
      assert.deepEqual(db.prepare('SELECT x FROM t').all(), [{ x: 'old' }]);
    } finally {
      db.close();
    }
    assert.deepEqual(readdirSync(w.dir).sort(), w.listing);
  } else {
    // It used to build a URI better-sqlite3 does not parse: a bare "unable to open database file".
    assert.throws(() => openFile(w.db, { immutable: true }), /better-sqlite3 cannot open a database file immutable/);
  }
});

test('openSnapshot: SQLite reads the bytes that were copied and inspected, even if the original changes after', () => {
  const dir = tmpDir('acx-snap-');
  const a = join(dir, 'a.db');
  const b = join(dir, 'b.db');
  execFileSync('sqlite3', [a, 'CREATE TABLE t(x);', "INSERT INTO t VALUES('first');"]);
  execFileSync('sqlite3', [b, 'CREATE TABLE t(x);', "INSERT INTO t VALUES('second');", "INSERT INTO t VALUES('more');"]);
  let seen: { head: Buffer; size: number } | undefined;
  const db = openSnapshot(a, {
    maxBytes: 1 << 20,
    inspect: (head, size) => {
      seen = { head: Buffer.from(head), size };
      // Swapped after the copy, before SQLite opens anything: an in-place open would read this one.
      copyFileSync(b, a);
    },
  });
  try {
    assert.deepEqual(db.prepare('SELECT x FROM t').all(), [{ x: 'first' }]);
  } finally {
    db.close();
  }
  assert.equal(seen!.head.subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
  assert.equal(seen!.head.length, 100);
});

test('openSnapshot: the copy is 0600 in a 0700 folder of its own, removed on close and on refusal; a size over the limit is reported', () => {
  const dir = tmpDir('acx-snap-');
  const src = join(dir, 'a.db');
  execFileSync('sqlite3', [src, 'CREATE TABLE t(x);', "INSERT INTO t VALUES(1);"]);
  const priv = tmpDir('acx-tmp-');
  const before = process.env.TMPDIR;
  process.env.TMPDIR = priv;
  try {
    let modes: number[] = [];
    const db = openSnapshot(src, {
      maxBytes: 1 << 20,
      inspect: () => {
        const folders = readdirSync(priv);
        assert.equal(folders.length, 1);
        const folder = join(priv, folders[0]!);
        const files = readdirSync(folder);
        assert.deepEqual(files, ['db.sqlite']);
        modes = [statSync(folder).mode & 0o777, statSync(join(folder, files[0]!)).mode & 0o777];
        assert.deepEqual(readFileSync(join(folder, files[0]!)), readFileSync(src));
      },
    });
    assert.deepEqual(modes, [0o700, 0o600]);
    // node:sqlite reads the copy through its open descriptor: the copy is gone already, so a process
    // killed mid-check leaves nothing behind; better-sqlite3 keeps it until close.
    if (sqliteBackend() === 'node') assert.deepEqual(readdirSync(priv), [], 'removed once open');
    assert.deepEqual(db.prepare('SELECT x FROM t').all(), [{ x: 1 }]);
    db.close();
    assert.deepEqual(readdirSync(priv), [], 'closing removes the copy');
    assert.throws(() => openSnapshot(src, { maxBytes: 1 << 20, inspect: () => { throw new Error('refused'); } }), /refused/);
    assert.deepEqual(readdirSync(priv), [], 'a refusal removes the copy');
    let size = 0;
    assert.throws(() => openSnapshot(src, { maxBytes: 100, inspect: (_h, n) => { size = n; throw new Error('too large'); } }), /too large/);
    assert.ok(size > 100 && size <= 100 + (1 << 20), `copying stopped past the limit (${size})`);
    assert.deepEqual(readdirSync(priv), []);
  } finally {
    if (before === undefined) delete process.env.TMPDIR; else process.env.TMPDIR = before;
  }
});

test('verify of a cartridge path: same verdict as from its bytes, nothing written beside it, its sidecars still refused', async () => {
  const built = await buildExample();
  const dir = tmpDir('acx-path-');
  const f = join(dir, 'c.acx');
  copyFileSync(built, f);
  const r = await runCli(['verify', f, '--json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const doc = JSON.parse(r.stdout) as { results: Array<{ valid: boolean; details: { integrity: string; signature: string } }> };
  assert.equal(doc.results[0]!.valid, true);
  assert.equal(doc.results[0]!.details.integrity, 'intact');
  assert.deepEqual(readdirSync(dir), ['c.acx']);
  // A real WAL (from stock sqlite3) beside a cartridge: refused as before, whatever it holds.
  const w = hostileWal();
  copyFileSync(`${w.db}-wal`, `${f}-wal`);
  const s = await runCli(['verify', f, '--json']);
  assert.equal(s.code, 1);
  assert.match(s.stdout, /ACX_JOURNAL/);
  assert.deepEqual(readdirSync(dir).sort(), ['c.acx', 'c.acx-wal']);
});

test('verify: no room for the private copy is an I/O error (exit 2) naming the temporary folder, never a verdict', async () => {
  const built = await buildExample();
  const before = process.env.TMPDIR;
  process.env.TMPDIR = join(tmpDir('acx-notmp-'), 'missing');
  try {
    const r = await runCli(['verify', built, '--json']);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /CTXFORGE_IO/);
    assert.match(r.stdout + r.stderr, /private temporary copy/);
  } finally {
    if (before === undefined) delete process.env.TMPDIR; else process.env.TMPDIR = before;
  }
});
