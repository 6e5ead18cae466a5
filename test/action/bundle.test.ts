// The Action as GitHub runs it: action.yml and dist-action/ copied alone into an empty folder (no
// node_modules, no package.json above), run by Node 24 as `runs.using: node24` does, in check and
// release modes against the local GitHub API. A cartridge in the release exercises node:sqlite.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { repoRoot } from '../helpers/cli.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { node24 } from '../helpers/node-versions.js';
import { ALPHA, BETA, PEM, acxFiles, commitAll, makeRepoOf, octxFiles, replaceTree, runAction, type RunOptions } from './harness.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

/** action.yml and the committed bundle, alone in a fresh folder. */
function installedAction(): string {
  const dir = tmpDir('ctxforge-action-copy-');
  cpSync(join(repoRoot, 'action.yml'), join(dir, 'action.yml'));
  cpSync(join(repoRoot, 'dist-action'), join(dir, 'dist-action'), { recursive: true });
  assert.ok(!existsSync(join(dir, 'node_modules')));
  return dir;
}

function actionYml(): { using: string; main: string } {
  const text = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
  const runs = text.slice(text.indexOf('\nruns:'));
  return { using: /\n  using: (\S+)/.exec(runs)![1]!, main: /\n  main: (\S+)/.exec(runs)![1]! };
}

function runBundled(o: RunOptions) {
  const { main } = actionYml();
  const dir = installedAction();
  return runAction({ ...o, command: [node24(), join(dir, main)], env: { ...o.env, GITHUB_ACTION_PATH: dir } });
}

test('action.yml runs the committed bundle on node24', () => {
  const { using, main } = actionYml();
  assert.equal(using, 'node24');
  assert.ok(existsSync(join(repoRoot, main)), `${main} is not committed`);
  const dir = installedAction();
  const v = spawnSync(node24(), ['-e', `import(${JSON.stringify('file://' + join(dir, main))}).catch((e) => { console.error(e); process.exit(3); })`], { encoding: 'utf8', env: { PATH: process.env.PATH, GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/main', GITHUB_WORKSPACE: tmpDir('empty-ws-') } });
  assert.doesNotMatch(v.stderr, /Cannot find (module|package)|ERR_MODULE_NOT_FOUND|Dynamic require/);
});

test('bundled, check mode on a pull request: annotation, summary, outputs', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'guide', octxFiles('1.0.1', [ALPHA, { id: 'not-a-uuid', title: 'Beta' }]));
  const head = commitAll(dir, 'pr change');
  const r = await runBundled({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghs_testtoken' },
  });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const ann = r.stdout.split('\n').find((l) => l.startsWith('::error ') && l.includes('OCTX_DOCUMENT_ID_INVALID'));
  assert.ok(ann, r.stdout);
  assert.match(ann!, /file=guide\/knowledge\/beta\.md/);
  assert.match(r.summary, /OCTX_DOCUMENT_ID_INVALID/);
  assert.equal(r.outputs.valid, 'false');
});

test('bundled, release mode: a cartridge (written by node:sqlite) released, assets verified', async () => {
  const gh = await startGitHub();
  servers.push(gh);
  const dir = makeRepoOf({ cart: acxFiles('1.0.0') });
  git(dir, ['tag', 'v1.0.0']);
  const sha = git(dir, ['rev-parse', 'HEAD']).trim();
  const r = await runBundled({
    workspace: dir, eventName: 'push', event: { ref: 'refs/tags/v1.0.0', after: sha }, ref: 'refs/tags/v1.0.0', sha, apiUrl: gh.apiUrl,
    inputs: { 'SIGNING-KEY': PEM, 'GITHUB-TOKEN': 'ghs_testtoken' },
  });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(gh.releases.length, 1);
  const rel = gh.releases[0]!;
  assert.equal(rel.draft, false);
  const names = rel.assets.map((a) => a.name).sort();
  assert.ok(names.includes('helper-1.0.0.acx') && names.includes('SHA256SUMS'), names.join(', '));
  // The cartridge written by node:sqlite in the bundle is a sound SQLite archive for stock sqlite3.
  const f = join(tmpDir('bundle-dl-'), 'helper-1.0.0.acx');
  writeFileSync(f, rel.assets.find((a) => a.name === 'helper-1.0.0.acx')!.bytes);
  const ic = spawnSync('sqlite3', [f, 'PRAGMA integrity_check'], { encoding: 'utf8' });
  assert.equal(ic.stdout.trim(), 'ok', ic.stderr);
  const artifacts = JSON.parse(r.outputs.artifacts!) as Array<{ name: string }>;
  assert.ok(artifacts.some((a) => a.name === 'helper-1.0.0.acx'));
});
