#!/usr/bin/env node
// The `.ci/run` stage for .pre-commit-hooks.yaml: pre-commit itself (Debian's package) installs this
// repository's committed HEAD as a hook repository — `language: node`: nodeenv with the machine's
// node, `npm install` of the clone, `npm pack`, `npm install -g` of the tarball, so nothing but the
// npm registry is needed — and runs ctxforge-validate and ctxforge-check on a sample repository of
// knowledge packages: clean, then a commit that breaks a package (refused), then a staged
// ctxforge.yaml that drops a package (only the check refuses it). Kept out of the unit suite: the
// environment takes minutes to install (two npm installs). Both installs take the better-sqlite3
// binary this checkout already built (test/helpers/sqlite-prebuild.mjs) instead of compiling SQLite
// twice, and npm prefers its cache to asking the registry again.
// Exit 0 all passed, 1 a check failed, 2 pre-commit or git missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { offerBuiltSqlite } from '../test/helpers/sqlite-prebuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'ctxforge-pre-commit-'));
const sample = join(work, 'sample');
let failures = 0;

function ok(cond, what, detail = '') {
  console.log(`${cond ? 'ok' : 'not ok'} - ${what}`);
  if (!cond) {
    failures++;
    if (detail) console.log(detail.replace(/^/gm, '  # '));
  }
}

const gitEnv = {
  ...process.env, GIT_AUTHOR_NAME: 'Sample', GIT_AUTHOR_EMAIL: 'sample@example.com', GIT_COMMITTER_NAME: 'Sample', GIT_COMMITTER_EMAIL: 'sample@example.com',
  GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  // pre-commit's cache and clones, here and nowhere else.
  PRE_COMMIT_HOME: join(work, 'cache'),
  // Packages already in npm's cache are not revalidated against the registry (the same versions:
  // the lockfile pins them).
  npm_config_prefer_offline: 'true',
};
const git = (args, cwd = sample) => execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' });
const run = (cmd, args, cwd = sample) => {
  const r = spawnSync(cmd, args, { cwd, env: gitEnv, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, error: r.error };
};
const ctxforge = (args) => execFileSync(process.execPath, [join(root, 'bin', 'ctxforge.js'), ...args], { cwd: sample, env: { ...gitEnv, CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8' });

try {
  const version = run('pre-commit', ['--version'], root);
  if (version.error) {
    console.error('test-pre-commit: pre-commit is not installed (Debian: apt-get install pre-commit; .ci/run installs it)');
    process.exit(2);
  }
  console.log(`# ${version.out.trim()}, node ${process.version}`);
  const rev = git(['rev-parse', 'HEAD'], root).trim();
  const dirty = git(['status', '--porcelain', '--', '.pre-commit-hooks.yaml', 'package.json', 'package-lock.json', '.npmrc', 'bin', 'cli', 'src'], root).trim();
  if (dirty) console.log(`# note: uncommitted changes are not tested (pre-commit installs commit ${rev.slice(0, 12)}):\n${dirty.replace(/^/gm, '#   ')}`);

  // A repository of two packages, as a docs team has it.
  execFileSync('git', ['init', '-q', '-b', 'main', sample], { env: gitEnv });
  ctxforge(['init', 'octx', 'kb']);
  ctxforge(['init', 'ctxpkg', 'notes']);
  writeFileSync(join(sample, 'ctxforge.yaml'), 'packages:\n  - path: kb\n  - path: notes\n');
  // The hook repository is this clone at its HEAD: a local path, so no network but npm's registry.
  writeFileSync(join(sample, '.pre-commit-config.yaml'), [
    'repos:', `  - repo: ${root}`, `    rev: ${rev}`, '    hooks:', '      - id: ctxforge-validate', '      - id: ctxforge-check', '',
  ].join('\n'));
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'two packages']);

  // Under work/, where pre-commit's environment lies: prebuild-install finds the offer there.
  const prebuilt = offerBuiltSqlite(work);
  console.log(prebuilt ? `# better-sqlite3: this checkout's binary offered (${prebuilt})` : '# better-sqlite3: no loadable binary in node_modules, the installs compile it');
  const start = Date.now();
  const inst = run('pre-commit', ['install-hooks']);
  ok(inst.code === 0, `pre-commit installs the hooks from ${root} at ${rev.slice(0, 12)} (${Math.round((Date.now() - start) / 1000)} s)`, inst.out);
  const installed = run('pre-commit', ['install']);
  ok(installed.code === 0, 'pre-commit install writes the git hook', installed.out);

  const clean = run('pre-commit', ['run', '--all-files']);
  ok(clean.code === 0 && /ctxforge validate\.+Passed/.test(clean.out) && /ctxforge check\.+Passed/.test(clean.out), 'both hooks pass on valid packages', clean.out);

  // A commit that breaks a document's ID is refused, with the diagnostic.
  const doc = git(['ls-files', 'kb/knowledge']).split('\n').find((f) => f.endsWith('.md') && !/\/(index|log)\.md$/.test(f));
  const file = join(sample, doc);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/document_id: .*/, 'document_id: not-a-uuid'));
  git(['add', '-A']);
  const head = git(['rev-parse', 'HEAD']).trim();
  const broken = run('git', ['commit', '-m', 'break kb']);
  ok(broken.code !== 0 && /ctxforge validate\.+Failed/.test(broken.out) && /OCTX_DOCUMENT_ID_INVALID/.test(broken.out), 'a commit with an invalid document is refused, the code named', broken.out);
  ok(git(['rev-parse', 'HEAD']).trim() === head, 'the refused commit was not made');
  writeFileSync(file, text);
  git(['add', '-A']);

  // Dropping a package from ctxforge.yaml validates, but the check (the base's config decides) refuses it.
  writeFileSync(join(sample, 'ctxforge.yaml'), 'packages:\n  - path: kb\n');
  git(['add', '-A']);
  const dropped = run('pre-commit', ['run', '--all-files']);
  ok(dropped.code !== 0 && /ctxforge validate\.+Passed/.test(dropped.out) && /ctxforge check\.+Failed/.test(dropped.out) && /notes is a package at the base but not at the head's config/.test(dropped.out),
    'a staged ctxforge.yaml that drops a package passes validate and fails the check', dropped.out);
  git(['checkout', '-q', 'HEAD', '--', 'ctxforge.yaml']);

  // An edit commits, and the check reports what it changes against HEAD.
  writeFileSync(file, `${text.trimEnd()}\n\nOne more line.\n`);
  git(['add', '-A']);
  const edited = run('git', ['commit', '-m', 'edit kb']);
  ok(edited.code === 0, 'a valid edit commits through both hooks', edited.out);
  const verbose = run('pre-commit', ['run', 'ctxforge-check', '--all-files', '--verbose']);
  ok(verbose.code === 0 && /kb: 0 changes since the base/.test(verbose.out), 'the check reports the diff against the base', verbose.out);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failures ? `# ${failures} failed` : '# pre-commit hooks: all passed');
process.exit(failures ? 1 : 0);
