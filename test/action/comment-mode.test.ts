// mode comment (the fork recipe): a report saved by a read-only check is rendered as the sticky
// comment by a workflow_run run, on the pull request GitHub's event names — never one the artifact
// names. The report is JSON data (src/release/check-json.ts); see test/hostile/fork-comment.test.ts
// for what a hostile report cannot do.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { runAction } from './harness.js';
import { COMMENT_MARKER } from '../../src/release/check-report.js';
import { checkReportJson } from '../../src/release/check-json.js';
import type { CheckResult } from '../../src/release/check.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

const RUN = { id: 4242, run_number: 17, conclusion: 'success', event: 'pull_request', head_sha: 'a'.repeat(40), head_branch: 'feature', head_repository: { owner: { login: 'forker' } } };

export const PASSED: CheckResult = {
  valid: true, failed: false, base: 'b'.repeat(40), required_bump: 'patch', failOn: ['error', 'version', 'config'], notes: [], configChanges: [], lock: null,
  packages: [{ name: 'guide', path: 'guide', format: 'octx', version: '1.0.1', valid: true, diagnostics: [], diff: null, findings: [] }],
};

async function setup(report: string | null, pulls = [{ number: 42, owner: 'forker', branch: 'feature', sha: 'a'.repeat(40) }]) {
  const gh = await startGitHub({ pulls });
  servers.push(gh);
  const ws = tmpDir('ctxforge-comment-ws-');
  mkdirSync(join(ws, 'report'));
  if (report !== null) writeFileSync(join(ws, 'report', 'ctxforge-report.json'), report);
  const run = () => runAction({
    workspace: ws, eventName: 'workflow_run', ref: 'refs/heads/main', sha: 'b'.repeat(40), apiUrl: gh.apiUrl, event: { workflow_run: RUN },
    inputs: { MODE: 'comment', REPORT: 'report/ctxforge-report.json', 'GITHUB-TOKEN': 'ghs_testtoken' },
  });
  return { gh, ws, run };
}

test('the saved report is rendered as the sticky comment on the PR with the run\'s head commit; a re-run updates it', async () => {
  const { gh, run } = await setup(checkReportJson(PASSED, '0.1.0'));
  const r = await run();
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(gh.comments.length, 1);
  assert.equal(gh.comments[0]!.issue, 42);
  const body = gh.comments[0]!.body;
  assert.ok(body.startsWith(`${COMMENT_MARKER}\n## ctxforge check: ✅ passed\n`), body);
  assert.match(body, /reported by \[the pull request's own workflow run\]\(https:\/\/github\.com\/acme\/knowledge\/actions\/runs\/4242\) \(`success`\)/);
  const again = await run();
  assert.equal(again.code, 0, again.stdout);
  assert.equal(gh.comments.length, 1, 'a second comment instead of an update');
});

test('a PR pushed to since the check (other head sha) gets nothing', async () => {
  const { gh, run } = await setup(checkReportJson(PASSED, '0.1.0'), [{ number: 42, owner: 'forker', branch: 'feature', sha: 'c'.repeat(40) }]);
  const r = await run();
  assert.equal(r.code, 0, r.stdout);
  assert.equal(gh.comments.length, 0);
  assert.match(r.stdout, /::warning::no open pull request/);
});

test('a Markdown report (the old format), or a symlink, is refused with CTXFORGE_REPORT_INVALID and posts nothing', async () => {
  const { gh, run } = await setup(`${COMMENT_MARKER}\n## ctxforge check: ✅ passed\n`);
  const r = await run();
  assert.equal(r.code, 1);
  assert.match(r.stdout, /CTXFORGE_REPORT_INVALID: the saved report is Markdown, not the JSON check report/);
  assert.equal(gh.comments.length, 0);

  const s = await setup(null);
  symlinkSync('/etc/hostname', join(s.ws, 'report', 'ctxforge-report.json'));
  const l = await s.run();
  assert.equal(l.code, 1);
  assert.match(l.stdout, /CTXFORGE_REPORT_INVALID: .*not a regular file/);
  assert.equal(s.gh.comments.length, 0);
});
