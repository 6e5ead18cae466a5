// `npm ci` prints no EBADENGINE warning on any Node that package.json's `engines` admits (issue
// 25): the lowest version of each admitted range satisfies the `engines.node` of every package in
// the lockfile. (content-type 3, which @octokit/request 10.0.16 asks for, wants Node ≥ 22: the
// override pins 2.1.0, the version that @octokit/request used until 10.0.14 with the same code.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { repoRoot } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

/** The lowest Node version of each range our `engines` admits (20.19.0, 22.0.0, 24.0.0). */
const lowest = pkg.engines.node.split('||').map((r) => semver.minVersion(r.trim())!.version);

test('every locked package accepts the lowest Node of each range our engines admit', () => {
  assert.ok(lowest.length >= 3, `engines ${pkg.engines.node}`);
  const refused: string[] = [];
  for (const [path, p] of Object.entries(lock.packages)) {
    const wants = !Array.isArray(p.engines) ? p.engines?.node : undefined;
    if (!path || !wants) continue;
    for (const v of lowest) if (!semver.satisfies(v, wants)) refused.push(`${path}@${p.version}: node ${wants} refuses ${v}`);
  }
  assert.deepEqual(refused, []);
});

test('the lockfile agrees with package.json on engines', () => {
  assert.equal((lock.packages[''] as { engines?: { node?: string } }).engines?.node, pkg.engines.node);
});
