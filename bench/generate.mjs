// Writes the benchmark inputs deterministically from a seed: OCTX working directories of N OKF
// documents with sag-structured records and an Arrow vectors file, a git repository with two tags
// of one OCTX case (1% changed, some moved), a ~1 GiB OCTX working directory for the memory case
// (documents plus large extension blobs), a ctxpkg source tree and an Agent Cartridge source tree.
// Same seed and size, same bytes, on any machine.
//
// Usage: node bench/generate.mjs [--sizes 1000,10000] [--diff-size 10000] [--flat 50000] [--memory] [--seed 42] [--out bench/out]
// Each input is skipped when `<dir>.stamp` (kept outside the tree, so peers hash only the input)
// records the same parameters, so repeated `npm run bench` runs do not pay for generation again.
import { mkdirSync, writeFileSync, rmSync, existsSync, readFileSync, renameSync, openSync, writeSync, closeSync } from 'node:fs';
import { join, dirname, basename, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as arrow from 'apache-arrow';

/** Bump when the generated content changes, so stale stamped inputs are regenerated. */
const GENERATOR_VERSION = 3;

// ---------- deterministic randomness ----------

/** mulberry32: tiny, fast, and good enough for synthetic text; Math.random would break determinism. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    hex: (digits) => {
      let s = '';
      while (s.length < digits) s += Math.floor(next() * 0x10000).toString(16).padStart(4, '0');
      return s.slice(0, digits);
    },
  };
}

/** Seed-derived canonical UUIDv7: a fixed 2026 timestamp plus the counter keeps IDs sorted and unique. */
export function uuidv7(r, counter) {
  const ts = (1767225600000 + counter).toString(16).padStart(12, '0');
  const randA = r.hex(3);
  const variant = '89ab'[r.int(4)];
  return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${randA}-${variant}${r.hex(3)}-${r.hex(12)}`;
}

const WORDS = (
  'release build archive package digest manifest signature checksum version tag commit branch merge ' +
  'review pipeline cache index document concept guide reference schema record chunk event entity ' +
  'vector model graph node edge layer policy trust key agent memory skill knowledge source tree ' +
  'deterministic reproducible stable portable verify validate publish rollback migrate deploy ' +
  'latency throughput budget quota storage network service client server request response retry'
).split(' ');
const TYPES = ['Concept', 'Guide', 'Reference', 'Decision', 'Runbook'];
const TOPICS = ['architecture', 'operations', 'security', 'data', 'product', 'onboarding', 'api', 'testing'];
const DOCS_PER_DIR = 200;

function sentence(r) {
  const n = 8 + r.int(12);
  const w = [];
  for (let i = 0; i < n; i++) w.push(r.pick(WORDS));
  const s = w.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

function title(r) {
  const n = 2 + r.int(3);
  const w = [];
  for (let i = 0; i < n; i++) w.push(r.pick(WORDS));
  return w.join(' ').replace(/^./, (c) => c.toUpperCase());
}

// ---------- OCTX ----------

/** Document list of an OCTX case: identity and placement only; bodies are rendered from `bodySeed`. */
function octxDocs(n, seed) {
  const r = rng(seed);
  const docs = [];
  for (let i = 0; i < n; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const dir = `${topic}/part-${String(Math.floor(i / (TOPICS.length * DOCS_PER_DIR))).padStart(3, '0')}`;
    docs.push({
      i,
      id: uuidv7(r, 1000 + i),
      type: TYPES[r.int(TYPES.length)],
      title: `${title(r)} ${i}`,
      path: `knowledge/${dir}/doc-${String(i).padStart(6, '0')}.md`,
      linkBase: `knowledge/${dir}/doc-${String(i).padStart(6, '0')}.md`,
      bodySeed: (seed * 1000003 + i) >>> 0,
    });
  }
  return docs;
}

function relLink(from, to) {
  const a = dirname(from).split('/');
  const b = to.split('/');
  let k = 0;
  while (k < a.length && k < b.length - 1 && a[k] === b[k]) k++;
  return [...Array(a.length - k).fill('..'), ...b.slice(k)].join('/') || '.';
}

/**
 * One OKF document, ~1–3 KB: frontmatter, H1, paragraphs, and links to 3–8 other documents.
 * Links are written relative to `doc.linkBase` among `linkDocs` (the v1.0.0 layout), so a move
 * changes only the moved file and the change set stays at exactly 1% of documents (OKF never
 * resolves links, so stale ones stay valid).
 */
function renderDoc(doc, docs) {
  const r = rng(doc.bodySeed);
  const target = 1024 + r.int(2048);
  let body = `---\ntype: ${doc.type}\ntitle: ${doc.title}\noctx:\n  document_id: ${doc.id}\n---\n\n# ${doc.title}\n\n`;
  const links = 3 + r.int(6);
  for (let l = 0; l < links; l++) {
    const other = docs[r.int(docs.length)];
    body += `${sentence(r)} See [${other.title}](${relLink(doc.linkBase, other.linkBase)}). `;
    if (l % 2 === 1) body += '\n\n';
  }
  let section = 1;
  while (body.length < target) {
    if (r.int(4) === 0) body += `\n\n## Section ${section++}\n\n`;
    body += sentence(r) + (r.int(5) === 0 ? '\n\n' : ' ');
  }
  return body.trimEnd() + '\n';
}

// ---------- sag-structured records and vectors ----------

const VECTOR_DIM = 64;
const VECTOR_BATCH_ROWS = 16384;
const ENTITY_TYPES = ['Tool', 'Service', 'Specification', 'Team', 'System', 'EnvironmentVariable', 'Format'];
// Disjoint UUIDv7 counter ranges: the counter sets the timestamp bits, so IDs of different record
// kinds can never collide with each other, with documents (1000 + i) or with the asset (0).
const CHUNK_BASE = 10_000_000;
const EVENT_BASE = 20_000_000;
const ENTITY_BASE = 30_000_000;
const MAX_CHUNKS_PER_DOC = 3;

/**
 * Chunk count and chunk IDs per document, from the seed and the document's index only: an edited
 * body keeps its chunk IDs (same identity, new text), as a re-chunking producer would.
 */
function chunkPlan(docs, seed) {
  const r = rng(seed ^ 0xc4c4c4);
  return docs.map((d) => {
    const k = 1 + r.int(MAX_CHUNKS_PER_DOC); // 1–3, ~2 per document
    const ids = [];
    for (let o = 0; o < k; o++) ids.push(uuidv7(r, CHUNK_BASE + d.i * MAX_CHUNKS_PER_DOC + o));
    return ids;
  });
}

/** Splits a rendered document (after its frontmatter) into `k` contiguous runs of paragraphs. */
function chunkTexts(body, k) {
  const end = body.indexOf('\n---\n', 4);
  const paras = body.slice(end + 5).split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  const n = Math.min(k, paras.length);
  const out = [];
  for (let c = 0; c < n; c++) out.push(paras.slice(Math.floor((c * paras.length) / n), Math.floor(((c + 1) * paras.length) / n)).join('\n\n'));
  return out;
}

/** Buffered line writer: 100k+ small writeSync calls or one 100 MB string would both be wasteful. */
function lineWriter(file) {
  const fd = openSync(file, 'w');
  let buf = [];
  let len = 0;
  const flush = () => {
    if (buf.length) writeSync(fd, buf.join(''));
    buf = [];
    len = 0;
  };
  return {
    line(obj) {
      const l = JSON.stringify(obj) + '\n';
      buf.push(l);
      len += l.length;
      if (len > 1 << 20) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/**
 * Events and entities depend only on the document count and seed (not on bodies), so both tags of
 * the git case share them. Events: one per two documents, linked to every chunk of those two
 * documents (so each chunk has an event), in hierarchies of five (root, three children at level 1,
 * one grandchild at level 2). Entities: one per five documents; event e links entity
 * floor(e·entities/events), which covers every entity, plus 0–2 random others.
 */
function eventPlan(nDocs, seed) {
  const r = rng(seed ^ 0xe7e7e7);
  const nEvents = Math.max(1, Math.ceil(nDocs / 2));
  const nEntities = Math.max(1, Math.ceil(nDocs / 5));
  const events = [];
  for (let e = 0; e < nEvents; e++) {
    const ev = { id: uuidv7(r, EVENT_BASE + e), title: title(r), content: sentence(r) + ' ' + sentence(r) };
    if (r.int(3) === 0) ev.summary = sentence(r);
    ev.category = TOPICS[r.int(TOPICS.length)];
    const m = e % 5;
    if (m >= 1 && m <= 3) Object.assign(ev, { parent_id: events[e - m].id, level: 1 });
    else if (m === 4) Object.assign(ev, { parent_id: events[e - 1].id, level: 2 });
    events.push(ev);
  }
  const entities = [];
  for (let k = 0; k < nEntities; k++) {
    const en = { id: uuidv7(r, ENTITY_BASE + k), name: `${title(r)} ${k}`, type: ENTITY_TYPES[r.int(ENTITY_TYPES.length)] };
    if (r.int(2) === 0) en.description = sentence(r);
    entities.push(en);
  }
  const eventEntities = [];
  for (let e = 0; e < nEvents; e++) {
    const linked = new Set([Math.floor((e * nEntities) / nEvents)]);
    const extra = Math.min(r.int(3), nEntities - 1);
    while (linked.size < 1 + extra) linked.add(r.int(nEntities));
    for (const k of linked) eventEntities.push({ event_id: events[e].id, entity_id: entities[k].id, weight: Math.round(r.next() * 100) / 100 });
  }
  return { events, entities, eventEntities };
}

/** vectors/chunks.arrow: Arrow IPC file, record_id utf8 + vector fixed_size_list<float32>[64], several batches. */
function writeVectors(file, ids, values, dim) {
  const item = new arrow.Field('item', new arrow.Float32(), false);
  const vecType = new arrow.FixedSizeList(dim, item);
  const schema = new arrow.Schema([new arrow.Field('record_id', new arrow.Utf8(), false), new arrow.Field('vector', vecType, false)]);
  const batches = [];
  for (let off = 0; off < ids.length; off += VECTOR_BATCH_ROWS) {
    const n = Math.min(VECTOR_BATCH_ROWS, ids.length - off);
    const idVec = arrow.vectorFromArray(ids.slice(off, off + n), new arrow.Utf8());
    const valueData = arrow.makeData({ type: new arrow.Float32(), length: n * dim, data: values.subarray(off * dim, (off + n) * dim) });
    const vecData = arrow.makeData({ type: vecType, length: n, child: valueData });
    batches.push(new arrow.RecordBatch(schema, arrow.makeData({ type: new arrow.Struct(schema.fields), length: n, children: [idVec.data[0], vecData] })));
  }
  writeFileSync(file, arrow.tableToIPC(new arrow.Table(schema, batches), 'file'));
}

/** Writes the full OCTX working directory for `docs` (replacing `knowledge/` entirely, so moved files leave no copy). */
function writeOctxTree(dir, docs, { assetId, version, seed }) {
  rmSync(join(dir, 'knowledge'), { recursive: true, force: true });
  for (const d of ['data', 'relations', 'vectors']) mkdirSync(join(dir, d), { recursive: true });
  const manifest = {
    format: 'octx', format_version: '0.1', asset: { id: assetId, name: 'Bench' }, release: { version },
    capabilities: { 'sag-structured': { version: '0.1' }, vectors: { version: '0.1' } },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

  const plan = chunkPlan(docs, seed);
  const chunks = lineWriter(join(dir, 'data', 'chunks.jsonl'));
  const chunkIds = [];
  const chunkSeeds = [];
  const docChunks = []; // per document: indexes into chunkIds
  const byDir = new Map();
  for (const d of docs) {
    const p = join(dir, d.path);
    const dd = dirname(d.path);
    if (!byDir.has(dd)) {
      byDir.set(dd, []);
      mkdirSync(join(dir, dd), { recursive: true });
    }
    byDir.get(dd).push(d);
    const body = renderDoc(d, docs);
    writeFileSync(p, body);
    const mine = [];
    chunkTexts(body, plan[d.i].length).forEach((text, o) => {
      chunks.line({ id: plan[d.i][o], document_id: d.id, ordinal: o, text });
      mine.push(chunkIds.length);
      chunkIds.push(plan[d.i][o]);
      // Vectors follow the body: an edited document is re-embedded, a moved one is not.
      chunkSeeds.push((d.bodySeed * 31 + o) >>> 0);
    });
    docChunks.push(mine);
  }
  chunks.close();

  const { events, entities, eventEntities } = eventPlan(docs.length, seed);
  const ev = lineWriter(join(dir, 'data', 'events.jsonl'));
  for (const e of events) ev.line(e);
  ev.close();
  const en = lineWriter(join(dir, 'data', 'entities.jsonl'));
  for (const e of entities) en.line(e);
  en.close();
  const ce = lineWriter(join(dir, 'relations', 'chunk-events.jsonl'));
  const cr = rng(seed ^ 0xce5eed);
  for (let i = 0; i < docChunks.length; i++) {
    const e = Math.min(Math.floor(i / 2), events.length - 1);
    for (const c of docChunks[i]) {
      ce.line({ chunk_id: chunkIds[c], event_id: events[e].id });
      // One chunk in ten also supports a second, unrelated event (a many-to-many relation).
      if (cr.int(10) === 0 && events.length > 1) {
        let o = cr.int(events.length);
        if (o === e) o = (o + 1) % events.length;
        ce.line({ chunk_id: chunkIds[c], event_id: events[o].id });
      }
    }
  }
  ce.close();
  const ee = lineWriter(join(dir, 'relations', 'event-entities.jsonl'));
  for (const x of eventEntities) ee.line(x);
  ee.close();

  const values = new Float32Array(chunkIds.length * VECTOR_DIM);
  for (let c = 0; c < chunkIds.length; c++) {
    const vr = rng(chunkSeeds[c]);
    for (let j = 0; j < VECTOR_DIM; j++) values[c * VECTOR_DIM + j] = vr.next() * 2 - 1;
  }
  writeFileSync(join(dir, 'vectors', 'config.json'), JSON.stringify({ model: `bench-embed-${VECTOR_DIM}`, revision: '2026-01' }, null, 2) + '\n');
  writeVectors(join(dir, 'vectors', 'chunks.arrow'), chunkIds, values, VECTOR_DIM);

  // Per-directory indexes (OKF §6): an H1 and one entry per document; no frontmatter below the root.
  const dirs = [...byDir.keys()].sort();
  for (const dd of dirs) {
    const entries = byDir.get(dd).map((d) => `- [${d.title}](${d.path.slice(dd.length + 1)})`).join('\n');
    writeFileSync(join(dir, dd, 'index.md'), `# ${dd.slice('knowledge/'.length)}\n\n${entries}\n`);
  }
  const rootEntries = dirs.map((dd) => `- [${dd.slice('knowledge/'.length)}](${dd.slice('knowledge/'.length)}/index.md)`);
  writeFileSync(join(dir, 'knowledge', 'index.md'), `---\nokf_version: "0.1"\n---\n\n# Bench knowledge base\n\n${rootEntries.join('\n')}\n`);
  writeFileSync(join(dir, 'knowledge', 'log.md'), `# Log\n\n## 2026-02-01\n\n- Version ${version}.\n\n## 2026-01-01\n\n- First version.\n`);
}

function stampOk(dir, params) {
  const f = dir + '.stamp';
  return existsSync(f) && readFileSync(f, 'utf8') === JSON.stringify(params);
}
function stamp(dir, params) {
  writeFileSync(dir + '.stamp', JSON.stringify(params));
}

/** Generates into a temp sibling and renames, so an interrupted run never leaves a half tree stamped. */
function generateInto(dir, params, fn) {
  if (stampOk(dir, params) && existsSync(dir)) return false;
  const tmp = dir + '.tmp';
  rmSync(tmp, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  rmSync(dir + '.stamp', { force: true });
  mkdirSync(tmp, { recursive: true });
  fn(tmp);
  renameSync(tmp, dir);
  stamp(dir, params);
  return true;
}

export function generateOctx(outDir, n, seed) {
  const dir = join(outDir, `octx-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'octx', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0xa55e7);
    writeOctxTree(tmp, octxDocs(n, seed), { assetId: uuidv7(r, 0), version: '1.0.0', seed });
  });
  return { dir, made };
}

// ---------- memory case: ~1 GiB working directory ----------

const MiB = 1 << 20;
export const MEMORY_DEFAULTS = { docs: 10000, blobs: 10, blobMiB: 100 };

/**
 * One extension blob: a seeded 1 MiB block repeated, each copy stamped with (blob, block) so no two
 * MiB are identical (nothing downstream can win by deduplicating). Byte-by-byte JS randomness would
 * take minutes per GiB; this writes at disk speed.
 */
function writeBlob(file, block, blobIndex, mib) {
  const fd = openSync(file, 'w');
  try {
    for (let b = 0; b < mib; b++) {
      block.writeUInt32LE(blobIndex, 0);
      block.writeUInt32LE(b, 4);
      writeSync(fd, block);
    }
  } finally {
    closeSync(fd);
  }
}

/** The memory case: an N-document OCTX tree plus `blobs` × `blobMiB` MiB under extensions/. */
export function generateOctxMemory(outDir, { docs: n, blobs, blobMiB } = MEMORY_DEFAULTS, seed) {
  const dir = join(outDir, `octx-mem-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'octx-mem', n, blobs, blobMiB, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0x3e3e3);
    writeOctxTree(tmp, octxDocs(n, seed), { assetId: uuidv7(r, 0), version: '1.0.0', seed });
    const ext = join(tmp, 'extensions', 'dev.ctxforge.bench', '1.0', 'blobs');
    mkdirSync(ext, { recursive: true });
    const block = Buffer.alloc(MiB);
    const br = rng(seed ^ 0xb10b);
    for (let i = 0; i < MiB; i += 4) block.writeUInt32LE(Math.floor(br.next() * 0x100000000), i);
    for (let i = 0; i < blobs; i++) writeBlob(join(ext, `blob-${String(i).padStart(2, '0')}.bin`), block, i, blobMiB);
  });
  return { dir, made };
}

// ---------- git repository with two tags ----------

function git(cwd, args, date) {
  // Fixed author and committer identity and dates: the same seed gives the same commit IDs.
  const env = {
    ...process.env,
    ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid',
    GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid',
    GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  };
  return execFileSync('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
}

/** v1.0.0 = the N-document case; v1.1.0 changes 1% of documents: 70% of those edited, 30% moved. */
export function generateGitRepo(outDir, n, seed) {
  const dir = join(outDir, `git-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'git', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0xa55e7);
    const assetId = uuidv7(r, 0);
    const docs = octxDocs(n, seed);
    // Own repository: git must never walk up into the project's repository.
    git(tmp, ['init', '-q', '-b', 'main']);
    writeOctxTree(tmp, docs, { assetId, version: '1.0.0', seed });
    git(tmp, ['add', '-A']);
    git(tmp, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'v1.0.0'], '2026-01-01T00:00:00Z');
    git(tmp, ['tag', 'v1.0.0']);

    const cr = rng(seed ^ 0xd1ff);
    const changed = new Set();
    const nChanged = Math.max(1, Math.round(n / 100));
    while (changed.size < nChanged) changed.add(cr.int(n));
    const next = docs.map((d) => ({ ...d }));
    let k = 0;
    for (const i of [...changed].sort((a, b) => a - b)) {
      const d = next[i];
      // Moves at k = 1, 4, 7 (mod 10): 30% moved, and even the 2-change smoke case has one move.
      if (![1, 4, 7].includes(k++ % 10)) {
        d.bodySeed = (d.bodySeed ^ 0x5eed) >>> 0; // new body, same identity
      } else {
        d.path = d.path.replace(/\/part-(\d+)\//, '/moved/'); // same document_id, new path
      }
    }
    writeOctxTree(tmp, next, { assetId, version: '1.1.0', seed });
    git(tmp, ['add', '-A']);
    git(tmp, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'v1.1.0'], '2026-02-01T00:00:00Z');
    git(tmp, ['tag', 'v1.1.0']);
    writeFileSync(join(tmp, '.git', 'bench-changed.json'), JSON.stringify({ changed: nChanged }));
  });
  return { dir, made };
}

// ---------- ctxpkg ----------

const CTXPKG_TYPES = ['fact', 'convention', 'decision', 'procedure', 'gotcha'];

/** ctxpkg source tree: `nodes` node files, 3 edges each to earlier-or-later nodes. */
export function generateCtxpkg(outDir, nodes, seed) {
  const dir = join(outDir, `ctxpkg-${nodes}`);
  const params = { v: GENERATOR_VERSION, kind: 'ctxpkg', nodes, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0xc7c7);
    writeFileSync(join(tmp, 'ctxpkg.yaml'),
      `name: "@bench/ctxpkg"\nversion: 1.0.0\ndescription: Benchmark graph\nconformance_level: 2\ndependencies: []\ntags:\n  - bench\n`);
    mkdirSync(join(tmp, 'nodes'));
    const id = (i) => `node-${String(i).padStart(6, '0')}`;
    for (let i = 0; i < nodes; i++) {
      const edges = new Set();
      while (edges.size < Math.min(3, nodes - 1)) {
        const t = r.int(nodes);
        if (t !== i) edges.add(t);
      }
      const e = [...edges].map((t) => `  - to: ${id(t)}\n    type: related_to\n`).join('');
      const text = [sentence(r), sentence(r), sentence(r)].join(' ');
      writeFileSync(join(tmp, 'nodes', `${id(i)}.md`),
        `---\nid: ${id(i)}\ntype: ${CTXPKG_TYPES[i % CTXPKG_TYPES.length]}\nconfidence: 0.8\nedges:\n${e}---\n${text}\n`);
    }
  });
  return { dir, made };
}

// ---------- Agent Cartridge ----------

/** Cartridge source tree with `files` knowledge Markdown files (~1–3 KB each) and one skill. */
export function generateAcx(outDir, files, seed) {
  const dir = join(outDir, `acx-${files}`);
  const params = { v: GENERATOR_VERSION, kind: 'acx', files, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0xacc5);
    const h = r.hex(32);
    const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    writeFileSync(join(tmp, 'cartridge.yaml'),
      `publisher: io.github.bench\nartifact: bench-cartridge\nversion: 1.0.0\nuuid: ${uuid}\n` +
      `description: Benchmark cartridge.\nlicense: Apache-2.0\nauthors:\n  - name: Bench\ntags: [bench]\n` +
      `embedding_engine: {id: local-hash-128, dim: 128}\nagent_name: Bench Agent\n`);
    mkdirSync(join(tmp, 'skills', 'bench-skill'), { recursive: true });
    writeFileSync(join(tmp, 'skills', 'bench-skill', 'SKILL.md'),
      `---\nname: bench-skill\ndescription: Answers from the benchmark knowledge. Use for benchmark questions.\nlicense: Apache-2.0\nmetadata:\n  version: 1.0.0\n---\n\n# Bench skill\n\nAnswer from knowledge/.\n`);
    for (let i = 0; i < files; i++) {
      const sub = join(tmp, 'knowledge', `part-${String(Math.floor(i / 500)).padStart(3, '0')}`);
      if (i % 500 === 0) mkdirSync(sub, { recursive: true });
      const target = 1024 + r.int(2048);
      let body = `# ${title(r)} ${i}\n\n`;
      while (body.length < target) body += sentence(r) + (r.int(5) === 0 ? '\n\n' : ' ');
      writeFileSync(join(sub, `note-${String(i).padStart(6, '0')}.md`), body.trimEnd() + '\n');
    }
  });
  return { dir, made };
}

// ---------- a cartridge of many skills (install) ----------

/** Cartridge source tree with `skills` Agent Skills (SKILL.md, a script and a reference each) and no knowledge. */
export function generateSkillsCartridge(outDir, skills, seed) {
  const dir = join(outDir, `acx-skills-${skills}`);
  const params = { v: GENERATOR_VERSION, kind: 'acx-skills', skills, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0x5c11);
    const h = r.hex(32);
    const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    writeFileSync(join(tmp, 'cartridge.yaml'),
      `publisher: io.github.bench\nartifact: bench-skills\nversion: 1.0.0\nuuid: ${uuid}\n` +
      `description: Benchmark skills cartridge.\nlicense: Apache-2.0\nauthors:\n  - name: Bench\ntags: [bench]\n` +
      `embedding_engine: {id: local-hash-128, dim: 128}\nagent_name: Bench Agent\n`);
    for (let i = 0; i < skills; i++) {
      const name = `skill-${String(i).padStart(5, '0')}`;
      const d = join(tmp, 'skills', name);
      mkdirSync(join(d, 'scripts'), { recursive: true });
      mkdirSync(join(d, 'references'), { recursive: true });
      writeFileSync(join(d, 'SKILL.md'), `---\nname: ${name}\ndescription: ${sentence(r)} Use for ${r.pick(WORDS)} questions.\nlicense: Apache-2.0\n---\n\n# ${title(r)}\n\n${sentence(r)} ${sentence(r)}\n`);
      writeFileSync(join(d, 'scripts', 'run.sh'), `#!/bin/sh\necho ${name}\n`);
      writeFileSync(join(d, 'references', 'REFERENCE.md'), `# Reference\n\n${sentence(r)}\n`);
    }
  });
  return { dir, made };
}

/** A fixed, seeded set of `n` search queries (one to three words of the generated vocabulary). */
export function searchQueries(n = 100, seed = 42) {
  const r = rng(seed ^ 0x9e77);
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = 1 + r.int(3);
    const w = [];
    for (let j = 0; j < k; j++) w.push(r.pick(WORDS));
    out.push(w.join(' '));
  }
  return out;
}

// ---------- the no-records shape (issue 28) ----------

// 50,000 Markdown documents of ~4 KB in 200 folders: OKF frontmatter (type, title, description,
// tags, document_id), one H1, one root-absolute link to another document, ~600 words of prose drawn
// from a Zipf-distributed vocabulary (as prose is), no records. The same pages as an upstream docs
// folder (no ids, for sync), a version of that folder with pages moved and edited (move detection),
// and a git repository with two tags, 1% of documents edited (diff).

export const FLAT_FOLDERS = 200;
const FLAT_VOCABULARY = 8000;
const SYLLABLES = 'ka lo mi ne ru sa te vo da fi ge hu ji ko la me no pa qui re si to un va we xe yo za bre cla dri fro gli pla spe tra'.split(' ');

// The most frequent words of English prose, ranked first as in any corpus.
const FUNCTION_WORDS = 'the of and to a in is it that for on with as by this be are or from at an not which can when if each its only one all'.split(' ');

/** A deterministic vocabulary: function words first (most frequent), the common words, then pseudo-words of 1–3 syllables. */
function flatVocabulary(seed) {
  const r = rng(seed ^ 0xf1a7);
  const words = [...FUNCTION_WORDS, ...WORDS];
  const seen = new Set(words);
  while (words.length < FLAT_VOCABULARY) {
    const n = 1 + r.int(3);
    let w = '';
    for (let i = 0; i < n; i++) w += r.pick(SYLLABLES);
    if (!seen.has(w)) { seen.add(w); words.push(w); }
  }
  // Zipf (s = 1): rank k is drawn with weight 1/k.
  const cdf = new Float64Array(words.length);
  let sum = 0;
  for (let k = 0; k < words.length; k++) cdf[k] = sum += 1 / (k + 1);
  for (let k = 0; k < words.length; k++) cdf[k] /= sum;
  return { words, cdf };
}

function zipfWord(r, v) {
  const x = r.next();
  let lo = 0;
  let hi = v.cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return v.words[lo];
}

function flatSentence(r, v) {
  const n = 8 + r.int(12);
  const w = [];
  for (let i = 0; i < n; i++) w.push(zipfWord(r, v));
  const s = w.join(' ');
  return { text: s[0].toUpperCase() + s.slice(1) + '.', words: n };
}

/** The pages of the no-records shape: identity, placement and the seed of each body. */
export function flatDocs(n, seed) {
  const r = rng(seed ^ 0xf1a70);
  const folders = Math.max(1, Math.min(FLAT_FOLDERS, Math.round(n / 250)));
  const per = Math.ceil(n / folders);
  const docs = [];
  for (let i = 0; i < n; i++) {
    const f = Math.floor(i / per);
    const dir = `${TOPICS[f % TOPICS.length]}/section-${String(f).padStart(3, '0')}`;
    docs.push({
      i,
      id: uuidv7(r, 5000 + i),
      type: TYPES[r.int(TYPES.length)],
      title: `${title(r)} ${i}`,
      tags: [TOPICS[f % TOPICS.length], r.pick(WORDS)],
      path: `${dir}/page-${String(i).padStart(6, '0')}.md`,
      link: 0,
      bodySeed: (seed * 7919 + i) >>> 0,
    });
  }
  for (const d of docs) d.link = (d.i + 1 + r.int(n - 1 || 1)) % n;
  return docs;
}

/**
 * One page of the shape: frontmatter, an H1, ~600 words in paragraphs, one root-absolute link in
 * the second paragraph. `withId` adds octx.document_id (an OCTX working directory); a docs folder
 * has none. `edit` replaces one paragraph and adds another (an edited page).
 */
export function renderFlat(d, docs, v, { withId, edit = false, href = (t) => `/${t.path}` } = {}) {
  const r = rng(d.bodySeed);
  const desc = flatSentence(r, v).text;
  let fm = `---\ntype: ${d.type}\ntitle: ${d.title}\ndescription: ${desc}\ntags:\n${d.tags.map((t) => `  - ${t}`).join('\n')}\n`;
  if (withId) fm += `octx:\n  document_id: ${d.id}\n`;
  fm += '---\n\n';
  const target = docs[d.link];
  const paras = [];
  let words = 0;
  const goal = 600 + r.int(60);
  while (words < goal) {
    const k = 3 + r.int(4);
    const ss = [];
    for (let i = 0; i < k && words < goal; i++) { const s = flatSentence(r, v); ss.push(s.text); words += s.words; }
    paras.push(ss.join(' '));
  }
  if (paras.length > 1) paras[1] += ` See [${target.title}](${href(target)}) for more.`;
  else paras[0] += ` See [${target.title}](${href(target)}).`;
  if (edit) {
    const er = rng(d.bodySeed ^ 0xed17);
    const a = flatSentence(er, v).text;
    const b = flatSentence(er, v).text;
    paras[paras.length - 1] = `${a} ${b}`;
    paras.push(flatSentence(er, v).text);
  }
  return `${fm}# ${d.title}\n\n${paras.join('\n\n')}\n`;
}

function writeFlatPages(root, docs, v, opts, pathOf = (d) => d.path) {
  const made = new Set();
  for (const d of docs) {
    const p = join(root, pathOf(d));
    const dir = dirname(p);
    if (!made.has(dir)) { mkdirSync(dir, { recursive: true }); made.add(dir); }
    writeFileSync(p, renderFlat(d, docs, v, opts(d)));
  }
}

const flatManifest = (assetId, version) => JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: assetId, name: 'Flat knowledge' }, release: { version } }, null, 2) + '\n';

