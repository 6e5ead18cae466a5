// `ctxforge registry check`: the reference's gate for a git registry — every artifact verifies and
// sits at its canonical coordinate, no published coordinate changed against the base commit, and
// the committed index is exactly a fresh build.
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { error, info, type Diagnostic } from '../core/diagnostics.js';
import { execGit } from '../core/git-exec.js';
import { buildIndex, readCommittedIndex } from './index-build.js';
import { buildCollections, CTXFORGE_INDEX_FILE, readCommittedCollections } from './collections.js';
import { INDEX_FILE, isImmutablePath } from './layout.js';
import './rules.js';

export interface RegistryCheckReport {
  registry: string;
  base: string | null;
  artifacts: number;
  rejected: Array<{ type: string; path: string; reason: string }>;
  changed_coordinates: Array<{ status: string; path: string }>;
  index: 'equal' | 'stale' | 'missing' | 'unbuilt';
  not_judged: string[];
  diagnostics: Diagnostic[];
}

/** The git registry of a repository: the root, or its registry/ folder, holding an acx.registry-index/1 index.json. */
export async function registryRoot(repoRoot: string): Promise<string | undefined> {
  for (const dir of [repoRoot, join(repoRoot, 'registry')]) {
    const st = await lstat(join(dir, INDEX_FILE)).catch(() => undefined);
    if (!st?.isFile() || st.size > 64 * 1024 * 1024) continue;
    const head = (await readFile(join(dir, INDEX_FILE), 'utf8')).slice(0, 200);
    if (/"schemaVersion"\s*:\s*"acx\.registry-index\/1"/.test(head)) return dir;
  }
  return undefined;
}

/** Coordinates the working tree changed, deleted or renamed since `base` (additions are allowed). */
export async function changedCoordinates(root: string, base: string): Promise<Array<{ status: string; path: string }>> {
  let commit: string;
  try {
    commit = (await execGit(root, ['rev-parse', '--verify', '--end-of-options', `${base}^{commit}`])).trim();
  } catch {
    throw Object.assign(new Error(`--base ${base} is not a commit of the repository at ${root}`), { usage: true });
  }
  const out = await execGit(root, ['diff', '--relative', '--name-status', '-z', '--no-renames', '--no-ext-diff', commit, '--', 'cartridges', 'cals', 'graphs', 'ctxpkg', 'octx']);
  const t = out.split('\0');
  if (t.at(-1) === '') t.pop();
  const changes: Array<{ status: string; path: string }> = [];
  for (let i = 0; i + 1 < t.length; i += 2) changes.push({ status: t[i]!, path: t[i + 1]! });
  return changes.filter((c) => c.status !== 'A' && isImmutablePath(c.path));
}

/** The first line where two texts differ, for a message a person can act on. */
function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}: committed ${JSON.stringify((x[i] ?? '(end)').trim()).slice(0, 120)}, fresh build ${JSON.stringify((y[i] ?? '(end)').trim()).slice(0, 120)}`;
  }
  return '';
}

export async function checkRegistry(root: string, o: { base?: string } = {}): Promise<RegistryCheckReport> {
  const diagnostics: Diagnostic[] = [];
  const changed = o.base ? await changedCoordinates(root, o.base) : [];
  for (const c of changed) {
    diagnostics.push(error('CTXFORGE_REGISTRY_IMMUTABLE', `${c.path} was ${c.status === 'D' ? 'deleted' : c.status === 'M' ? 'modified' : `changed (${c.status})`} since ${o.base}: published coordinates are append-only`, {
      file: c.path, hint: 'publish a new version at a new coordinate; record deprecation, withdrawal or a successor in status.json',
    }));
  }
  const committed = await readCommittedIndex(root);
  const built = await buildIndex(root, committed.doc);
  for (const r of built.rejected) diagnostics.push(error('CTXFORGE_REGISTRY_REJECTED', `[${r.type}] ${r.reason}`, { file: r.path }));
  for (const n of built.notJudged) diagnostics.push(info('CTXFORGE_REGISTRY_NOT_JUDGED', n, { file: INDEX_FILE }));
  let index: RegistryCheckReport['index'];
  if (built.rejected.length) index = 'unbuilt';
  else if (committed.text === undefined) index = 'missing';
  else index = committed.text === built.text ? 'equal' : 'stale';
  if (index === 'missing' || index === 'stale') {
    diagnostics.push(error('CTXFORGE_REGISTRY_INDEX_STALE', index === 'missing' ? `there is no ${INDEX_FILE}` : `${INDEX_FILE} is not what a fresh build writes (${committed.problem ?? firstDifference(committed.text!, built.text)})`, {
      file: INDEX_FILE, hint: 'never edit index.json by hand: run ctxforge registry index (or registry add), and commit the result',
    }));
  }
  // ctxforge's own collections (.ctxpkg, .octx): verified at their coordinates, ctxforge-index.json a fresh build.
  const own = await buildCollections(root);
  for (const r of own.rejected) diagnostics.push(error('CTXFORGE_REGISTRY_REJECTED', `[${r.type}] ${r.reason}`, { file: r.path }));
  const ownCommitted = await readCommittedCollections(root);
  if (!own.rejected.length && (own.text ?? undefined) !== ownCommitted) {
    diagnostics.push(error('CTXFORGE_REGISTRY_INDEX_STALE', own.text === null ? `${CTXFORGE_INDEX_FILE} lists packages, but the registry holds no .ctxpkg or .octx release` : ownCommitted === undefined ? `there is no ${CTXFORGE_INDEX_FILE} for the registry's .ctxpkg and .octx releases` : `${CTXFORGE_INDEX_FILE} is not what a fresh build writes (${firstDifference(ownCommitted, own.text)})`, {
      file: CTXFORGE_INDEX_FILE, hint: 'never edit it by hand: run ctxforge registry index, and commit the result',
    }));
    if (index === 'equal') index = 'stale';
  }
  const artifacts = ['count', 'workflowCount', 'agentGraphCount'].reduce((n, k) => n + Number(built.index[k] ?? 0), 0) + Number(own.index?.ctxpkgCount ?? 0) + Number(own.index?.octxCount ?? 0);
  return { registry: root, base: o.base ?? null, artifacts, rejected: built.rejected, changed_coordinates: changed, index, not_judged: built.notJudged, diagnostics };
}
