// The properties themselves, shared by test/fuzz/*.test.ts (few runs, in CI) and `npm run fuzz`
// (many runs, for minutes). Each one throws on failure and can rebuild the exact failing input from
// a counterexample, so a fuzz finding becomes a file that can be turned into a corpus case.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { jcs } from '../../src/core/jcs.js';
import { canonicalJson } from '../../src/ctxpkg/canonical-json.js';
import { formatByName } from '../../src/formats.js';
import { openOctx } from '../../src/octx/archive.js';
import { buildPath } from '../../src/build.js';
import { MemoryTree } from '../../src/core/tree.js';
import type { FormatName } from '../../src/format.js';
import { GENERATED_PATHS } from '../../src/acx/profile.js';
import { acxSpec, ctxpkgSpec, octxSpec, type Files } from './gen.js';
import {
  applyBytes, applyJsonEdit, applySql, applyTextOp, applyZipOps, buildFiles, byteOp, EPOCH, Guard, jsonEdit, octxEntries,
  hostileStringify, Oracle, problemOf, scratch, sqlOp, textOp, zipOp,
} from './harness.js';
import type { RawEntry } from '../helpers/rawzip.js';

const repo = join(new URL('.', import.meta.url).pathname, '..', '..');
const shared = join(repo, 'test', 'vectors');
export const SEED_KEY = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';

export interface FuzzInput { name: string; bytes?: Buffer; files?: Files }

export interface Prop<T = unknown> {
  name: string;
  arbitrary: fc.Arbitrary<T>;
  /** Throws (an assertion) when the property does not hold for `value`. */
  check(value: T): Promise<void>;
  /** The concrete input behind a counterexample, to save as a corpus candidate. */
  input?(value: T): Promise<FuzzInput>;
}

export interface Context {
  guard: Guard;
  oracle: Oracle;
  cleanup: string[];
}

export function makeContext(): Context {
  return { guard: new Guard({ timeoutMs: 60_000, maxOldMb: 512 }), oracle: new Oracle(), cleanup: [] };
}

export async function closeContext(c: Context): Promise<void> {
  await c.guard.close();
  c.oracle.close();
  for (const d of c.cleanup) rmSync(d, { recursive: true, force: true });
}

// ------------------------------------------------------------------ round trips

async function readOctx(bytes: Buffer): Promise<Map<string, Buffer>> {
  const o = await openOctx({ label: 'x.octx', bytes });
  assert.ok(o.tree, `built package does not open: ${o.diagnostics.map((d) => d.code).join(',')}`);
  try {
    const out = new Map<string, Buffer>();
    for (const e of await o.tree.list()) out.set(e.path, await o.tree.read(e.path));
    return out;
  } finally {
    o.tree.close();
  }
}

function roundTrip<T extends { files: Files }>(format: FormatName, arbitrary: fc.Arbitrary<T>, readBack: (spec: T, bytes: Buffer, path: string, ctx: Context) => Promise<void>, ctx: Context): Prop<T> {
  const m = formatByName(format)!;
  return {
    name: `roundtrip-${format}`,
    arbitrary,
    async check(spec) {
      const src = await m.validateSource(new MemoryTree(spec.files as Record<string, string>), {});
      assert.ok(src.valid, `generated source is invalid: ${JSON.stringify(src.diagnostics.slice(0, 3))}`);
      const a = await buildFiles(format, spec.files);
      const b = await buildFiles(format, spec.files);
      try {
        assert.ok(a.bytes.equals(b.bytes), 'two builds of the same source differ');
        const v = await m.validateArtifact({ label: a.path, path: a.path }, {});
        assert.ok(v.valid, `built package does not validate: ${JSON.stringify(v.diagnostics.slice(0, 3))}`);
        assert.ok(!v.diagnostics.some((d) => d.severity === 'error'));
        await readBack(spec, a.bytes, a.path, ctx);
      } finally {
        rmSync(a.dir, { recursive: true, force: true });
        rmSync(b.dir, { recursive: true, force: true });
      }
    },
    async input(spec) { return { name: `${format}-source`, files: spec.files }; },
  };
}

