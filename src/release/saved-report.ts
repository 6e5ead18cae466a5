// `mode: comment` (the fork recipe): a check report saved by a read-only pull_request run is turned
// into the sticky comment by a workflow_run run that has a write token and checks out nothing. The
// report came from the fork's run, which the fork controls: it is JSON data (src/release/check-json.ts),
// read through a size cap, version-checked and validated, then rendered here with the same escaping
// as every other comment; nothing in it is posted as written. The pull request is found from the
// workflow_run event (GitHub's data), never from the artifact, and must still have the head commit
// the check ran on; the comment says which run reported the verdict and links it.
import { lstat, open } from 'node:fs/promises';
import { constants } from 'node:fs';
import { fail } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import { MAX_CHECK_REPORT_BYTES, readCheckReport } from './check-json.js';
import type { GitHubApi } from './github/api.js';

export type SavedReport = ReturnType<typeof readCheckReport>;

export async function readSavedReport(path: string, toolVersion: string): Promise<SavedReport> {
  const st = await lstat(path).catch(() => undefined);
  if (!st?.isFile()) fail('CTXFORGE_REPORT_INVALID', `the saved report ${path} is not a regular file`, { hint: 'download the check run\'s report artifact and name the file in the report input' }, 2);
  if (st.size > MAX_CHECK_REPORT_BYTES) fail('CTXFORGE_REPORT_INVALID', `the saved report is ${st.size} bytes, more than the ${MAX_CHECK_REPORT_BYTES} a check report may be; nothing from it is posted`);
  // Read no more than the cap, whatever the file grows to meanwhile, and never through a link.
  const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  let bytes: Buffer;
  try {
    const buf = Buffer.alloc(MAX_CHECK_REPORT_BYTES + 1);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    if (bytesRead > MAX_CHECK_REPORT_BYTES) fail('CTXFORGE_REPORT_INVALID', `the saved report is more than the ${MAX_CHECK_REPORT_BYTES} bytes a check report may be; nothing from it is posted`);
    bytes = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  const text = decodeUtf8(bytes);
  if (text === undefined) fail('CTXFORGE_REPORT_INVALID', 'the saved report is not UTF-8 text; nothing from it is posted');
  return readCheckReport(text, toolVersion);
}

export interface WorkflowRunEvent {
  workflow_run?: {
    id?: number; run_number?: number; conclusion?: string | null; event?: string;
    head_sha?: string; head_branch?: string; head_repository?: { owner?: { login?: string } };
  };
}

/** Which run reported the verdict, for the comment: its link and how GitHub says it ended. */
export interface ReportedBy {
  runUrl: string;
  /** GitHub's conclusion of that run (success, failure, …), or null while unknown. */
  conclusion: string | null;
  truncated: boolean;
}

/** The run of the event, linked in the repository the workflow runs in (GITHUB_SERVER_URL, GITHUB_REPOSITORY). */
export function reportedBy(event: WorkflowRunEvent, env: NodeJS.ProcessEnv, report: Pick<SavedReport, 'truncated'>): ReportedBy {
  const run = event.workflow_run;
  const id = run?.id;
  if (!Number.isSafeInteger(id) || (id as number) <= 0) fail('CTXFORGE_REPORT_INVALID', 'the workflow_run event has no run id to link', {}, 2);
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const repo = env.GITHUB_REPOSITORY ?? '';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo)) fail('CTXFORGE_REPORT_INVALID', 'GITHUB_REPOSITORY is not owner/name', {}, 2);
  const conclusion = typeof run?.conclusion === 'string' && /^[a-z_]{1,32}$/.test(run.conclusion) ? run.conclusion : null;
  return { runUrl: `${server}/${repo}/actions/runs/${id}`, conclusion, truncated: report.truncated };
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

