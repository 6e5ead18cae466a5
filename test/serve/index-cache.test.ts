// The index cache is data, never code: a cached image whose schema is not exactly ctxforge's (a
// `meta` table replaced by a recursive view, a trigger, an extra view, FTS5 config someone added) is
// discarded and rebuilt; the folders are made 0700 and the file 0600; a folder that is a symbolic
// link, another user's, or writable by group or others is not used (the index stays in memory, with
// CTXFORGE_SERVE_INDEX_CACHE). The recursive view is planted in a cache `serve` built, and `serve`
// must start, rebuild and answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { openFile } from '../../src/core/sqlite.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { servedPackage } from '../../src/serve/corpus.js';
import { INDEX_VERSION, openIndex } from '../../src/serve/search-index.js';
import { installVerified } from '../../src/install/index.js';
import { tmpDir } from '../helpers/tmp.js';
import { kit, verified } from '../install/documents.js';
import { connect } from './client.js';
import type { Doc } from '../../src/format.js';

const DOCS: Doc[] = [
  { id: 'tagging', path: 'tagging.md', title: 'Tagging a release', body: '# Tagging\n\nCreate an annotated tag, then push it.\n' },
  { id: 'keys', path: 'keys.md', title: 'Keys', body: '# Keys\n\nThe release key lives in the vault.\n' },
];
const SHA = 'c'.repeat(64);
const pkg = () => servedPackage({ name: 'handbook', version: '1.0.0', format: 'octx', sha256: SHA, source: 'h.octx', signer: { key_id: null, trust: 'pinned' } }, DOCS, []);

async function open(home: string) {
  const notes: Diagnostic[] = [];
  const index = await openIndex(pkg(), { ...process.env, XDG_CACHE_HOME: home }, notes);
  const hits = index.search(['release'], 5).map((h) => h.id);
  index.close();
  return { built: index.built, notes, hits, path: index.cachePath };
}

const folderOf = (home: string) => join(home, 'ctxforge', 'index');
const fileOf = (home: string) => join(folderOf(home), `${SHA}-v${INDEX_VERSION}.sqlite`);
const objects = (path: string) => {
  const db = openFile(path, { readonly: true });
  try {
    return [...db.prepare('SELECT type, name FROM sqlite_schema ORDER BY name').all().map((r) => `${r.type} ${r.name}`),
      ...db.prepare('SELECT k, v FROM docs_config ORDER BY k').all().map((r) => `config ${r.k}=${r.v}`)];
  } catch { return ['unreadable']; } finally { db.close(); }
};

test('a new cache folder is made 0700 and the index file 0600; the next start reads it', async () => {
  const home = tmpDir('serve-idx-');
  const first = await open(home);
  assert.equal(first.built, true);
  assert.equal(lstatSync(join(home, 'ctxforge')).mode & 0o777, 0o700);
  assert.equal(lstatSync(folderOf(home)).mode & 0o777, 0o700);
  assert.equal(lstatSync(fileOf(home)).mode & 0o777, 0o600);
  const again = await open(home);
  assert.equal(again.built, false, 'a cache that passes the checks is used');
  assert.deepEqual(again.hits, first.hits);
  assert.deepEqual(again.notes, []);
});

for (const [what, sql] of [
  ['a trigger', 'CREATE TRIGGER t AFTER INSERT ON term_scores BEGIN DELETE FROM meta; END'],
  ['an extra view', 'CREATE VIEW extra AS SELECT 1 AS x'],
  ['meta replaced by a view giving the same rows', 'CREATE TABLE m2 AS SELECT * FROM meta; DROP TABLE meta; CREATE VIEW meta AS SELECT key, value FROM m2'],
  ['an extra table', 'CREATE TABLE notes(x)'],
  ['an extra index', 'CREATE INDEX ts ON term_scores(scores)'],
  ['an FTS5 config row', "INSERT INTO docs(docs, rank) VALUES ('rank', 'bm25(1.0, 2.0)')"],
  ['another virtual table', "CREATE VIRTUAL TABLE v USING fts5vocab(docs, 'row')"],
] as const) {
  test(`a cached index with ${what} planted is not used: it is rebuilt and written again`, async () => {
    const home = tmpDir('serve-idx-');
    const first = await open(home);
    const clean = objects(fileOf(home));
    const db = openFile(fileOf(home));
    db.exec(sql);
    db.close();
    assert.notDeepEqual(objects(fileOf(home)), clean, 'planted');
    const again = await open(home);
    assert.equal(again.built, true, 'rebuilt');
    assert.deepEqual(again.hits, first.hits);
    assert.deepEqual(objects(fileOf(home)), clean, 'the cache holds ctxforge\'s schema again');
    assert.equal((await open(home)).built, false, 'and is used by the next start');
  });
}

