// What installing one package writes: from its neutral Documents (skills and knowledge documents)
// to root-relative files in the host folders, every path checked before anything is written.
import { error, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { foldedKey } from '../core/paths.js';
import type { Documents } from '../format.js';
import { KNOWLEDGE_FOLDER, skillsFolder, type HostName, type Scope } from './hosts.js';
import { knowledgeFiles, type KnowledgeFile } from './knowledge.js';
import { hostConfigProblem } from '../core/host-config-names.js';
import { pushAll } from '../core/arrays.js';
import type { FileRole } from './lock.js';
import { portablePathProblem, printable, skillNameProblem } from './portable.js';

export interface PlannedFile {
  path: string;
  bytes: Buffer;
  sha256: string;
  size: number;
  role: FileRole;
  /** The package's own path for a knowledge file written under another name (ctxforge.lock's original_path). */
  original_path?: string;
  /** The mode to write (absent: 0644). No format's signature binds a mode today, so none is taken from a package. */
  mode?: string;
}

export interface PackagePlan {
  /** Folders the package owns after install, each swapped in as a whole. */
  folders: string[];
  files: PlannedFile[];
  skills: string[];
  documents: number;
  diagnostics: Diagnostic[];
}

export interface PlanOptions {
  scope: Scope;
  hosts: HostName[];
  /** Paths a cartridge's signature does not bind to (as the verifier names them). */
  unbound?: string[];
  /** Of those, the ones the user accepted with --allow-unbound. */
  allowUnbound?: string[];
}

/** A folder name for a package's knowledge: its name with anything unportable turned into "-". */
export function packageSlug(name: string): string {
  const s = name.normalize('NFC').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 128);
  return s || 'package';
}

const unsafe = (file: string, why: string) =>
  error('CTXFORGE_INSTALL_PATH_UNSAFE', `${printable(file)}: ${why}; nothing of the package is written`, { file, hint: 'a package path must be relative, portable, and stay inside its skill or knowledge folder' });

/** Files of one folder, relative to it: unsafe, unportable, case-colliding or file-vs-folder names refused. */
function checkFolder(label: string, rels: string[], diags: Diagnostic[]): void {
  const folded = new Map<string, string>();
  const all = new Set(rels);
  for (const rel of rels) {
    const why = portablePathProblem(rel);
    if (why) { diags.push(unsafe(`${label}/${rel}`, why)); continue; }
    const k = foldedKey(rel);
    const prev = folded.get(k);
    if (prev !== undefined) diags.push(unsafe(`${label}/${rel}`, prev === rel ? 'the path appears twice' : `it differs from ${printable(prev)} only in case or Unicode form, and one would overwrite the other on macOS and Windows`));
    folded.set(k, rel);
    for (let i = rel.indexOf('/'); i >= 0; i = rel.indexOf('/', i + 1)) {
      if (all.has(rel.slice(0, i))) diags.push(unsafe(`${label}/${rel}`, `${printable(rel.slice(0, i))} is both a file and a folder`));
    }
  }
}

/**
 * The unbound artifact paths by every tail they end with (`rom/skills/x/a.sh` under `rom/skills/x/a.sh`,
 * `skills/x/a.sh`, `x/a.sh`, `a.sh`): a package file whose path is such a tail may be one of them.
 * Matching by tail needs no knowledge of a format's layout, and errs on the side of refusing.
 */
export function unboundByTail(unbound: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const u of unbound) {
    for (let i = 0; ;) {
      const tail = u.slice(i);
      const list = out.get(tail);
      if (list) list.push(u);
      else out.set(tail, [u]);
      const j = u.indexOf('/', i);
      if (j < 0) break;
      i = j + 1;
    }
  }
  return out;
}

/** At most this many renames are named one by one; the rest in one warning (the lock lists every one). */
const RENAMES_NAMED = 10;

