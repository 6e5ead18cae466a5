// Resolving a package by name and SemVer range in an OCI registry: the repository's tags (every
// page the registry's `Link` leads to) are its versions — `ctxforge push` and the release's OCI step
// tag a package with its version — and the one picked is fetched by the digest its tag names right
// now, then installed exactly as `install oci://…@sha256:…` is (release referrers checked, the
// signature judged against the pinned key). A tag list says only what exists; it is never a trust root.
//
// The name is appended to the registry's path (`--registry oci://ghcr.io/acme` + `handbook` is the
// repository acme/handbook, as Helm charts are found) unless the path already ends with it, so the
// repository itself (`oci://ghcr.io/acme/handbook`, what a lock records) resolves the same name.
import { fail } from '../core/diagnostics.js';
import { isSemver } from '../core/semver.js';
import type { Acquired } from '../install/source.js';
import { acquireOciRef } from '../install/oci-source.js';
import { resolveManifest } from '../oci/package.js';
import { parseOciRef, repositoryOf, type RegistryRef } from '../oci/ref.js';
import { openStore } from '../oci/store.js';
import { OciError } from '../oci/client.js';
import type { OpenOptions, PackageRegistry, RegistryVersion } from './resolve.js';

/** The repository `name` is in, in the registry `base` (a registry ref without tag or digest). */
export function repositoryFor(base: RegistryRef, name: string): RegistryRef {
  const path = base.repository.endsWith(`/${name}`) || base.repository === name ? base.repository : `${base.repository}/${name}`;
  const ref = parseOciRef(`oci://${base.host}/${path}`);
  return ref as RegistryRef;
}

export async function openOciRegistry(spec: string, o: OpenOptions): Promise<PackageRegistry> {
  const base = parseOciRef(spec);
  if (base.kind !== 'registry' || base.tag !== undefined || base.digest !== undefined) {
    fail('CTXFORGE_USAGE', `${spec}: a registry to resolve names in is oci://<host>/<path>, without a tag or digest`, { hint: 'e.g. ctxforge install handbook@^1 --registry oci://ghcr.io/acme' }, 2);
  }
  const store = (ref: RegistryRef) => openStore(ref, { cwd: o.cwd, env: o.env, publicOnly: o.publicOnly });
  return {
    recorded: repositoryOf(base),
    async versions(name) {
      const repo = repositoryFor(base, name);
      let tags: string[];
      try {
        tags = await (await store(repo)).listTags();
      } catch (e) {
        // No such repository is no such package; anything else (auth, 5xx) says what went wrong.
        if (e instanceof OciError && e.diagnostic.code === 'CTXFORGE_OCI_NOT_FOUND') return [];
        throw e;
      }
      const at = repositoryOf(repo);
      return tags.filter((t) => isSemver(t)).map((version): RegistryVersion => ({ name, version, location: `${at}:${version}` }));
    },
    async artifactPath(location) {
      fail('CTXFORGE_REGISTRY_UNREACHABLE', `registry ${spec}: ${location} is fetched by the OCI client, not read as a file`, { file: spec }, 2);
    },
    async acquire(location, a): Promise<Acquired> {
      const ref = parseOciRef(location);
      if (ref.kind !== 'registry' || ref.tag === undefined || !isSemver(ref.tag)) fail('CTXFORGE_REGISTRY_UNREACHABLE', `registry ${spec}: ${JSON.stringify(location)} is not a version of this registry`, { file: spec }, 2);
      const { tag: _tag, ...repo } = ref;
      // The tag is read once, for the digest it names now; everything after is fetched by that digest.
      const { digest } = await resolveManifest(await store(ref), ref);
      return acquireOciRef({ ...repo, digest }, { cwd: a.cwd, env: o.env, publicOnly: o.publicOnly });
    },
    async close() { /* nothing held open */ },
  };
}
