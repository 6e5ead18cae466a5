// The record fast path (records-fast.ts) may only say "no finding" when the reporting checker
// finds none, and the streaming JSONL parser must see the same lines however a file is cut into
// blocks. Both are checked against the reference on a valid record set and thousands of seeded
// mutations of it.
import { mulberry32 as rng, seeded } from '../helpers/random.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastSag, indexSag, KIND_CHUNK, KIND_ENTITY, KIND_EVENT, recordOf } from '../../src/octx/records-fast.js';
import { checkSag, reportSag, type SagData } from '../../src/octx/records.js';
import { JsonlParser, readJsonl, type JsonlRecord } from '../../src/octx/jsonl.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const uid = (kind: number, i: number) => `019c${kind.toString(16).padStart(4, '0')}-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;
const ASSET = uid(9, 0);
const DOCS = [uid(1, 0), uid(1, 1), uid(1, 2)];
const recs = (values: Record<string, unknown>[]): JsonlRecord[] => values.map((value, i) => ({ line: i + 1, value }));

function base(): SagData {
  const chunks = [0, 1, 2, 3, 4].map((i) => ({ id: uid(2, i), document_id: DOCS[i % 3], ordinal: Math.floor(i / 3), text: `chunk ${i}` }));
  const events = [
    { id: uid(3, 0), title: 'root', content: '' },
    { id: uid(3, 1), title: 'child', content: 'c', parent_id: uid(3, 0), level: 1, summary: 's' },
    { id: uid(3, 2), title: 'grandchild', content: 'g', parent_id: uid(3, 1), level: 2, category: 'x' },
  ];
  const entities = [{ id: uid(4, 0), name: 'A', type: 'System' }, { id: uid(4, 1), name: 'B', type: 'Format', description: 'd' }];
  const chunkEvents = chunks.map((c, i) => ({ chunk_id: c.id, event_id: events[i % 3]!.id }));
  const eventEntities = [{ event_id: events[0]!.id, entity_id: entities[0]!.id, weight: 0.5 }, { event_id: events[1]!.id, entity_id: entities[1]!.id },
    { event_id: events[2]!.id, entity_id: entities[0]!.id, description: 'r' }];
  return { chunks: recs(chunks), events: recs(events), entities: recs(entities), chunkEvents: recs(chunkEvents), eventEntities: recs(eventEntities) };
}
const concepts = () => new Map(DOCS.map((d, i) => [d, `knowledge/d${i}.md`]));
const idSpace = () => new Set([ASSET, ...DOCS]);

function findings(data: SagData): Diagnostic[] {
  const diags: Diagnostic[] = [];
  reportSag(data, concepts(), idSpace(), diags);
  return diags;
}

test('a valid record set takes the fast path, with the same ids as the reference index', () => {
  const data = base();
  assert.deepEqual(findings(data), []);
  const ids = fastSag(data, concepts(), idSpace());
  assert.ok(ids, 'the fast path accepts a valid set');
  const ref = indexSag(data);
  assert.deepEqual([...ids.index], [...ref.index]);
  assert.deepEqual([...ids.kind], [...ref.kind]);
  assert.deepEqual(ids.counts, [0, 5, 3, 2]);
  assert.equal(recordOf(ids, uid(2, 4), KIND_CHUNK), 4);
  assert.equal(recordOf(ids, uid(2, 4), KIND_EVENT), -1);
  assert.equal(recordOf(ids, uid(4, 1), KIND_ENTITY), 9);
  assert.equal(recordOf(ids, DOCS[0]!, KIND_CHUNK), -1, 'a document id is no record');
});


