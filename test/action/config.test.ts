// The Action's `config` input, as a process: a config file outside the root decides which packages
// are checked and which tags release them; a named file that is missing or invalid fails clearly.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { git, writeTree } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, releaseTag, runAction } from './harness.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

const CONFIG = '.github/ctxforge.yaml';

function pr(dir: string, base: string, head: string, inputs: Record<string, string> = {}) {
  return runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/3/merge', sha: head,
    event: { number: 3, pull_request: { number: 3, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs,
  });
}

test('config: a file under .github/ sets the tag pattern the release needs; without it the same tag matches no package', async () => {
  const gh = await startGitHub();
  servers.push(gh);
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) }, { [CONFIG]: 'packages:\n  - path: guide\n    tag_pattern: "release-*"\n' });
  git(dir, ['tag', 'release-1.0.0']);
  const without = await releaseTag(gh.apiUrl, dir, 'release-1.0.0');
  assert.equal(without.code, 1);
  assert.match(without.stdout, /CTXFORGE_RELEASE_TAG: tag release-1\.0\.0 matches no package's tag pattern/);
  assert.equal(gh.releases.length, 0);

  const r = await releaseTag(gh.apiUrl, dir, 'release-1.0.0', { CONFIG });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(gh.releases.length, 1);
  assert.equal(gh.releases[0]!.tag_name, 'release-1.0.0');
  assert.ok(gh.releases[0]!.assets.some((a) => a.name === 'guide-1.0.0.octx'));
});

test('config in check mode: only the packages it lists are checked; a missing or invalid named file fails with its code', async () => {
  // `scratch/` is an OCTX tree with an invalid document: auto-detection finds it, the config does not list it.
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]), scratch: octxFiles('0.0.1', [{ id: 'nope', title: 'Draft' }], '019c0000-0000-7000-8000-0000000000ee') },
    { [CONFIG]: 'packages:\n  - path: guide\n' });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  writeTree(dir, { 'guide/knowledge/alpha.md': octxFiles('1.0.0', [{ ...ALPHA, text: 'Edited.' }])['knowledge/alpha.md']! });
  writeTree(dir, { 'guide/manifest.json': octxFiles('1.0.1', [])['manifest.json']! });
  const head = commitAll(dir, 'edit alpha');

  const detected = await pr(dir, base, head);
  assert.equal(detected.code, 1, 'auto-detection includes the invalid scratch package');
  assert.match(detected.stdout, /file=scratch\/knowledge\/draft\.md/);

  const configured = await pr(dir, base, head, { CONFIG });
  assert.equal(configured.code, 0, configured.stdout);
  assert.equal(configured.outputs.valid, 'true');
  assert.equal(configured.outputs['required-bump'], 'patch');
  assert.doesNotMatch(configured.stdout, /scratch/);

  const missing = await pr(dir, base, head, { CONFIG: '.github/nope.yaml' });
  assert.equal(missing.code, 1);
  assert.match(missing.stdout, /^::error::CTXFORGE_REPO_CONFIG_MISSING: config file \.github\/nope\.yaml does not exist/m);

  writeTree(dir, { [CONFIG]: 'packages:\n  - path: guide\n    colour: blue\n' });
  const invalid = await pr(dir, base, head, { CONFIG });
  assert.equal(invalid.code, 1);
  assert.match(invalid.stdout, /CTXFORGE_REPO_CONFIG_INVALID: packages\[0\]: unknown key "colour"/);
});

test('config in release mode: a missing named file stops before any GitHub request', async () => {
  const gh = await startGitHub();
  servers.push(gh);
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) });
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag(gh.apiUrl, dir, 'v1.0.0', { CONFIG: 'ctxforge.yaml' });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /CTXFORGE_REPO_CONFIG_MISSING: config file ctxforge\.yaml does not exist/);
  assert.deepEqual(gh.log, []);
  assert.equal(r.outputs['release-url'], undefined);
});
