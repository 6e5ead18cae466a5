// `mode: list`: the packages as JSON for a strategy.matrix; each entry's path checks one package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { git } from '../helpers/tmp.js';
import { ALPHA, BETA, acxFiles, ctxpkgFiles, makeRepoOf, octxFiles, runAction } from './harness.js';

test('mode list emits every package as JSON; a matrix job with one path checks only that package', async () => {
  const config = 'packages:\n  - path: guide\n  - path: kb\n  - path: cart\n';
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]), kb: ctxpkgFiles('2.1.0'), cart: acxFiles('0.3.0') }, { 'ctxforge.yaml': config });
  const sha = git(dir, ['rev-parse', 'HEAD']).trim();
  const base = { workspace: dir, eventName: 'push', event: { ref: 'refs/heads/main', after: sha }, ref: 'refs/heads/main', sha };
  const r = await runAction({ ...base, inputs: { MODE: 'list' } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const packages = JSON.parse(r.outputs.packages!) as Array<{ name: string; path: string; format: string; version: string }>;
  assert.deepEqual(packages.map((p) => [p.path, p.format, p.version]), [['cart', 'acx', '0.3.0'], ['guide', 'octx', '1.0.0'], ['kb', 'ctxpkg', '2.1.0']]);
  const one = await runAction({ ...base, inputs: { PATH: packages[2]!.path } });
  assert.equal(one.code, 0, one.stdout + one.stderr);
  assert.match(one.summary, /`kb`/);
  assert.doesNotMatch(one.summary, /`guide`|`cart`/);
  const bad = await runAction({ ...base, inputs: { MODE: 'lists' } });
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /mode must be check, release, list or comment/);
});
