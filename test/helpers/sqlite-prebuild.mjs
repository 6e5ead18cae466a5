// Offers the better-sqlite3 binary this checkout already built to the npm installs a test makes of
// ctxforge (the packed tarball, pre-commit's hook environment), so each install does not compile
// SQLite from source again (3–8 minutes on 2 cores, every time). The install script still runs as
// on a user's machine — prebuild-install, the first half of better-sqlite3's `install` — and takes
// the binary from a local folder instead of GitHub's release downloads, which this machine cannot
// reach (on a user's machine that download is what normally happens). Plain JavaScript so
// scripts/test-pre-commit.mjs can use it without tsx.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Writes `<dir>/.prebuild-installrc` naming a folder that holds this checkout's built
 * better_sqlite3.node, packed as the prebuild for this Node's ABI. prebuild-install looks for that
 * file in every folder above the package it installs, so it applies to installs under `dir` and
 * nowhere else (an environment variable cannot carry the setting: its name has a '-', and npm
 * runs install scripts through a shell that drops such names). Returns the prebuild's path, or
 * undefined when node_modules holds no loadable binary for this Node (the install then builds from
 * source, slower but the same result).
 * @param {string} dir
 * @returns {string | undefined}
 */
export function offerBuiltSqlite(dir) {
  const pkgDir = join(repoRoot, 'node_modules', 'better-sqlite3');
  const binary = join(pkgDir, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(binary)) return undefined;
  // Built for another Node (with-node.sh rebuilds it): prebuild-install would refuse it anyway.
  const loads = spawnLoads(pkgDir);
  if (!loads) return undefined;
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  // The name prebuild-install asks for: {name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}
  // (glibc Linux has an empty libc part; elsewhere the name simply does not match).
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const folder = join(dir, 'prebuilds');
  mkdirSync(folder, { recursive: true });
  const stage = mkdtempSync(join(dir, 'prebuild-stage-'));
  try {
    mkdirSync(join(stage, 'build', 'Release'), { recursive: true });
    writeFileSync(join(stage, 'build', 'Release', 'better_sqlite3.node'), readFileSync(binary));
    execFileSync('tar', ['-C', stage, '-czf', join(folder, name), 'build']);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  writeFileSync(join(dir, '.prebuild-installrc'), `local-prebuilds=${folder}\n`);
  return join(folder, name);
}

function spawnLoads(pkgDir) {
  try {
    execFileSync(process.execPath, ['-e', `new (require(${JSON.stringify(pkgDir)}))(':memory:').close()`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