/** The shape as an OCTX working directory (manifest.json and knowledge/). */
export function generateFlatOctx(outDir, n, seed) {
  const dir = join(outDir, `flat-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'flat-octx', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0xf1a71);
    writeFileSync(join(tmp, 'manifest.json'), flatManifest(uuidv7(r, 0), '1.0.0'));
    writeFlatPages(join(tmp, 'knowledge'), flatDocs(n, seed), flatVocabulary(seed), () => ({ withId: true }));
  });
  return { dir, made };
}

/** The same pages as an upstream docs folder (no ids): what `sync` reads. */
export function generateFlatDocs(outDir, n, seed) {
  const dir = join(outDir, `flat-docs-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'flat-docs', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    writeFlatPages(tmp, flatDocs(n, seed), flatVocabulary(seed), () => ({ withId: false }));
  });
  return { dir, made };
}

/** Which pages the moved-and-edited version moves (every tenth: 5,000 of 50,000), and where to. */
export function flatMoved(n) {
  const moved = new Set();
  for (let i = 0; i < n; i += 10) moved.add(i);
  return moved;
}
const movedPath = (d) => d.path.replace(/^([^/]+)\/section-(\d+)\//, '$1/moved-$2/');

/** The docs folder after a reorganisation: a tenth of the pages moved to another folder and edited. */
export function generateFlatDocsMoved(outDir, n, seed) {
  const dir = join(outDir, `flat-docs-${n}-moved`);
  const params = { v: GENERATOR_VERSION, kind: 'flat-docs-moved', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    const moved = flatMoved(n);
    writeFlatPages(tmp, flatDocs(n, seed), flatVocabulary(seed), (d) => ({ withId: false, edit: moved.has(d.i) }), (d) => (moved.has(d.i) ? movedPath(d) : d.path));
  });
  return { dir, made, moved: flatMoved(n).size };
}