const sorted = (xs: Iterable<string>) => [...xs].sort();

export function roundTripProps(ctx: Context): Prop<any>[] {
  return [
    roundTrip('octx', octxSpec, async (spec, bytes, path) => {
      const v = await formatByName('octx')!.validateArtifact({ label: path, path }, {});
      assert.equal(v.details?.fully_validated, true);
      const files = await readOctx(bytes);
      for (const [p, data] of Object.entries(spec.files)) {
        if (p === 'manifest.json') continue;
        assert.ok(files.get(p)?.equals(Buffer.from(data)), `${p} did not come back byte-identical`);
      }
      assert.deepEqual(sorted(files.keys()), sorted(Object.keys(spec.files)), 'the package holds exactly the source files');
      const src = JSON.parse(String(spec.files['manifest.json']));
      const built = JSON.parse(files.get('manifest.json')!.toString('utf8'));
      for (const k of Object.keys(src)) if (k !== 'release') assert.deepEqual(built[k], src[k], `manifest member ${k} changed`);
      assert.equal(built.release.version, spec.version);
      const items = await formatByName('octx')!.items({ label: path, path }, {});
      assert.equal(items.identity, spec.assetId);
      assert.deepEqual(sorted(items.items.filter((i) => i.kind === 'document').map((i) => `${i.id} ${i.path}`)), sorted(spec.docs.map((d) => `${d.id} ${d.path}`)));
      assert.deepEqual(sorted(items.items.filter((i) => ['chunk', 'event', 'entity'].includes(i.kind)).map((i) => i.id)), sorted(spec.recordIds));
    }, ctx),
    roundTrip('ctxpkg', ctxpkgSpec, async (spec, bytes, path) => {
      const doc = JSON.parse(bytes.toString('utf8'));
      assert.equal(doc.manifest.name, spec.name);
      assert.equal(doc.manifest.version, spec.version);
      const nodes = doc.content.context_graph.nodes as { id: string; type: string; content: string }[];
      assert.deepEqual(nodes.map((n) => [n.id, n.type, n.content]).sort(), spec.nodes.map((n) => [n.id, n.type, n.content]).sort());
      const edges = doc.content.context_graph.edges as { from: string; to: string; type: string }[];
      assert.deepEqual(edges.map((e) => `${e.from}|${e.to}|${e.type}`).sort(), spec.edges.map((e) => `${e.from}|${e.to}|${e.type}`).sort());
      // import → build gives the same package: the source form loses nothing the artifact holds.
      const dir = scratch();
      try {
        await formatByName('ctxpkg')!.importArtifact!({ label: path, path }, join(dir, 'src'), {});
        const again = await buildPath(join(dir, 'src'), { outDir: join(dir, 'out'), epoch: EPOCH });
        const back = JSON.parse(readFileSync(again.path, 'utf8'));
        assert.deepEqual(back.content, doc.content, 'import → build changed the content');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, ctx),
    roundTrip('acx', acxSpec, async (spec, _bytes, path) => {
      const db = new Database(path, { readonly: true, fileMustExist: true });
      try {
        const rows = db.prepare('SELECT name, data FROM sqlar').all() as { name: string; data: Buffer }[];
        const rom = Object.fromEntries(rows.filter((r) => r.name.startsWith('rom/')).map((r) => [r.name, r.data]));
        // the source's ROM files plus the four §12 documents every build adds
        assert.deepEqual(sorted(Object.keys(rom)), sorted(new Set([...Object.keys(spec.rom), ...GENERATED_PATHS])));
        for (const [n, d] of Object.entries(spec.rom)) assert.ok(Buffer.from(rom[n]!).equals(d), `${n} did not come back byte-identical`);
        const mem = db.prepare('SELECT id FROM memory').all() as { id: string }[];
        assert.deepEqual(sorted(mem.map((r) => r.id)), sorted(spec.memoryIds));
        const skills = db.prepare('SELECT name FROM acx_skill').all() as { name: string }[];
        assert.deepEqual(sorted(skills.map((r) => r.name)), sorted(spec.skills));
      } finally {
        db.close();
      }
      const items = await formatByName('acx')!.items({ label: path, path }, {});
      assert.deepEqual(sorted(items.items.filter((i) => i.kind === 'skill').map((i) => i.id)), sorted(spec.skills));
      assert.deepEqual(sorted(items.items.filter((i) => i.kind === 'memory').map((i) => i.id)), sorted(spec.memoryIds));
      const dir = scratch();
      try {
        await formatByName('acx')!.importArtifact!({ label: path, path }, join(dir, 'src'), {});
        const again = await buildPath(join(dir, 'src'), { outDir: join(dir, 'out'), epoch: EPOCH });
        assert.ok(readFileSync(again.path).equals(readFileSync(path)), 'import → build is not byte-identical');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, ctx),
  ];
}

// ------------------------------------------------------------------ canonical forms vs the oracle

// Keys that stress the two sort orders: astral characters sort after U+E000–U+FFFF in UTF-8 but
// before them in UTF-16.
const trickyKey = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', 'a', 'A', 'aa', '\u00e9', 'e\u0301', '\uff5e', '\u{1f600}', '\ue000', '\uffff', '\u0000', '\u007f', '\u2028', '"', '\\', '10', '9', '__proto__'),
);

/** A JSON value of doubles and full-range strings (JCS's domain). */
const jcsValue = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' },
    fc.constant(null), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(), fc.constantFrom(0, -0, 1e21, 1e-7, 1e-6, 2 ** 53, 2 ** 53 - 1, 5e-324, 1.7976931348623157e308, 0.1 + 0.2, 123456789012345680000),
    fc.string({ unit: 'binary', maxLength: 12 }), trickyKey,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(trickyKey, tie('v'), { maxKeys: 5 })),
})).v;

