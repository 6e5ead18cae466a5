// Dependency resolution against a local directory of packages (--packages DIR): SemVer ranges,
// optional dependencies attempted and reported without aborting, and `conflicts` enforced both ways.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { error, fail, warning, type Diagnostic, type Location } from '../core/diagnostics.js';
import { compareSemver, isSemver, satisfiesRange, semverLib } from '../core/semver.js';
import type { ValidateOptions } from '../format.js';
import { dependencyList, isObject, type Dependency } from './model.js';
import { readAndVerify } from './read.js';
import type { Path } from './check.js';

export interface AvailablePackage {
  name: string;
  version: string;
  path: string;
  conflicts: string[];
}

export interface Resolution extends Dependency {
  resolved: { version: string; path: string } | null;
}

/** Valid packages found in `dir` (invalid ones are skipped with a warning: they cannot be installed). */
export async function scanPackages(dir: string, opts: ValidateOptions, diags: Diagnostic[]): Promise<AvailablePackage[]> {
  // A --packages directory that is not there is the caller's mistake (exit 2), not the package's.
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => fail('CTXFORGE_IO', `--packages ${dir} cannot be read: ${e.code ?? e.message}`, { hint: 'name a directory of .ctxpkg files' }, 2));
  const out: AvailablePackage[] = [];
  for (const n of names.sort()) {
    if (!n.endsWith('.ctxpkg')) continue;
    const path = join(dir, n);
    const r = await readAndVerify({ label: path, path }, { limits: opts.limits, env: opts.env });
    if (!r.valid || !r.doc || !isObject(r.doc.manifest)) {
      diags.push(warning('CTXPKG_DEPENDENCY_UNRESOLVED', `${n} in the package directory does not verify and is ignored`, { file: path }));
      continue;
    }
    const m = r.doc.manifest;
    out.push({ name: m.name as string, version: m.version as string, path, conflicts: Array.isArray(m.conflicts) ? m.conflicts.filter((c): c is string => typeof c === 'string') : [] });
  }
  return out;
}

/** Normalises "a, b" range lists (comma-separated, as upstream writes them) to SemVer's space form. */
export function normaliseRange(r: string): string {
  return r.split(',').map((s) => s.trim()).filter(Boolean).join(' ');
}

export async function resolveDependencies(manifest: unknown, dir: string, locate: (p: Path) => Location, opts: ValidateOptions = {}): Promise<{ diagnostics: Diagnostic[]; resolutions: Resolution[] }> {
  const diags: Diagnostic[] = [];
  const m = isObject(manifest) ? manifest : {};
  const self = typeof m.name === 'string' ? m.name : '';
  const available = await scanPackages(dir, opts, diags);
  const deps: (Dependency & { field: string; index: number | string })[] = [
    ...dependencyList(m.dependencies).map((d, i) => ({ ...d, field: 'dependencies', index: Array.isArray(m.dependencies) ? i : d.name })),
    ...dependencyList(m.optional_dependencies, true).map((d, i) => ({ ...d, field: 'optional_dependencies', index: Array.isArray(m.optional_dependencies) ? i : d.name })),
  ];
  const resolutions: Resolution[] = [];
  for (const d of deps) {
    const at = locate(['manifest', d.field, d.index]);
    const report = (msg: string) => diags.push(d.optional
      ? warning('CTXPKG_OPTIONAL_DEPENDENCY_UNRESOLVED', `optional dependency ${d.name} ${d.version_req}: ${msg} (skipped)`, at)
      : error('CTXPKG_DEPENDENCY_UNRESOLVED', `dependency ${d.name} ${d.version_req}: ${msg}`, at));
    if (d.name === self) { report('a package cannot depend on itself'); resolutions.push({ ...d, resolved: null }); continue; }
    const range = normaliseRange(d.version_req);
    if (semverLib().validRange(range) === null) { report(`"${d.version_req}" is not a SemVer range`); resolutions.push({ ...d, resolved: null }); continue; }
    const candidates = available.filter((p) => p.name === d.name && isSemver(p.version) && satisfiesRange(p.version, range))
      .sort((a, b) => compareSemver(b.version, a.version));
    const best = candidates[0];
    if (!best) {
      const versions = available.filter((p) => p.name === d.name).map((p) => p.version);
      report(versions.length ? `no version satisfies the range (found ${versions.join(', ')})` : `not found in ${dir}`);
      resolutions.push({ ...d, resolved: null });
      continue;
    }
    resolutions.push({ ...d, resolved: { version: best.version, path: best.path } });
  }
  // Conflicts: this package against what it would install, and each installed package against it.
  const ownConflicts = Array.isArray(m.conflicts) ? m.conflicts.filter((c): c is string => typeof c === 'string') : [];
  const installed = resolutions.filter((r) => r.resolved).map((r) => available.find((p) => p.path === r.resolved!.path)!);
  for (const p of installed) {
    if (ownConflicts.includes(p.name)) diags.push(error('CTXPKG_CONFLICT', `${self} declares a conflict with ${p.name}, which it depends on`, locate(['manifest', 'conflicts'])));
    if (p.conflicts.includes(self)) diags.push(error('CTXPKG_CONFLICT', `${p.name}@${p.version} declares a conflict with ${self}`, locate(['manifest', 'dependencies'])));
    for (const q of installed) {
      if (q !== p && p.conflicts.includes(q.name)) diags.push(error('CTXPKG_CONFLICT', `${p.name}@${p.version} conflicts with ${q.name}@${q.version}; they cannot be installed together`, locate(['manifest', 'dependencies'])));
    }
  }
  return { diagnostics: diags, resolutions };
}