/**
 * The same pages as a Hugo site (hugo.toml beside content/, a `_index.md` per section), linked as
 * Hugo serves them: pretty root-absolute URLs (`/api/section-003/page-000123/`), every tenth page
 * served at its `slug`, every twentieth also under an old URL in `aliases` that the links of every
 * fortieth page use, and every third link to the target's heading anchor. Every link resolves only
 * through the route model (none names a file), so `validate --links error` judges routes, not paths.
 */
export function generateFlatHugo(outDir, n, seed) {
  const dir = join(outDir, `flat-hugo-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'flat-hugo', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    writeFileSync(join(tmp, 'hugo.toml'), 'baseURL = "https://docs.example.org/"\ntitle = "Bench"\n');
    const docs = flatDocs(n, seed);
    const v = flatVocabulary(seed);
    const section = (d) => dirname(d.path);
    const page = (d) => (d.i % 10 === 0 ? `served-${d.i}` : basename(d.path, '.md'));
    const href = (from) => (t) => {
      const url = t.i % 20 === 0 && from.i % 40 === 0 ? `/old/${t.i}/` : `/${section(t)}/${page(t)}/`;
      return from.i % 3 === 0 ? `${url}#${t.title.toLowerCase().replace(/ /g, '-')}` : url;
    };
    const content = join(tmp, 'content');
    writeFlatPages(content, docs, v, (d) => ({ withId: false, href: href(d) }));
    // Front matter that sets the route, added after the page's own fields.
    for (const d of docs) {
      if (d.i % 10 !== 0) continue;
      const p = join(content, d.path);
      const extra = `slug: ${page(d)}\n${d.i % 20 === 0 ? `aliases:\n  - /old/${d.i}/\n` : ''}`;
      writeFileSync(p, readFileSync(p, 'utf8').replace(/\n---\n/, `\n${extra}---\n`));
    }
    for (const s of new Set(docs.map(section))) writeFileSync(join(content, s, '_index.md'), `---\ntitle: ${s}\n---\n\nThe pages of ${s}.\n`);
    writeFileSync(join(content, '_index.md'), '---\ntitle: Bench\n---\n\nThe bench site.\n');
  });
  return { dir, made };
}

