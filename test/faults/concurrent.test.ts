// Several `ctxforge build` processes writing into one output directory at once — the same package
// three times and other packages beside it — must each publish a complete artifact: every file left
// is byte-identical to a serial build, validates, and no temp file is left behind. The concurrent
// builds are processes; the serial reference builds and the validation of the results run in this
// process (the same build and validate, without starting six more CLI processes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { bigOctx, buildAsync, buildInProcess, tempFiles } from './helpers.js';

test('concurrent builds of the same and of different packages into one directory equal serial builds', async () => {
  const big = join(tmpDir('ctxforge-conc-src-'), 'big');
  bigOctx(big, 40, 50_000);
  const sources = [big, big, big, join(repoRoot, 'working-dir-example', 'octx'), join(repoRoot, 'working-dir-example', 'ctxpkg'), join(repoRoot, 'working-dir-example', 'acx'), join(repoRoot, 'working-dir-example', 'acx')];
  const unique = [...new Set(sources)];
  const serial = new Map<string, Buffer>();
  for (const s of unique) {
    const out = tmpDir('ctxforge-conc-serial-');
    const r = await buildInProcess(s, out, ['--json']);
    assert.equal(r.code, 0, r.stderr);
    const p = JSON.parse(r.stdout).artifacts[0].path as string;
    serial.set(p.slice(out.length + 1), readFileSync(p));
  }
  assert.equal(serial.size, unique.length, 'each source has its own artifact name');

  const shared = tmpDir('ctxforge-conc-out-');
  for (let round = 0; round < 2; round++) {
    // Round 2 builds over the files round 1 published: replacing must be as safe as creating.
    const runs = sources.map((s) => buildAsync(s, shared, ['--json']));
    const results = await Promise.all(runs.map((r) => r.done));
    for (const r of results) {
      assert.equal(r.signal, null);
      assert.equal(r.code, 0, r.stderr);
    }
    assert.deepEqual(tempFiles(shared), [], 'no temp file is left behind');
    assert.deepEqual(readdirSync(shared).sort(), [...serial.keys()].sort());
    for (const [name, bytes] of serial) assert.ok(readFileSync(join(shared, name)).equals(bytes), `round ${round}: ${name} differs from the serial build`);
  }
  const v = await runCli(['validate', '--json', ...[...serial.keys()].map((n) => join(shared, n))]);
  assert.equal(v.code, 0, v.stdout);
  assert.ok((JSON.parse(v.stdout).results as { valid: boolean }[]).every((r) => r.valid));
});
