// The package a user installs: `npm pack` of this repository, installed with `npm install -g
// <tarball>` into a temporary prefix, runs every command from a directory that is not the
// repository — the compiled bundle, not tsx — and npm reports no install script left unapproved
// (better-sqlite3's is allowed on the command line, as the README's install line does). That script
// takes the better-sqlite3 binary this checkout already built, as it would take GitHub's prebuilt
// one on a user's machine, instead of compiling SQLite again for minutes (helpers/sqlite-prebuild).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { offerBuiltSqlite } from '../helpers/sqlite-prebuild.mjs';

const STACK = /\n\s+at .+\(.+:\d+:\d+\)|TypeError|ReferenceError/;

/** The newest (or oldest) modification time of the files at `paths` under the repository, folders walked. */
function mtimes(paths: string[], pick: (a: number, b: number) => number, start: number): number {
  let t = start;
  const walk = (p: string): void => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    else t = pick(t, st.mtimeMs);
  };
  for (const p of paths) walk(join(repoRoot, p));
  return t;
}

/**
 * Whether lib/ is the build of the sources as they are: the compiled file of every source and the
 * bundle were written after every input of `npm run build` last changed (tsc rewrites all its
 * outputs, the bundle follows). Then npm pack need not run prepack (the same tsc and bundle again,
 * 15–30 s on 2 cores); otherwise it does, as on a release, so the test never packs a stale lib/.
 */
function libIsFresh(): boolean {
  const inputs = mtimes(['src', 'cli', 'action', 'schemas', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/bundle.mjs'], Math.max, 0);
  const sources: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(join(repoRoot, d), { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) sources.push(join('lib', p.replace(/\.ts$/, '.js')));
    }
  };
  for (const d of ['src', 'cli', 'action']) walk(d);
  // A missing output reads as Infinity's opposite: not fresh.
  const oldest = Math.min(...[...sources, 'lib/bundle/main.js'].map((p) => statSync(join(repoRoot, p), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  return oldest > inputs;
}

test('npm pack → npm install -g → every command runs from any directory', { timeout: 900_000 }, (t) => {
  const work = tmpDir('ctxforge-install-');
  const prebuilt = offerBuiltSqlite(work);
  const fresh = libIsFresh();
  t.diagnostic(fresh ? 'lib/ is newer than its sources: packed without running prepack' : 'prepack builds lib/ first');
  const packOut = execFileSync('npm', ['pack', '--json', '--pack-destination', work, ...(fresh ? ['--ignore-scripts'] : [])], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  const packed = JSON.parse(packOut) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const paths = packed[0]!.files.map((f) => f.path);
  assert.ok(paths.includes('bin/ctxforge.js') && paths.includes('lib/bundle/main.js') && paths.includes('package.json'), 'bin, the bundle and the manifest are packed');
  assert.ok(!paths.some((p) => p.startsWith('test/') || p.startsWith('src/') || p.startsWith('node_modules/')), `sources and tests stay out: ${paths.filter((p) => /^(test|src)\//.test(p)).slice(0, 5)}`);
  const tarball = join(work, packed[0]!.filename);
  const prefix = join(work, 'prefix');
  const inst = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', '--allow-scripts=better-sqlite3', tarball], {
    cwd: work, encoding: 'utf8', timeout: 840_000,
  });
  assert.equal(inst.status, 0, `npm install -g failed:\n${inst.stderr}`);
  assert.doesNotMatch(inst.stderr, /install-scripts|not yet covered by allowScripts/, `npm warns about install scripts:\n${inst.stderr}`);
  const sqliteBuild = join(prefix, 'lib', 'node_modules', 'ctxforge', 'node_modules', 'better-sqlite3', 'build', 'Release');
  assert.ok(existsSync(join(sqliteBuild, 'better_sqlite3.node')), 'better-sqlite3 is installed with its binary');
  if (!prebuilt || existsSync(join(sqliteBuild, 'obj.target'))) t.diagnostic('better-sqlite3 was compiled from source (no usable binary in node_modules to offer)');
  const bin = join(prefix, 'bin', 'ctxforge');
  assert.ok(existsSync(bin), 'the bin link is installed');

  // A user's own repository, far from this one.
  const home = tmpDir('ctxforge-install-user-');
  const env = { ...process.env, CTXFORGE_FROM_SOURCE: '', PATH: `${join(prefix, 'bin')}:${process.env.PATH}`, SOURCE_DATE_EPOCH: '1767225600', CI: '1' };
  delete (env as Record<string, string | undefined>).CTXFORGE_FROM_SOURCE;
  const run = (args: string[], expect = 0) => {
    const r = spawnSync('ctxforge', args, { cwd: home, env, encoding: 'utf8' });
    assert.equal(r.status, expect, `ctxforge ${args.join(' ')}: exit ${r.status}\n${r.stderr}${r.stdout}`);
    assert.doesNotMatch(r.stderr + r.stdout, STACK, `ctxforge ${args.join(' ')}: a stack trace`);
    return r.stdout;
  };
  assert.match(run(['--version']), /^0\.\d+\.\d+/);
  assert.match(run(['rules']), /OCTX_DOCUMENT_ID_INVALID/);
  run(['keygen', '--out', 'k']);
  const outs: string[] = [];
  for (const f of ['octx', 'ctxpkg', 'acx']) {
    run(['init', f, f]);
    run(['validate', f]);
    const b = JSON.parse(run(['build', f, '--out', 'dist', '--json', ...(f === 'octx' ? [] : ['--key', 'k.key'])])) as { artifacts: Array<{ path: string }> };
    const art = b.artifacts[0]!.path;
    outs.push(art);
    run(['verify', art]);
    run(['inspect', art]);
    run(['diff', art, art]);
  }
  assert.deepEqual(readdirSync(join(home, 'dist')).map((n) => n.slice(n.lastIndexOf('.'))).sort(), ['.acx', '.ctxpkg', '.octx']);
  run(['import', outs[1]!, 'ctxpkg-again']);
  run(['unpack', outs[0]!, 'octx-again']);
  run(['strip', outs[2]!, '--out', 'stripped.acx']);
  run(['list']);
  run(['demo', 'nowhere'], 2);
  run(['validate', 'missing'], 2);
  // install and serve: their help, a refusal, and the MCP SDK (loaded only when serve starts) installed with the package.
  assert.match(run(['install', '--help']), /\.claude\/skills/);
  assert.match(run(['serve', '--help']), /mcpServers/);
  run(['install', outs[2]!], 1);
  run(['uninstall', 'nothing'], 1);
  const sdk = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('@modelcontextprotocol/server'); await import('@modelcontextprotocol/server/stdio');"], { cwd: join(prefix, 'lib', 'node_modules', 'ctxforge'), encoding: 'utf8' });
  assert.equal(sdk.status, 0, sdk.stderr);
});
