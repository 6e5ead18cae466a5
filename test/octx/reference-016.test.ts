// OCTX as octx 0.1.6 writes it (../shared/specs/notes-octx-0.1.6.md): the vectors profiles layout
// (derived vectors built here with apache-arrow, kept small), chunks without events, the
// reference's record and Arrow limits, and exactly one optional leading BOM on Markdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { materialize, type OctxCase } from '../helpers/octx-cases.js';
import { validateOctxArtifact } from '../../src/octx/module.js';
import { checkPackage } from '../../src/octx/package.js';
import { DiskTree } from '../../src/core/tree.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import type { Limits } from '../../src/core/limits.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const CHUNK = '019c2222-2222-7222-8222-222222222222';
const CHUNK2 = '019c2222-2222-7222-8222-222222222223';
const EVENT = '019c4444-4444-7444-8444-444444444444';
const ENTITY = '019c5555-5555-7555-8555-555555555555';
const DOC = '019c1234-5678-7abc-8def-0123456789ab';

const arrow = await import('apache-arrow');

/** An Arrow IPC file in the role-file schema SAG writes: record_id, input_sha256, vector. */
function roleFile(ids: string[], dim = 2, opts: { batches?: number; noHash?: boolean } = {}): Buffer {
  const item = new arrow.Field('item', new arrow.Float32(), false);
  const vecType = new arrow.FixedSizeList(dim, item);
  const fields = [new arrow.Field('record_id', new arrow.Utf8(), false), ...(opts.noHash ? [] : [new arrow.Field('input_sha256', new arrow.Utf8(), false)]), new arrow.Field('vector', vecType, false)];
  const schema = new arrow.Schema(fields);
  const per = Math.ceil(ids.length / (opts.batches ?? 1));
  const batches = [];
  for (let at = 0; at < ids.length; at += per) {
    const part = ids.slice(at, at + per);
    const idVec = arrow.vectorFromArray(part, new arrow.Utf8());
    // The reference does not check input hashes: zeros are as good as real ones.
    const hashVec = arrow.vectorFromArray(part.map(() => '0'.repeat(64)), new arrow.Utf8());
    const values = arrow.makeData({ type: new arrow.Float32(), length: part.length * dim, data: new Float32Array(part.length * dim).fill(0.25) });
    const vecData = arrow.makeData({ type: vecType, length: part.length, child: values });
    const children = [idVec.data[0]!, ...(opts.noHash ? [] : [hashVec.data[0]!]), vecData];
    batches.push(new arrow.RecordBatch(schema, arrow.makeData({ type: new arrow.Struct(schema.fields), length: part.length, children })));
  }
  return Buffer.from(arrow.tableToIPC(new arrow.Table(schema, batches), 'file'));
}

/** A profile as SAG writes a rebuild_required one (no model, no fingerprint). */
function profile(role: string, coverage: 'complete' | 'partial', dimensions = 2, extra: Record<string, unknown> = {}) {
  return {
    role, dimensions, dtype: 'float32', coverage, reuse_policy: 'rebuild_required', input_hash_algorithm: 'sha256',
    recipe_id: `sag.${role.replace('.', '-')}/1`,
    recipe: { fields: ['heading'], separator: '', encoding: 'UTF-8', unicode_normalization: 'NFC', newline: 'LF', null_as: '', trim: false },
    ...extra,
  };
}

const twoChunks = [
  { id: CHUNK, document_id: DOC, ordinal: 0, text: 'one', heading: 'H' },
  { id: CHUNK2, document_id: DOC, ordinal: 1, text: 'two' },
];

function vcase(id: string, files: Record<string, string | Buffer>, expect: OctxCase['expect'], more: Partial<OctxCase> = {}): OctxCase {
  return {
    id, base: 'sag-structured-valid', rehash: true,
    manifest_set: { capabilities: { 'sag-structured': { version: '0.1' }, vectors: { version: '0.1' } } },
    add_files: files,
    replace_jsonl: { 'data/chunks.jsonl': twoChunks },
    expect,
    ...more,
  } as OctxCase;
}

const profiles = (...ps: unknown[]) => JSON.stringify({ profiles: ps }) + '\n';

async function both(c: OctxCase, limits?: Partial<Limits>): Promise<{ valid: boolean; caps: Record<string, unknown>; diags: Diagnostic[] }[]> {
  const m = materialize(c);
  const zip = await validateOctxArtifact({ label: `${c.id}.octx`, bytes: m.zip }, { limits });
  const dir = tmpDir();
  writeTree(dir, Object.fromEntries(m.files!));
  const wd = await checkPackage(new DiskTree(dir), { workdir: true, limits });
  return [
    { valid: zip.valid, caps: (zip.details as { capabilities: Record<string, unknown> }).capabilities, diags: zip.diagnostics },
    { valid: wd.valid, caps: wd.capabilities, diags: wd.diagnostics },
  ];
}