/** CTXFORGE_INSTALL_RENAMED for the knowledge files written under another name than the package gives. */
function renamedWarnings(slug: string, kfiles: readonly KnowledgeFile[]): Diagnostic[] {
  const renamed = kfiles.filter((f) => f.original !== undefined);
  const out = renamed.slice(0, RENAMES_NAMED).map((f) => warning('CTXFORGE_INSTALL_RENAMED',
    `installed as ${KNOWLEDGE_FOLDER}/${slug}/${printable(f.rel)}, not under the package's name for it: ${hostConfigProblem(f.original!)}, and an agent would take the text there for its own configuration`, {
      file: f.original, hint: 'ctxforge.lock records the package\'s path as original_path; the publisher can rename the document to end the warning',
    }));
  if (renamed.length > RENAMES_NAMED) {
    out.push(warning('CTXFORGE_INSTALL_RENAMED', `${renamed.length - RENAMES_NAMED} more knowledge files of ${printable(slug)} are installed under other names for the same reason (ctxforge.lock lists each as original_path)`, { file: renamed[RENAMES_NAMED]!.original }));
  }
  return out;
}

export function planPackage(docs: Documents, o: PlanOptions): PackagePlan {
  const diags: Diagnostic[] = [...docs.notes];
  const files: PlannedFile[] = [];
  const folders = new Set<string>();
  const add = (path: string, bytes: Buffer, role: FileRole, original?: string) =>
    files.push({ path, bytes, sha256: sha256Hex(bytes), size: bytes.length, role, ...(original !== undefined ? { original_path: original } : {}) });
  const allowed = new Set(o.allowUnbound ?? []);
  const unbound = unboundByTail((o.unbound ?? []).filter((u) => !allowed.has(u)));
  const refuseUnbound = (suffix: string, shown: string) => {
    for (const u of unbound.get(suffix) ?? []) {
      diags.push(error('CTXFORGE_INSTALL_UNBOUND', `${printable(u)} would be installed as ${printable(shown)}, but the signature binds its bytes only under another path`, {
        file: u, hint: `a file copied to a new path after signing looks the same; install it only if you expect it: --allow-unbound ${JSON.stringify(u)}`,
      }));
    }
  };

  const skillNames = new Map<string, string>();
  for (const s of docs.skills) {
    const why = skillNameProblem(s.name);
    if (why) { diags.push(unsafe(s.name, why)); continue; }
    const k = foldedKey(s.name);
    if (skillNames.has(k)) { diags.push(unsafe(s.name, `two skills are named ${printable(s.name)} (or differ only in case)`)); continue; }
    skillNames.set(k, s.name);
    if (!s.files.some((f) => f.rel === 'SKILL.md')) diags.push(unsafe(`${s.name}/SKILL.md`, 'the skill has no SKILL.md'));
    checkFolder(s.name, s.files.map((f) => f.rel), diags);
    for (const f of s.files) refuseUnbound(`${s.name}/${f.rel}`, `${s.name}/${f.rel}`);
  }
  const hostFolders = [...new Set(o.hosts.map((h) => skillsFolder(h, o.scope)))];
  for (const hf of hostFolders) {
    for (const s of docs.skills) {
      folders.add(`${hf}/${s.name}`);
      for (const f of s.files) add(`${hf}/${s.name}/${f.rel}`, f.bytes, 'skill');
    }
  }

  const slug = packageSlug(docs.meta.name);
  const kfiles = knowledgeFiles(docs.meta, docs.docs, docs.assets);
  if (kfiles.length) {
    checkFolder(slug, kfiles.map((f) => f.rel), diags);
    for (const f of kfiles) if (f.role !== 'index') refuseUnbound(f.original ?? f.rel, `${KNOWLEDGE_FOLDER}/${slug}/${f.rel}`);
    folders.add(`${KNOWLEDGE_FOLDER}/${slug}`);
    for (const f of kfiles) add(`${KNOWLEDGE_FOLDER}/${slug}/${f.rel}`, f.bytes, f.role, f.original);
    pushAll(diags, renamedWarnings(slug, kfiles));
  }
  if (!files.length) diags.push(error('CTXFORGE_INSTALL_PATH_UNSAFE', `${printable(docs.meta.name)} has neither skills nor knowledge documents: nothing to install`, { file: docs.meta.name }));
  const listed = new Set(o.unbound ?? []);
  const accepted = [...allowed].filter((u) => listed.has(u));
  for (const u of accepted) diags.push(info('CTXFORGE_INSTALL_UNBOUND', `${printable(u)} is installed although the signature does not bind it to its path (--allow-unbound)`, { file: u }));
  return { folders: [...folders], files, skills: docs.skills.map((s) => s.name), documents: docs.docs.length, diagnostics: diags };
}
