// Serve's start in one pass (issue 39): each verified document goes from the cartridge verifier
// straight into the index being built and is let go. Over real signed cartridges of 600 documents
// (three index blocks): a document changed mid-cartridge never reaches the index and the start is
// refused with the code the verifier always gave, leaving no index file and no cache; a signature
// that fails only at the end discards the index built so far; the streamed start serves exactly what
// the list path (every text in memory) serves; documents met in any order (a twice-met id whose
// better path comes later) give the same package and the same scores.
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openFile } from '../../src/core/sqlite.js';
import { checkArtifact } from '../../src/acx/artifact.js';
import { loadArtifacts, PackageIntake, servedPackage } from '../../src/serve/corpus.js';
import { FtsTokens } from '../../src/serve/fts-tokens.js';
import { IndexBuilder } from '../../src/serve/index-build.js';
import { finishIndex, openIndex } from '../../src/serve/search-index.js';
import { prepareServe } from '../../src/serve/server.js';
import * as tools from '../../src/serve/tools.js';
import type { Doc } from '../../src/format.js';
import { buildCartridge, cartridgeSource, OTHER, pemFile } from '../install/artifacts.js';
import { tmpDir } from '../helpers/tmp.js';

const WORDS = ['signing', 'keys', 'rotation', 'archive', 'release', 'workflow', 'storage', 'mirror', 'cache', 'index'];
const page = (i: number) => `# Page ${i}\n\nThe ${WORDS[i % 10]} of ${WORDS[(i * 3) % 10]} and ${WORDS[(i * 7) % 10]}: step ${i}.\n\nSee also ${WORDS[(i + 1) % 10]} notes.\n`;
const N = 600;
const MIDDLE = 'rom/knowledge/p-0300.md';

let built: string | undefined;
/** A signed cartridge of N knowledge pages (plus the example's own), made once. */
async function cartridge(): Promise<string> {
  if (!built) {
    const files: Record<string, string> = {};
    for (let i = 0; i < N; i++) files[`knowledge/p-${String(i).padStart(4, '0')}.md`] = page(i);
    built = await buildCartridge(cartridgeSource(files));
  }
  return built;
}

/** A copy of `acx` changed with SQL. */
function changed(acx: string, sql: string, ...params: unknown[]): string {
  const out = join(tmpDir('stream-tampered-'), 'kb.acx');
  copyFileSync(acx, out);
  const db = openFile(out);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
  return out;
}

/** A start's own folders: a private TMPDIR and cache home, to see what it leaves behind. */
function place() {
  const tmp = tmpDir('stream-tmp-');
  const cache = tmpDir('stream-cache-');
  return { tmp, cache, env: { ...process.env, XDG_CACHE_HOME: cache } };
}

/** What a refused start left: scratch databases in TMPDIR, index files in the cache. */
function leftovers(p: ReturnType<typeof place>): string[] {
  const index = join(p.cache, 'ctxforge', 'index');
  return [
    ...readdirSync(p.tmp).filter((n) => n.startsWith('ctxforge-sqlite-')),
    ...(existsSync(index) ? readdirSync(index).filter((n) => n.endsWith('.sqlite')) : []),
  ];
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    const code = (e as { diagnostic?: { code?: string } }).diagnostic?.code;
    assert.ok(code, `a diagnostic, not a crash: ${String(e)}`);
    return code;
  }
  assert.fail('the start was not refused');
}

