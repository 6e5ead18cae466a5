// fast-check arbitraries for small, valid source trees of the three formats. Each generated tree
// also carries what a reader must find again after a build (IDs and content), so round-trip
// properties compare against the generator's intent rather than against the builder's own output.
import fc from 'fast-check';

export type Files = Record<string, string | Buffer>;

export interface OctxSpec {
  files: Files;
  assetId: string;
  /** document_id → path and exact bytes of the document. */
  docs: { id: string; path: string; text: string }[];
  recordIds: string[];
  version: string;
  name: string;
}

export interface CtxpkgSpec {
  files: Files;
  name: string;
  version: string;
  nodes: { id: string; type: string; content: string }[];
  edges: { from: string; to: string; type: string }[];
}

export interface AcxSpec {
  files: Files;
  artifact: string;
  version: string;
  /** sqlar name → bytes of every ROM file. */
  rom: Record<string, Buffer>;
  memoryIds: string[];
  skills: string[];
}

// Printable text from the whole Unicode range, but never the characters YAML refuses unescaped
// (C1 controls, U+FEFF, U+FFFE/U+FFFF) nor lone surrogates: the generator must produce *valid*
// input, the mutation properties take care of the invalid kind.
const textChar = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(' ', ' ', '\t', 'é', 'ß', '中', '😀', '\u{1F600}\u200D', 'ｶ', '—', '"', '\\', ':', '#', '-', '\'') },
).filter((c) => !/[\u0080-\u009f\ufeff\ufffe\uffff\u2028\u2029]/.test(c));

export const words = (min = 1, max = 40): fc.Arbitrary<string> => fc.array(textChar, { minLength: min, maxLength: max }).map((a) => a.join(''));

/** A non-blank single-line phrase (titles, names, descriptions). */
export const phrase = (min = 1, max = 40): fc.Arbitrary<string> => words(min, max).map((s) => s.trim()).filter((s) => s.length > 0);

/** A Markdown body: a few lines, possibly with headings, lists and code fences. */
const markdown = fc.array(fc.oneof(words(0, 60), phrase().map((s) => `# ${s}`), phrase().map((s) => `- ${s}`), fc.constant('```'), fc.constant('')), { minLength: 1, maxLength: 6 })
  .map((lines) => lines.join('\n'));

