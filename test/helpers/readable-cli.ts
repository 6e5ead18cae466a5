// A copy of the CLI another user (`nobody`) can run. A clone made in a private temporary folder
// (mode 0700, as `mktemp -d` makes) cannot be entered by any other user, so a test that runs the
// CLI as `nobody` gets this copy instead of a skip: the sources, bin/ and node_modules placed in a
// world-readable folder (node_modules hard-linked when the file system allows, copied otherwise).
// The bundled test CLI (helpers/built.ts) is preferred: a process of it starts without tsx.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './cli.js';
import { builtCli, builtCliIn, fromSource } from './built.js';
import { tmpDir } from './tmp.js';

/** True when `user` can read `file` (every folder on its path must let the user through). */
export function readableBy(user: string, file: string): boolean {
  const r = spawnSync('setpriv', [`--reuid=${user}`, '--regid=nogroup', '--clear-groups', 'test', '-r', file], { cwd: '/' });
  return r.status === 0;
}

/** The path of bin/ctxforge.js that `user` can run: the repository's own, or a readable copy. */
export function cliReadableBy(user: string): string {
  const own = join(repoRoot, 'bin', 'ctxforge.js');
  if (readableBy(user, own) && readableBy(user, join(realpathSync(join(repoRoot, 'node_modules')), 'tsx', 'package.json'))) return own;
  const dir = tmpDir('ctxforge-readable-cli-');
  chmodSync(dir, 0o755);
  for (const part of ['bin', 'cli', 'src', 'action', 'package.json', 'tsconfig.json']) {
    execFileSync('cp', ['-r', join(repoRoot, part), join(dir, part)]);
  }
  const modules = realpathSync(join(repoRoot, 'node_modules'));
  const linked = spawnSync('cp', ['-rl', modules, join(dir, 'node_modules')]);
  if (linked.status !== 0) execFileSync('cp', ['-r', modules, join(dir, 'node_modules')]);
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  return join(dir, 'bin', 'ctxforge.js');
}

/**
 * The bundled test CLI (helpers/built.ts) as `user` can run it: the bundle itself when the user can
 * read it and the packages it loads, else a copy inside a readable copy of the checkout. From
 * source (CTXFORGE_TEST_FROM_SOURCE=1): cliReadableBy's bin/ctxforge.js.
 */
export function bundleReadableBy(user: string): string {
  if (fromSource) return cliReadableBy(user);
  const own = builtCli();
  const modules = realpathSync(join(repoRoot, 'node_modules'));
  if (readableBy(user, own) && readableBy(user, join(modules, 'better-sqlite3', 'package.json'))) return own;
  const copy = cliReadableBy(user);
  const bin = builtCliIn(join(copy, '..', '..'));
  execFileSync('chmod', ['-R', 'a+rX', join(copy, '..', '..')]);
  return bin;
}
