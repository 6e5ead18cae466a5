// Whose a skill folder is. `.agents/skills/<name>` is the shared canonical folder of the skills
// ecosystem, so a folder ctxforge did not install — not in ctxforge.lock, or listed in
// skills-lock.json — is never taken over silently, even when its bytes match the package's: install
// refuses naming the other tool, or takes it with --adopt (recorded in the lock as adopted,
// reported; refused when it is no longer what skills-lock.json's computedHash says the other tool
// wrote). A folder the other tool also lists is never deleted by ctxforge's uninstall.
import { join } from 'node:path';
import { error, info, type Diagnostic } from '../core/diagnostics.js';
import { lkind, symlinkOnTheWay } from './apply.js';
import { canonicalLinkAt, splitFolder, type LockLink } from './layout.js';
import type { LockPackage } from './lock.js';
import { printable } from './portable.js';
import { skillFolderHash, type SkillsLock } from './skills-lock.js';

export interface OwnershipOptions {
  root: string;
  adopt?: boolean;
  force?: boolean;
}

const isSkillFolder = (folder: string) => splitFolder(folder).parent.endsWith('/skills');

/**
 * The folders (and links) of a plan that exist on disk but are not the package's in the old lock
 * entry: adopted with --adopt (returned), else refused. `links` are the plan's links.
 */
export function claimFolders(folders: readonly string[], links: readonly LockLink[], old: LockPackage | undefined, sl: SkillsLock, o: OwnershipOptions): { adopted: string[]; diagnostics: Diagnostic[] } {
  const ours = new Set([...(old?.folders ?? []), ...(old?.links ?? []).map((l) => l.path)]);
  const adopted: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const linked = new Set(links.map((l) => l.path));
  for (const folder of [...folders, ...linked]) {
    if (ours.has(folder) || !isSkillFolder(folder) || symlinkOnTheWay(o.root, splitFolder(folder).parent)) continue;
    const abs = join(o.root, ...folder.split('/'));
    const kind = lkind(abs);
    if (kind === null) continue;
    // A link of the shared layout where the package puts one is that layout, not content: nothing to adopt.
    if (linked.has(folder) && canonicalLinkAt(o.root, folder) !== null) continue;
    const { name } = splitFolder(folder);
    const listed = sl.skills.get(name);
    if (kind === 'symlink' && !linked.has(folder)) continue; // apply refuses it, or replaces it as a link with --force
    if (!o.adopt && (listed || !o.force)) {
      diagnostics.push(error('CTXFORGE_INSTALL_FOREIGN', listed
        ? `${printable(folder)} was installed by npx skills (${sl.label} lists ${printable(name)}), not by ctxforge; it is not taken over, even where its files match the package's`
        : `${printable(folder)} exists and ctxforge.lock does not record it (another installer, or you, put it there); it is not taken over, even where its files match the package's`, {
        file: folder,
        hint: listed
          ? `--adopt takes it over (ctxforge.lock records it as adopted; ${sl.label} keeps listing it, so ctxforge's uninstall leaves it in place); or remove it first with \`npx skills remove ${name}\``
          : '--adopt takes it over as it is (recorded in ctxforge.lock as adopted); --force replaces what differs',
      }));
      continue;
    }
    if (listed?.computedHash && kind === 'dir' && skillFolderHash(abs) !== listed.computedHash) {
      diagnostics.push(error('CTXFORGE_INSTALL_SHARED', `${printable(folder)} is not what npx skills installed: its content differs from the computedHash ${sl.label} records for ${printable(name)} (edited since); it is not adopted`, {
        file: folder, hint: `restore it (\`npx skills add\` again, or \`npx skills remove ${name}\`), then install with --adopt`,
      }));
      continue;
    }
    adopted.push(folder);
    diagnostics.push(info('CTXFORGE_INSTALL_SHARED', `${printable(folder)} is adopted: ctxforge.lock records it as the package's from now on${listed ? ` (${sl.label} still lists it, so ctxforge's uninstall will leave it in place)` : ''}`, { file: folder }));
  }
  return { adopted, diagnostics };
}

/** The folders and links of a package that skills-lock.json also lists: uninstall leaves them in place. */
export function sharedOf(p: LockPackage, sl: SkillsLock): Set<string> {
  const out = new Set<string>();
  for (const f of [...p.folders, ...(p.links ?? []).map((l) => l.path)]) if (isSkillFolder(f) && sl.skills.has(splitFolder(f).name)) out.add(f);
  return out;
}
