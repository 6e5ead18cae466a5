// The shared layout of the skills ecosystem: one real copy of a skill in `.agents/skills/<name>`
// (the canonical folder, which Codex, Gemini CLI, Copilot and Cursor read directly), and in the
// folder of a host with its own (`.claude/skills/<name>`…) a symbolic link to it — what `npx skills`
// makes, and what `install --link` makes. A link is understood without ever being followed: only
// its text is read, resolved lexically, and it counts as this layout only when it names exactly
// the canonical folder of the same skill and that folder is a real folder inside the root, every
// component of it too. Files are read, hashed and written only through the canonical path; every
// other link stays CTXFORGE_IO_SYMLINK.
import { readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, posix, relative, resolve, sep } from 'node:path';
import { lkind, symlinkOnTheWay } from './apply.js';
import type { PackagePlan, PlannedFile } from './plan.js';

export const CANONICAL = '.agents/skills';

export interface LockLink { path: string; target: string }

/** The parent folder and name of `<skills folder>/<name>`. */
export function splitFolder(folder: string): { parent: string; name: string } {
  const i = folder.lastIndexOf('/');
  return { parent: folder.slice(0, i), name: folder.slice(i + 1) };
}

/** The link text for a host skill folder: its canonical folder, relative to the link's own folder. */
export function linkTarget(folder: string): string {
  const { parent, name } = splitFolder(folder);
  return posix.relative(parent, `${CANONICAL}/${name}`);
}

/**
 * The link's text when the root-relative `folder` is a symbolic link of the shared layout (its
 * text resolves lexically to `.agents/skills/<same name>`, a real folder with no link on the way),
 * else null. Nothing is followed.
 */
export function canonicalLinkAt(root: string, folder: string): string | null {
  const { parent, name } = splitFolder(folder);
  if (parent === CANONICAL || symlinkOnTheWay(root, parent)) return null;
  const abs = join(root, ...folder.split('/'));
  if (lkind(abs) !== 'symlink') return null;
  const text = readlinkSync(abs);
  const canonical = `${CANONICAL}/${name}`;
  const rel = relative(root, resolve(join(root, ...parent.split('/')), text)).split(sep).join('/');
  if (rel !== canonical) return null;
  if (symlinkOnTheWay(root, canonical) || lkind(join(root, ...canonical.split('/'))) !== 'dir') return null;
  return text;
}

/**
 * Turns the host skill folders of a plan that are to be links into links: their files go to the
 * canonical folder (added when no host installs there already) and the folder leaves the plan.
 * `asLink` says which host folders are links.
 */
export function linkLayout(plan: PackagePlan, asLink: (folder: string) => boolean): LockLink[] {
  const links: LockLink[] = [];
  const folders = new Set(plan.folders);
  const byFolder = new Map<string, PlannedFile[]>();
  for (const f of plan.files) {
    const m = /^(.*?\/skills\/[^/]+)\//.exec(f.path);
    if (m && folders.has(m[1]!)) { const l = byFolder.get(m[1]!) ?? []; l.push(f); byFolder.set(m[1]!, l); }
  }
  const drop = new Set<string>();
  const add: PlannedFile[] = [];
  for (const folder of plan.folders) {
    const { parent, name } = splitFolder(folder);
    if (parent === CANONICAL || !parent.endsWith('/skills') || !asLink(folder)) continue;
    const canonical = `${CANONICAL}/${name}`;
    if (!folders.has(canonical)) {
      folders.add(canonical);
      for (const f of byFolder.get(folder) ?? []) add.push({ ...f, path: `${canonical}${f.path.slice(folder.length)}` });
      byFolder.set(canonical, []);
    }
    drop.add(folder);
    links.push({ path: folder, target: linkTarget(folder) });
  }
  if (!links.length) return links;
  plan.folders = [...folders].filter((f) => !drop.has(f));
  plan.files = [...plan.files.filter((f) => { const m = /^(.*?\/skills\/[^/]+)\//.exec(f.path); return !(m && drop.has(m[1]!)); }), ...add];
  return links;
}

/**
 * Whether the file system at `root` can hold symbolic links (FAT, some network shares and Windows
 * without the privilege cannot): a link is made beside nothing else and removed at once.
 */
export function canSymlink(root: string): boolean {
  const probe = join(root, `.ctxforge-link-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    symlinkSync('.', probe);
  } catch (e) {
    return !['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EINVAL', 'ENOSYS'].includes((e as NodeJS.ErrnoException).code ?? '');
  }
  try { unlinkSync(probe); } catch { /* gone already */ }
  return true;
}
