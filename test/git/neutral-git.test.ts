// Running git on a stranger's repository (issue 24): no command the repository's config names
// runs. The repository below is set up so that plain git runs a marker through each of them —
// core.fsmonitor, a clean filter and a process filter named by .gitattributes, a submodule whose
// own config has an fsmonitor, log.showSignature with gpg.program on a signed commit, hooks
// (core.hooksPath), remote.origin.uploadpack on a fetch, a pager and an external diff — and
// `build`, `release --dry-run`, the Action's check (which fetches a missing base) and keygen run in
// it without one marker appearing. Before, `git status` ran the fsmonitor and the filters,
// recursed into the submodule, `git log`/`git show` ran gpg.program, and the fetch ran uploadpack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { ALPHA, BETA, octxFiles, runAction } from '../action/harness.js';
import { uncommittedPaths } from '../../src/repo/ignored.js';

interface Trap { repo: string; markers: string; ran: () => string[] }

function script(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A repository whose config and attributes would run a marker command through each mechanism. */
function trap(): Trap {
  const root = tmpDir('ctxforge-trap-');
  const markers = join(root, 'markers');
  const bin = join(root, 'bin');
  mkdirSync(markers);
  mkdirSync(bin);
  const mark = (name: string, rest = '') => script(join(bin, name), `touch "${markers}/${name}"\n${rest}`);
  mark('fsmonitor', 'exit 1');
  mark('sub-fsmonitor', 'exit 1');
  mark('clean', 'cat');
  mark('smudge', 'cat');
  mark('process', 'exit 1');
  mark('gpg', 'exit 1');
  mark('pager', 'cat');
  mark('extdiff');
  mark('uploadpack', 'exit 1');
  const hooks = join(root, 'hooks');
  mkdirSync(hooks);
  for (const h of ['pre-commit', 'post-checkout', 'post-merge', 'reference-transaction', 'pre-push', 'post-rewrite', 'pre-auto-gc', 'fsmonitor-watchman', 'post-index-change']) script(join(hooks, h), `touch "${markers}/hook-${h}"`);

  // A submodule with its own (hostile) config.
  mkdirSync(join(root, 'subsrc'));
  mkdirSync(join(root, 'repo'));
  const subSrc = initRepo(join(root, 'subsrc'));
  writeTree(subSrc, { 'notes.md': '# notes\n' });
  git(subSrc, ['add', '-A']);
  git(subSrc, ['commit', '-qm', 'sub']);

  const repo = initRepo(join(root, 'repo'));
  writeTree(repo, Object.fromEntries(Object.entries(octxFiles('1.0.0', [ALPHA, BETA])).map(([p, c]) => [`guide/${p}`, c])));
  writeTree(repo, { '.gitattributes': '*.md filter=evil\n*.json filter=evilproc\n' });
  git(repo, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', subSrc, 'sub']);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'initial']);
  git(repo, ['tag', 'v1.0.0']);
  // A signed commit (its signature need not verify: asking gpg.program is what runs it).
  const raw = git(repo, ['cat-file', 'commit', 'HEAD']);
  const signed = raw.replace(/\n\n/, '\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n');
  const oid = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: repo, input: signed, encoding: 'utf8' }).trim();
  git(repo, ['update-ref', 'HEAD', oid]);
  git(repo, ['tag', '-f', 'v1.0.0', oid]);
  // A remote whose fetch would run a program of the repository's choosing.
  const remote = join(root, 'remote.git');
  git(root, ['clone', '-q', '--bare', repo, remote]);
  git(repo, ['remote', 'add', 'origin', remote]);
  // The config, written after the commits (the filters would otherwise have run on add).
  const set = (cwd: string, k: string, v: string) => git(cwd, ['config', k, v]);
  set(repo, 'core.fsmonitor', join(bin, 'fsmonitor'));
  set(repo, 'core.hooksPath', hooks);
  set(repo, 'filter.evil.clean', join(bin, 'clean'));
  set(repo, 'filter.evil.smudge', join(bin, 'smudge'));
  set(repo, 'filter.evilproc.process', join(bin, 'process'));
  set(repo, 'log.showSignature', 'true');
  set(repo, 'gpg.program', join(bin, 'gpg'));
  set(repo, 'core.pager', join(bin, 'pager'));
  set(repo, 'diff.external', join(bin, 'extdiff'));
  set(repo, 'remote.origin.uploadpack', join(bin, 'uploadpack'));
  set(join(repo, 'sub'), 'core.fsmonitor', join(bin, 'sub-fsmonitor'));
  // Files whose stat no longer matches the index: git re-reads them (through the clean filter).
  const later = new Date('2030-01-01T00:00:00Z');
  for (const f of ['guide/manifest.json', 'guide/knowledge/alpha.md', 'guide/knowledge/beta.md', 'sub/notes.md']) utimesSync(join(repo, f), later, later);
  const ran = () => readdirSync(markers).sort();
  return { repo, markers, ran };
}

test('the trap is real: plain git runs the markers (fsmonitor, filters, submodule, gpg, uploadpack)', () => {
  const t = trap();
  // Each may fail once its marker has run (the markers exit non-zero where git expects a protocol).
  // (The process filter's marker stops git before it reaches the submodule; the second status shows that one.)
  for (const args of [['status', '--porcelain'], ['-c', 'filter.evilproc.process=', 'status', '--porcelain'], ['log', '-1', '--format=%ct']]) {
    try { execFileSync('git', args, { cwd: t.repo, stdio: 'ignore' }); } catch { /* ran */ }
  }
  try { execFileSync('git', ['fetch', '--depth=1', 'origin', 'e'.repeat(40)], { cwd: t.repo, stdio: 'ignore' }); } catch { /* the marker fails the fetch */ }
  const ran = t.ran();
  for (const m of ['fsmonitor', 'clean', 'process', 'sub-fsmonitor', 'gpg', 'uploadpack']) assert.ok(ran.includes(m), `${m} did not run: ${ran.join(', ')}`);
});

