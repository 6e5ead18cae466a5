// `mode: comment` (the fork recipe): a check report saved by a read-only pull_request run is posted
// as the sticky comment by a workflow_run run that has a write token and checks out nothing. The
// report came from the fork's run, which the fork controls: it is only ever the text of one comment,
// must carry the check's marker, and is capped at GitHub's comment size. The pull request is found
// from the workflow_run event (GitHub's data), never from the artifact, and must still have the
// head commit the check ran on.
import { lstat, readFile } from 'node:fs/promises';
import { fail } from '../core/diagnostics.js';
import { COMMENT_MARKER } from './check-report.js';
import type { GitHubApi } from './github/api.js';

/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_COMMENT_CHARS = 65_536;

export async function readSavedReport(path: string): Promise<string> {
  const st = await lstat(path).catch(() => undefined);
  if (!st?.isFile()) fail('CTXFORGE_REPORT_INVALID', `the saved report ${path} is not a regular file`, { hint: 'download the check run\'s report artifact and name the file in the report input' }, 2);
  if (st.size > MAX_COMMENT_CHARS * 4) fail('CTXFORGE_REPORT_INVALID', `the saved report is ${st.size} bytes, more than a comment can hold`);
  const body = (await readFile(path, 'utf8')).slice(0, MAX_COMMENT_CHARS);
  if (!body.startsWith(COMMENT_MARKER)) fail('CTXFORGE_REPORT_INVALID', `the saved report does not start with ${COMMENT_MARKER}; it is not a ctxforge check report`);
  return body;
}

export interface WorkflowRunEvent {
  workflow_run?: { event?: string; head_sha?: string; head_branch?: string; head_repository?: { owner?: { login?: string } } };
}

/** The open pull request the triggering run checked, or null (closed, or pushed to since). */
export async function pullRequestOfRun(api: GitHubApi, event: WorkflowRunEvent): Promise<number | null> {
  const run = event.workflow_run;
  if (!run || run.event !== 'pull_request') fail('CTXFORGE_REPORT_INVALID', 'mode comment runs on a workflow_run event of a pull_request check', { hint: 'on: workflow_run: workflows: [your check]; types: [completed]' }, 2);
  const owner = run.head_repository?.owner?.login;
  if (!owner || !run.head_branch || !run.head_sha) return null;
  const pulls = await api.openPullsByHead(`${owner}:${run.head_branch}`);
  return pulls.find((p) => p.head.sha === run.head_sha)?.number ?? null;
}
