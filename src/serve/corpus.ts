// The packages a server serves, each verified before it is served: artifacts through install's
// verification (acquire, integrity, signer, documents), or the installed knowledge folders of
// ctxforge.lock, every file checked against the SHA-256 the lock records.
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticError, error, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import type { Doc, FormatName } from '../format.js';
import { symlinkOnTheWay, interrupted } from '../install/apply.js';
import { context, verifySpec, type InstallOptions } from '../install/index.js';
import { readLock } from '../install/lock.js';
import { parseKnowledgeDoc } from '../install/knowledge.js';
import { printable } from '../install/portable.js';
import './rules.js';

export interface ServedPackage {
  name: string;
  version: string | null;
  format: FormatName;
  /** SHA-256 of the artifact the documents came from: what citations name. */
  sha256: string;
  source: string;
  signer: { key_id: string | null; trust: string };
  docs: Doc[];
  byId: Map<string, Doc>;
  /** SHA-256 over the served documents: a cached index is used only for exactly these. */
  digest: string;
}

export function servedPackage(p: Omit<ServedPackage, 'byId' | 'digest' | 'docs'>, docs: Doc[], notes: Diagnostic[]): ServedPackage {
  const byId = new Map<string, Doc>();
  for (const d of [...docs].sort((a, b) => compareUtf8(a.path, b.path))) {
    if (byId.has(d.id)) { notes.push(warning('CTXFORGE_SERVE_NOTHING', `${printable(p.name)}: document id ${printable(d.id)} appears twice; ${printable(d.path)} is not served`)); continue; }
    byId.set(d.id, d);
  }
  const kept = [...byId.values()];
  const h = sha256Hex(kept.map((d) => JSON.stringify([d.id, d.path, d.title, d.type ?? null, d.description ?? null, d.tags ?? [], d.body])).join('\n'));
  return { ...p, docs: kept, byId, digest: h };
}

export interface LoadOptions extends Pick<InstallOptions, 'cwd' | 'env' | 'user' | 'key' | 'trust' | 'allowUnsigned' | 'limits'> {}

/** Each artifact verified (refused as install refuses it) and read as documents. */
export async function loadArtifacts(specs: string[], o: LoadOptions, notes: Diagnostic[]): Promise<ServedPackage[]> {
  const out: ServedPackage[] = [];
  for (const spec of specs) {
    const v = await verifySpec(spec, o);
    notes.push(...v.diagnostics);
    out.push(servedPackage({ name: v.docs.meta.name, version: v.docs.meta.version ?? null, format: v.format, sha256: v.artifact.sha256, source: v.source.location, signer: { key_id: v.signer.key_id, trust: v.signer.trust } }, v.docs.docs, notes));
  }
  return out;
}

/** The installed knowledge of every package in ctxforge.lock, each file checked against the lock. */
export async function loadLocked(o: LoadOptions, notes: Diagnostic[]): Promise<ServedPackage[]> {
  const ctx = context(o);
  if (interrupted(ctx.lockPath)) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_INTERRUPTED', `an install into ${ctx.root} was interrupted; nothing is served until it is complete`, { file: ctx.lockLabel, hint: 'run `ctxforge install` to complete it' }), 1);
  }
  const { lock, exists } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  if (!exists) throw new DiagnosticError(error('CTXFORGE_SERVE_NOTHING', '--lock: there is no lock file here', { file: ctx.lockLabel, hint: 'install packages first, or name artifacts to serve' }), 2);
  const out: ServedPackage[] = [];
  for (const p of Object.values(lock.packages)) {
    const docs: Doc[] = [];
    const bad: Diagnostic[] = [];
    for (const f of p.files.filter((x) => x.role === 'document')) {
      const abs = join(ctx.root, ...f.path.split('/'));
      const link = symlinkOnTheWay(ctx.root, f.path);
      let bytes: Buffer | undefined;
      if (!link) { try { if (lstatSync(abs).isFile()) bytes = readFileSync(abs); } catch { bytes = undefined; } }
      const why = link ? `${link} is a symbolic link` : !bytes ? 'missing' : sha256Hex(bytes) !== f.sha256 ? 'modified since install' : null;
      if (why) { bad.push(error('CTXFORGE_SERVE_TAMPERED', `${printable(f.path)}: ${why}`, { file: f.path })); continue; }
      const folder = p.folders.find((x) => f.path.startsWith(`${x}/`))!;
      const doc = parseKnowledgeDoc(bytes!.toString('utf8'), f.path.slice(folder.length + 1));
      if (!doc) { bad.push(error('CTXFORGE_SERVE_TAMPERED', `${printable(f.path)} is not a document ctxforge installed`, { file: f.path })); continue; }
      docs.push(doc);
    }
    if (bad.length) {
      throw new DiagnosticError({ ...bad[0]!, message: `${printable(p.name)} is not served: its installed knowledge differs from ${ctx.lockLabel}: ${bad[0]!.message}`, hint: 'run `ctxforge install --frozen` to see every difference, `ctxforge install --force` to restore the locked files' }, 1, bad);
    }
    out.push(servedPackage({ name: p.name, version: p.version, format: p.format, sha256: p.artifact.sha256, source: p.source.location, signer: { key_id: p.signer.key_id, trust: p.signer.trust } }, docs, notes));
  }
  return out;
}