test('build, release --dry-run and keygen run none of them', async () => {
  const t = trap();
  const b = await runCli(['build', 'guide', '--out', join(t.repo, '..', 'dist')], { cwd: t.repo });
  assert.equal(b.code, 0, b.stdout + b.stderr);
  assert.deepEqual(t.ran(), [], 'build');
  const r = await runCli(['release', '--dry-run', '--tag', 'v1.0.0', '--out', join(t.repo, '..', 'rel')], { cwd: t.repo });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(t.ran(), [], 'release --dry-run');
  const k = await runCli(['keygen', '--out', join(t.repo, 'keys')], { cwd: t.repo });
  assert.equal(k.code, 0, k.stdout + k.stderr);
  assert.match(k.stdout + k.stderr, /CTXFORGE_KEY_NOT_IGNORED/);
  assert.deepEqual(t.ran(), [], 'keygen');
});

test('the Action\'s check fetches a missing base without running uploadpack, hooks or filters', async () => {
  const t = trap();
  const head = git(t.repo, ['rev-parse', 'HEAD']).trim();
  const r = await runAction({
    workspace: t.repo, eventName: 'pull_request', ref: 'refs/pull/1/merge', sha: head,
    event: { number: 1, pull_request: { number: 1, base: { sha: 'e'.repeat(40), ref: 'main' }, head: { sha: head } } },
    env: { HOME: join(t.repo, '..') },
  });
  assert.match(r.stdout, /CTXFORGE_CHECK_NO_BASE/);
  assert.deepEqual(t.ran(), [], r.stdout);
});

test('what is uncommitted is read the same by the library and by the neutralised CLI, and neither runs a marker', async () => {
  const t = trap();
  writeFileSync(join(t.repo, 'guide', 'knowledge', 'alpha.md'), `${readFileSync(join(t.repo, 'guide', 'knowledge', 'alpha.md'), 'utf8')}\nEdited.\n`);
  mkdirSync(join(t.repo, 'guide', 'drafts'));
  writeTree(t.repo, { 'guide/drafts/a.md': 'a', 'guide/drafts/b.md': 'b', 'top.txt': 't' });
  const lib = await uncommittedPaths(join(t.repo, 'guide'), '.', { via: 'library' });
  const cli = await uncommittedPaths(join(t.repo, 'guide'));
  assert.deepEqual(lib, ['guide/drafts/', 'guide/knowledge/alpha.md']);
  assert.deepEqual([...cli].sort(), lib);
  assert.deepEqual((await uncommittedPaths(t.repo)).filter((p) => p === 'top.txt'), ['top.txt']);
  assert.deepEqual(t.ran(), []);
  assert.ok(!existsSync(join(t.markers, 'clean')));
});

test('git status runs no filter any config scope defines; a name it cannot be told about sends the question to the library', async () => {
  const t = trap();
  // A filter defined only in the user's global config (as git-lfs installs itself), named by the attributes.
  const global = join(t.repo, '..', 'gitconfig');
  script(join(t.markers, '..', 'bin', 'global-clean'), `touch "${t.markers}/global-clean"\ncat`);
  writeFileSync(global, `[filter "glob"]\n\tclean = ${join(t.markers, '..', 'bin', 'global-clean')}\n`);
  writeTree(t.repo, { '.gitattributes': '*.md filter=glob\n*.json filter=evilproc\n' });
  const saved = process.env.GIT_CONFIG_GLOBAL;
  process.env.GIT_CONFIG_GLOBAL = global;
  try {
    // Plain git would run it: the attributes name it and the file's stat no longer matches.
    try { execFileSync('git', ['-c', 'filter.evil.clean=', '-c', 'filter.evilproc.process=', 'status', '--porcelain', '--ignore-submodules=all', '--', 'guide'], { cwd: t.repo, stdio: 'ignore', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }); } catch { /* ran */ }
    assert.ok(t.ran().includes('global-clean'), t.ran().join(', '));
    for (const m of t.ran()) rmSync(join(t.markers, m));
    const paths = await uncommittedPaths(join(t.repo, 'guide'));
    assert.deepEqual(paths, await uncommittedPaths(join(t.repo, 'guide'), '.', { via: 'library' }));
    assert.deepEqual(t.ran(), []);
    // A filter whose name a `-c name=value` setting cannot hold ("a=b"): git is not asked at all.
    writeFileSync(global, `[filter "a=b"]\n\tclean = ${join(t.markers, '..', 'bin', 'global-clean')}\n`);
    writeTree(t.repo, { '.gitattributes': '*.md filter=a=b\n' });
    const trace = join(t.repo, '..', 'git.trace');
    process.env.GIT_TRACE = trace;
    try {
      assert.deepEqual(await uncommittedPaths(join(t.repo, 'guide')), await uncommittedPaths(join(t.repo, 'guide'), '.', { via: 'library' }));
    } finally {
      delete process.env.GIT_TRACE;
    }
    assert.doesNotMatch(readFileSync(trace, 'utf8'), /built-in: git .*status/);
    assert.deepEqual(t.ran(), []);
  } finally {
    if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    else process.env.GIT_CONFIG_GLOBAL = saved;
  }
});
