// The documented matrix recipe, end to end (issue 24): `mode: list` → one check per matrix entry
// (`path: <entry>`) → the aggregate verdict (every entry passed). The list on a pull request comes
// from the base commit's packages plus what the head adds, as the single-job check decides, so a PR
// cannot turn a failing package's check green by removing it from ctxforge.yaml, hiding it, or
// replacing every package by a decoy; without the base commit the list fails closed. Before, the
// list came from the head's config: the dropped package had no matrix entry and the aggregate passed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { git, writeTree } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, replaceTree, runAction, type ActionRun } from './harness.js';

const EXTRA_ID = '019c0000-0000-7000-8000-0000000000bb';
const DECOY_ID = '019c0000-0000-7000-8000-0000000000dd';
const BAD = { id: 'not-a-uuid', title: 'Broken' };
const CONFIG = 'packages:\n  - path: guide\n  - path: extra\n';

function event(base: string, head: string) {
  return { number: 5, pull_request: { number: 5, base: { sha: base, ref: 'main' }, head: { sha: head } } };
}

function action(dir: string, base: string, head: string, inputs: Record<string, string>): Promise<ActionRun> {
  return runAction({ workspace: dir, eventName: 'pull_request', ref: 'refs/pull/5/merge', sha: head, event: event(base, head), inputs });
}

interface Verdict { green: boolean; entries: string[]; list: ActionRun; checks: Record<string, ActionRun> }

/** list → a check per entry → the aggregate job's `test "${{ needs.check.result }}" = success`. */
async function recipe(dir: string, base: string, head: string): Promise<Verdict> {
  const list = await action(dir, base, head, { MODE: 'list' });
  if (list.code !== 0) return { green: false, entries: [], list, checks: {} };
  const entries = (JSON.parse(list.outputs.packages!) as Array<{ path: string }>).map((p) => p.path);
  const checks: Record<string, ActionRun> = {};
  for (const path of entries) checks[path] = await action(dir, base, head, { PATH: path });
  // An empty matrix is an error in GitHub (no job runs), so the aggregate fails.
  const green = entries.length > 0 && Object.values(checks).every((c) => c.code === 0);
  return { green, entries, list, checks };
}

function setup(): { dir: string; base: string } {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]), extra: octxFiles('1.0.0', [BETA], EXTRA_ID) }, { 'ctxforge.yaml': CONFIG });
  return { dir, base: git(dir, ['rev-parse', 'HEAD']).trim() };
}

const why = (v: Verdict) => `${v.list.stdout}\n${Object.entries(v.checks).map(([p, c]) => `--- ${p} (${c.code})\n${c.stdout}`).join('\n')}`;

test('an honest PR: every package has its entry and the aggregate is green', async () => {
  const { dir, base } = setup();
  replaceTree(dir, 'guide', octxFiles('1.0.1', [{ ...ALPHA, text: 'Edited.' }, BETA]));
  const head = commitAll(dir, 'edit alpha');
  const v = await recipe(dir, base, head);
  assert.deepEqual(v.entries, ['extra', 'guide']);
  assert.equal(v.green, true, why(v));
});

test('attack: break a package and delete it from ctxforge.yaml: it keeps its entry, which fails', async () => {
  const { dir, base } = setup();
  replaceTree(dir, 'extra', octxFiles('1.0.1', [BETA, BAD], EXTRA_ID));
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n' });
  const head = commitAll(dir, 'break extra, hide it');
  const v = await recipe(dir, base, head);
  assert.deepEqual(v.entries, ['extra', 'guide']);
  assert.equal(v.green, false);
  assert.equal(v.checks.extra!.code, 1, v.checks.extra!.stdout);
  assert.match(v.checks.extra!.stdout, /OCTX_DOCUMENT_ID_INVALID/);
  // The other entry reports the drop too (the `config` finding), so even a matrix built without
  // this package would be red.
  assert.equal(v.checks.guide!.code, 1, v.checks.guide!.stdout);
  assert.match(v.checks.guide!.stdout + v.checks.guide!.summary, /extra is a package at the base but not in the head's config/);
});

test('attack: hide the package in a dot-folder the detection skips: its entry reports it gone', async () => {
  const { dir, base } = setup();
  renameSync(join(dir, 'extra'), join(dir, '.extra'));
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n' });
  const head = commitAll(dir, 'hide extra');
  const v = await recipe(dir, base, head);
  assert.ok(v.entries.includes('extra'), why(v));
  assert.equal(v.green, false);
  assert.match(v.checks.extra!.stdout, /CTXFORGE_CHECK_PACKAGE_GONE/);
});

test('attack: replace every package by a decoy: the base packages are still listed and checked', async () => {
  const { dir, base } = setup();
  replaceTree(dir, 'guide', octxFiles('1.0.1', [ALPHA, BETA, BAD]));
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: decoy\n' });
  writeTree(dir, Object.fromEntries(Object.entries(octxFiles('0.1.0', [{ id: '019c0000-0000-7000-8000-0000000000d1', title: 'Decoy' }], DECOY_ID)).map(([p, c]) => [`decoy/${p}`, c])));
  const head = commitAll(dir, 'decoy');
  const v = await recipe(dir, base, head);
  assert.deepEqual(v.entries, ['decoy', 'extra', 'guide']);
  assert.equal(v.green, false);
  assert.equal(v.checks.guide!.code, 1);
  assert.match(v.checks.guide!.stdout, /OCTX_DOCUMENT_ID_INVALID/);
});

test('attack: a typo in the head\'s config, and a base commit the clone lacks: the list fails closed', async () => {
  const { dir, base } = setup();
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n  - path: extra\nlink: off\n' });
  const head = commitAll(dir, 'typo');
  const typo = await recipe(dir, base, head);
  assert.equal(typo.green, false);
  assert.match(typo.list.stdout, /CTXFORGE_REPO_CONFIG_INVALID/);
  // A mistyped `path` input names no package at the head nor at the base: red, never an empty pass.
  const { dir: d3, base: b3 } = setup();
  const nowhere = await action(d3, b3, b3, { PATH: 'gide' });
  assert.notEqual(nowhere.code, 0, nowhere.stdout);
  assert.match(nowhere.stdout, /CTXFORGE_RELEASE_NO_PACKAGES: gide is not a package of this repository/);

  const { dir: d2 } = setup();
  const h2 = git(d2, ['rev-parse', 'HEAD']).trim();
  const missing = 'e'.repeat(40);
  const v = await recipe(d2, missing, h2);
  assert.equal(v.green, false);
  assert.equal(v.list.code, 1);
  assert.match(v.list.stdout, /CTXFORGE_LIST_NO_BASE: the base commit e{40} is not in the clone/);
  assert.equal(v.list.outputs.packages, undefined, 'no matrix is emitted');
});

test('on a push, list is the working tree\'s (a missing `before` is a warning, not a failure)', async () => {
  const { dir } = setup();
  const sha = git(dir, ['rev-parse', 'HEAD']).trim();
  const r = await runAction({ workspace: dir, eventName: 'push', event: { ref: 'refs/heads/main', before: 'f'.repeat(40), after: sha }, ref: 'refs/heads/main', sha, inputs: { MODE: 'list' } });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual((JSON.parse(r.outputs.packages!) as Array<{ path: string }>).map((p) => p.path), ['extra', 'guide']);
  assert.match(r.stdout, /::warning title=CTXFORGE_LIST_NO_BASE/);
});
