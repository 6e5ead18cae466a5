// Source tree → deterministic, optionally signed .acx: objects for every ROM unit (ROM files with
// identical bytes share one row, and a signed ROM index binds every path), the manifest hash, the
// DSSE row, the SQLite image, self-verification, and an atomic rename into the output directory.
import { join } from 'node:path';
import { error, fail, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { resolveEpoch, isoSeconds } from '../core/time.js';
import { sha256File } from '../core/hash.js';
import { writeAtomic } from '../core/atomic.js';
import type { Tree } from '../core/tree.js';
import { compareUtf8 } from '../core/paths.js';
import type { PublicKey, SigningKey } from '../core/keys.js';
import type { BuildOptions, BuiltArtifact } from '../format.js';
import { loadSource, type CartridgeSource } from './source.js';
import type { RomFileTable } from './rom-files.js';
import { BuildRows, digestRuns, sharedRuns } from './build-rows.js';
import { capabilityObject, memoryObject, metaObject, UNBOUND_META, type ObjectRow } from './objects.js';
import { ROM_INDEX_PATH, romIndexBytes } from './rom-index.js';
import { signatureRow } from './sign.js';
import { SourceChangedError, writeCartridgeFile, type WriteContent } from './writer.js';
import { openCartridge } from './open.js';
import { checkCartridge } from './verify.js';
import { docBytes, HARNESS_PATH, LANCE_SCHEMA_PATH, lanceMemoryDoc, LOOP_POLICY_PATH, PACKAGE_SPEC_PATH, packageSpecDoc, type Engine } from './profile.js';

/**
 * Turns a loaded source into writer content. ROM files with identical bytes share one objects row
 * (the first path in code-point order) and a signed ROM index binds every path; two other ROM units
 * with identical bytes (which no real source has) are diagnostics naming both.
 */
export function assemble(src: CartridgeSource, epoch: number, key: SigningKey | undefined, compress: boolean): { content?: WriteContent & { files: RomFileTable; objects: BuildRows }; manifestHash?: string; diagnostics: Diagnostic[] } {
  const d: Diagnostic[] = [];
  const meta = new Map(src.meta);
  if (!meta.has('acx.created_at')) meta.set('acx.created_at', isoSeconds(epoch));
  meta.set('acx.vec0_format', '1');
  // §7.7, §8.1, §9.1: the four ROM documents every conformant cartridge carries, and their pointers
  meta.set('acx.package_spec', PACKAGE_SPEC_PATH);
  meta.set('acx.lance_schema', LANCE_SCHEMA_PATH);
  const engine = JSON.parse(meta.get('acx.embedding_engine')!) as Engine;
  const counts = { memory: src.memory.length, skills: src.skills.length, capabilities: src.capabilities.length, levels: src.attestations.filter((a) => a.type === 'vc-2.0').length };
  const files = src.files;
  // The four ROM documents the source does not give as files, added to its table (the load's last use).
  for (const g of [
    { name: PACKAGE_SPEC_PATH, raw: docBytes(packageSpecDoc(meta.get('acx.cartridge_id')!, meta.get('acx.spec_version')!, engine, counts)) },
    { name: LANCE_SCHEMA_PATH, raw: docBytes(lanceMemoryDoc(engine)) },
    { name: HARNESS_PATH, raw: docBytes(src.harness) },
    { name: LOOP_POLICY_PATH, raw: docBytes(src.loopContext) },
  ].filter((x) => files.indexOf(x.name) < 0)) files.add(g.name, g.raw, true, `cartridge.yaml (${g.name})`);
  // Files sharing bytes: one objects row, at the first path in code-point order; the ROM index
  // (itself a registered ROM file) binds the others' paths. Found by sorting positions by digest.
  let runs = digestRuns(files);
  const shared = sharedRuns(runs);
  if (shared.length) {
    const index = romIndexBytes(Array.from({ length: files.length }, (_, i) => ({ name: files.name(i), oid: files.oid(i) })));
    files.add(ROM_INDEX_PATH, index, true, `the ROM index (${ROM_INDEX_PATH})`);
    runs = digestRuns(files);
    const others = shared.reduce((n, g) => n + g.length - 1, 0);
    // The group met first in the table's order.
    const first = shared.reduce((x, g) => (Math.min(...g) < Math.min(...x) ? g : x));
    d.push(info('ACX_ROM_PATH_BOUND', `${others} ROM file${others === 1 ? '' : 's'} share${others === 1 ? 's' : ''} bytes with another (one objects row per content, §3.2): ${ROM_INDEX_PATH} binds every path, e.g. ${[...first].map((i) => files.name(i)).sort(compareUtf8).join(' = ')}`));
  }
  const objects: ObjectRow[] = [];
  const rows = new BuildRows(files, runs, objects);
  const owner = new Map<string, string>();
  const add = (o: ObjectRow, from: string) => {
    const file = rows.fileWith(o.oid);
    const prev = owner.get(o.oid) ?? (file >= 0 ? files.from(file) : undefined);
    if (prev !== undefined) {
      d.push(error('ACX_DUPLICATE_ROM_BYTES', `${from} and ${prev} have identical content (${o.oid}); objects.oid is the primary key, so a cartridge cannot register both`,
        { file: from, hint: 'make the contents differ; ctxforge never drops one silently' }));
      return;
    }
    owner.set(o.oid, from);
    objects.push(o);
  };
  const memory = src.memory.map((m) => {
    const o = memoryObject(m.id, m.payload, 'rom');
    add(o, m.from);
    return { id: m.id, payload: m.payload, artifactFingerprint: m.artifactFingerprint, createdAt: m.createdAt, oid: o.oid };
  });
  const capabilities = src.capabilities.map((k) => {
    const o = capabilityObject(k.id, k.json);
    add(o, k.from);
    return { id: k.id, json: k.json, contentHash: o.oid };
  });
  for (const [k, v] of meta) if (!UNBOUND_META.has(k)) add(metaObject(k, v), `cartridge.yaml (${k})`);
  if (d.some((x) => x.severity === 'error')) return { diagnostics: d };
  if (compress) d.push(warning('ACX_COMPRESS_ZLIB', 'sqlar blobs are written zlib-compressed (what stock `sqlite3 -Ax` reads); the ACX reference implementation reads only raw Deflate or stored blobs, so it cannot read this cartridge: leave --compress off for cartridges the reference (acx verify, acx load) must read'));
  const manifestHash = rows.manifestHash();
  meta.set('acx.rom_manifest_hash', manifestHash);
  const signedAt = meta.get('acx.created_at')!;
  const signatures = key ? [signatureRow(key, rows.summary(), manifestHash, meta, signedAt)] : [];
  return {
    manifestHash,
    diagnostics: d,
    content: {
      meta, files, memory, capabilities, objects: rows, skills: src.skills,
      attestations: src.attestations.map(({ from: _f, ...a }) => a), signatures, mtime: epoch, compress,
    },
  };
}

function failWith(diags: Diagnostic[], what: string): never {
  const errors = diags.filter((x) => x.severity === 'error');
  const first = errors[0]!;
  const more = errors.length > 1 ? `\n${errors.slice(1, 20).map((e) => `    ${e.file ? `${e.file}${e.line ? `:${e.line}` : ''}: ` : ''}${e.message}`).join('\n')}` : '';
  fail(first.code, `${what}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)${more}` : ''}`, { file: first.file, line: first.line, hint: first.hint });
}

/** A checked source, assembled into what the writer takes. */
interface Prepared { artifact: string; version: string; content: WriteContent; manifestHash: string }

async function prepare(tree: Tree, opts: BuildOptions, warnings: Diagnostic[]): Promise<Prepared> {
  const { source, diagnostics } = await loadSource(tree, { allowSecrets: opts.allowSecrets });
  warnings.push(...diagnostics.filter((x) => x.severity !== 'error'));
  if (!source) failWith(diagnostics, `cannot build ${tree.label}`);
  const epoch = await resolveEpoch({ epoch: opts.epoch, dir: opts.sourceDir, sourceTime: opts.sourceTime, env: opts.env });
  const a = assemble(source, epoch, opts.key, !!opts.compress);
  if (!a.content) failWith(a.diagnostics, `cannot build ${tree.label}`);
  warnings.push(...a.diagnostics.filter((x) => x.severity !== 'error'));
  return { artifact: source.artifact, version: source.version, content: a.content, manifestHash: a.manifestHash! };
}

export async function buildCartridge(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact> {
  // Held only until written: the rows of every file are let go before the self-check, which holds
  // tables of its own.
  let job: Prepared | undefined = await prepare(tree, opts, opts.warnings ?? []);
  const { artifact, version, manifestHash } = job;
  const target = join(opts.outDir, `${artifact}-${version}.acx`);
  let written: { sha256: string; size: number } | undefined;
  try {
    await writeAtomic(target, async (tmp) => {
      const content = job!.content;
      job = undefined;
      await writeCartridgeFile(tmp, content, (path) => tree.read(path), target);
    }, {
      check: async (tmp) => {
        await selfCheck(tmp, manifestHash, !!opts.key);
        written = await sha256File(tmp);
      },
    });
  } catch (e) {
    if (e instanceof SourceChangedError) fail('ACX_SOURCE_CHANGED', e.message, { file: e.path, hint: 'build again once nothing writes to the source tree' });
    throw e;
  }
  return { path: target, format: 'acx', sha256: written!.sha256, size: written!.size, name: artifact, version };
}

/** The output must pass the same verification any reader applies, or it is never published. */
export async function selfCheck(path: string, manifestHash: string, signed: boolean, signer?: PublicKey): Promise<void> {
  const o = await openCartridge({ label: path, path });
  try {
    // The signer's own public key, for a signatures table (SPEC §3.2 form) that carries none.
    const c = checkCartridge(o.data, signer ? { pinnedKey: signer } : {});
    const errs = [...o.diagnostics, ...c.diagnostics].filter((x) => x.severity === 'error');
    if (errs.length || c.report.trust === 'tampered' || c.report.manifestHash !== manifestHash || (signed && c.report.signature !== 'verified')) {
      fail('ACX_OUTPUT_INVALID', `the built cartridge failed verification: ${errs[0]?.message ?? c.report.reason}`);
    }
  } finally {
    o.db.close();
  }
}
