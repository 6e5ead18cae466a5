// The packages a server serves, each verified before it is served: artifacts through install's
// verification (acquire, integrity, signer, documents), or the packages of ctxforge.lock, each
// checked as `install --frozen` checks it (the recorded artifact verified and planned to exactly the
// lock entry, the installed knowledge against the lock). Names, versions and citations come from
// the verified package; only with --offline is a locked package served on the lock's word
// ("lock-only"), from its installed files checked against the lock.
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticError, error, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Bytes, sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import type { Doc, FormatName } from '../format.js';
import { symlinkOnTheWay, interrupted } from '../install/apply.js';
import { checkLocked, type Drift } from '../install/drift.js';
import { KNOWLEDGE_FOLDER } from '../install/hosts.js';
import { context, verifySpec, type InstallOptions, type VerifiedPackage } from '../install/index.js';
import { folderOf, readLock, type LockPackage } from '../install/lock.js';
import { parseKnowledgeDoc } from '../install/knowledge.js';
import { unboundByTail } from '../install/plan.js';
import { printable } from '../install/portable.js';
import type { IndexBuilder } from './index-build.js';
import { columnsOf } from './term-scores.js';
import { PageLinks, type LinkSummary } from './page-links.js';
import { nameKey, pageName } from './rerank.js';
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
  /** Each served text's SHA-256 (32 bytes each, in `docs` order): a text read back after start is checked against it. */
  bodyDigests: Buffer;
  /** What the pages say of each other (links, mentions), gathered as the texts were taken in: the second stage reads no text back for them. */
  links: LinkSummary;
}

/**
 * A text as SQLite stores it and gives it back: a lone surrogate (a ctxpkg's JSON can hold "\ud800")
 * is U+FFFD, as in any UTF-8 the text is written to, so the text read back after start is the one
 * hashed at start (served-bodies.ts) rather than a mismatch no one caused.
 */
function wellFormed(text: string): string {
  const s = text as string & { isWellFormed(): boolean; toWellFormed(): string };
  return s.isWellFormed() ? text : s.toWellFormed();
}

/**
 * A package's documents taken in one at a time — from the verifier as it reads them (serve's start,
 * load-served.ts), or from a list — and made a ServedPackage: one document an id (the first by path;
 * the others named in a warning), each text's SHA-256 taken, and, given an index builder, each text
 * indexed as it comes and not kept (issue 39: the per-document cost is its fields and 32 bytes of
 * digest, never its text). A text holding a NUL is kept (served-bodies.ts).
 */
export class PackageIntake {
  private readonly byId = new Map<string, { doc: Doc; slot: number; row: number }>();
  /** Each text's SHA-256 as it was taken, 32 bytes a document in one buffer (slot i at 32 i). */
  private digests = Buffer.alloc(32 * 1024);
  private slots = 0;
  private readonly lost: { id: string; path: string }[] = [];
  /** Each taken text's links and mentions, by slot (the texts themselves are not kept). */
  private readonly links = new PageLinks();
  /** The path of every document taken, served or not (what the unbound-path check looks at). */
  readonly paths: string[] = [];
  constructor(private readonly builder?: IndexBuilder, private readonly keepTexts = !builder) {}

  add(d: Doc): void {
    this.paths.push(d.path);
    const old = this.byId.get(d.id);
    // The first by path is served (the same one whichever order the documents come in).
    if (old && compareUtf8(old.doc.path, d.path) <= 0) { this.lost.push({ id: d.id, path: d.path }); return; }
    if (old) {
      this.lost.push({ id: old.doc.id, path: old.doc.path });
      if (this.builder) this.builder.drop(old.row);
    }
    // The package's own copy (what a format carries for a round trip is not served), never the caller's object.
    const body = wellFormed(d.body);
    // Taken out by destructuring, not `delete`, which would leave each kept document a slower, larger object (a dictionary of properties).
    const { carried: _carried, ...fields } = d;
    const own: Doc = { ...fields, body: this.keepTexts || body.includes('\u0000') ? body : '' };
    const row = this.builder ? this.builder.add(d.id, columnsOf({ ...own, body })) : 0;
    if (32 * (this.slots + 1) > this.digests.length) {
      const more = Buffer.alloc(2 * this.digests.length);
      this.digests.copy(more);
      this.digests = more;
    }
    sha256Bytes(body).copy(this.digests, 32 * this.slots);
    this.links.add(this.slots, body, nameKey(pageName(own)));
    this.byId.set(d.id, { doc: own, slot: this.slots++, row });
  }