test('a cache file that is group-writable, or a symbolic link, is not read', async () => {
  const home = tmpDir('serve-idx-');
  await open(home);
  chmodSync(fileOf(home), 0o660);
  assert.equal((await open(home)).built, true, 'group-writable: rebuilt');
  assert.equal(lstatSync(fileOf(home)).mode & 0o777, 0o600, 'written again 0600');
  // A valid image of the same package elsewhere, linked into the cache's place.
  const other = tmpDir('serve-idx-');
  await open(other);
  const before = readFileSync(fileOf(other));
  const file = fileOf(home);
  rmSync(file);
  symlinkSync(fileOf(other), file);
  assert.equal((await open(home)).built, true, 'a link is never followed');
  assert.ok(!lstatSync(file).isSymbolicLink(), 'the link is replaced by a file, not written through');
  assert.deepEqual(readFileSync(fileOf(other)), before);
});

for (const [what, prepare, why] of [
  ['group-writable', (home: string) => { mkdirSync(folderOf(home), { recursive: true }); chmodSync(folderOf(home), 0o770); }, /writable by its group \(mode 0770\)/],
  ['writable by others', (home: string) => { mkdirSync(folderOf(home), { recursive: true }); chmodSync(folderOf(home), 0o757); }, /writable by others \(mode 0757\)/],
  ['under a group-writable ctxforge folder', (home: string) => { mkdirSync(folderOf(home), { recursive: true }); chmodSync(join(home, 'ctxforge'), 0o775); }, /ctxforge is writable by its group/],
  ['a symbolic link', (home: string) => { const t = tmpDir('serve-idx-target-'); mkdirSync(join(home, 'ctxforge'), { mode: 0o700 }); symlinkSync(t, folderOf(home)); }, /index is a symbolic link/],
  ['under a ctxforge folder that is a symbolic link', (home: string) => { const t = tmpDir('serve-idx-target-'); symlinkSync(t, join(home, 'ctxforge')); }, /ctxforge is a symbolic link/],
  ...(process.getuid?.() === 0 ? [['another user\'s', (home: string) => { mkdirSync(folderOf(home), { recursive: true, mode: 0o700 }); chownSync(folderOf(home), 65534, 65534); }, /owned by another user \(uid 65534\)/] as const] : []),
] as const) {
  test(`a cache folder ${what} is not used: the index is kept for the run only, with CTXFORGE_SERVE_INDEX_CACHE`, async () => {
    const home = tmpDir('serve-idx-');
    prepare(home);
    const listing = () => { try { return readdirSync(folderOf(home)); } catch { return []; } };
    const before = listing();
    const r = await open(home);
    assert.equal(r.built, true);
    assert.deepEqual(r.hits, ['tagging', 'keys'], 'search works from the run\'s own index');
    const w = r.notes.filter((n) => n.code === 'CTXFORGE_SERVE_INDEX_CACHE');
    assert.equal(w.length, 1, JSON.stringify(r.notes));
    assert.equal(w[0]!.severity, 'warning');
    assert.match(w[0]!.message, why);
    assert.match(w[0]!.message, /built for each run only, in a private temporary folder/);
    assert.deepEqual(listing(), before, 'nothing written into (or through) the folder');
    const second = await open(home);
    assert.equal(second.built, true, 'nor read from it');
  });
}

test('serve over a cache whose meta table someone replaced by a recursive view: it starts, rebuilds and answers', async () => {
  const dir = tmpDir('serve-poison-');
  const env = { ...process.env, XDG_CACHE_HOME: join(dir, '.cache-home') };
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  const first = await connect(['--lock', '--offline'], { cwd: dir, env, timeoutMs: 60_000 });
  await first.client.close();
  assert.match(first.stderr(), /index built for acme-kit/);
  const folder = join(dir, '.cache-home', 'ctxforge', 'index');
  const [name] = readdirSync(folder);
  const file = join(folder, name!);
  const db = openFile(file);
  // Never-ending and row-less: a reader of meta spins at full CPU and gets no answer.
  db.exec(`DROP TABLE meta; CREATE VIEW meta AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT 'index_version' AS key, x AS value FROM r WHERE x < 0`);
  db.close();
  assert.ok(objects(file).includes('view meta'));
  const again = await connect(['--lock', '--offline'], { cwd: dir, env, timeoutMs: 60_000 });
  try {
    assert.match(again.stderr(), /index built for acme-kit/, 'rebuilt, not read from the cache');
    const r = await again.client.callTool({ name: 'search', arguments: { query: 'signing keys' } });
    const results = (r.structuredContent as { results: { citation: string }[] }).results;
    assert.equal(results[0]!.citation, 'acme-kit@1.0.0#doc-keys');
  } finally {
    await again.client.close();
  }
  assert.ok(objects(file).includes('table meta'), 'the cache is written again with its own schema');
  assert.ok(existsSync(file));
});