function expectVerdict(rs: Awaited<ReturnType<typeof both>>, valid: boolean, code?: string) {
  for (const [i, r] of rs.entries()) {
    const where = `${i ? 'working directory' : '.octx'}: ${JSON.stringify(r.diags.map((d) => `${d.code} ${d.message}`))}`;
    assert.equal(r.valid, valid, where);
    if (valid) assert.equal(r.caps.vectors, true, where);
    if (code) assert.ok(r.diags.some((d) => d.code === code && d.severity === 'error'), `expected ${code} — ${where}`);
  }
}

test('profiles layout: complete roles of every kind, relation keys event_entity:<ev>:<en>, opaque hashes and no fingerprint: valid', async () => {
  expectVerdict(await both(vcase('profiles-complete', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete'), profile('chunk.content', 'complete', 3), profile('event.title', 'complete'), profile('entity.name', 'complete'), profile('event_entity.relation', 'complete')),
    'vectors/chunk_heading.arrow': roleFile([CHUNK2, CHUNK]),
    'vectors/chunk_content.arrow': roleFile([CHUNK, CHUNK2], 3, { batches: 2 }),
    'vectors/event_title.arrow': roleFile([EVENT]),
    'vectors/entity_name.arrow': roleFile([ENTITY]),
    'vectors/event_entity_relation.arrow': roleFile([`event_entity:${EVENT}:${ENTITY}`]),
  }, {})), true);
});

test('profiles layout: a partial role may cover a subset; a complete one may not', async () => {
  expectVerdict(await both(vcase('profiles-partial', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'partial', 2, { model: 'm', normalized: true, fingerprint: 'opaque-value' })),
    'vectors/chunk_heading.arrow': roleFile([CHUNK]),
  }, {})), true);
  expectVerdict(await both(vcase('profiles-complete-subset', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete')),
    'vectors/chunk_heading.arrow': roleFile([CHUNK]),
  }, {})), false, 'OCTX_VECTORS_INVALID');
});

test('profiles layout: unknown or stray ids, a wrong relation key, duplicates and a dimension mismatch are invalid', async () => {
  const one = async (file: Buffer, p = profile('chunk.heading', 'partial'), role = 'vectors/chunk_heading.arrow') =>
    both(vcase('profiles-bad', { 'vectors/profiles.json': profiles(p), [role]: file }, {}));
  expectVerdict(await one(roleFile([CHUNK, '019c9999-9999-7999-8999-999999999999'])), false, 'OCTX_VECTORS_INVALID');
  expectVerdict(await one(roleFile([CHUNK, CHUNK])), false, 'OCTX_VECTORS_INVALID');
  expectVerdict(await one(roleFile([CHUNK], 4)), false, 'OCTX_VECTORS_INVALID');
  expectVerdict(await one(roleFile([`event_entity:${ENTITY}:${EVENT}`]), profile('event_entity.relation', 'partial'), 'vectors/event_entity_relation.arrow'), false, 'OCTX_VECTORS_INVALID');
  // The role file's ids are the record kind of its role: an event id is no chunk.
  expectVerdict(await one(roleFile([EVENT])), false, 'OCTX_VECTORS_INVALID');
});

test('profiles layout: profiles.json itself — roles, dtype, coverage, dimensions, a role declared twice, no layout mixing', async () => {
  const cases: [string, unknown, string][] = [
    ['unknown role', profile('chunk.summary', 'complete'), 'OCTX_VECTORS_INVALID'],
    ['float16', profile('chunk.heading', 'complete', 2, { dtype: 'float16' }), 'OCTX_VECTORS_INVALID'],
    ['coverage', profile('chunk.heading', 'most', 2), 'OCTX_VECTORS_INVALID'],
    ['zero dimensions', profile('chunk.heading', 'complete', 0), 'OCTX_VECTOR_DIMENSION_INVALID'],
  ];
  for (const [name, p, code] of cases) {
    const rs = await both(vcase(`profiles-${name}`, { 'vectors/profiles.json': profiles(p), 'vectors/chunk_heading.arrow': roleFile([CHUNK, CHUNK2]) }, {}));
    expectVerdict(rs, false, code);
  }
  expectVerdict(await both(vcase('profiles-twice', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete'), profile('chunk.heading', 'partial')),
    'vectors/chunk_heading.arrow': roleFile([CHUNK, CHUNK2]),
  }, {})), false, 'OCTX_VECTORS_INVALID');
  expectVerdict(await both(vcase('profiles-and-config', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete')),
    'vectors/chunk_heading.arrow': roleFile([CHUNK, CHUNK2]),
    'vectors/config.json': JSON.stringify({ model: 'm' }),
  }, {})), false, 'OCTX_VECTORS_INVALID');
});

