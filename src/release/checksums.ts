// Step "checksums": SHA256SUMS over every released file, in GNU `sha256sum` format sorted by name,
// so `sha256sum -c SHA256SUMS` works on a folder of downloaded assets.
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import type { ReleaseArtifact, Step } from './context.js';

export const CHECKSUMS_NAME = 'SHA256SUMS';

export function sha256sums(files: Pick<ReleaseArtifact, 'name' | 'sha256'>[]): string {
  // Two spaces = text mode, what sha256sum prints by default; names with newlines or backslashes
  // would need GNU's escaping, and asset names never have them.
  return [...files].sort((a, b) => compareUtf8(a.name, b.name)).map((f) => `${f.sha256}  ${f.name}\n`).join('');
}

export const checksums: Step = {
  name: 'checksums',
  async run(ctx) {
    const covered = ctx.artifacts.filter((a) => a.kind === 'package' || a.kind === 'provenance');
    const text = sha256sums(covered);
    const path = join(ctx.outDir, CHECKSUMS_NAME);
    await writeFileAtomic(path, text);
    ctx.artifacts.push({ name: CHECKSUMS_NAME, path, kind: 'checksums', sha256: sha256Hex(text), size: Buffer.byteLength(text) });
  },
};