// A JSON *text* with the lexemes canonical_json must keep or re-lay out: integers of any size,
// exponents, -0, escapes (including \u surrogate pairs and lone surrogates), duplicate names and
// insignificant whitespace.
const ws = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n  ');
const numLexeme = fc.oneof(
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom('0', '-0', '18446744073709551615', '18446744073709551616', '-9223372036854775808', '-9223372036854775809', '9007199254740993'),
  fc.tuple(fc.constantFrom('', '-'), fc.nat({ max: 99999 }), fc.option(fc.stringMatching(/^[0-9]{1,20}$/), { nil: undefined }), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.nat(400)), { nil: undefined }))
    .map(([s, i, f, e]) => `${s}${i}${f !== undefined ? `.${f}` : ''}${e ? `${e[0]}${e[1]}${e[2]}` : ''}`),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => String(x)),
);
const strChar = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '"' && c !== '\\' && c.charCodeAt(0) >= 0x20) },
  { weight: 2, arbitrary: fc.constantFrom('\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u0000', '\\u001f', '\\u007f', '\\u2028', '\\uD83D\\uDE00', '\\ud83d\\ude00', '\\u00E9') },
  { weight: 1, arbitrary: fc.constantFrom('\\ud800', '\\udfff', '\\uDE00\\uD83D') },
);
const strLexeme = fc.array(strChar, { maxLength: 8 }).map((cs) => `"${cs.join('')}"`);
const keyLexeme = fc.oneof(strLexeme, fc.constantFrom('"a"', '"b"', '"\\uff5e"', '"\\ud83d\\ude00"', '"é"', '"\uffff"', '"\u{1f600}"'));
const jsonText = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' },
    fc.constantFrom('null', 'true', 'false'), numLexeme, strLexeme,
    fc.tuple(fc.array(fc.tuple(ws, tie('v'), ws), { maxLength: 4 })).map(([xs]) => `[${xs.map(([a, v, b]) => `${a}${v}${b}`).join(',')}]`),
    fc.array(fc.tuple(ws, keyLexeme, ws, tie('v')), { maxLength: 5 }).map((ms) => `{${ms.map(([a, k, b, v]) => `${a}${k}${b}:${v}`).join(',')}}`)),
})).v.chain((t) => fc.tuple(ws, ws).map(([a, b]) => `${a}${t}${b}`));

