// The gate is decided by trusted inputs (issue 16 §5), as a process in real git repositories with a
// base and a head commit. Before the fix a PR could change the package identity to have the diff
// skipped with a warning (and pass), drop a failing package from ctxforge.yaml, or loosen the
// change policy in the same PR that the loosened policy then judged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { git, writeTree } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, makeRepo, makeRepoOf, octxFiles, replaceTree, runAction } from './harness.js';

function pr(dir: string, base: string, head: string, inputs: Record<string, string> = {}) {
  return runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs,
  });
}

test('identity: a PR that renames the OCTX asset.id while removing a document is breaking, not a skipped diff', async () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'guide', octxFiles('1.1.0', [ALPHA], '019c0000-0000-7000-8000-0000000000ff'));
  const head = commitAll(dir, 'rename identity, drop Beta');
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(r.outputs['required-bump'], 'major');
  assert.match(r.summary, /identity/);
  assert.doesNotMatch(r.stdout, /CTXFORGE_CHECK_DIFF/);
  const withBreaking = await pr(dir, base, head, { 'FAIL-ON': 'breaking' });
  assert.equal(withBreaking.code, 1, withBreaking.stdout);
  assert.match(withBreaking.summary, /breaking changes/);
});
