// What a new user tripped over (issue 18): every command answers an unexpected input with a
// diagnostic and exit 2, never a stack trace; ids knows which folders it can stamp; keys and build
// output stay out of git; one JSON shape for a missing path; a key's identity in one form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runCli } from '../helpers/cli.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';

const STACK = /^\s+at .+[:(]/m;
const noStack = (r: { stdout: string; stderr: string }) => assert.ok(!STACK.test(r.stdout + r.stderr) && !/CTXFORGE_INTERNAL/.test(r.stdout + r.stderr), `no stack trace:\n${r.stdout}${r.stderr}`);

test('every command given a path that does not exist: a diagnostic naming it, exit 2, no stack trace', async () => {
  const cwd = tmpDir();
  const missing = join(cwd, 'no-such-thing');
  const runs: string[][] = [
    ['validate', missing], ['verify', missing], ['build', missing, '--out', join(cwd, 'out')], ['inspect', missing],
    ['diff', missing, `${missing}2`], ['ids', missing], ['unpack', missing, join(cwd, 'u')], ['import', missing, join(cwd, 'i')],
    ['strip', missing, '--out', join(cwd, 'st.acx')], ['merge', missing, `${missing}2`, '--out', join(cwd, 'm.ctxpkg')], ['sign', missing, '--key', 'ab'.repeat(32)],
    ['sync', missing, join(cwd, 's')], ['convert', missing, '--to', 'ctxpkg', '--out', join(cwd, 'c')], ['export', 'llms-txt', missing],
    ['skills', 'validate', missing], ['demo', missing, '--out', join(cwd, 'd')],
  ];
  for (const args of runs) {
    const r = await runCli(args, { cwd });
    assert.equal(r.code, 2, `${args.join(' ')} → ${r.code}\n${r.stdout}${r.stderr}`);
    noStack(r);
    assert.match(r.stdout + r.stderr, /no-such-thing/, `${args.join(' ')} names the path`);
  }
});

test('ids: a missing path, a file, a folder of no format and a cartridge each say why (exit 2); a ctxpkg source tree gets ids and types', async () => {
  const cwd = tmpDir();
  writeFileSync(join(cwd, 'notes.md'), '# hi\n');
  writeTree(join(cwd, 'plain'), { 'a.md': '# A\n' });
  for (const [arg, code, text] of [['nope', 'CTXFORGE_IO', /no such file/], ['notes.md', 'CTXFORGE_USAGE', /is a file/], ['plain', 'CTXFORGE_USAGE', /not an OCTX working directory/]] as const) {
    const r = await runCli(['ids', arg], { cwd });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(code));
    assert.match(r.stderr, text);
    noStack(r);
  }
  assert.equal((await runCli(['init', 'acx', 'cart'], { cwd })).code, 0);
  const c = await runCli(['ids', 'cart'], { cwd });
  assert.equal(c.code, 2);
  assert.match(c.stderr, /identified by their path/);

  const src = join(cwd, 'pkg');
  writeTree(src, {
    'ctxpkg.yaml': 'name: "@t/ids"\nversion: 1.0.0\ndescription: d\n',
    'nodes/gotchas/Retry Twice.md': 'Retries double-charge.\n',
    'nodes/keep.md': '---\nid: keep-me\ntype: decision\n---\nKept.\n',
    'nodes/half.md': '---\ntitle: Half\n---\nNo id yet.\n',
  });
  const dry = await runCli(['ids', src, '--dry-run', '--json']);
  assert.equal(dry.code, 0, dry.stderr);
  const planned = JSON.parse(dry.stdout);
  assert.equal(planned.format, 'ctxpkg');
  assert.deepEqual(planned.stamped.map((s: { path: string; id?: string; type?: string }) => [s.path, s.id, s.type]).sort(),
    [['nodes/gotchas/Retry Twice.md', 'gotchas-retry-twice', 'fact'], ['nodes/half.md', 'half', 'fact']]);
  assert.equal(readFileSync(join(src, 'nodes/half.md'), 'utf8'), '---\ntitle: Half\n---\nNo id yet.\n', '--dry-run writes nothing');
  const r = await runCli(['ids', src]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readFileSync(join(src, 'nodes/half.md'), 'utf8'), '---\nid: half\ntype: fact\ntitle: Half\n---\nNo id yet.\n');
  assert.equal(readFileSync(join(src, 'nodes/keep.md'), 'utf8'), '---\nid: keep-me\ntype: decision\n---\nKept.\n', 'an existing id is never changed');
  assert.equal((await runCli(['validate', src])).code, 0, 'the stamped tree validates');
  const again = await runCli(['ids', src]);
  assert.match(again.stdout, /every node already has its ID and type/);
});

test('demo outside the repository root: a diagnostic and exit 2; in the repository it labels the printed key as the public key', async () => {
  const cwd = tmpDir();
  const r = await runCli(['demo', '--out', join(cwd, 'out')], { cwd });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /CTXFORGE_IO/);
  assert.match(r.stderr, /npm start|ctxforge demo <dir>/);
  noStack(r);
  const out = tmpDir();
  const ok = await runCli(['demo', join(repoRoot, 'working-dir-example'), '--out', out], { cwd: repoRoot, env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' } });
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout + ok.stderr, /public key[^\n]*[0-9a-f]{64}/);
  assert.doesNotMatch(ok.stdout + ok.stderr, /signing key for this run: [0-9a-f]{64}/);
});