  finish(p: Omit<ServedPackage, 'byId' | 'digest' | 'docs' | 'bodyDigests' | 'links'>, notes: Diagnostic[]): ServedPackage {
    // Sorted by path, stable: in the order a list gave them.
    for (const l of [...this.lost].sort((a, b) => compareUtf8(a.path, b.path))) notes.push(warning('CTXFORGE_SERVE_NOTHING', `${printable(p.name)}: document id ${printable(l.id)} appears twice; ${printable(l.path)} is not served`));
    const kept = [...this.byId.values()].sort((a, b) => compareUtf8(a.doc.path, b.doc.path));
    const bodies = Buffer.alloc(32 * kept.length);
    kept.forEach((k, i) => this.digests.copy(bodies, 32 * i, 32 * k.slot, 32 * k.slot + 32));
    // The package's digest covers the fields and the texts' digests, line by line.
    const h = createHash('sha256');
    kept.forEach(({ doc: d }, i) => h.update(`${i ? '\n' : ''}${JSON.stringify([d.id, d.path, d.title, d.type ?? null, d.description ?? null, d.tags ?? [], bodies.toString('hex', 32 * i, 32 * i + 32)])}`));
    const docs = kept.map((k) => k.doc);
    const links = this.links.settle(docs, kept.map((k) => k.slot));
    this.byId.clear();
    this.digests = Buffer.alloc(0);
    return { ...p, docs, byId: new Map(docs.map((d) => [d.id, d])), digest: h.digest('hex'), bodyDigests: bodies, links };
  }
}

/** A package made of documents given as a list, their texts kept (openIndex builds from them). */
export function servedPackage(p: Omit<ServedPackage, 'byId' | 'digest' | 'docs' | 'bodyDigests' | 'links'>, docs: Doc[], notes: Diagnostic[]): ServedPackage {
  const intake = new PackageIntake();
  for (const d of docs) intake.add(d);
  return intake.finish(p, notes);
}

/**
 * A document whose path the signature does not bind could be a signed file copied under a name of
 * someone else's choosing: never served (serve has no --allow-unbound). Throws when any is among `paths`.
 */
export function refuseUnbound(spec: string, unbound: string[], paths: Iterable<string>): void {
  const tails = unboundByTail(unbound);
  const hit = [...paths].flatMap((path) => (tails.get(path) ?? []).map((u) => ({ u, path })));
  if (!hit.length) return;
  const all = hit.map(({ u, path }) => error('CTXFORGE_INSTALL_UNBOUND', `${printable(u)} would be served as ${printable(path)}, but the signature binds its bytes only under another path`, { file: u }));
  throw new DiagnosticError({ ...all[0]!, message: `${spec} is not served: ${all[0]!.message}`, hint: 'rebuild the cartridge with a current ctxforge (its signed ROM index binds every path), or install it with --allow-unbound and serve --lock' }, 1, all);
}

/** What a verified package is served as, before its documents. */
export const servedMeta = (v: VerifiedPackage, source: string) => ({ name: v.docs.meta.name, version: v.docs.meta.version ?? null, format: v.format, sha256: v.artifact.sha256, source, signer: { key_id: v.signer.key_id, trust: v.signer.trust } });

export interface LoadOptions extends Pick<InstallOptions, 'cwd' | 'env' | 'user' | 'key' | 'trust' | 'allowUnsigned' | 'limits'> {
  /** --lock: a locked artifact that cannot be read (or any URL) is not checked; its installed knowledge is served as "lock-only". */
  offline?: boolean;
}

/** Each artifact verified (refused as install refuses it) and read as documents, their texts kept (serve itself streams them: load-served.ts). */
export async function loadArtifacts(specs: string[], o: LoadOptions, notes: Diagnostic[]): Promise<ServedPackage[]> {
  const out: ServedPackage[] = [];
  for (const spec of specs) {
    const v = await verifySpec(spec, o);
    refuseUnbound(spec, v.unbound, [...v.docs.docs, ...v.docs.assets].map((d) => d.path));
    notes.push(...v.diagnostics);
    out.push(servedPackage(servedMeta(v, v.source.location), v.docs.docs, notes));
  }
  return out;
}

