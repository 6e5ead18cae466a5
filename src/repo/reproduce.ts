// Proof that a release is what its source says: rebuild the package from git at a tag (no checkout)
// and compare with the released artifact. Two proofs (docs/reproduce.md):
// - "bytes": the rebuild is byte-identical; for a signed artifact this needs the signing key
//   (--key), since Ed25519 is deterministic the signed rebuild is the same file.
// - "content+signature": without the key, the unsigned rebuild equals the artifact with its
//   signatures taken out (FormatModule.unsignedDigest) and the artifact's own signature verifies.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { parseEpoch } from '../core/time.js';
import type { ArtifactInput, CommonOptions, FormatModule } from '../format.js';
import type { SigningKey } from '../core/keys.js';
import { formatByName } from '../formats.js';
import { resolveInput } from '../inputs.js';
import { openRepo } from '../git/repo.js';
import { openRefPath, parseRefSpec, repoPath } from '../git/ref-spec.js';
import { discoverPackages } from './packages.js';
import './git-inputs.js';
import './rules.js';

export interface ReproduceOptions extends CommonOptions {
  cwd?: string;
  /** The release ref: "v1.2.0", or "v1.2.0:path/to/package" to name the source folder. */
  ref: string;
  /** Force the artifact's format. */
  format?: string;
  /** Build time; default: the ref's commit time, then the last commit time of the package folder. */
  epoch?: number | string;
  /** Config file (on disk) that lists the packages, instead of ctxforge.yaml at the ref. */
  config?: string;
  /** The release's signing key: the signed rebuild must then be byte-identical. */
  key?: SigningKey;
}

export interface ReproduceAttempt {
  epoch: number;
  epoch_source: 'explicit' | 'ref-commit' | 'last-change';
  sha256?: string;
  /** Digest of the rebuild without signatures, when compared by content. */
  unsigned_digest?: string;
  error?: string;
}

export interface ReproduceResult {
  artifact: string;
  format: string;
  ref: string;
  commit: string;
  /** `<ref>:<path>` of the source tree that was built. */
  source: string;
  expected_sha256: string;
  actual_sha256: string | null;
  /** The rebuild is byte-identical to the artifact. */
  identical: boolean;
  /** The artifact is what its source says, shown by `method`. */
  confirmed: boolean;
  /** How it was shown; null when it was not. */
  method: 'bytes' | 'content+signature' | null;
  /** The artifact carries a signature. */
  signed: boolean;
  /** Without the key: digest of the artifact with its signatures taken out, and its signature's verdict. */
  unsigned_digest?: string;
  signature?: 'verified' | 'invalid';
  /** Why it was not confirmed. */
  reason?: string;
  /** The epoch of the identical build (or of the first attempt). */
  epoch: number;
  attempts: ReproduceAttempt[];
  /** Problems that did not stop the rebuild (an invalid ctxforge.yaml at the old tag: left out). */
  warnings?: Diagnostic[];
}

async function sourcePath(module: FormatModule, identity: string, ref: string, cwd: string, opts: CommonOptions, config: string | undefined, notes: Diagnostic[]): Promise<string> {
  // The config at an old tag cannot be fixed any more: an invalid one is a warning, and detection finds the source.
  const found = await discoverPackages({ cwd, ref, config, onInvalidConfig: 'warn', notes });
  const same = found.packages.filter((p) => p.format === module.name && !p.problem);
  if (same.length === 1) return same[0]!.path;
  // Several packages of this format: the one with the artifact's identity is its source.
  for (const p of same) {
    const t = await openRefPath(found.repo!, ref, p.path);
    const s = await module.items(t.tree!, opts).catch(() => undefined);
    if (s && s.identity === identity) return p.path;
  }
  fail('CTXFORGE_REPRODUCE_NO_SOURCE', same.length === 0
    ? `no ${module.name} source tree found at ${ref}`
    : `${same.length} ${module.name} source trees at ${ref}, none with the artifact's identity ${identity}`, {
    hint: 'name the source folder: --ref <tag>:<path>',
  }, 1);
}