export function canonicalProps(ctx: Context): Prop<any>[] {
  return [
    {
      name: 'jcs-vs-oracle',
      arbitrary: jcsValue,
      async check(v) {
        const mine = (() => { try { return { ok: jcs(v) }; } catch (e) { return { error: (e as Error).message }; } })();
        const text = JSON.stringify(v);
        const theirs = await ctx.oracle.ask('jcs', text);
        assert.equal(theirs.crash, undefined, theirs.crash);
        assert.deepEqual({ ok: mine.ok }, { ok: theirs.ok }, `JCS differs for ${text}`);
      },
      async input(v) { return { name: 'jcs-input.json', bytes: Buffer.from(JSON.stringify(v)) }; },
    },
    {
      name: 'canonical-json-vs-oracle',
      arbitrary: jsonText,
      async check(text) {
        const mine = (() => { try { return { ok: canonicalJson(text) }; } catch (e) { return { error: (e as Error).name }; } })();
        const theirs = await ctx.oracle.ask('canonical_json', text);
        assert.equal(theirs.crash, undefined, theirs.crash);
        if (theirs.ok === undefined) assert.equal(mine.ok, undefined, `canonical_json accepted what §9.1 refuses (${theirs.error}): ${text}`);
        else assert.equal(mine.ok, theirs.ok, `canonical_json differs for ${text} (${mine.error ?? ''})`);
      },
      async input(text) { return { name: 'canonical-json-input.json', bytes: Buffer.from(text) }; },
    },
  ];
}

// ------------------------------------------------------------------ mutations

interface Base { name: string; bytes: Buffer }
interface Pools { octx: Base[]; ctxpkg: Base[]; acx: Base[]; octxEntries: RawEntry[][]; sources: { format: FormatName; files: Files }[] }

let pools: Promise<Pools> | undefined;

/** Valid packages to mutate: the examples (signed), public vectors, and a few generated ones. */
export function basePools(ctx: Context): Promise<Pools> {
  return (pools ??= (async () => {
    const dir = scratch();
    ctx.cleanup.push(dir);
    const ex = async (f: FormatName, key?: string) => {
      const b = await buildPath(join(repo, 'working-dir-example', f), { outDir: join(dir, `ex-${f}`), epoch: EPOCH, keySpec: key });
      return { name: b.path, bytes: readFileSync(b.path) };
    };
    const gen = async <T extends { files: Files }>(f: FormatName, arb: fc.Arbitrary<T>) => {
      const out: Base[] = [];
      for (const s of fc.sample(arb, { seed: 7, numRuns: 2 })) {
        const b = await buildFiles(f, s.files, join(dir, `gen-${f}-${out.length}`));
        out.push({ name: b.path, bytes: b.bytes });
      }
      return out;
    };
    const vec = (p: string) => ({ name: p, bytes: readFileSync(join(shared, p)) });
    const octx = [await ex('octx'), ...(await gen('octx', octxSpec))];
    const ctxpkg = [await ex('ctxpkg', SEED_KEY), vec('ctxpkg/generated/valid-level2-manifest-signed.ctxpkg'), vec('ctxpkg/generated/valid-number-formatting.ctxpkg'), ...(await gen('ctxpkg', ctxpkgSpec))];
    const acx = [await ex('acx', SEED_KEY), vec('acx/ada-ridge-1.0.0.acx'), ...(await gen('acx', acxSpec))];
    const sources = [
      ...fc.sample(octxSpec, { seed: 11, numRuns: 2 }).map((s) => ({ format: 'octx' as const, files: s.files })),
      ...fc.sample(ctxpkgSpec, { seed: 11, numRuns: 2 }).map((s) => ({ format: 'ctxpkg' as const, files: s.files })),
      ...fc.sample(acxSpec, { seed: 11, numRuns: 2 }).map((s) => ({ format: 'acx' as const, files: s.files })),
    ];
    return { octx, ctxpkg, acx, octxEntries: await Promise.all(octx.map((b) => octxEntries(b.bytes))), sources };
  })());
}

