// Safe extraction of a valid .octx (§4): every target checked before the first write — inside the
// target directory, no symlinked parents, no case/normalisation collisions, no unrelated file
// overwritten, no path an agent host reads as configuration — then each file written atomically.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, resolve, sep, dirname } from 'node:path';
import { error, failWith, type Diagnostic } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/atomic.js';
import { foldedKey } from '../core/paths.js';
import { sha256Hex } from '../core/hash.js';
import type { Limits } from '../core/limits.js';
import type { ArtifactInput } from '../format.js';
import { openOctx } from './archive.js';
import { checkPackage } from './package.js';
import { MANIFEST } from './manifest.js';
import { makeDirs } from '../core/dirs.js';
import { hostConfigRefusals } from '../core/host-config-names.js';

export interface UnpackResult {
  dir: string;
  files: string[];
  unchanged: string[];
}

export async function unpackOctx(input: ArtifactInput, targetDir: string, opts: { limits?: Partial<Limits> } = {}): Promise<UnpackResult> {
  const opened = await openOctx(input, opts.limits);
  failWith(opened.diagnostics, `${input.label} is not a safe archive; nothing was written`);
  const tree = opened.tree!;
  try {
    const report = await checkPackage(tree, { workdir: false, limits: opts.limits });
    failWith(report.diagnostics, `${input.label} is invalid; nothing was written`);
    const root = resolve(targetDir);
    const paths = [MANIFEST, ...report.files.map((f) => f.path)];
    const problems: Diagnostic[] = [];
    const conflict = (file: string, msg: string) => problems.push(error('OCTX_UNPACK_CONFLICT', msg, { file }));
    // A path an agent host reads as configuration is refused, not renamed: the manifest's file list
    // and the package digest name every path, so a renamed tree would not be this package any more.
    problems.push(...hostConfigRefusals(paths, [], targetDir));

    // Collisions among the package's own names on a case-insensitive or normalising file system.
    const folded = new Map<string, string>();
    for (const p of paths) {
      for (let i = p.indexOf('/'); ; i = p.indexOf('/', i + 1)) {
        const prefix = i < 0 ? p : p.slice(0, i);
        const k = foldedKey(prefix);
        const other = folded.get(k);
        if (other !== undefined && other !== prefix) conflict(p, `${JSON.stringify(prefix)} and ${JSON.stringify(other)} collide on a case-insensitive file system`);
        folded.set(k, prefix);
        if (i < 0) break;
      }
    }
    // Existing entries on disk: folded names, symlinks, unrelated contents.
    const plan: { path: string; abs: string; write: boolean }[] = [];
    const listing = new Map<string, string[] | null>();
    const listDir = async (d: string) => {
      if (!listing.has(d)) listing.set(d, await readdir(d).catch(() => null));
      return listing.get(d)!;
    };
    for (const p of paths) {
      const abs = resolve(root, ...p.split('/'));
      if (!abs.startsWith(root + sep)) { conflict(p, `${p} would be written outside ${targetDir}`); continue; }
      const segs = p.split('/');
      let cur = root;
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const names = await listDir(cur);
        const next = join(cur, segs[i]!);
        if (names) {
          const clash = names.find((n) => n !== segs[i] && foldedKey(n) === foldedKey(segs[i]!));
          if (clash) { conflict(p, `${p}: ${join(cur, clash)} already exists and differs only in case or normalisation`); ok = false; break; }
        }
        const st = await lstat(next).catch(() => undefined);
        if (st?.isSymbolicLink()) { conflict(p, `${next} is a symbolic link; refusing to write through it`); ok = false; break; }
        if (i < segs.length - 1 && st && !st.isDirectory()) { conflict(p, `${next} exists and is not a directory`); ok = false; break; }
        if (i === segs.length - 1 && st) {
          if (!st.isFile()) { conflict(p, `${next} exists and is not a regular file`); ok = false; break; }
          const existing = await readFile(next);
          const wanted = await tree.read(p);
          if (sha256Hex(existing) !== sha256Hex(wanted)) { conflict(p, `${next} already exists with other content; refusing to overwrite an unrelated file`); ok = false; break; }
          plan.push({ path: p, abs, write: false });
          ok = false;
        }
        cur = next;
      }
      if (ok) plan.push({ path: p, abs, write: true });
    }
    failWith(problems, `cannot unpack ${input.label} into ${targetDir}; nothing was written`);
    const res: UnpackResult = { dir: targetDir, files: [], unchanged: [] };
    for (const item of plan) {
      if (!item.write) { res.unchanged.push(item.path); continue; }
      makeDirs(dirname(item.abs));
      await writeFileAtomic(item.abs, await tree.read(item.path), 0o644);
      res.files.push(item.path);
    }
    return res;
  } finally {
    tree.close();
  }
}
