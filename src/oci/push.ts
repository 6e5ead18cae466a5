// `ctxforge push`: a package file (or a release folder) to an OCI registry or image layout, with the
// release files found beside it — SHA256SUMS when it lists the package, SHA256SUMS.minisig and
// provenance.intoto.json — as referrers.
import { lstat, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { allFormats } from '../formats.js';
import { type PackageAnnotations, type PushResult, type ReleaseReferrers, createdFromEnv, pushPackage } from './package.js';
import { parseOciRef } from './ref.js';
import type { Credentials } from './auth.js';
import { openStore } from './store.js';
import './rules.js';

const SMALL = 1 << 20;

async function readIfFile(path: string, max = SMALL): Promise<Buffer | undefined> {
  const st = await lstat(path).catch(() => undefined);
  if (!st?.isFile() || st.size > max) return undefined;
  return readFile(path);
}

const listed = (sums: Buffer, name: string) => sums.toString('utf8').split('\n').some((l) => /^[0-9a-f]{64} [ *](.+)$/.exec(l.replace(/\r$/, ''))?.[1] === name);

export interface PushOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  annotations?: PackageAnnotations;
  /** Push without the release files found beside the package. */
  noReferrers?: boolean;
  /** For the registry named (else Docker's config.json). */
  credentials?: Credentials;
}

export async function pushPath(artifact: string, target: string, o: PushOptions): Promise<PushResult> {
  const ref = parseOciRef(target);
  if (ref.digest) fail('CTXFORGE_USAGE', `push to a tag, not a digest (${target}): the digest is the manifest's own`, {}, 2);
  let file = resolve(o.cwd, artifact);
  const st = await lstat(file).catch(() => undefined);
  if (!st) fail('CTXFORGE_IO', `${artifact}: no such file or directory`, { file: artifact }, 2);
  if (st.isDirectory()) {
    const sums = await readIfFile(join(file, 'SHA256SUMS'));
    const names = sums ? sums.toString('utf8').split('\n').map((l) => /^[0-9a-f]{64} [ *](.+)$/.exec(l.replace(/\r$/, ''))?.[1]).filter((n): n is string => !!n && allFormats().some((m) => n.endsWith(m.extension))) : [];
    if (names.length !== 1) fail('CTXFORGE_USAGE', `${artifact} is a folder; name the package file in it (its SHA256SUMS lists ${names.length} packages)`, { file: artifact }, 2);
    file = join(file, names[0]!);
  } else if (!st.isFile()) fail('CTXFORGE_IO', `${artifact} is not a regular file`, { file: artifact }, 2);
  const dir = dirname(file);
  let release: ReleaseReferrers | undefined;
  if (!o.noReferrers) {
    const sums = await readIfFile(join(dir, 'SHA256SUMS'));
    if (sums && listed(sums, basename(file))) {
      const minisig = await readIfFile(join(dir, 'SHA256SUMS.minisig'), 64 * 1024);
      const provenance = await readIfFile(join(dir, 'provenance.intoto.json'), 16 * SMALL);
      release = { sums, ...(minisig ? { minisig: minisig.toString('utf8') } : {}), ...(provenance ? { provenance } : {}) };
    }
  }
  const store = await openStore(ref, { cwd: o.cwd, env: o.env, ...(o.credentials ? { credentials: o.credentials } : {}) });
  const annotations = { ...(o.annotations ?? {}) };
  if (!annotations.created) { const c = createdFromEnv(o.env ?? process.env); if (c) annotations.created = c; }
  return pushPackage(store, ref, file, { annotations, ...(release ? { release } : {}), label: file });
}