async function guarded(ctx: Context, format: FormatName, name: string, bytes: Buffer): Promise<void> {
  const r = await ctx.guard.run({ kind: 'artifact', format, name, bytes });
  const p = problemOf(r);
  assert.equal(p, undefined, p);
}

const EXT: Record<FormatName, string> = { octx: '.octx', ctxpkg: '.ctxpkg', acx: '.acx' };

function byteProp(ctx: Context, format: FormatName): Prop<{ base: number; ops: Parameters<typeof applyBytes>[1]; asName: boolean }> {
  const make = async (v: { base: number; ops: Parameters<typeof applyBytes>[1] }) => {
    const p = await basePools(ctx);
    const list = p[format];
    const all = [...p.octx, ...p.ctxpkg, ...p.acx].map((b) => b.bytes);
    return applyBytes(list[v.base % list.length]!.bytes, v.ops, all);
  };
  return {
    name: `mutate-bytes-${format}`,
    arbitrary: fc.record({ base: fc.nat(), ops: fc.array(byteOp, { minLength: 1, maxLength: 6 }), asName: fc.boolean() }),
    async check(v) {
      // With and without the extension: detection by content must not be the only gate.
      await guarded(ctx, format, v.asName ? `mutated${EXT[format]}` : 'mutated.bin', await make(v));
    },
    async input(v) { return { name: `mutated${EXT[format]}`, bytes: await make(v) }; },
  };
}

function structureProps(ctx: Context): Prop<any>[] {
  const octxMake = async (v: { base: number; ops: Parameters<typeof applyZipOps>[1] }) => {
    const p = await basePools(ctx);
    return applyZipOps(p.octxEntries[v.base % p.octxEntries.length]!, v.ops);
  };
  const ctxpkgMake = async (v: { base: number; edits: Parameters<typeof applyJsonEdit>[1][]; text: Parameters<typeof applyTextOp>[1]; at: number }) => {
    const p = await basePools(ctx);
    let doc: unknown = JSON.parse(p.ctxpkg[v.base % p.ctxpkg.length]!.bytes.toString('utf8'));
    for (const e of v.edits) doc = applyJsonEdit(doc, e);
    return Buffer.from(applyTextOp(hostileStringify(doc), v.text, v.at));
  };
  const acxMake = async (v: { base: number; ops: Parameters<typeof applySql>[1] }) => {
    const p = await basePools(ctx);
    return applySql(p.acx[v.base % p.acx.length]!.bytes, v.ops);
  };
  return [
    {
      name: 'mutate-structure-octx',
      arbitrary: fc.record({ base: fc.nat(), ops: fc.array(zipOp, { minLength: 1, maxLength: 4 }) }),
      async check(v) { await guarded(ctx, 'octx', 'mutated.octx', await octxMake(v)); },
      async input(v) { return { name: 'mutated.octx', bytes: await octxMake(v) }; },
    },
    {
      name: 'mutate-structure-ctxpkg',
      arbitrary: fc.record({ base: fc.nat(), edits: fc.array(jsonEdit, { maxLength: 4 }), text: textOp, at: fc.nat() }),
      async check(v) { await guarded(ctx, 'ctxpkg', 'mutated.ctxpkg', await ctxpkgMake(v)); },
      async input(v) { return { name: 'mutated.ctxpkg', bytes: await ctxpkgMake(v) }; },
    },
    {
      name: 'mutate-structure-acx',
      arbitrary: fc.record({ base: fc.nat(), ops: fc.array(sqlOp, { minLength: 1, maxLength: 4 }) }),
      async check(v) { await guarded(ctx, 'acx', 'mutated.acx', await acxMake(v)); },
      async input(v) { return { name: 'mutated.acx', bytes: await acxMake(v) }; },
    },
  ];
}

