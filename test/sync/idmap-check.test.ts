// The committed ID map (.ctxforge-sync.json) is reviewable input (issue 24). A PR that edits only
// the map used to pass, and the next maintainer sync silently swapped two documents' IDs. Now
// validate checks the map against the documents (an entry contradicting a document's own ID, an ID
// mapped twice, a retired ID in use are errors), the PR check also against the base (`retired` only
// grows; an ID that changes for a document whose content and path did not change is an error) and
// shows the map's changes in the summary, and sync refuses a map that contradicts the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { commitAll, runAction } from '../action/harness.js';
import { observeSteps } from '../helpers/steps.js';
import { documentKeyLines } from '../../src/sync/idmap.js';

const MAP = '.ctxforge-sync.json';

interface IdMapJson { documents: Record<string, { id: string; digest: string; path: string }>; retired: string[]; [k: string]: unknown }

/** A repository with `kb/` synced from `up/` (three pages, one removed so one ID is retired), committed. */
async function synced(): Promise<{ repo: string; up: string; kb: string }> {
  const repo = initRepo(tmpDir('ctxforge-idmap-'));
  const up = join(repo, 'up');
  mkdirSync(up);
  writeTree(up, { 'alpha.md': '# Alpha\n\nAlpha text.\n', 'beta.md': '# Beta\n\nBeta text.\n', 'gone.md': '# Gone\n\nSoon gone.\n' });
  const kb = join(repo, 'kb');
  assert.equal((await runCli(['sync', up, kb])).code, 0);
  git(repo, ['rm', '-q', '--cached', '-r', '--ignore-unmatch', '.']);
  writeTree(up, {});
  const { rmSync } = await import('node:fs');
  rmSync(join(up, 'gone.md'));
  assert.equal((await runCli(['sync', up, kb])).code, 0);
  commitAll(repo, 'synced');
  return { repo, up, kb };
}

const readMap = (kb: string) => JSON.parse(readFileSync(join(kb, MAP), 'utf8')) as IdMapJson;
const writeMap = (kb: string, m: IdMapJson) => writeFileSync(join(kb, MAP), `${JSON.stringify(m, null, 2)}\n`);

function swapped(kb: string): IdMapJson {
  const m = readMap(kb);
  const a = m.documents['alpha.md']!.id;
  m.documents['alpha.md']!.id = m.documents['beta.md']!.id;
  m.documents['beta.md']!.id = a;
  return m;
}

test('validate: a map whose IDs contradict the documents, an ID mapped twice, a retired ID in use are errors with the map\'s line', async () => {
  const { kb } = await synced();
  assert.equal((await runCli(['validate', kb])).code, 0);
  const orig = readMap(kb);
  writeMap(kb, swapped(kb));
  let r = await runCli(['validate', kb]);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /error SYNC_ID_MAP_CONTRADICTS: \.ctxforge-sync\.json:\d+: alpha\.md is mapped to \S+, but knowledge\/alpha\.md carries \S+/);
  assert.match(r.stdout, /beta\.md is mapped to/);

  const twice = structuredClone(orig);
  twice.documents['beta.md']!.id = orig.documents['alpha.md']!.id;
  writeMap(kb, twice);
  r = await runCli(['validate', kb]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /SYNC_ID_MAP_DUPLICATE: .*beta\.md and alpha\.md are both mapped to the ID/);

  const retired = structuredClone(orig);
  retired.retired = [...orig.retired, orig.documents['alpha.md']!.id];
  writeMap(kb, retired);
  r = await runCli(['validate', kb]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /SYNC_ID_RETIRED_IN_USE: .*alpha\.md is mapped to \S+, an ID the map retired/);
});

test('sync refuses a map that contradicts the tree, and writes nothing', async () => {
  const { kb, up } = await synced();
  const docBefore = readFileSync(join(kb, 'knowledge', 'alpha.md'), 'utf8');
  writeMap(kb, swapped(kb));
  const mapBefore = readFileSync(join(kb, MAP), 'utf8');
  const r = await runCli(['sync', up, kb]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /SYNC_ID_MAP_CONTRADICTS: .*\.ctxforge-sync\.json contradicts the source tree, so it is not used/);
  assert.equal(readFileSync(join(kb, MAP), 'utf8'), mapBefore);
  assert.equal(readFileSync(join(kb, 'knowledge', 'alpha.md'), 'utf8'), docBefore);
});