test('keygen inside a git work tree warns unless git ignores the key; it prints the hex key and the ed25519: key id verify shows', async () => {
  const repo = tmpDir();
  initRepo(repo);
  const warned = await runCli(['keygen', '--out', join(repo, 'release'), '--json']);
  assert.equal(warned.code, 0, warned.stderr);
  const j = JSON.parse(warned.stdout);
  assert.ok(j.diagnostics.some((d: { code: string; severity: string }) => d.code === 'CTXFORGE_KEY_NOT_IGNORED' && d.severity === 'warning'), warned.stdout);
  assert.match(j.key_id, /^ed25519:[0-9a-f]{64}$/);
  writeFileSync(join(repo, '.gitignore'), '*.key\n');
  const quiet = await runCli(['keygen', '--out', join(repo, 'ci')]);
  assert.equal(quiet.code, 0);
  assert.doesNotMatch(quiet.stdout + quiet.stderr, /KEY_NOT_IGNORED/);
  assert.match(quiet.stdout, /public key: [0-9a-f]{64}\nkey id: +ed25519:[0-9a-f]{64}/);
  const outside = await runCli(['keygen', '--out', join(tmpDir(), 'k')]);
  assert.doesNotMatch(outside.stdout + outside.stderr, /KEY_NOT_IGNORED/, 'outside git there is nothing to warn about');

  // The same key id in verify, for a ctxpkg and a cartridge signed with that key.
  const out = tmpDir();
  for (const f of ['ctxpkg', 'acx']) {
    const b = await runCli(['build', join(repoRoot, 'working-dir-example', f), '--out', out, '--key', join(repo, 'release.key'), '--source-date-epoch', '1767225600', '--json']);
    assert.equal(b.code, 0, b.stderr);
    const v = await runCli(['verify', JSON.parse(b.stdout).artifacts[0].path, '--key', join(repo, 'release.pub')]);
    assert.ok(v.stdout.includes(`key ${j.key_id}`), `${f}: ${v.stdout}`);
  }
});

test('init writes a .gitignore for dist/ and *.key', async () => {
  const cwd = tmpDir();
  for (const f of ['octx', 'ctxpkg', 'acx']) {
    const r = await runCli(['init', f, f], { cwd });
    assert.equal(r.code, 0, r.stderr);
    const gi = readFileSync(join(cwd, f, '.gitignore'), 'utf8');
    assert.match(gi, /^dist\/$/m);
    assert.match(gi, /^\*\.key$/m);
    assert.equal((await runCli(['validate', join(cwd, f)])).code, 0, `${f}: the scaffold with its .gitignore validates`);
  }
});

test('one machine-readable shape: validate --json on a missing path prints results with CTXFORGE_IO; unpack of a missing file is CTXFORGE_IO; diff names both missing sides', async () => {
  const cwd = tmpDir();
  const v = await runCli(['validate', '--json', 'gone', join(repoRoot, 'working-dir-example', 'octx')], { cwd });
  assert.equal(v.code, 2);
  const j = JSON.parse(v.stdout);
  assert.equal(j.results.length, 2, 'the readable path is still validated');
  assert.equal(j.results[0].path, 'gone');
  assert.equal(j.results[0].valid, false);
  assert.equal(j.results[0].diagnostics[0].code, 'CTXFORGE_IO');
  assert.equal(j.results[1].valid, true);
  const u = await runCli(['unpack', 'gone.octx', 'here'], { cwd });
  assert.equal(u.code, 2);
  assert.match(u.stderr, /CTXFORGE_IO/);
  assert.ok(!existsSync(join(cwd, 'here')));
  const d = await runCli(['diff', 'old.octx', 'new.octx'], { cwd });
  assert.equal(d.code, 2);
  assert.match(d.stderr, /old\.octx/);
  assert.match(d.stderr, /new\.octx/);
});

test('ctxpkg verify --json names the content hash, the package hash and the file hash apart', async () => {
  const out = tmpDir();
  const b = await runCli(['build', join(repoRoot, 'working-dir-example', 'ctxpkg'), '--out', out, '--source-date-epoch', '1767225600', '--json']);
  const file = JSON.parse(b.stdout).artifacts[0].path as string;
  const v = await runCli(['verify', file, '--json']);
  const d = JSON.parse(v.stdout).results[0].details;
  const { createHash } = await import('node:crypto');
  assert.equal(d.file_sha256, createHash('sha256').update(readFileSync(file)).digest('hex'));
  assert.match(d.content_hash, /^[0-9a-f]{64}$/);
  assert.match(d.sha256, /^[0-9a-f]{64}$/);
  assert.equal(new Set([d.file_sha256, d.content_hash, d.sha256]).size, 3);
});

test('build of a working directory with uncommitted changes warns that the bytes will not match a build of the commit', async () => {
  const repo = tmpDir();
  initRepo(repo);
  cpSync(join(repoRoot, 'working-dir-example', 'octx'), join(repo, 'kb'), { recursive: true });
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'kb']);
  const clean = await runCli(['build', join(repo, 'kb'), '--out', tmpDir()]);
  assert.equal(clean.code, 0, clean.stderr);
  assert.doesNotMatch(clean.stdout + clean.stderr, /UNCOMMITTED/);
  const concepts = join(repo, 'kb', 'knowledge', 'concepts');
  const page = join(concepts, readdirSync(concepts).find((n) => n.endsWith('.md') && n !== 'index.md')!);
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nAn edit not yet committed.\n`);
  const dirty = await runCli(['build', join(repo, 'kb'), '--out', tmpDir()]);
  assert.equal(dirty.code, 0, dirty.stderr);
  assert.match(dirty.stdout + dirty.stderr, /CTXFORGE_BUILD_UNCOMMITTED/);
  assert.match(dirty.stdout + dirty.stderr, /will not match a build of the last commit/);
});