const inKnowledge = (folder: string) => folder.startsWith(`${KNOWLEDGE_FOLDER}/`);

function refuse(p: LockPackage, drift: Drift[], lockLabel: string): never {
  // An artifact that cannot be read is not a tampered one: the refusal names the real cause.
  if (drift.every((d) => d.cause === 'unreachable')) {
    const all = drift.map((d) => error('CTXFORGE_SERVE_UNREACHABLE', d.problem, { file: d.path }));
    throw new DiagnosticError({ ...all[0]!, message: `${printable(p.name)} is not served: its artifact cannot be read to verify it (nothing says it was changed): ${all[0]!.message}`, hint: 'serve --lock --offline serves the installed files on the lock\'s word; or install the artifact again from inside the project (a local artifact outside it is vendored into .agents/artifacts/) or from an https URL' }, 1, all);
  }
  const all = drift.map((d) => error('CTXFORGE_SERVE_TAMPERED', d.problem, { file: d.path }));
  throw new DiagnosticError({ ...all[0]!, message: `${printable(p.name)} is not served: it differs from ${lockLabel} or from its verified artifact: ${all[0]!.message}`, hint: 'run `ctxforge install --frozen` to see every difference, `ctxforge install --force` to restore the locked files' }, 1, all);
}

/** A package's installed documents read back from disk: only with --offline, when its artifact was not checked. */
function lockOnlyDocs(p: LockPackage, root: string, lockLabel: string): Doc[] {
  const docs: Doc[] = [];
  const folders = new Set(p.folders);
  for (const f of p.files.filter((x) => x.role === 'document')) {
    const abs = join(root, ...f.path.split('/'));
    const link = symlinkOnTheWay(root, f.path);
    let bytes: Buffer | undefined;
    if (!link) { try { if (lstatSync(abs).isFile()) bytes = readFileSync(abs); } catch { bytes = undefined; } }
    if (!bytes || sha256Hex(bytes) !== f.sha256) refuse(p, [{ path: f.path, problem: 'changed while it was read', package: p.name }], lockLabel);
    const folder = folderOf(f.path, folders)!;
    const doc = parseKnowledgeDoc(bytes.toString('utf8'), f.path.slice(folder.length + 1));
    if (!doc) refuse(p, [{ path: f.path, problem: 'not a document ctxforge installed', package: p.name }], lockLabel);
    docs.push(doc);
  }
  return docs;
}

/**
 * Every package of ctxforge.lock, checked as `install --frozen` checks it (its knowledge folder on
 * disk, its artifact verified and planned to exactly the lock entry); any difference refuses the start.
 */
export async function loadLocked(o: LoadOptions, notes: Diagnostic[]): Promise<ServedPackage[]> {
  const ctx = context(o);
  if (interrupted(ctx.journalPath)) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_INTERRUPTED', `an install into ${ctx.root} was interrupted; nothing is served until it is complete`, { file: ctx.journalLabel, hint: 'run `ctxforge install` to complete it' }), 1);
  }
  const { lock, exists } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  if (!exists) throw new DiagnosticError(error('CTXFORGE_SERVE_NOTHING', '--lock: there is no lock file here', { file: ctx.lockLabel, hint: 'install packages first, or name artifacts to serve' }), 2);
  const out: ServedPackage[] = [];
  for (const p of Object.values(lock.packages)) {
    // The lock's key, not --key or --trust, says who signed a locked package.
    const c = await checkLocked(p, ctx, lock, { env: o.env, limits: o.limits, offline: o.offline, folders: inKnowledge });
    if (c.drift.length) refuse(p, c.drift, ctx.lockLabel);
    if (c.verified) {
      const v = c.verified;
      out.push(servedPackage(servedMeta(v, p.source.location), v.docs.docs, notes));
      continue;
    }
    notes.push(...c.diagnostics);
    notes.push(warning('CTXFORGE_INSTALL_LOCK_ONLY', `${printable(p.name)} is served on the lock's word (--offline): its installed files match ${ctx.lockLabel}, but its artifact was not verified, so its name, version and signer are what the lock says`, { file: p.source.location }));
    out.push(servedPackage({ name: p.name, version: p.version, format: p.format, sha256: p.artifact.sha256, source: p.source.location, signer: { key_id: p.signer.key_id, trust: 'lock-only' } }, lockOnlyDocs(p, ctx.root, ctx.lockLabel), notes));
  }
  return out;
}