export async function reproduce(artifactSpec: string, opts: ReproduceOptions): Promise<ReproduceResult> {
  const cwd = opts.cwd ?? process.cwd();
  const r = await resolveInput(artifactSpec, { cwd, format: opts.format });
  if (r.kind !== 'artifact') fail('CTXFORGE_USAGE', `${artifactSpec} is a source tree; --reproduce takes a built package`, {}, 2);
  const bytes = r.input.bytes ?? (await readFile(r.input.path!));
  const expected = sha256Hex(bytes);
  const common: CommonOptions = { limits: opts.limits, env: opts.env };
  const repo = await openRepo(cwd);
  const rs = parseRefSpec(opts.ref);
  const ref = rs ? rs.ref : opts.ref;
  const commit = await repo.resolveCommit(ref);
  const warnings: Diagnostic[] = [];
  const path = rs ? repoPath(repo, rs.path, cwd) : await sourcePath(r.module, (await r.module.items(r.input, common)).identity, ref, cwd, common, opts.config, warnings);
  const target = await openRefPath(repo, ref, path);
  if (!target.tree) fail('CTXFORGE_REPRODUCE_NO_SOURCE', `${ref}:${path} is a file, not a source tree`, {}, 1);
  const module = formatByName(r.module.name)!;

  const epochs: Array<Omit<ReproduceAttempt, 'sha256'>> = [];
  if (opts.epoch !== undefined && opts.epoch !== '') epochs.push({ epoch: parseEpoch(opts.epoch, '--source-date-epoch'), epoch_source: 'explicit' });
  else {
    // `ctxforge build` at a checkout defaults to the folder's last commit time, release jobs often
    // to the tag's commit time; both come from committed history, so trying both keeps the proof.
    epochs.push({ epoch: await repo.commitTime(commit), epoch_source: 'ref-commit' });
    const last = await repo.lastChangeTime(commit, path);
    if (last !== epochs[0]!.epoch) epochs.push({ epoch: last, epoch_source: 'last-change' });
  }

  const artifact: ArtifactInput = { label: r.label, bytes };
  const sealed = module.unsignedDigest ? await module.unsignedDigest(artifact).catch(() => undefined) : undefined;
  const signed = !!sealed?.signed;
  // Without the key a signed artifact cannot be rebuilt byte for byte: compare what it signed.
  const byContent = signed && !opts.key && !!sealed;

  const attempts: ReproduceAttempt[] = [];
  const out = await mkdtemp(join(tmpdir(), 'ctxforge-reproduce-'));
  try {
    for (const e of epochs) {
      try {
        // Secrets were judged when the release was built; this build is only compared, then deleted
        // (allowed, and no one to warn: the build does not scan).
        const built = await module.build(target.tree, {
          outDir: join(out, String(attempts.length)), epoch: e.epoch, env: {}, limits: opts.limits, allowSecrets: true, key: signed ? opts.key : undefined,
        });
        const a: ReproduceAttempt = { ...e, sha256: built.sha256 };
        if (byContent) a.unsigned_digest = (await module.unsignedDigest!({ label: built.path, path: built.path })).digest;
        attempts.push(a);
        if (built.sha256 === expected || (byContent && a.unsigned_digest === sealed!.digest)) break;
      } catch (err) {
        attempts.push({ ...e, error: (err as Error).message });
      }
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  const hit = attempts.find((a) => a.sha256 === expected);
  const contentHit = byContent ? attempts.find((a) => a.unsigned_digest === sealed!.digest) : undefined;
  let signature: ReproduceResult['signature'];
  let reason: string | undefined;
  if (!hit && contentHit) {
    signature = (await signatureVerifies(module, artifact, common)) ? 'verified' : 'invalid';
    if (signature === 'invalid') reason = 'the rebuilt content matches, but the artifact\'s signature does not verify';
  } else if (!hit) {
    reason = byContent
      ? 'the unsigned rebuild differs from the content the artifact signs'
      : signed && !opts.key ? 'the artifact is signed and its format cannot compare content without the key' : 'the rebuild is not byte-identical';
  }
  const method: ReproduceResult['method'] = hit ? 'bytes' : contentHit && signature === 'verified' ? 'content+signature' : null;
  return {
    artifact: r.label,
    format: module.name,
    ref,
    commit,
    source: `${ref}:${path}`,
    expected_sha256: expected,
    actual_sha256: (hit ?? attempts.find((a) => a.sha256))?.sha256 ?? null,
    identical: !!hit,
    confirmed: method !== null,
    method,
    signed,
    ...(byContent ? { unsigned_digest: sealed!.digest } : {}),
    ...(signature ? { signature } : {}),
    ...(reason ? { reason } : {}),
    epoch: (hit ?? contentHit ?? attempts[0]!).epoch,
    attempts,
    ...(warnings.length ? { warnings } : {}),
  };
}

/** The artifact's own signature verifies (no pinned key: the rebuild already vouches for the content). */
async function signatureVerifies(module: FormatModule, input: ArtifactInput, opts: CommonOptions): Promise<boolean> {
  const v = await (module.verifyArtifact ?? module.validateArtifact).call(module, input, { ...opts, requireSignature: true }).catch(() => undefined);
  const sig = v?.details?.signature;
  return !!v && v.valid && (sig === 'valid' || sig === 'verified');
}
