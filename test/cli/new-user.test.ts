// What a new user tripped over (issue 18): odd arguments get a diagnostic with a stable code and
// exit 2, never a stack trace; ids refuses a folder that is not a working directory; demo away
// from the repository root says where it looks; unpack of a missing file is an I/O error.
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const STACK = /\n\s+at .+:\d+:\d+|CTXFORGE_INTERNAL/;

function setup(): string {
  const d = tmpDir('ctxforge-newuser-');
  writeFileSync(join(d, 'file.txt'), 'x');
  mkdirSync(join(d, 'plain'));
  writeFileSync(join(d, 'plain', 'notes.md'), '# Notes\n');
  return d;
}

function usageError(r: { code: number; stdout: string; stderr: string }, code: RegExp, what: string): void {
  assert.equal(r.code, 2, `${what}: exit ${r.code}\n${r.stderr}${r.stdout}`);
  assert.doesNotMatch(r.stderr + r.stdout, STACK, `${what}: a stack trace`);
  assert.match(r.stderr + r.stdout, code, what);
}

test('ids on a missing path, on a file, and on a folder that is not a working directory: a diagnostic, exit 2, nothing changed', () => {
  const d = setup();
  usageError(spawnCli(['ids', 'nope'], { cwd: d }), /error CTXFORGE_IO: \S*nope: no such directory/, 'missing');
  usageError(spawnCli(['ids', 'file.txt'], { cwd: d }), /error CTXFORGE_IO: \S*file\.txt: not a directory/, 'file');
  const r = spawnCli(['ids', 'plain'], { cwd: d });
  usageError(r, /error CTXFORGE_USAGE: \S*plain: not an OCTX working directory/, 'plain folder');
  assert.doesNotMatch(r.stdout, /already has its ID/);
  const j = spawnCli(['ids', 'plain', '--json'], { cwd: d });
  assert.equal(j.code, 2);
  assert.equal(JSON.parse(j.stdout).error.code, 'CTXFORGE_USAGE');
  assert.deepEqual(readdirSync(join(d, 'plain')), ['notes.md']);
});

test('demo away from the repository root names the folder it wanted, exit 2, no key printed, nothing written', () => {
  const d = setup();
  const r = spawnCli(['demo'], { cwd: d });
  usageError(r, /error CTXFORGE_IO: \S*working-dir-example: no such directory; demo runs on a folder of source trees/, 'demo');
  assert.doesNotMatch(r.stdout, /signing key/);
  assert.ok(!existsSync(join(d, 'dist')));
  usageError(spawnCli(['demo', 'file.txt'], { cwd: d }), /file\.txt: not a directory/, 'demo on a file');
});

test('demo labels the key it prints as the public key', () => {
  const d = tmpDir('ctxforge-newuser-demo-');
  const init = spawnCli(['init', 'octx', join(d, 'src', 'kb')]);
  assert.equal(init.code, 0, init.stderr);
  const r = spawnCli(['demo', join(d, 'src'), '--out', join(d, 'dist')], { env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' } });
  assert.match(r.stdout, /throwaway signing key for this run \(public key\): [0-9a-f]{64}\n/);
});

test('unpack of a missing file is CTXFORGE_IO with exit 2, and --json says so', () => {
  const d = setup();
  usageError(spawnCli(['unpack', 'nope.octx', 'out'], { cwd: d }), /error CTXFORGE_IO: \S*nope\.octx: no such file/, 'unpack');
  const j = spawnCli(['unpack', 'nope.octx', 'out', '--json'], { cwd: d });
  assert.equal(j.code, 2);
  assert.equal(JSON.parse(j.stdout).error.code, 'CTXFORGE_IO');
  assert.ok(!existsSync(join(d, 'out')));
});

test('validate --json on a missing path keeps its {"results":[…]} shape or a CTXFORGE_IO error, never a stack', () => {
  const d = setup();
  const j = spawnCli(['validate', '--json', 'nope'], { cwd: d });
  assert.equal(j.code, 2);
  assert.doesNotMatch(j.stdout + j.stderr, STACK);
  assert.match(j.stdout, /CTXFORGE_IO/);
});

test('keygen inside a git work tree warns unless git ignores the key; outside one it is quiet', () => {
  const repo = tmpDir('ctxforge-newuser-git-');
  execFileSync('git', ['init', '-q'], { cwd: repo });
  const exposed = spawnCli(['keygen', '--out', 'release'], { cwd: repo });
  assert.equal(exposed.code, 0, exposed.stderr);
  assert.match(exposed.stderr, /warning CTXFORGE_KEY_NOT_IGNORED: \S*release\.key: the private key is inside a git work tree/);
  const j = JSON.parse(spawnCli(['keygen', '--out', 'again', '--json'], { cwd: repo }).stdout);
  assert.equal(j.diagnostics[0].code, 'CTXFORGE_KEY_NOT_IGNORED');
  writeFileSync(join(repo, '.gitignore'), '*.key\n');
  const ignored = spawnCli(['keygen', '--out', 'keys/ci'], { cwd: repo });
  assert.equal(ignored.code, 0);
  assert.doesNotMatch(ignored.stderr, /CTXFORGE_KEY_NOT_IGNORED/);
  const outside = spawnCli(['keygen', '--out', 'k'], { cwd: tmpDir('ctxforge-newuser-nogit-') });
  assert.equal(outside.code, 0);
  assert.equal(outside.stderr, '');
  assert.match(spawnCli(['rules']).stdout, /CTXFORGE_KEY_NOT_IGNORED/);
});

test('diff with two missing paths names both (text and --json), exit 2', () => {
  const d = setup();
  const r = spawnCli(['diff', 'old.octx', 'new.octx'], { cwd: d });
  usageError(r, /error CTXFORGE_IO: old\.octx: no such file or directory\n\s+error CTXFORGE_IO: new\.octx: no such file or directory/, 'diff');
  const j = JSON.parse(spawnCli(['diff', 'old.octx', 'new.octx', '--json'], { cwd: d }).stdout);
  assert.deepEqual(j.diagnostics.map((x: { message: string }) => x.message), ['old.octx: no such file or directory', 'new.octx: no such file or directory']);
  // One missing side still names just that one.
  writeFileSync(join(d, 'x.octx'), 'not a zip');
  const one = spawnCli(['diff', 'x.octx', 'new.octx', '--json'], { cwd: d });
  assert.equal(JSON.parse(one.stdout).error.message, 'new.octx: no such file or directory');
});