test('fast path agreement: over 4000 seeded mutations, "no finding" only where the reporter finds none', () => {
  const files = ['chunks', 'events', 'entities', 'chunkEvents', 'eventEntities'] as const;
  const allIds = [ASSET, ...DOCS, ...[0, 1, 2, 3, 4].map((i) => uid(2, i)), uid(3, 0), uid(3, 1), uid(3, 2), uid(4, 0), uid(4, 1), uid(5, 5)];
  const keys = ['id', 'document_id', 'ordinal', 'text', 'title', 'content', 'summary', 'category', 'parent_id', 'level', 'name', 'type',
    'description', 'chunk_id', 'event_id', 'entity_id', 'weight', 'rank', 'embedding', 'references'];
  let fastValid = 0;
  let reporterValid = 0;
  for (let seed = 1; seed <= 4000; seed++) {
    const r = rng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const values: unknown[] = [...allIds, '', 'x', 0, 1, 2, 3, -1, 1.5, 2 ** 21, 2 ** 53 + 2, 10n ** 20n, null, true, [], {}, 'NaN'];
    const data = base();
    for (let m = 1 + Math.floor(r() * 3); m > 0; m--) {
      const file = data[pick(files)];
      const op = r();
      if (op < 0.55 && file.length) {
        const rec = pick(file).value;
        const k = pick(keys);
        if (r() < 0.2) delete rec[k];
        else rec[k] = pick(values);
      } else if (op < 0.75 && file.length) {
        file.push({ line: file.length + 1, value: structuredClone(pick(file).value) }); // a repeated record or pair
      } else if (op < 0.9 && file.length) {
        file.splice(Math.floor(r() * file.length), 1); // a record or link gone
      } else if (file.length > 1) {
        file.reverse(); // order does not matter to the rules
      }
    }
    const fast = fastSag(data, concepts(), idSpace());
    const found = findings(data);
    if (fast) {
      fastValid++;
      assert.deepEqual(found.map((d) => d.message), [], `seed ${seed}: the fast path accepted a set the reporter rejects`);
    }
    if (!found.length) reporterValid++;
    // checkSag gives ids exactly when there is no finding.
    const diags: Diagnostic[] = [];
    const ids = checkSag(data, concepts(), idSpace(), diags);
    assert.equal(Boolean(ids), found.length === 0, `seed ${seed}`);
    assert.deepEqual(diags, found, `seed ${seed}: checkSag reports what the reporter finds`);
  }
  // The mutations must reach both sides, or the agreement says nothing.
  assert.ok(fastValid > 100, `fast path taken ${fastValid} times`);
  assert.ok(reporterValid < 3900, `reporter found problems in ${4000 - reporterValid} cases`);
});

function parseInBlocks(bytes: Buffer, cuts: number[], maxLine: number) {
  const diags: Diagnostic[] = [];
  const out: JsonlRecord[] = [];
  const p = new JsonlParser('f.jsonl', 64, maxLine, diags, (value, line) => { out.push({ line, value }); });
  let at = 0;
  for (const c of [...cuts, bytes.length]) { p.push(bytes.subarray(at, c)); at = c; }
  return { ok: p.end(), out, diags };
}

test('JSONL in blocks: every cut of a file gives the records and findings of the whole', () => {
  const samples: Buffer[] = [
    Buffer.from('{"a":"é€😀"}\r\n{"b":2}\n{"c":"\\u00e9"}'),
    Buffer.from('{"a":1}\n\n{"b":2}\n'),
    Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc3]), Buffer.from('"}\n{"b":1}\n')]), // invalid UTF-8 on line 1
    Buffer.from('{"a":1}\n{"long":"' + 'x'.repeat(40) + '"}\n{"c":3}\r'),
    Buffer.from('\ufeff{"a":1}\n'),
    Buffer.from('{"a":1,"a":2}\n[1]\n{"ok":true}'),
    Buffer.from('\n'),
    Buffer.from(''),
    Buffer.from('{"a":"\ufeff"}\n'),
  ];
  for (const bytes of samples) {
    const diags: Diagnostic[] = [];
    const whole = readJsonl('f.jsonl', bytes, 64, 30, diags);
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= Math.min(bytes.length, i + 7); j++) {
        const got = parseInBlocks(bytes, [i, j], 30);
        assert.deepEqual(got.diags, diags, `${JSON.stringify(bytes.toString())} cut at ${i},${j}`);
        assert.equal(got.ok, whole !== undefined);
        if (whole) assert.deepEqual(got.out, whole);
      }
    }
    const bytewise = parseInBlocks(bytes, Array.from({ length: bytes.length }, (_, k) => k), 30);
    assert.deepEqual(bytewise.diags, diags, `${JSON.stringify(bytes.toString())} one byte at a time`);
  }
});

