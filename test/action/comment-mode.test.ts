// mode comment (the fork recipe): a report saved by a read-only check is posted as the sticky comment
// by a workflow_run run, on the pull request GitHub's event names — never one the artifact names.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { runAction } from './harness.js';
import { COMMENT_MARKER } from '../../src/release/check-report.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

const RUN = { event: 'pull_request', head_sha: 'a'.repeat(40), head_branch: 'feature', head_repository: { owner: { login: 'forker' } } };

async function setup(report: string | null, pulls = [{ number: 42, owner: 'forker', branch: 'feature', sha: 'a'.repeat(40) }]) {
  const gh = await startGitHub({ pulls });
  servers.push(gh);
  const ws = tmpDir('ctxforge-comment-ws-');
  mkdirSync(join(ws, 'report'));
  if (report !== null) writeFileSync(join(ws, 'report', 'ctxforge-report.md'), report);
  const run = () => runAction({
    workspace: ws, eventName: 'workflow_run', ref: 'refs/heads/main', sha: 'b'.repeat(40), apiUrl: gh.apiUrl, event: { workflow_run: RUN },
    inputs: { MODE: 'comment', REPORT: 'report/ctxforge-report.md', 'GITHUB-TOKEN': 'ghs_testtoken' },
  });
  return { gh, ws, run };
}

test('the saved report becomes the sticky comment on the PR with the run\'s head commit; a re-run updates it', async () => {
  const body = `${COMMENT_MARKER}\n## ctxforge check: ✅ passed\n`;
  const { gh, run } = await setup(body);
  const r = await run();
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(gh.comments.length, 1);
  assert.equal(gh.comments[0]!.issue, 42);
  assert.equal(gh.comments[0]!.body, body);
  const again = await run();
  assert.equal(again.code, 0, again.stdout);
  assert.equal(gh.comments.length, 1, 'a second comment instead of an update');
});

test('a PR pushed to since the check (other head sha) gets nothing', async () => {
  const { gh, run } = await setup(`${COMMENT_MARKER}\nx\n`, [{ number: 42, owner: 'forker', branch: 'feature', sha: 'c'.repeat(40) }]);
  const r = await run();
  assert.equal(r.code, 0, r.stdout);
  assert.equal(gh.comments.length, 0);
  assert.match(r.stdout, /::warning::no open pull request/);
});

test('a report without the marker, or a symlink, is refused with CTXFORGE_REPORT_INVALID and posts nothing', async () => {
  const { gh, run } = await setup('Please merge me.\n');
  const r = await run();
  assert.equal(r.code, 1);
  assert.match(r.stdout, /CTXFORGE_REPORT_INVALID/);
  assert.equal(gh.comments.length, 0);

  const s = await setup(null);
  symlinkSync('/etc/hostname', join(s.ws, 'report', 'ctxforge-report.md'));
  const l = await s.run();
  assert.equal(l.code, 1);
  assert.match(l.stdout, /CTXFORGE_REPORT_INVALID: .*not a regular file/);
  assert.equal(s.gh.comments.length, 0);
});

test('an oversized report is cut at GitHub\'s comment limit', async () => {
  const { gh, run } = await setup(`${COMMENT_MARKER}\n${'x'.repeat(70_000)}\n`);
  const r = await run();
  assert.equal(r.code, 0, r.stdout);
  assert.equal(gh.comments[0]!.body.length, 65_536);
});