/** Runs `fn` with TMPDIR at `tmp` and the builder's steps counted. */
async function watched<T>(tmp: string, fn: () => Promise<T>) {
  const was = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  const add = mock.method(IndexBuilder.prototype, 'add');
  const finish = mock.method(IndexBuilder.prototype, 'finish');
  const discard = mock.method(IndexBuilder.prototype, 'discard');
  try {
    const value = await fn().then((v) => ({ v }), (e: unknown) => ({ e }));
    return { ...value, added: add.mock.callCount(), finished: finish.mock.callCount(), discarded: discard.mock.callCount() };
  } finally {
    add.mock.restore();
    finish.mock.restore();
    discard.mock.restore();
    if (was === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = was;
  }
}

test('a document changed mid-cartridge never reaches the index: the start is refused with the verifier\'s code, and no index file or cache is left', async () => {
  const acx = await cartridge();
  const text = Buffer.from('# Page 300\n\nrm -rf keys/\n');
  const bad = changed(acx, 'UPDATE sqlar SET data = ?, sz = ? WHERE name = ?', text, text.length, MIDDLE);
  // The verifier hands over each file whose bytes match its signed row, as it decodes it: not this one.
  const handed: string[] = [];
  const c = await checkArtifact({ label: bad, path: bad }, {}, { files: true, knowledge: (name) => handed.push(name) });
  assert.equal(c.result.valid, false);
  assert.ok(c.result.diagnostics.some((d) => d.code === 'ACX_OBJECT_MISMATCH' && d.message.includes(MIDDLE)));
  assert.equal(handed.includes(MIDDLE), false, 'the changed file is never handed over');
  assert.ok(handed.filter((n) => n.startsWith('rom/knowledge/p-')).length === N - 1, 'every other page is');
  assert.deepEqual([...c.check!.files.keys()].filter((n) => n.startsWith('rom/knowledge/p-')), [MIDDLE], 'the handed files are not kept: only the one that did not match');

  const key = pemFile();
  const listed = await refusal(() => loadArtifacts([bad], { key, env: place().env, cwd: tmpDir('stream-cwd-') }, []));
  const p = place();
  const run = await watched(p.tmp, () => prepareServe({ specs: [bad], key, env: p.env, cwd: tmpDir('stream-cwd-') }));
  assert.ok('e' in run, 'refused');
  assert.equal(await refusal(() => Promise.reject(run.e)), listed, 'the same code as when every text was read first');
  assert.equal(listed, 'CTXFORGE_INSTALL_TAMPERED');
  assert.ok(run.added > N / 2, `the index was being built in the verification's pass (${run.added} documents)`);
  assert.equal(run.finished, 0, 'never finished');
  assert.ok(run.discarded >= 1, 'discarded');
  assert.deepEqual(leftovers(p), [], 'no scratch index, no cached index');
});

test('a signature that fails only at the end of the pass discards the index built so far: a changed signed manifest hash, and a signer other than the pinned key', async () => {
  const acx = await cartridge();
  const cwd = tmpDir('stream-cwd-');
  const cases = [
    { why: 'signature row for another manifest', spec: changed(acx, 'UPDATE signatures SET manifest_hash = ?', `sha256:${'ab'.repeat(32)}`), key: pemFile(), code: 'CTXFORGE_INSTALL_TAMPERED' },
    { why: 'pinned key is not the signer', spec: acx, key: pemFile(OTHER), code: 'CTXFORGE_INSTALL_UNTRUSTED' },
  ];
  for (const k of cases) {
    const listed = await refusal(() => loadArtifacts([k.spec], { key: k.key, env: place().env, cwd }, []));
    assert.equal(listed, k.code, k.why);
    const p = place();
    const run = await watched(p.tmp, () => prepareServe({ specs: [k.spec], key: k.key, env: p.env, cwd }));
    assert.ok('e' in run, `${k.why}: refused`);
    assert.equal(await refusal(() => Promise.reject(run.e)), listed, `${k.why}: the code the list path gives`);
    assert.ok(run.added >= N, `${k.why}: every page was indexed before the verdict (${run.added})`);
    assert.equal(run.finished, 0, `${k.why}: never finished`);
    assert.ok(run.discarded >= 1, `${k.why}: discarded`);
    assert.deepEqual(leftovers(p), [], `${k.why}: nothing left behind`);
  }
});

test('the streamed start serves what the list path serves: the same documents, digest, texts and rankings, built in one pass and then from the cache', async () => {
  const acx = await cartridge();
  const key = pemFile();
  const cwd = tmpDir('stream-cwd-');
  const [pkg] = await loadArtifacts([acx], { key, env: place().env, cwd }, []);
  const listIndex = await openIndex(pkg!, place().env, []);
  const list = [{ pkg: pkg!, index: listIndex }];
  const p = place();
  const queries = ['signing keys rotation', 'archive storage', 'release workflow step 300', 'mirror cache index notes', 'page 42'];
  try {
    for (const round of ['built', 'cached']) {
      const run = await watched(p.tmp, () => prepareServe({ specs: [acx], key, env: p.env, cwd }));
      assert.ok('v' in run, String((run as { e?: unknown }).e));
      const s = run.v.served;
      try {
        assert.equal(s[0]!.index.built, round === 'built', round);
        assert.equal(run.added, round === 'built' ? pkg!.docs.length : 0, `${round}: documents indexed in the pass`);
        assert.equal(s[0]!.pkg.digest, pkg!.digest);
        assert.deepEqual(s[0]!.pkg.docs.map((d) => [d.id, d.path, d.title]), pkg!.docs.map((d) => [d.id, d.path, d.title]));
        for (const d of s[0]!.pkg.docs) assert.equal(typeof Object.getOwnPropertyDescriptor(d, 'body')?.get, 'function', `${d.id}: its text is not held`);
        for (const d of pkg!.docs) assert.equal(tools.get(s, { id: d.id }).text, d.body, d.id);
        for (const q of queries) assert.deepEqual(tools.search(s, { query: q, limit: 20 }), tools.search(list, { query: q, limit: 20 }), `${round}: ${q}`);
        assert.deepEqual(tools.context(s, { query: 'key rotation', max_tokens: 2000 }), tools.context(list, { query: 'key rotation', max_tokens: 2000 }));
      } finally {
        for (const x of s) x.index.close();
      }
    }
  } finally {
    listIndex.close();
  }
});

test('documents met in any order give the same package and scores: a twice-met id whose first path arrives last takes the other one out of the index', async () => {
  const docs: Doc[] = [];
  for (let i = 0; i < 700; i++) docs.push({ id: `d${i}`, path: `p/${String(i).padStart(4, '0')}.md`, title: `Page ${i}`, body: page(i), ...(i % 5 ? {} : { tags: ['ops'] }) });
  // Two ids met twice: the first by path is served, whichever comes first.
  docs.push({ id: 'd10', path: 'a/first.md', title: 'The better d10', body: 'signing keys archive rotation rotation\n' });
  docs.push({ id: 'd20', path: 'z/later.md', title: 'Not served', body: 'release workflow\n' });
  const meta = { name: 'kb', version: '1.0.0', format: 'acx' as const, sha256: 'c'.repeat(64), source: 'kb.acx', signer: { key_id: null, trust: 'pinned' } };
  const o = { storedMinDocs: 50 };
  const listNotes: string[] = [];
  const listed = servedPackage(meta, docs, []);
  const listIndex = await openIndex(listed, place().env, [], o);
  const notes: { message: string }[] = [];
  const tokens = new FtsTokens();
  const builder = new IndexBuilder(tokens);
  const intake = new PackageIntake(builder, false);
  const drop = mock.method(builder, 'drop');
  for (const d of [...docs].reverse()) intake.add(d);
  const pkg = intake.finish(meta, notes as never);
  const index = await finishIndex(pkg, builder, tokens, place().env, [], o);
  try {
    assert.equal(drop.mock.callCount(), 1, 'd10 at p/0010.md was indexed, then taken out for a/first.md');
    assert.equal(pkg.digest, listed.digest);
    assert.deepEqual(pkg.docs.map((d) => [d.id, d.path]), listed.docs.map((d) => [d.id, d.path]));
    const listWarnings: { message: string }[] = [];
    servedPackage(meta, docs, listWarnings as never);
    assert.deepEqual(notes.map((n) => n.message), listWarnings.map((n) => n.message));
    listNotes.push(...notes.map((n) => n.message));
    assert.ok(listNotes.some((m) => m.includes('p/0010.md is not served')) && listNotes.some((m) => m.includes('z/later.md is not served')));
    assert.equal(index.docCount, listIndex.docCount);
    assert.equal(index.storedTerms, listIndex.storedTerms);
    assert.ok(index.storedTerms > 0, 'stored scores computed with a dropped row');
    for (const q of [['signing'], ['keys', 'rotation'], ['archive', 'ops'], ['release', 'workflow', 'step']]) {
      assert.deepEqual(index.search(q, 50), listIndex.search(q, 50), q.join(' '));
    }
  } finally {
    index.close();
    listIndex.close();
  }
});