function pr(repo: string, base: string, head: string) {
  return runAction({
    workspace: repo, eventName: 'pull_request', ref: 'refs/pull/4/merge', sha: head,
    event: { number: 4, pull_request: { number: 4, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'FAIL-ON': 'error' },
  });
}

test('PR check: IDs swapped in the map and the documents alike (consistent, so validate passes) fail against the base', async () => {
  const { repo, kb } = await synced();
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  const m = readMap(kb);
  const [a, b] = [m.documents['alpha.md']!.id, m.documents['beta.md']!.id];
  writeMap(kb, swapped(kb));
  for (const [f, from, to] of [['alpha.md', a, b], ['beta.md', b, a]] as const) {
    const p = join(kb, 'knowledge', f);
    writeFileSync(p, readFileSync(p, 'utf8').replace(from, to));
  }
  assert.equal((await runCli(['validate', kb])).code, 0, 'consistent with itself');
  const head = commitAll(repo, 'swap');
  const r = await pr(repo, base, head);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /title=SYNC_ID_MAP_CHANGED.*alpha\.md changed its ID from \S+ to \S+, but neither the page nor its document moved or changed/);
  assert.match(r.summary, /alpha\.md: ID \S+ → \S+/);
});

test('PR check: un-retiring an ID fails; an honest re-sync passes and its map changes are in the summary', async () => {
  const { repo, up, kb } = await synced();
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  const m = readMap(kb);
  const unretired = { ...m, retired: [] };
  writeMap(kb, unretired);
  const bad = commitAll(repo, 'unretire');
  const r = await pr(repo, base, bad);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /the retired ID \S+ is no longer retired/);

  git(repo, ['reset', '-q', '--hard', base]);
  writeTree(up, { 'delta.md': '# Delta\n\nNew page.\n', 'beta.md': '# Beta\n\nBeta text, edited.\n' });
  assert.equal((await runCli(['sync', up, kb])).code, 0);
  const manifest = join(kb, 'manifest.json');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"0.1.0"', '"0.2.0"'));
  const head = commitAll(repo, 'resync');
  const ok = await pr(repo, base, head);
  assert.equal(ok.code, 0, ok.stdout);
  assert.match(ok.summary, /SYNC_ID_MAP_CHANGED/);
  assert.match(ok.summary, /\.ctxforge-sync\.json: 1 entry added, 0 removed, 0 changed, 0 IDs retired/);
});

test('PR check: IDs swapped while the map\'s keys are renamed still fail — judged per document path (review 1, finding 8)', async () => {
  const { repo, kb } = await synced();
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  const m = readMap(kb);
  const [a, b] = [m.documents['alpha.md']!, m.documents['beta.md']!];
  // The keys renamed (so no entry of the base's map is found again), the IDs swapped in map and documents alike.
  m.documents = { 'alpha2.md': { ...a, id: b.id }, 'beta2.md': { ...b, id: a.id } };
  writeMap(kb, m);
  for (const [f, from, to] of [['alpha.md', a.id, b.id], ['beta.md', b.id, a.id]] as const) {
    const p = join(kb, 'knowledge', f);
    writeFileSync(p, readFileSync(p, 'utf8').replace(from, to));
  }
  assert.equal((await runCli(['validate', kb])).code, 0, 'consistent with itself');
  const head = commitAll(repo, 'swap under new keys');
  const r = await pr(repo, base, head);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /title=SYNC_ID_MAP_CHANGED.*knowledge\/alpha\.md changed its ID from \S+ to \S+, but neither its path nor its content changed/);
  assert.match(r.stdout, /knowledge\/beta\.md changed its ID/);
  // The same swap with the map deleted in the PR is caught the same way.
  git(repo, ['rm', '-q', `kb/${MAP}`]);
  const head2 = commitAll(repo, 'and no map');
  const r2 = await pr(repo, base, head2);
  assert.equal(r2.code, 1, r2.stdout);
  assert.match(r2.stdout, /knowledge\/alpha\.md changed its ID/);
});

