// Step "sign": SHA256SUMS.minisig (minisign format) and minisign.pub, with the release key. The
// packages themselves were signed inside their formats by the build step.
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../core/atomic.js';
import { warning } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { CHECKSUMS_NAME } from './checksums.js';
import type { Step } from './context.js';
import { minisignPublicKey, minisignSign, minisignVerify } from '../core/minisign.js';

export const SIGNATURE_NAME = 'SHA256SUMS.minisig';
export const PUBLIC_KEY_NAME = 'minisign.pub';

export const sign: Step = {
  name: 'sign',
  skip(ctx) {
    return ctx.key ? false : 'no signing key';
  },
  async run(ctx) {
    const key = ctx.key!;
    const sumsPath = join(ctx.outDir, CHECKSUMS_NAME);
    const sums = await readFile(sumsPath);
    // The timestamp is the tag's commit time so that re-running the release gives identical files.
    const sig = minisignSign(key, sums, { trustedComment: `timestamp:${ctx.epoch}\tfile:${CHECKSUMS_NAME}\thashed\ttag:${ctx.tag}` });
    const pub = minisignPublicKey(key);
    const check = minisignVerify(pub, sig, sums);
    if (!check.valid) throw new Error(`internal: fresh minisign signature does not verify (${check.reason})`);
    const sigPath = join(ctx.outDir, SIGNATURE_NAME);
    const pubPath = join(ctx.outDir, PUBLIC_KEY_NAME);
    await writeFileAtomic(sigPath, sig);
    await writeFileAtomic(pubPath, pub);
    ctx.artifacts.push({ name: SIGNATURE_NAME, path: sigPath, kind: 'signature', sha256: sha256Hex(sig), size: Buffer.byteLength(sig) });
    ctx.artifacts.push({ name: PUBLIC_KEY_NAME, path: pubPath, kind: 'public-key', sha256: sha256Hex(pub), size: Buffer.byteLength(pub) });
  },
};

/** Warns (once) that an unsigned release is being made. */
export function unsignedWarning() {
  return warning('CTXFORGE_RELEASE_UNSIGNED', 'no signing key: SHA256SUMS is not signed and ctxpkg/acx artifacts carry no signature', {
    hint: 'pass --key (or the signing-key input) to sign the release',
  });
}