test('JSONL in blocks: a line far past the limit is counted, not held', () => {
  const huge = Buffer.concat([Buffer.from('{"a":1}\n{"x":"'), Buffer.alloc(8 << 20, 0x61), Buffer.from('"}\n{"b":2}\n')]);
  const cuts = Array.from({ length: Math.floor(huge.length / 65536) }, (_, k) => (k + 1) * 65536);
  const got = parseInBlocks(huge, cuts, 1024);
  assert.equal(got.ok, false);
  assert.deepEqual(got.diags.map((d) => [d.code, d.line]), [['OCTX_JSONL_LINE_TOO_LONG', 2]]);
});

// The record worker (record-pass.ts) reads the record files itself, from a directory or from a
// STORED archive on disk. Every public vector case, both ways, must give the report the inline pass gives.
test('record worker agreement: every OCTX vector case, as a directory and as an .octx on disk, reports alike on and off the worker', async () => {
  const { loadCases, materialize } = await import('../helpers/octx-cases.js');
  const { checkPackage } = await import('../../src/octx/package.js');
  const { validateOctxArtifact } = await import('../../src/octx/module.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  const { tmpDir, writeTree } = await import('../helpers/tmp.js');
  const { writeFileSync, renameSync, symlinkSync, existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  // Some hundred workers: each starts from the test bundle of the same sources rather than loading
  // tsx and the TypeScript sources again (the other tests here start theirs from source).
  const { useBuiltWorkers } = await import('../../src/core/worker.js');
  const { builtWorkers } = await import('../helpers/built.js');
  useBuiltWorkers(builtWorkers());
  try {
  const saved = process.env.CTXFORGE_RECORD_WORKER;
  const run = async (mode: '0' | '1', f: () => Promise<unknown>) => {
    process.env.CTXFORGE_RECORD_WORKER = mode;
    try { return JSON.parse(JSON.stringify(await f())); } finally { process.env.CTXFORGE_RECORD_WORKER = saved ?? ''; if (saved === undefined) delete process.env.CTXFORGE_RECORD_WORKER; }
  };
  let withRecords = 0;
  let symlinked = false;
  for (const c of loadCases()) {
    const m = materialize(c);
    const dir = tmpDir();
    const zipPath = join(dir, 'p.octx');
    writeFileSync(zipPath, m.zip);
    const zipOf = () => validateOctxArtifact({ label: 'p.octx', path: zipPath });
    assert.deepEqual(await run('1', zipOf), await run('0', zipOf), `${c.id} (.octx)`);
    if (m.files) {
      const wd = join(dir, 'wd');
      writeTree(wd, Object.fromEntries(m.files));
      const dirOf = () => checkPackage(new DiskTree(wd), { workdir: true });
      const on = await run('1', dirOf);
      assert.deepEqual(on, await run('0', dirOf), `${c.id} (directory)`);
      const hasRecords = (on as { capabilities: Record<string, unknown> }).capabilities['sag-structured'] !== undefined;
      if (hasRecords) withRecords++;
      if (hasRecords && !symlinked && existsSync(join(wd, 'data', 'events.jsonl'))) {
        // The worker's pass opens the record files before the directory is listed: a record file
        // that is a symbolic link is refused by that open (O_NOFOLLOW) and reported by the listing, alike.
        const real = join(dir, 'events-elsewhere.jsonl');
        renameSync(join(wd, 'data', 'events.jsonl'), real);
        symlinkSync(real, join(wd, 'data', 'events.jsonl'));
        const linked = await run('1', dirOf) as { valid: boolean; diagnostics: { code: string; file?: string }[] };
        assert.deepEqual(linked, await run('0', dirOf), `${c.id} (directory, events.jsonl a symlink)`);
        assert.equal(linked.valid, false);
        assert.ok(linked.diagnostics.some((d) => d.code === 'OCTX_FILE_NOT_REGULAR' && d.file === 'data/events.jsonl'), JSON.stringify(linked.diagnostics));
        symlinked = true;
      }
    }
  }
  assert.ok(withRecords > 10, `cases with records: ${withRecords}`);
  assert.ok(symlinked, 'the symlinked record file was tried');
  } finally {
    useBuiltWorkers(undefined);
  }
});

test('record worker: reads the five files through descriptors, gives their SHA-256 and the ids of the inline pass', async () => {
  const { WorkerPass, InlinePass } = await import('../../src/octx/record-pass.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  const { tmpDir, writeTree } = await import('../helpers/tmp.js');
  const { createHash } = await import('node:crypto');
  const data = base();
  const jsonl = (rs: JsonlRecord[]) => Buffer.from(rs.map((r) => JSON.stringify(r.value)).join('\n') + '\n');
  const keys = ['chunks', 'events', 'entities', 'chunkEvents', 'eventEntities'] as const;
  const paths = { chunks: 'data/chunks.jsonl', events: 'data/events.jsonl', entities: 'data/entities.jsonl', chunkEvents: 'relations/chunk-events.jsonl', eventEntities: 'relations/event-entities.jsonl' };
  const dir = tmpDir();
  writeTree(dir, Object.fromEntries(keys.map((k) => [paths[k], jsonl(data[k])])));
  const tree = new DiskTree(dir);
  const limits = { maxDepth: 64, maxLineBytes: 1 << 20 };
  const worker = new WorkerPass(limits, new Map(keys.map((k) => [k, tree.openRange(paths[k])])));
  for (const k of keys) assert.equal(await worker.digest(k), createHash('sha256').update(jsonl(data[k])).digest('hex'), k);
  const got = await worker.finish(concepts(), idSpace());
  const inline = new InlinePass(limits);
  for (const k of keys) { inline.push(k, jsonl(data[k])); inline.end(k, true); }
  const want = await inline.finish(concepts(), idSpace());
  assert.equal(got.parsed, true);
  assert.ok(got.ids, 'the worker proved the records valid');
  assert.deepEqual([...got.ids.index], [...want.ids!.index]);
  assert.deepEqual([...got.ids.kind], [...want.ids!.kind]);
  // Vectors handed over with the records are checked on the worker: one good file, one that
  // names an event where chunk ids belong.
  const arrow = await import('apache-arrow');
  const arrowFile = (ids: string[]) => {
    const item = new arrow.Field('item', new arrow.Float32(), false);
    const vecType = new arrow.FixedSizeList(2, item);
    const schema = new arrow.Schema([new arrow.Field('record_id', new arrow.Utf8(), false), new arrow.Field('vector', vecType, false)]);
    const idVec = arrow.vectorFromArray(ids, new arrow.Utf8());
    const valueData = arrow.makeData({ type: new arrow.Float32(), length: ids.length * 2, data: new Float32Array(ids.length * 2).fill(0.5) });
    const vecData = arrow.makeData({ type: vecType, length: ids.length, child: valueData });
    const batch = new arrow.RecordBatch(schema, arrow.makeData({ type: new arrow.Struct(schema.fields), length: ids.length, children: [idVec.data[0]!, vecData] }));
    return Buffer.from(arrow.tableToIPC(new arrow.Table(schema, [batch]), 'file'));
  };
  const chunkIds = data.chunks.map((r) => r.value.id as string);
  writeTree(dir, { 'vectors/chunks.arrow': arrowFile(chunkIds), 'vectors/events.arrow': arrowFile([...chunkIds.slice(1), uid(3, 0)]) });
  const { KIND_CHUNK: C, KIND_EVENT: E } = await import('../../src/octx/records-fast.js');
  // Files added one by one after the start, as an archive's early ranges are.
  const withVectors = new WorkerPass(limits);
  for (const k of keys) withVectors.addFile(k, tree.openRange(paths[k]));
  withVectors.checkVectors([
    { path: 'vectors/chunks.arrow', kind: C, range: tree.openRange('vectors/chunks.arrow') },
    { path: 'vectors/events.arrow', kind: E, range: tree.openRange('vectors/events.arrow') },
  ]);
  const v = await withVectors.finish(concepts(), idSpace());
  assert.equal(v.proven, true);
  assert.equal(v.ids, undefined, 'the ids stay on the worker when it checked the vectors');
  assert.ok(v.vectorDiags, 'the worker checked the vectors');
  assert.ok(v.vectorDiags.every((d) => d.file === 'vectors/events.arrow'), JSON.stringify(v.vectorDiags));
  assert.ok(v.vectorDiags.some((d) => d.message.includes(`record_id ${chunkIds[1]} is not a record of the target file`)));
  assert.ok(v.vectorDiags.some((d) => d.message.includes(`record ${uid(3, 1)} has no vector`)));

  // A broken line is found on the worker just as inline, at its line.
  writeTree(dir, { 'data/events.jsonl': Buffer.concat([jsonl(data.events), Buffer.from('{"id": oops}\n')]) });
  const broken = new WorkerPass(limits, new Map(keys.map((k) => [k, tree.openRange(paths[k])])));
  const r = await broken.finish(concepts(), idSpace());
  assert.equal(r.parsed, false);
  assert.deepEqual(r.diags.map((d) => [d.code, d.file, d.line]), [['OCTX_JSON_INVALID', 'data/events.jsonl', 4]]);
});

// A large .octx's record worker starts on each record file as the central directory reaches it
// (ZipTree.open's early ranges); checkPackage uses that pass only if the opened tree agrees.
test('early record ranges: offered while the archive opens, they are where the opened tree says; the pass started on them covers the tree', async () => {
  const { loadCases, materialize } = await import('../helpers/octx-cases.js');
  const { ZipTree } = await import('../../src/core/zip-tree.js');
  const { earlyRecordPass } = await import('../../src/octx/package.js');
  const { SAG_FILES } = await import('../../src/octx/records.js');
  const { tmpDir } = await import('../helpers/tmp.js');
  const { writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const keys = Object.keys(SAG_FILES) as (keyof typeof SAG_FILES)[];
  let tried = 0;
  for (const c of loadCases()) {
    const m = materialize(c);
    const file = join(tmpDir(), 'p.octx');
    writeFileSync(file, m.zip);
    const seen = new Map<string, { offset: number; size: number }>();
    const early = earlyRecordPass();
    let tree;
    try {
      tree = await ZipTree.open(file, { early: { paths: early.ranges.paths, onRange: (p, r) => { seen.set(p, { offset: r.offset, size: r.size }); early.ranges.onRange(p, r); } } });
    } catch {
      early.pass.close();
      continue; // a case refused at open: nothing offered is used
    }
    try {
      if (!keys.every((k) => tree.openRange(SAG_FILES[k]))) continue;
      tried++;
      for (const k of keys) {
        const r = tree.openRange(SAG_FILES[k])!;
        assert.deepEqual(seen.get(SAG_FILES[k]), { offset: r.offset, size: r.size }, `${c.id}: ${SAG_FILES[k]}`);
      }
      assert.ok(early.pass.covers(tree, keys), c.id);
    } finally {
      early.pass.close();
      tree.close();
    }
  }
  assert.ok(tried > 5, `cases with all five record files stored: ${tried}`);
});

// Tests run from source; the bundled CLI and worker (lib/bundle/, with its one-file apache-arrow)
// are what users run, so one generated package with records and vectors goes through the built CLI
// too, worker on and off.
test('the built CLI (lib/bundle/) reports alike with the record worker on and off, on a package with records and vectors', async () => {
  const { spawnSync } = await import('node:child_process');
  const { statSync, existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { repoRoot } = await import('../helpers/cli.js');
  const { tmpDir, writeTree } = await import('../helpers/tmp.js');
  const built = join(repoRoot, 'lib', 'src', 'octx', 'record-worker.js');
  assert.ok(existsSync(built), 'lib/ is built (npm test builds it first)');
  for (const f of ['record-worker', 'record-pass', 'package']) {
    assert.ok(statSync(join(repoRoot, 'lib', 'src', 'octx', `${f}.js`)).mtimeMs >= statSync(join(repoRoot, 'src', 'octx', `${f}.ts`)).mtimeMs, `lib/ is older than src/octx/${f}.ts: run npm run build`);
  }
  for (const f of ['main.js', 'record-worker.js', 'vendor/apache-arrow.cjs']) {
    const b = join(repoRoot, 'lib', 'bundle', f);
    assert.ok(existsSync(b) && statSync(b).mtimeMs >= statSync(built).mtimeMs, `lib/bundle/${f} is missing or older than lib/: run npm run build`);
  }
  const { generateOctx } = await import(join(repoRoot, 'bench', 'generate.mjs'));
  const { dir } = generateOctx(tmpDir(), 300, 7) as { dir: string };
  const run = (worker: string, args: string[]) => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'ctxforge.js'), ...args, '--json'], {
      env: { ...process.env, CTXFORGE_FROM_SOURCE: '', CTXFORGE_RECORD_WORKER: worker }, encoding: 'utf8',
    });
    return { code: r.status, json: JSON.parse(r.stdout || '{}'), stderr: r.stderr };
  };
  const on = run('1', ['validate', dir]);
  assert.equal(on.code, 0, on.stderr);
  assert.equal(on.json.results[0].valid, true);
  assert.deepEqual(on.json.results[0].details.capabilities, { 'sag-structured': true, vectors: true });
  assert.deepEqual(on.json, run('0', ['validate', dir]).json);
  // A vector that names no record, and a chunk that names no document: both found on the worker.
  const { readFileSync } = await import('node:fs');
  const chunks = readFileSync(join(dir, 'data', 'chunks.jsonl'), 'utf8').split('\n');
  chunks[3] = chunks[3]!.replace(/"document_id":"[^"]+"/, '"document_id":"019c0000-0000-7000-8000-000000000bad"');
  writeTree(dir, { 'data/chunks.jsonl': chunks.join('\n') });
  const bad = run('1', ['validate', dir]);
  assert.equal(bad.code, 1);
  assert.ok(bad.json.results[0].diagnostics.some((d: { code: string; line?: number }) => d.code === 'OCTX_RECORD_REFERENCE_UNKNOWN' && d.line === 4), JSON.stringify(bad.json.results[0].diagnostics.slice(0, 3)));
  assert.deepEqual(bad.json, run('0', ['validate', dir]).json);
});

test('linesNotIn: the lines of one file that the other does not hold, CR and final newline as readJsonl sees them', async () => {
  const { linesNotIn } = await import('../../src/octx/jsonl.js');
  // The reference: lines as strings, CR stripped, compared as a set.
  const lines = (b: Buffer) => { const t = b.toString('latin1').split('\n'); if (t[t.length - 1] === '') t.pop(); return t.map((l) => l.replace(/\r$/, '')); };
  const reference = (a: Buffer, b: Buffer) => { const have = new Set(lines(b)); return lines(a).filter((l) => !have.has(l)).map((l) => `${l}\n`).join(''); };
  const { next } = seeded(5);
  // Lines that differ in one byte at the start, middle or end, short ones, empty ones, a lone CR.
  const pool = ['{"id":"a","text":"x"}', '{"id":"a","text":"y"}', '{"id":"b","text":"x"}', 'x', 'y', '', '\r', 'ab', 'ba', '{"id":"a","text":"x"} ', `{"t":"${'z'.repeat(300)}"}`, `{"t":"${'z'.repeat(299)}q"}`, 'é', '\u00e9\u00e8'];
  const file = () => {
    const n = next() % 12;
    let s = '';
    for (let i = 0; i < n; i++) s += pool[next() % pool.length] + (next() % 4 === 0 ? '\r\n' : '\n');
    if (n && next() % 3 === 0) s = s.replace(/\r?\n$/, '');
    return Buffer.from(s, 'latin1');
  };
  for (let k = 0; k < 3000; k++) {
    const a = file();
    const b = file();
    assert.equal(linesNotIn(a, b).toString('latin1'), reference(a, b), JSON.stringify([a.toString('latin1'), b.toString('latin1')]));
  }
  // A file with a BOM comes back whole, so that reading it fails as it does alone.
  const bom = Buffer.from('\ufeff{"id":"a"}\n', 'utf8');
  assert.equal(linesNotIn(bom, bom), bom);
});
