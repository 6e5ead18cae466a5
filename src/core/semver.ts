// SemVer 2.0.0: strict validation (the official grammar; `semverLib().valid` alone accepts "v1.2.3" and
// surrounding spaces) and ordering through the `semver` package.
import type SemverLib from 'semver';
import { lazyRequire } from './lazy.js';

const semverLib = lazyRequire<typeof SemverLib>('semver');

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function isSemver(v: unknown): v is string {
  return typeof v === 'string' && SEMVER.test(v);
}

export function compareSemver(a: string, b: string): number {
  return semverLib().compare(a, b);
}

export function isPrerelease(v: string): boolean {
  return semverLib().prerelease(v) !== null;
}

export type Bump = 'major' | 'minor' | 'patch' | 'none';

/** The bump from `from` to `to` (ignoring build metadata), or null when `to` is not higher. */
export function bumpBetween(from: string, to: string): Bump | null {
  const c = semverLib().compare(to, from);
  if (c === 0) return 'none';
  if (c < 0) return null;
  const a = semverLib().parse(from)!;
  const b = semverLib().parse(to)!;
  if (b.major !== a.major) return 'major';
  if (b.minor !== a.minor) return 'minor';
  return 'patch';
}

export function satisfiesRange(version: string, range: string): boolean {
  return semverLib().satisfies(version, range, { includePrerelease: false });
}

export { semverLib };