/** A git repository of the OCTX shape with two tags: v1.1.0 edits 1% of the documents. */
export function generateFlatGit(outDir, n, seed) {
  const dir = join(outDir, `flat-git-${n}`);
  const params = { v: GENERATOR_VERSION, kind: 'flat-git', n, seed };
  const made = generateInto(dir, params, (tmp) => {
    const r = rng(seed ^ 0xf1a71);
    const docs = flatDocs(n, seed);
    const v = flatVocabulary(seed);
    git(tmp, ['init', '-q', '-b', 'main']);
    writeFileSync(join(tmp, 'manifest.json'), flatManifest(uuidv7(r, 0), '1.0.0'));
    writeFlatPages(join(tmp, 'knowledge'), docs, v, () => ({ withId: true }));
    git(tmp, ['add', '-A']);
    git(tmp, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'v1.0.0'], '2026-01-01T00:00:00Z');
    git(tmp, ['tag', 'v1.0.0']);
    const cr = rng(seed ^ 0xd1ff1);
    const changed = new Set();
    const nChanged = Math.max(1, Math.round(n / 100));
    while (changed.size < nChanged) changed.add(cr.int(n));
    for (const i of changed) writeFileSync(join(tmp, 'knowledge', docs[i].path), renderFlat(docs[i], docs, v, { withId: true, edit: true }));
    git(tmp, ['add', '-A']);
    git(tmp, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'v1.1.0'], '2026-02-01T00:00:00Z');
    git(tmp, ['tag', 'v1.1.0']);
    writeFileSync(join(tmp, '.git', 'bench-changed.json'), JSON.stringify({ changed: nChanged }));
  });
  return { dir, made };
}