/** Source trees: one file's bytes mutated, or files added / dropped; validateSource must only diagnose. */
function sourceProp(ctx: Context): Prop<{ base: number; file: number; ops: Parameters<typeof applyBytes>[1]; drop: boolean; add?: [string, string] }> {
  const make = async (v: { base: number; file: number; ops: Parameters<typeof applyBytes>[1]; drop: boolean; add?: [string, string] }) => {
    const p = await basePools(ctx);
    const s = p.sources[v.base % p.sources.length]!;
    const files: Files = { ...s.files };
    const names = Object.keys(files).sort();
    const target = names[v.file % names.length]!;
    if (v.drop) delete files[target];
    else files[target] = applyBytes(Buffer.from(files[target]!), v.ops, []);
    if (v.add) files[v.add[0]] = v.add[1];
    return { format: s.format, files };
  };
  return {
    name: 'mutate-source',
    arbitrary: fc.record({
      base: fc.nat(), file: fc.nat(), ops: fc.array(byteOp, { minLength: 1, maxLength: 4 }), drop: fc.boolean(),
      add: fc.option(fc.tuple(fc.constantFrom('knowledge/new.md', 'nodes/new.md', 'memory/new.yaml', 'capabilities/c.yaml', 'skills/x/SKILL.md', 'data/chunks.jsonl', 'attestations/a.json', 'rom/x.bin'),
        fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('---\na: &x [*x]\n---\n', '---\nid: !!js/function x\n---\n', 'a: 1\na: 2\n', '{"type":"x"}', '---\ntype: x\noctx:\n  document_id: 0\n---\n'))), { nil: undefined }),
    }),
    async check(v) {
      const { format, files } = await make(v);
      const r = await ctx.guard.run({ kind: 'source', format, name: `(mutated ${format} source)`, files: Object.fromEntries(Object.entries(files).map(([k, x]) => [k, Buffer.from(x)])) });
      const p = problemOf(r);
      assert.equal(p, undefined, p);
    },
    async input(v) { const { format, files } = await make(v); return { name: `${format}-source`, files }; },
  };
}

export function mutationProps(ctx: Context): Prop<any>[] {
  return [byteProp(ctx, 'octx'), byteProp(ctx, 'ctxpkg'), byteProp(ctx, 'acx'), ...structureProps(ctx), sourceProp(ctx)];
}

export function allProps(ctx: Context): Prop<any>[] {
  return [...roundTripProps(ctx), ...canonicalProps(ctx), ...mutationProps(ctx)];
}

/** Runs one property under fast-check; on failure the error names the seed and path to replay it. */
export async function runProp(p: Prop<any>, params: fc.Parameters<[unknown]>): Promise<fc.RunDetails<[unknown]>> {
  return fc.check(fc.asyncProperty(p.arbitrary, (v) => p.check(v)), params);
}

export function describeFailure(p: Prop<any>, d: fc.RunDetails<[unknown]>): string {
  const err = d.errorInstance instanceof Error ? d.errorInstance.message : String(d.errorInstance);
  return `${p.name} failed — replay with seed ${d.seed}, path "${d.counterexamplePath}"\n${err.slice(0, 4000)}\ncounterexample: ${fc.stringify(d.counterexample).slice(0, 2000)}`;
}

