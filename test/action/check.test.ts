// The Action in check mode on pull requests, as a process: annotations at file and line, the job
// summary, the SemVer verdict against the PR base read from git, the sticky comment and SARIF.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { git } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, ctxpkgFiles, makeRepo, makeRepoOf, octxFiles, replaceTree, runAction } from './harness.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

/** A base commit with the package at 1.0.0, then a PR head commit made by `change`. */
function prRepo(change: (dir: string) => void): { dir: string; base: string; head: string } {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  change(dir);
  const head = commitAll(dir, 'pr change');
  return { dir, base, head };
}

function pr(dir: string, base: string, head: string, inputs: Record<string, string> = {}, apiUrl?: string) {
  return runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head, apiUrl,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghs_testtoken', ...inputs },
  });
}

test('a PR with an invalid package: an annotation at the file and line, the summary lists it, the check fails', async () => {
  const { dir, base, head } = prRepo((d) => {
    replaceTree(d, 'guide', octxFiles('1.0.1', [ALPHA, { id: 'not-a-uuid', title: 'Beta' }]));
  });
  const r = await pr(dir, base, head, { SARIF: 'ctxforge.sarif' });
  assert.equal(r.code, 1, r.stdout);
  const ann = r.stdout.split('\n').find((l) => l.startsWith('::error ') && l.includes('OCTX_DOCUMENT_ID_INVALID'));
  assert.ok(ann, r.stdout);
  assert.match(ann!, /file=guide\/knowledge\/beta\.md/);
  assert.match(ann!, /line=5/);
  assert.match(r.summary, /❌ failed/);
  assert.match(r.summary, /OCTX_DOCUMENT_ID_INVALID/);
  assert.match(r.summary, /`guide\/knowledge\/beta\.md:5`/);
  assert.equal(r.outputs.valid, 'false');
  const sarif = JSON.parse(readFileSync(join(dir, 'ctxforge.sarif'), 'utf8'));
  assert.equal(sarif.version, '2.1.0');
  const res = sarif.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'OCTX_DOCUMENT_ID_INVALID');
  assert.equal(res.locations[0].physicalLocation.artifactLocation.uri, 'guide/knowledge/beta.md');
  assert.equal(res.locations[0].physicalLocation.region.startLine, 5);
});

test('a PR with a breaking change and no major bump fails with the verdict; a major bump passes', async () => {
  const { dir, base, head } = prRepo((d) => replaceTree(d, 'guide', octxFiles('1.1.0', [ALPHA])));
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.outputs['required-bump'], 'major');
  assert.equal(r.outputs.valid, 'true');
  assert.match(r.summary, /❌ 1\.0\.0 → 1\.1\.0 needs major/);
  assert.match(r.summary, /Breaking changes/);
  assert.match(r.summary, /Beta/);
  assert.match(r.stdout, /::error title=ctxforge check::guide: /);

  replaceTree(dir, 'guide', octxFiles('2.0.0', [ALPHA]));
  const head2 = commitAll(dir, 'major bump', '2026-03-01T00:00:00Z');
  const ok = await pr(dir, base, head2);
  assert.equal(ok.code, 0, ok.stdout);
  assert.match(ok.summary, /✅ passed/);
  assert.match(ok.summary, /✅ 1\.0\.0 → 2\.0\.0/);
});

test('fail-on: none reports the same findings without failing', async () => {
  const { dir, base, head } = prRepo((d) => replaceTree(d, 'guide', octxFiles('1.1.0', [ALPHA])));
  const r = await pr(dir, base, head, { 'FAIL-ON': 'none' });
  assert.equal(r.code, 0, r.stdout);
  assert.equal(r.outputs['required-bump'], 'major');
});