test('profiles layout: a role file no profile declares is undeclared standard data; a declared role needs its file', async () => {
  expectVerdict(await both(vcase('profiles-undeclared', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete')),
    'vectors/chunk_heading.arrow': roleFile([CHUNK, CHUNK2]),
    'vectors/entity_name.arrow': roleFile([ENTITY]),
  }, {})), false, 'OCTX_STANDARD_PATH_UNDECLARED');
  expectVerdict(await both(vcase('profiles-missing-file', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete'), profile('entity.name', 'complete')),
    'vectors/chunk_heading.arrow': roleFile([CHUNK, CHUNK2]),
  }, {})), false, 'OCTX_CAPABILITY_FILE_REQUIRED');
});

test('chunks without events are valid (octx 0.1.4); an event without an entity is still invalid', async () => {
  const rs = await both({ id: 'orphan-chunk', base: 'sag-structured-valid', rehash: true, replace_jsonl: { 'data/chunks.jsonl': twoChunks }, expect: {} } as OctxCase);
  for (const r of rs) { assert.equal(r.valid, true, JSON.stringify(r.diags)); assert.equal(r.caps['sag-structured'], true); }
  const noEntity = await both({ id: 'event-no-entity', base: 'sag-structured-valid', rehash: true, replace_files: { 'relations/event-entities.jsonl': '' }, expect: {} } as OctxCase);
  // octx 0.1.6's name for the finding, with ctxforge's earlier code as its alias (docs/octx-codes.md).
  for (const r of noEntity) assert.ok(r.diags.some((d) => d.code === 'OCTX_SAG_EVENT_IN_ENTITY_RELATION' && (d as { alias?: string }).alias === 'OCTX_EVENT_WITHOUT_ENTITY'), JSON.stringify(r.diags));
});

test('record and Arrow limits: options with the reference defaults, enforced while reading', async () => {
  const ok = vcase('limits', {
    'vectors/profiles.json': profiles(profile('chunk.heading', 'complete', 4)),
    'vectors/chunk_heading.arrow': roleFile([CHUNK, CHUNK2], 4, { batches: 2 }),
  }, {});
  expectVerdict(await both(ok), true);
  expectVerdict(await both(ok, { maxJsonlRecords: 1 }), false, 'OCTX_RESOURCE_LIMIT');
  expectVerdict(await both(ok, { maxArrowDimension: 3 }), false, 'OCTX_RESOURCE_LIMIT');
  expectVerdict(await both(ok, { maxArrowRows: 1 }), false, 'OCTX_RESOURCE_LIMIT');
  expectVerdict(await both(ok, { maxArrowValues: 7 }), false, 'OCTX_RESOURCE_LIMIT');
  expectVerdict(await both(ok, { maxArrowBatches: 1 }), false, 'OCTX_RESOURCE_LIMIT');
  expectVerdict(await both(ok, { maxArrowValues: 8, maxArrowRows: 2, maxArrowBatches: 2, maxArrowDimension: 4, maxJsonlRecords: 2 }), true);
});

test('exactly one leading BOM is removed from Markdown: a second one means the file does not start with frontmatter', async () => {
  const one = await both({ id: 'bom1', base: 'minimal-valid', rehash: true, replace_prefix_bytes_hex: { 'knowledge/guide.md': 'efbbbf' }, expect: {} } as OctxCase);
  for (const r of one) assert.equal(r.valid, true, JSON.stringify(r.diags));
  const two = await both({ id: 'bom2', base: 'minimal-valid', rehash: true, replace_prefix_bytes_hex: { 'knowledge/guide.md': 'efbbbfefbbbf' }, expect: {} } as OctxCase);
  for (const r of two) {
    assert.equal(r.valid, false);
    assert.ok(r.diags.some((d) => d.file === 'knowledge/guide.md' && /FRONTMATTER|DOCUMENT_ID/.test(d.code)), JSON.stringify(r.diags));
  }
});

test('--json reports octx 0.1.6\'s code and keeps the earlier ctxforge code as its alias', async () => {
  const { runCli } = await import('../helpers/cli.js');
  const { writeFileSync } = await import('node:fs');
  const m = materialize({ id: 'event-no-entity', base: 'sag-structured-valid', rehash: true, replace_files: { 'relations/event-entities.jsonl': '' }, expect: {} } as OctxCase);
  const file = (await import('node:path')).join(tmpDir(), 'event-no-entity.octx');
  writeFileSync(file, m.zip);
  const r = await runCli(['validate', file, '--json']);
  assert.equal(r.code, 1);
  const d = (JSON.parse(r.stdout).results[0].diagnostics as Array<{ code: string; alias?: string }>).find((x) => x.code === 'OCTX_SAG_EVENT_IN_ENTITY_RELATION');
  assert.equal(d?.alias, 'OCTX_EVENT_WITHOUT_ENTITY');
});
