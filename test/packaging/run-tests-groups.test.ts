// scripts/run-tests.mjs runs small test files in groups, one process a group: a file marked
// `// run-tests: alone` still gets a process of its own, a failure in a group fails the run and is
// reported at its own file, and every test of every file runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const files = {
  // Leaves a mark on its process, as a module's state would.
  'a.test.ts': "import { test } from 'node:test';\n(globalThis as any).__ctxforgeMark = 'a';\ntest('a marks its process', () => {});\n",
  // In a group with a.test.ts it sees the mark.
  'b.test.ts': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('b shares a process with a', () => { assert.equal((globalThis as any).__ctxforgeMark, 'a'); });\n",
  'c.test.ts': "// run-tests: alone — sees no other file's mark.\nimport { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('c runs alone', () => { assert.equal((globalThis as any).__ctxforgeMark, undefined); });\n",
};

// node:test tells its own child processes apart by NODE_TEST_CONTEXT; a run started from a test
// must not inherit it, or it reports to this process's runner instead of printing TAP.
const { NODE_TEST_CONTEXT: _context, CTXFORGE_TEST_TIMES: _times, CTXFORGE_TEST_GROUPS: _groups, ...childEnv } = process.env;

function run(dir: string, extra: Record<string, string>, env: NodeJS.ProcessEnv = {}) {
  for (const [n, body] of Object.entries({ ...files, ...extra })) writeFileSync(join(dir, n), body);
  const names = Object.keys({ ...files, ...extra }).map((n) => join(dir, n));
  const weights = join(dir, 'weights.txt');
  writeFileSync(weights, names.map((f) => `${relative(repoRoot, f)}\t1\n`).join(''));
  return spawnSync(process.execPath, [join(repoRoot, 'scripts', 'run-tests.mjs'), ...names], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...childEnv, CTXFORGE_TEST_WEIGHTS: weights, ...env },
  });
}

test('small files share a group process, a file marked alone does not, a failure in a group fails the run at its own file; without groups each file is alone', () => {
  const dir = tmpDir('run-tests-');
  const fail = { 'd.test.ts': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('d fails', () => { assert.equal(1, 2); });\n" };
  const r = run(dir, fail);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^# run-tests: .*group-\d+\.test\.mjs runs .*a\.test\.ts, .*b\.test\.ts, .*d\.test\.ts$/m);
  assert.doesNotMatch(r.stdout, /^# run-tests: .* runs .*c\.test\.ts/m);
  assert.match(r.stdout, /^ok \d+ - b shares a process with a$/m);
  assert.match(r.stdout, /^ok \d+ - c runs alone$/m);
  assert.match(r.stdout, /^not ok \d+ - d fails$/m);
  assert.ok(r.stdout.includes(`location: '${join(dir, 'd.test.ts')}:`), 'the failure is located in its file');
  assert.match(r.stdout, /^# tests 4$/m);
  assert.match(r.stdout, /^# fail 1$/m);
  const alone = run(dir, fail, { CTXFORGE_TEST_GROUPS: '0' });
  assert.equal(alone.status, 1);
  assert.doesNotMatch(alone.stdout, /^# run-tests:/m);
  assert.match(alone.stdout, /^not ok \d+ - b shares a process with a$/m, 'b no longer sees a\'s mark');
  assert.match(alone.stdout, /^# fail 2$/m);
});