test('the map\'s key lines are found in one pass; 20,000 entries mapped to one ID are reported each at its line (review 1, finding 9)', async () => {
  const mapOf = (n: number) => `${JSON.stringify({ version: 1, format: 'octx', documents: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}.md`, { id: 'same', digest: 'd', path: `p${i}.md` }])), assets: {}, files: [], retired: [] }, null, 2)}\n`;
  const half = observeSteps(() => documentKeyLines(mapOf(10_000)));
  const full = observeSteps(() => documentKeyLines(mapOf(20_000)));
  assert.equal(full.result.size, 20_000);
  // Before the fix each annotation searched the text from its start and split everything before the key: ~n² work.
  assert.ok(full.steps <= 2.1 * half.steps + 1000, `${half.steps} steps for 10,000 entries, ${full.steps} for 20,000`);
  const text = mapOf(20_000);
  const lines = text.split('\n');
  for (const k of ['p0.md', 'p12345.md', 'p19999.md']) assert.equal(lines[full.result.get(k)! - 1]!.trim(), `${JSON.stringify(k)}: {`);
  // Only the keys of `documents` count: `id`, `path`, `version` are not upstream pages.
  assert.equal(documentKeyLines(text).has('id'), false);

  const { kb } = await synced();
  writeFileSync(join(kb, MAP), text);
  const r = await runCli(['validate', kb, '--json']);
  assert.equal(r.code, 1);
  const d = (JSON.parse(r.stdout) as { results: { diagnostics: { code: string; line?: number; message: string }[] }[] }).results[0]!.diagnostics.filter((x) => x.code === 'SYNC_ID_MAP_DUPLICATE');
  assert.equal(d.length, 19_999);
  const last = d.find((x) => x.message.startsWith('p19999.md '))!;
  assert.equal(lines[last.line! - 1]!.trim(), '"p19999.md": {');
});

test('sync removes only files below the document root that it could have written: never the manifest, the map or a file outside; the PR check shows changes to `files` (review 2, finding 6)', async () => {
  const { repo, up, kb } = await synced();
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  writeTree(kb, { 'NOTES.md': 'my notes\n', 'extra/keep.txt': 'mine\n' });
  const m = readMap(kb);
  const honest = [...m.files];
  m.files = [...honest, 'manifest.json', MAP, 'NOTES.md', 'extra/keep.txt', 'knowledge/../NOTES.md'];
  writeMap(kb, m);
  const v = await runCli(['validate', kb]);
  assert.match(v.stdout, /warning SYNC_ID_MAP_INVALID: .*files lists 5 paths that no sync writes/);
  const head = commitAll(repo, 'files widened');
  const r = await pr(repo, base, head);
  assert.match(r.summary, /files: 5 added, 0 removed/);
  assert.match(r.summary, /files: \+ NOTES\.md \\\(no sync writes or removes it\\\)/);
  // The next sync leaves every one of them alone.
  writeTree(up, { 'alpha.md': '# Alpha\n\nAlpha text, edited.\n' });
  const s = await runCli(['sync', up, kb]);
  assert.equal(s.code, 0, s.stderr);
  for (const f of ['manifest.json', 'NOTES.md', 'extra/keep.txt']) assert.ok(existsSync(join(kb, f)), `${f} kept`);
  assert.ok(existsSync(join(kb, MAP)));
  assert.deepEqual(readMap(kb).files, honest.sort());
});

test('sync checks the map it read itself: the same verdicts as reading it through the tree — its line, a symlinked map, a map not UTF-8', async () => {
  const { kb, up } = await synced();
  const good = readFileSync(join(kb, MAP), 'utf8');
  // A contradiction is reported at the entry's line of the text sync read.
  writeMap(kb, swapped(kb));
  const line = readFileSync(join(kb, MAP), 'utf8').split('\n').findIndex((l) => l.includes('"alpha.md"')) + 1;
  const swappedRun = await runCli(['sync', up, kb, '--json']);
  assert.equal(swappedRun.code, 1, swappedRun.stderr);
  const found = (JSON.parse(swappedRun.stdout) as { diagnostics: { code: string; file?: string; line?: number }[] }).diagnostics.find((d) => d.code === 'SYNC_ID_MAP_CONTRADICTS');
  assert.deepEqual([found?.file, found?.line], [MAP, line]);
  // A map that is a link to a good map elsewhere is no regular file of the tree.
  const { rmSync, symlinkSync } = await import('node:fs');
  const outside = join(tmpDir('ctxforge-idmap-outside-'), 'map.json');
  writeFileSync(outside, good);
  rmSync(join(kb, MAP));
  symlinkSync(outside, join(kb, MAP));
  const linked = await runCli(['sync', up, kb]);
  assert.equal(linked.code, 1, linked.stderr);
  assert.match(linked.stderr, /SYNC_ID_MAP_INVALID: .*is not a regular file/);
  // A map whose bytes are not UTF-8 (an invalid byte inside a string) is refused as such.
  rmSync(join(kb, MAP));
  writeFileSync(join(kb, MAP), Buffer.concat([Buffer.from(good.replace('"alpha.md"', '"alpha\u0000.md"').split('\u0000')[0]!), Buffer.from([0xff]), Buffer.from(good.replace('"alpha.md"', '"alpha\u0000.md"').split('\u0000')[1]!)]));
  const notUtf8 = await runCli(['sync', up, kb]);
  assert.equal(notUtf8.code, 1, notUtf8.stderr);
  assert.match(notUtf8.stderr, /SYNC_ID_MAP_INVALID: .*is not UTF-8/);
  assert.equal(readFileSync(join(kb, 'knowledge', 'alpha.md'), 'utf8').includes('Alpha text.'), true);
});
