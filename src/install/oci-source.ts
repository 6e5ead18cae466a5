// Getting a package from an OCI registry or image layout for install: the manifest by tag or digest,
// the one layer by its digest into a private temporary folder, the release's SHA256SUMS and signature
// from the referrers (checked here against the layer's sha256; the signature is judged by install's
// verify against the pinned key, never by the registry). The lock records the registry and the
// manifest digest, so a reinstall or `--frozen` fetches by digest, never by tag.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DiagnosticError, error, fail } from '../core/diagnostics.js';
import { fetchPackage } from '../oci/package.js';
import { formatRef, parseOciRef, repositoryOf, type OciRef } from '../oci/ref.js';
import { openStore } from '../oci/store.js';
import '../oci/rules.js';
import type { LockSource } from './lock.js';
import { parseSums, type Acquired } from './source.js';
import { printable } from './portable.js';

export interface OciAcquireOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  publicOnly?: boolean;
}

export async function acquireOciRef(ref: OciRef, o: OciAcquireOptions, recordAs?: (ref: OciRef) => string): Promise<Acquired> {
  const store = await openStore(ref, { cwd: o.cwd, env: o.env, publicOnly: o.publicOnly });
  const dir = await mkdtemp(join(tmpdir(), 'ctxforge-install-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const f = await fetchPackage(store, ref, dir);
    const sha256 = f.layer_digest.slice('sha256:'.length);
    if (f.release) {
      const listed = parseSums(f.release.sums.toString('utf8'));
      const want = listed.get(f.file);
      if (want !== undefined && want !== sha256) {
        throw new DiagnosticError(error('CTXFORGE_INSTALL_CHECKSUM', `the layer's SHA-256 ${sha256} is not the ${want} that the SHA256SUMS referrer lists for ${printable(f.file)}; nothing was written`, { file: formatRef(ref) }), 1);
      }
    }
    const registry = recordAs ? recordAs(ref) : repositoryOf(ref);
    const source: LockSource = { type: 'oci', location: `${registry}@${f.manifest_digest}`, registry, manifest_digest: f.manifest_digest };
    const listed = f.release && parseSums(f.release.sums.toString('utf8')).has(f.file);
    return {
      input: { label: formatRef(ref, f.manifest_digest), path: f.path }, file: f.file, sha256, size: f.size, source,
      ...(listed ? { release: f.release } : {}), diagnostics: [], cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** `install oci://…:tag|@sha256:…` or `install oci-layout:DIR…`. */
export async function acquireOci(spec: string, o: OciAcquireOptions & { root: string; record: (abs: string) => string }): Promise<Acquired> {
  const ref = parseOciRef(spec);
  if (ref.kind === 'layout') return acquireOciRef(ref, o, (r) => `oci-layout:${o.record(resolve(o.cwd, (r as { dir: string }).dir))}`);
  return acquireOciRef(ref, o);
}

/** The package a lock's OCI source names: by its manifest digest, from its registry. */
export async function acquireLockedOci(src: LockSource, o: OciAcquireOptions & { root: string; scope: 'project' | 'user'; checkLayoutDir: (dir: string) => string }): Promise<Acquired> {
  if (!src.registry || !src.manifest_digest) fail('CTXFORGE_LOCK_INVALID', 'an oci source needs registry and manifest_digest', {}, 2);
  let ref: OciRef;
  try { ref = parseOciRef(`${src.registry}@${src.manifest_digest}`); } catch {
    fail('CTXFORGE_LOCK_INVALID', `the recorded registry ${printable(src.registry)} is not an oci:// or oci-layout: reference`, {}, 2);
  }
  if (ref.tag !== undefined) fail('CTXFORGE_LOCK_INVALID', `the recorded registry ${printable(src.registry)} names a tag; a lock fetches by digest only`, {}, 2);
  if (ref.kind === 'layout') {
    if (o.publicOnly) fail('CTXFORGE_INSTALL_REDIRECT', `the recorded source ${printable(src.registry)} is a folder; the lock gate fetches only from public https registries`, { hint: 'lock a package from a public registry' }, 2);
    const dir = o.checkLayoutDir(ref.dir);
    return acquireOciRef({ ...ref, dir }, { ...o, cwd: o.root }, () => src.registry!);
  }
  return acquireOciRef(ref, o, () => src.registry!);
}