/**
 * A fixed, seeded set of `n` search queries drawn from the no-records corpus: one to three
 * consecutive words of a seeded page's prose.
 */
export function flatQueries(nDocs, n = 100, seed = 42) {
  const r = rng(seed ^ 0x9e78);
  const docs = flatDocs(nDocs, seed);
  const v = flatVocabulary(seed);
  const out = [];
  while (out.length < n) {
    const d = docs[r.int(docs.length)];
    const body = renderFlat(d, docs, v, { withId: false }).split('\n# ')[1];
    const words = body.split('\n').slice(2).join(' ').toLowerCase().split(/[^a-z]+/).filter(Boolean);
    const k = 1 + r.int(3);
    const at = r.int(Math.max(1, words.length - k));
    const q = words.slice(at, at + k).join(' ');
    if (q && !out.includes(q)) out.push(q);
  }
  return out;
}

// ---------- CLI ----------

function parseArgs(argv) {
  const o = { sizes: [1000, 10000, 50000], diffSize: 10000, flat: 50000, memory: false, seed: 42, out: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--sizes') o.sizes = argv[++i].split(',').map(Number);
    else if (a === '--diff-size') o.diffSize = Number(argv[++i]);
    else if (a === '--flat') o.flat = Number(argv[++i]);
    else if (a === '--seed') o.seed = Number(argv[++i]);
    else if (a === '--memory') o.memory = true;
    else if (a === '--out') o.out = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}

/** Generates every input of a run; returns their directories keyed by case. */
export function generateAll({ sizes, diffSize, flat, memory, seed, out }) {
  mkdirSync(out, { recursive: true });
  const res = { octx: {}, ctxpkg: {}, acx: {}, git: null, memory: null, flat: null };
  for (const n of sizes) {
    const t = Date.now();
    res.octx[n] = generateOctx(out, n, seed).dir;
    // ctxpkg graph: 2 nodes per document, so the 50k case is the issue's 100k nodes / 300k edges.
    res.ctxpkg[n] = generateCtxpkg(out, 2 * n, seed).dir;
    res.acx[n] = generateAcx(out, n, seed).dir;
    process.stderr.write(`generated size ${n} in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  }
  if (diffSize) res.git = generateGitRepo(out, diffSize, seed).dir;
  if (flat) {
    const t = Date.now();
    const made = [generateFlatOctx(out, flat, seed), generateFlatDocs(out, flat, seed), generateFlatDocsMoved(out, flat, seed), generateFlatGit(out, flat, seed), generateFlatHugo(out, flat, seed)];
    res.flat = { n: flat, octx: made[0].dir, docs: made[1].dir, moved: made[2].dir, movedPages: made[2].moved, git: made[3].dir, hugo: made[4].dir };
    if (made.some((m) => m.made)) process.stderr.write(`generated the no-records shape (${flat}) in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  }
  if (memory) {
    const t = Date.now();
    const m = generateOctxMemory(out, memory === true ? MEMORY_DEFAULTS : memory, seed);
    res.memory = m.dir;
    if (m.made) process.stderr.write(`generated memory case in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
  }
  return res;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const o = parseArgs(process.argv.slice(2));
  o.out ??= join(dirname(fileURLToPath(import.meta.url)), 'out');
  console.log(JSON.stringify(generateAll(o), null, 2));
}