const semver = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(99), fc.option(fc.constantFrom('alpha.1', 'rc.2', 'beta'), { nil: undefined }))
  .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre ? `-${pre}` : ''}`);

/** Lowercase canonical UUIDv7 (the OCTX identity form). */
const uuid7 = fc.tuple(fc.integer({ min: 0x0180_0000_0000, max: 0x01ff_ffff_ffff }), fc.uint8Array({ minLength: 10, maxLength: 10 })).map(([t, r]) => {
  const b = Buffer.alloc(16);
  b.writeUIntBE(t, 0, 6);
  Buffer.from(r).copy(b, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
});

/** A safe path segment: lowercase, digits, a few punctuation marks and some non-ASCII (NFC). */
const segment = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_', 'é', 'ü', '中'), { minLength: 1, maxLength: 10 })
  .map((a) => a.join('').normalize('NFC'));
/** ACX sqlar names are printable ASCII only. */
const asciiSegment = fc.tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'), { maxLength: 9 }))
  .map(([a, b]) => a + b.join(''));

/** An integer-valued double beyond ±(2^53−1) is outside the I-JSON range that RFC 8785 (and upstream's rfc8785) encodes. */
const ijson = (v: unknown): boolean => typeof v === 'number' ? !(Number.isInteger(v) && !Number.isSafeInteger(v))
  : Array.isArray(v) ? v.every(ijson) : v && typeof v === 'object' ? Object.values(v).every(ijson) : true;
const manifestValue = fc.jsonValue({ maxDepth: 2 }).filter(ijson);

// JSON.stringify output is a valid YAML double-quoted scalar for every string textChar yields.
const y = (s: string) => JSON.stringify(s);

export const octxSpec: fc.Arbitrary<OctxSpec> = fc.record({
  ids: fc.uniqueArray(uuid7, { minLength: 20, maxLength: 20 }),
  name: phrase(1, 30),
  version: semver,
  docs: fc.uniqueArray(fc.record({ dir: fc.option(segment, { nil: undefined }), file: segment, type: fc.oneof(fc.constantFrom('Reference', 'Concept', 'Guide', 'Decision'), phrase(1, 12)), title: fc.option(phrase(), { nil: undefined }), body: markdown }),
    { minLength: 1, maxLength: 4, selector: (d) => `${d.dir ?? ''}/${d.file}`.toLowerCase() }),
  sag: fc.boolean(),
  extension: fc.option(fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
  x: fc.option(fc.dictionary(fc.constantFrom('x-team', 'x-notes', 'x-a'), manifestValue), { nil: undefined }),
}).map(({ ids, name, version, docs, sag, extension, x }) => {
  let next = 0;
  const id = () => ids[next++]!;
  const assetId = id();
  const files: Files = {};
  const out: OctxSpec['docs'] = [];
  for (const d of docs) {
    const docId = id();
    const path = `knowledge/${d.dir ? `${d.dir}/` : ''}${d.file}.md`;
    const fm = [`type: ${y(d.type)}`, ...(d.title ? [`title: ${y(d.title)}`] : []), 'octx:', `  document_id: ${docId}`];
    const text = `---\n${fm.join('\n')}\n---\n\n${d.body}\n`;
    files[path] = text;
    out.push({ id: docId, path, text });
  }
  const manifest: Record<string, unknown> = { format: 'octx', format_version: '0.1', asset: { id: assetId, name }, release: { version }, ...(x ?? {}) };
  const recordIds: string[] = [];
  if (sag) {
    // The smallest record set with full coverage: one chunk, event and entity per document.
    const chunks: unknown[] = []; const events: unknown[] = []; const entities: unknown[] = []; const ce: unknown[] = []; const ee: unknown[] = [];
    out.forEach((d, i) => {
      const c = id(); const e = id(); const n = id();
      recordIds.push(c, e, n);
      chunks.push({ id: c, document_id: d.id, ordinal: 0, text: `chunk ${i} of ${d.path}` });
      events.push({ id: e, title: `event ${i}`, content: d.text.slice(0, 40) });
      entities.push({ id: n, name: `entity ${i}`, type: 'Thing' });
      ce.push({ chunk_id: c, event_id: e });
      ee.push({ event_id: e, entity_id: n, weight: (i + 1) / 8 });
    });
    const jsonl = (rs: unknown[]) => rs.map((r) => JSON.stringify(r)).join('\n') + '\n';
    files['data/chunks.jsonl'] = jsonl(chunks);
    files['data/events.jsonl'] = jsonl(events);
    files['data/entities.jsonl'] = jsonl(entities);
    files['relations/chunk-events.jsonl'] = jsonl(ce);
    files['relations/event-entities.jsonl'] = jsonl(ee);
    manifest.capabilities = { 'sag-structured': { version: '0.1' } };
  }
  if (extension) files['extensions/dev.ctxforge.fuzz/1.0/values.json'] = JSON.stringify(extension);
  files['manifest.json'] = JSON.stringify(manifest, null, 2) + '\n';
  return { files, assetId, docs: out, recordIds, version, name };
});

const NODE_TYPES = ['fact', 'pattern', 'insight', 'convention', 'gotcha', 'decision', 'finding', 'procedure', 'policy'];
const EDGE_TYPES = ['supports', 'elaborates', 'caused_by', 'related_to', 'depends_on', 'co_activated', 'followed_by'];
const nodeId = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), { minLength: 1, maxLength: 16 }).map((a) => `n${a.join('')}`);
const pkgName = fc.tuple(fc.option(segment.filter((s) => /^[a-z0-9][a-z0-9_-]*$/.test(s)), { nil: undefined }), segment.filter((s) => /^[a-z0-9][a-z0-9_-]*$/.test(s)))
  .map(([scope, n]) => (scope ? `@${scope}/${n}` : n));

export const ctxpkgSpec: fc.Arbitrary<CtxpkgSpec> = fc.record({
  name: pkgName,
  version: semver,
  description: phrase(1, 60),
  tags: fc.array(phrase(1, 10), { maxLength: 3 }),
  nodes: fc.uniqueArray(fc.record({
    id: nodeId, type: fc.constantFrom(...NODE_TYPES), content: markdown,
    activation: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    category: fc.option(phrase(1, 12), { nil: undefined }),
  }), { minLength: 1, maxLength: 5, selector: (n) => n.id }),
  edgePicks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...EDGE_TYPES), fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined })), { maxLength: 6 }),
  dir: fc.constantFrom('nodes', 'nodes/sub', 'nodes/a/b'),
}).map(({ name, version, description, tags, nodes, edgePicks, dir }) => {
  const files: Files = {
    'ctxpkg.yaml': `name: ${y(name)}\nversion: ${y(version)}\ndescription: ${y(description)}\ndependencies: []\ntags: [${tags.map(y).join(', ')}]\n`,
  };
  const edges: CtxpkgSpec['edges'] = [];
  const seen = new Set<string>();
  const edgesOf = new Map<string, string[]>();
  for (const [a, b, type, w] of edgePicks) {
    const from = nodes[a % nodes.length]!.id;
    const to = nodes[b % nodes.length]!.id;
    const k = `${from}|${to}|${type}`;
    if (from === to || seen.has(k)) continue;
    seen.add(k);
    edges.push({ from, to, type });
    edgesOf.set(from, [...(edgesOf.get(from) ?? []), `  - to: ${to}\n    type: ${type}${w === undefined ? '' : `\n    weight: ${w}`}`]);
  }
  nodes.forEach((n, i) => {
    const fm = [`id: ${n.id}`, `type: ${n.type}`, ...(n.activation === undefined ? [] : [`activation: ${n.activation}`]), ...(n.category ? [`category: ${y(n.category)}`] : [])];
    const es = edgesOf.get(n.id);
    if (es) fm.push('edges:', ...es);
    // File names are unrelated to ids on purpose: ids, not paths, are the identity.
    // The blank line after the fence is the layout `ctxforge import` writes; without it a body that
    // starts with a newline would lose that newline (the one after the fence is not content).
    files[`${dir}/${String(nodes.length - i).padStart(3, '0')}.md`] = `---\n${fm.join('\n')}\n---\n\n${n.content}\n`;
  });
  return { files, name, version, nodes: nodes.map(({ id, type, content }) => ({ id, type, content })), edges };
});

const skillName = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), { minLength: 1, maxLength: 8 }).map((a) => `s${a.join('')}`);

export const acxSpec: fc.Arbitrary<AcxSpec> = fc.record({
  artifact: skillName,
  version: semver,
  description: phrase(20, 60).filter((s) => s.length >= 20),
  knowledge: fc.uniqueArray(fc.record({ path: fc.array(asciiSegment, { minLength: 1, maxLength: 2 }).map((p) => p.join('/')), body: markdown }),
    { minLength: 0, maxLength: 4, selector: (k) => k.path.toLowerCase() }),
  blobs: fc.array(fc.uint8Array({ minLength: 1, maxLength: 300 }), { maxLength: 2 }),
  skills: fc.uniqueArray(fc.record({ name: skillName, description: phrase(1, 50), body: markdown, ref: fc.option(markdown, { nil: undefined }) }), { maxLength: 2, selector: (s) => s.name }),
  memory: fc.uniqueArray(fc.record({ id: skillName, title: phrase(1, 20), summary: phrase(1, 60), tags: fc.array(skillName, { maxLength: 3 }) }), { maxLength: 3, selector: (m) => m.id }),
}).map(({ artifact, version, description, knowledge, blobs, skills, memory }) => {
  const files: Files = {
    'cartridge.yaml': `publisher: io.github.fuzz\nartifact: ${artifact}\nversion: ${y(version)}\ndescription: ${y(description)}\nlicense: Apache-2.0\n`,
  };
  const rom: Record<string, Buffer> = {};
  // Identical ROM bytes are a build error by design, so every file gets a unique prefix.
  const put = (path: string, name: string, data: string | Buffer) => {
    files[path] = data;
    rom[name] = Buffer.from(data);
  };
  knowledge.forEach((k, i) => put(`knowledge/${k.path}.md`, `rom/knowledge/${k.path}.md`, `<!-- ${i} -->\n${k.body}\n`));
  blobs.forEach((b, i) => put(`rom/data/blob-${i}.bin`, `rom/data/blob-${i}.bin`, Buffer.concat([Buffer.from(`${i}:`), Buffer.from(b)])));
  for (const s of skills) {
    put(`skills/${s.name}/SKILL.md`, `rom/skills/${s.name}/SKILL.md`, `---\nname: ${s.name}\ndescription: ${y(s.description)}\n---\n\n${s.body}\n`);
    if (s.ref !== undefined) put(`skills/${s.name}/references/notes.md`, `rom/skills/${s.name}/references/notes.md`, `${s.name} notes\n${s.ref}\n`);
  }
  for (const m of memory) {
    files[`memory/${m.id}.yaml`] = `id: ${m.id}\ntitle: ${y(m.title)}\nsummary: ${y(m.summary)}\nsourceType: knowledge\nimpact: positive\ntags: [${m.tags.join(', ')}]\ntimestamp: "2026-01-01T00:00:00Z"\n`;
  }
  return { files, artifact, version, rom, memoryIds: memory.map((m) => m.id), skills: skills.map((s) => s.name) };
});