test('the sticky comment is created once and then updated in place', async () => {
  const gh = await startGitHub();
  servers.push(gh);
  const { dir, base, head } = prRepo((d) => replaceTree(d, 'guide', octxFiles('1.0.1', [ALPHA, { ...BETA, text: 'Edited.' }])));
  const first = await pr(dir, base, head, { COMMENT: 'true' }, gh.apiUrl);
  assert.equal(first.code, 0, first.stdout);
  assert.equal(gh.comments.length, 1);
  assert.match(gh.comments[0]!.body, /^<!-- ctxforge:check -->/);
  const id = gh.comments[0]!.id;
  gh.comments.push({ id: 1, issue: 7, body: 'someone else' });
  replaceTree(dir, 'guide', octxFiles('1.0.2', [ALPHA, { ...BETA, text: 'Edited again.' }]));
  const head2 = commitAll(dir, 'again', '2026-03-01T00:00:00Z');
  const second = await pr(dir, base, head2, { COMMENT: 'true' }, gh.apiUrl);
  assert.equal(second.code, 0, second.stdout);
  assert.equal(gh.comments.filter((c) => c.body.includes('<!-- ctxforge:check -->')).length, 1);
  assert.equal(gh.comments.find((c) => c.id === id)!.body.includes('1.0.2'), true);
  assert.equal(gh.comments.find((c) => c.id === 1)!.body, 'someone else');
});

test('a fork PR with a read-only token: the comment falls back to the job summary, the check still passes', async () => {
  const gh = await startGitHub({ readOnlyComments: true });
  servers.push(gh);
  const { dir, base, head } = prRepo((d) => replaceTree(d, 'guide', octxFiles('1.0.1', [ALPHA, { ...BETA, text: 'Edited.' }])));
  const r = await pr(dir, base, head, { COMMENT: 'true' }, gh.apiUrl);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /::warning::could not write the PR comment \(403/);
  assert.match(r.summary, /ctxforge check: ✅ passed/);
  assert.equal(gh.comments.length, 0);
});

test('more diagnostics than GitHub shows as annotations: every one is still in the job summary', async () => {
  const docs = Array.from({ length: 12 }, (_, i) => ({ id: `bad-${i}`, title: `Doc${String(i).padStart(2, '0')}` }));
  const { dir, base, head } = prRepo((d) => replaceTree(d, 'guide', octxFiles('1.0.1', docs)));
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1);
  const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::error ') && l.includes('OCTX_DOCUMENT_ID_INVALID'));
  // GitHub shows 10 error annotations per step; the rest are counted in the summary (issue 19).
  assert.equal(annotations.length, 10);
  assert.match(r.summary, /[1-9]\d* errors? not annotated/);
  for (let i = 0; i < 12; i++) assert.ok(r.summary.includes(`guide/knowledge/doc${String(i).padStart(2, '0')}.md:5`), `doc${i} missing from the summary`);
});

test('a PR with an invalid ctxpkg package: an annotation at the node file and line, the check fails', async () => {
  const dir = makeRepoOf({ kb: ctxpkgFiles('1.0.0') });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'kb', ctxpkgFiles('1.1.0', { broken: true }));
  const head = commitAll(dir, 'add a gotcha');
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1, r.stdout);
  const ann = r.stdout.split('\n').find((l) => l.startsWith('::error ') && l.includes('CTXPKG_NODE_RANGE'));
  assert.ok(ann, r.stdout);
  assert.match(ann!, /file=kb\/nodes\/gotcha-double-charge\.md/);
  assert.match(ann!, /line=4/);
  assert.match(ann!, /activation/);
  assert.equal(r.outputs.valid, 'false');
  assert.match(r.summary, /❌ failed/);
  assert.match(r.summary, /`kb\/nodes\/gotcha-double-charge\.md:4`/);
});

test('more findings than GitHub annotates: 10 errors at most, one per file first, the summary counts the rest', async () => {
  const docs = Array.from({ length: 14 }, (_, i) => ({ id: `bad-${i}`, title: `Doc${String(i).padStart(2, '0')}` }));
  const { dir, base, head } = prRepo((d) => replaceTree(d, 'guide', octxFiles('1.0.1', [ALPHA, BETA, ...docs])));
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1, r.stdout);
  const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error '));
  assert.ok(errors.length <= 10, `${errors.length} error annotations`);
  const files = errors.map((l) => /file=([^,:]+)/.exec(l)?.[1]).filter(Boolean);
  assert.equal(new Set(files).size, files.length, 'a second finding of a file was annotated before the first of another');
  assert.match(r.summary, /\d+ errors? (, \d+ \w+ )?not annotated|\d+ errors?.*not annotated/);
});
