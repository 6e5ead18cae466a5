// `ctxforge pull`: a package from an OCI registry or image layout into a folder, with its release
// files, only once it verifies: the layer against its digest, then the format's verify and the
// signer against the pinned key (--key, --trust) exactly as install judges it — a signature found
// in a referrer is checked, but the registry is never what makes it trusted.
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeAtomic, writeFileAtomic } from '../core/atomic.js';
import type { LockSigner } from './lock.js';
import { acquireOci } from './oci-source.js';
import { checkArtifact, judge, loadKeyPin } from './verify.js';

export interface PullOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  outDir: string;
  key?: string;
  trust?: string;
  allowUnsigned?: boolean;
}

export interface PullReport {
  reference: string;
  format: string;
  manifest_digest: string;
  sha256: string;
  signer: LockSigner;
  written: string[];
}

export async function pullPackage(spec: string, o: PullOptions): Promise<PullReport> {
  const acq = await acquireOci(spec, { cwd: o.cwd, root: o.cwd, env: o.env, record: (abs) => abs });
  try {
    const pin = o.key ? loadKeyPin(o.key, o.env) : undefined;
    const facts = await checkArtifact(acq, { key: pin, trust: o.trust, env: o.env });
    const verdict = judge(facts, acq, { pin, trust: o.trust, allowUnsigned: o.allowUnsigned });
    const out = resolve(o.cwd, o.outDir);
    const written: string[] = [];
    const target = join(out, acq.file);
    await writeAtomic(target, (tmp) => copyFile(acq.input.path!, tmp), { base: o.cwd });
    written.push(target);
    if (acq.release) {
      await writeFileAtomic(join(out, 'SHA256SUMS'), acq.release.sums, 0o644, o.cwd);
      written.push(join(out, 'SHA256SUMS'));
      if (acq.release.minisig) { await writeFileAtomic(join(out, 'SHA256SUMS.minisig'), acq.release.minisig, 0o644, o.cwd); written.push(join(out, 'SHA256SUMS.minisig')); }
    }
    return { reference: acq.input.label, format: facts.format, manifest_digest: acq.source.manifest_digest!, sha256: acq.sha256, signer: verdict.signer, written };
  } finally {
    await acq.cleanup();
  }
}
