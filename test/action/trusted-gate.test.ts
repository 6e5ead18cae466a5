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

const BAD = { id: 'not-a-uuid', title: 'Broken' };

test('package list: a PR that drops a failing package from ctxforge.yaml still has it checked, and the drop is a `config` finding', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]), extra: octxFiles('1.0.0', [BETA], '019c0000-0000-7000-8000-0000000000bb') },
    { 'ctxforge.yaml': 'packages:\n  - path: guide\n  - path: extra\n' });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'extra', octxFiles('1.0.1', [BETA, BAD], '019c0000-0000-7000-8000-0000000000bb'));
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n' });
  const head = commitAll(dir, 'break extra and hide it');
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /OCTX_DOCUMENT_ID_INVALID/);
  assert.match(r.stdout + r.summary, /extra is a package at the base but not at the head's config/);
  // Only the config finding left: a valid package dropped still fails by default, passes with fail-on without config.
  replaceTree(dir, 'extra', octxFiles('1.0.0', [BETA], '019c0000-0000-7000-8000-0000000000bb'));
  const head2 = commitAll(dir, 'extra valid again, still dropped');
  assert.equal((await pr(dir, base, head2)).code, 1);
  const lenient = await pr(dir, base, head2, { 'FAIL-ON': 'error,version' });
  assert.equal(lenient.code, 0, lenient.stdout);
  assert.match(lenient.stdout, /CTXFORGE_CHECK_CONFIG_CHANGED|not at the head's config/);
});

test('policy: a PR that relaxes "*.removed" to none is judged by the base policy and fails as `config`', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) }, { 'ctxforge.yaml': 'packages:\n  - path: guide\n' });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'guide', octxFiles('1.0.1', [ALPHA]));
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\npolicy:\n  "*.removed": none\n' });
  const head = commitAll(dir, 'remove Beta, call it nothing');
  const r = await pr(dir, base, head, { 'FAIL-ON': 'version' });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(r.outputs['required-bump'], 'major');
  const cfg = await pr(dir, base, head, { 'FAIL-ON': 'config' });
  assert.equal(cfg.code, 1, cfg.stdout);
  assert.match(cfg.stdout + cfg.summary, /relaxes the change policy \(\*\.removed\)/);
  // Tightening is reported but does not fail.
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\npolicy:\n  "*.modified": feature\n' });
  replaceTree(dir, 'guide', octxFiles('1.0.0', [ALPHA, BETA]));
  const head3 = commitAll(dir, 'tighten');
  assert.equal((await pr(dir, base, head3, { 'FAIL-ON': 'config' })).code, 0);
});

test('the named config input is read at the base too', async () => {
  const CONFIG = '.github/ctxforge.yaml';
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]), extra: octxFiles('1.0.0', [BETA], '019c0000-0000-7000-8000-0000000000bb') },
    { [CONFIG]: 'packages:\n  - path: guide\n  - path: extra\n' });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'extra', octxFiles('1.0.1', [BETA, BAD], '019c0000-0000-7000-8000-0000000000bb'));
  writeTree(dir, { [CONFIG]: 'packages:\n  - path: guide\n' });
  const head = commitAll(dir, 'hide extra');
  const r = await pr(dir, base, head, { CONFIG, 'FAIL-ON': 'error' });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /OCTX_DOCUMENT_ID_INVALID/);
});
