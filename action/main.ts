// The GitHub Action's entry: inputs and event → src/release (check or release) → annotations, job
// summary, outputs, exit status. No release or check logic of its own.
import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DiagnosticError, type Diagnostic } from '../src/core/diagnostics.js';
import { loadSigningKey, type SigningKey } from '../src/core/keys.js';
import { resultsText } from '../src/core/report.js';
import { writeFileAtomic } from '../src/core/atomic.js';
import { breakLegacy, escapeControls, escapeData, neutralizeCommands } from '../src/core/log-safe.js';
import { runRelease, ReleaseFailure, type ReleaseResult } from '../src/release/index.js';
import { runCheck, parseFailOn, type CheckResult } from '../src/release/check.js';
import { checkMarkdown, commentBody, COMMENT_MARKER, lockDiagnostics, repoPath, sarifLog, summaryBody } from '../src/release/check-report.js';
import { mdCodeCell, mdText } from '../src/core/markdown-safe.js';
import { maxBump } from '../src/release/collab.js';
import { listPackages } from '../src/release/list.js';
import { pullRequestOfRun, readSavedReport, reportedBy, type WorkflowRunEvent } from '../src/release/saved-report.js';
import { checkReportJson } from '../src/release/check-json.js';
import { omittedNote, pickAnnotations, type AnnotationLevel } from '../src/release/annotations.js';
import { sha256sums } from '../src/release/checksums.js';
import { GitHubApi } from '../src/release/github/api.js';
import { GitHubError } from '../src/release/github/http.js';
import { boolInput, dropInput, input, triInput } from './inputs.js';
import { eventSha } from '../src/git/event-sha.js';

const VERSION = '0.1.0';

interface Event {
  pull_request?: { number: number; base: { sha: string; ref?: string }; head: { sha: string } };
  before?: string;
  number?: number;
}

function readEvent(): Event {
  const p = process.env.GITHUB_EVENT_PATH;
  if (!p) return {};
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as Event;
  } catch {
    return {};
  }
}

function modeOf(eventName: string, ref: string): 'check' | 'release' | 'list' | 'comment' {
  const m = input('mode');
  if (m === 'check' || m === 'release' || m === 'list' || m === 'comment') return m;
  if (m) throw new Error(`input mode must be check, release, list or comment, got ${JSON.stringify(m)}`);
  return eventName === 'push' && ref.startsWith('refs/tags/') ? 'release' : eventName === 'release' ? 'release' : 'check';
}

/**
 * core.info writes its text as it is; every line of ours that holds content goes through here, so a
 * name or key cannot put a workflow command at the start of a line (annotations and setFailed are
 * escaped by @actions/core itself).
 */
function info(text: string): void {
  core.info(neutralizeCommands(escapeControls(text)));
}

function annotate(pkgPath: string, d: Diagnostic): void {
  // @actions/core escapes a property's `%`, CR, LF, `:` and `,`; a `##[` in a file name is ours to break.
  const at = repoPath(pkgPath, d.file);
  const file = at === undefined ? undefined : breakLegacy(at);
  const props: core.AnnotationProperties = { title: d.code, ...(file ? { file } : {}), ...(d.line ? { startLine: d.line } : {}), ...(d.column ? { startColumn: d.column } : {}) };
  const msg = escapeControls(d.hint ? `${d.message} (hint: ${d.hint})` : d.message);
  if (d.severity === 'error') core.error(msg, props);
  else if (d.severity === 'warning') core.warning(msg, props);
  else core.notice(msg, props);
}

function levelOf(d: Diagnostic): AnnotationLevel {
  return d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
}

function token(): string {
  const t = input('github-token') || process.env.GITHUB_TOKEN || '';
  if (t) core.setSecret(t);
  return t;
}

/** CTXFORGE_RETRY_BASE_MS shortens backoff (tests; impatient self-hosted setups). */
function retryTuning(): { baseMs: number } | undefined {
  const v = Number(process.env.CTXFORGE_RETRY_BASE_MS);
  return Number.isFinite(v) && v > 0 ? { baseMs: v } : undefined;
}

/** The `config` input, resolved against the repository root as a workflow author writes it. */
function configInput(workspace: string): string | undefined {
  const c = input('config');
  return c ? resolve(workspace, c) : undefined;
}

function apiUrl(): string {
  return process.env.GITHUB_API_URL || 'https://api.github.com';
}

/** The signing key, masked and removed from the environment; parsed in memory, never written to disk. */
function signingKey(): SigningKey | undefined {
  const raw = input('signing-key');
  dropInput('signing-key');
  if (!raw) return undefined;
  core.setSecret(raw);
  // The runner masks line by line, so a PEM's body lines are registered one by one as well.
  for (const line of raw.split(/\r?\n/)) if (line.trim().length >= 16 && !line.startsWith('-----')) core.setSecret(line.trim());
  return loadSigningKey('env:SIGNING_KEY', { env: { SIGNING_KEY: raw } });
}

async function stickyComment(api: GitHubApi, pr: number, body: string): Promise<void> {
  try {
    // Only a comment this token wrote is ours to update: anyone can post one holding the marker
    // (the PR author, to have the verdict edited into their comment, or to hide it).
    const me = await api.viewer();
    // An app's `[bot]` login cannot be taken by a user; its id differs between github.com and GHES.
    const isMe = (u: { login: string; id: number } | null | undefined) => !!u && u.login === me.login && (me.login.endsWith('[bot]') || u.id === me.id);
    const mine = (await api.listIssueComments(pr)).find((c) => c.body.includes(COMMENT_MARKER) && isMe(c.user));
    if (mine) await api.updateIssueComment(mine.id, body);
    else await api.createIssueComment(pr, body);
  } catch (e) {
    // A fork's pull_request token is read-only: the job summary carries the same report.
    if (e instanceof GitHubError && (e.status === 403 || e.status === 404)) {
      core.warning(`could not write the PR comment (${e.status}: the token is read-only, as on pull requests from forks); the report is in the job summary`);
      return;
    }
    throw e;
  }
}

/** mode comment: post a report saved by a fork's read-only check run (src/release/saved-report.ts). */
async function commentSaved(workspace: string): Promise<number> {
  const t = token();
  if (!t || !input('report')) throw new Error('mode comment needs github-token (pull-requests: write) and report (the saved report file)');
  const event = readEvent() as WorkflowRunEvent;
  const saved = await readSavedReport(resolve(workspace, input('report')), VERSION);
  // Rendered here, from data, with the escaping of every other comment; the run that reported it is named.
  const body = commentBody(saved, reportedBy(event, process.env, saved));
  const api = new GitHubApi(t, apiUrl(), process.env.GITHUB_REPOSITORY ?? '', retryTuning());
  const pr = await pullRequestOfRun(api, event);
  if (pr === null) {
    core.warning('no open pull request has the head commit the check ran on (closed, or pushed to since); nothing posted');
    return 0;
  }
  await stickyComment(api, pr, body);
  info(`posted the check report of run ${reportedBy(event, process.env, saved).runUrl} on pull request #${pr}`);
  return 0;
}

/** The commit whose config decides a check or a list: a PR's base, a push's `before` (all zeros: a new branch, none). */
function baseOf(event: Event): string | null {
  const pr = event.pull_request;
  const zero = /^0+$/;
  const before = pr ? undefined : event.before;
  const base = pr ? eventSha(pr.base?.sha, 'pull_request.base.sha') : before && !zero.test(before) ? eventSha(before, 'before') : null;
  if (pr) eventSha(pr.head?.sha, 'pull_request.head.sha');
  return base;
}

/**
 * mode list: the matrix of packages, decided like the check's packages (src/release/list.ts). On a
 * pull request without its base commit it fails closed; on a push a missing `before` is a warning.
 */
async function list(workspace: string, event: Event): Promise<number> {
  const r = await listPackages({ cwd: workspace, path: input('path') || undefined, config: configInput(workspace), base: baseOf(event), requireBase: !!event.pull_request });
  for (const n of r.notes) annotate('.', n);
  core.setOutput('packages', JSON.stringify(r.packages));
  info(r.packages.map((p) => `${p.path} (${p.format} ${p.version || 'not at the head'})`).join('\n'));
  return 0;
}

async function check(workspace: string, event: Event): Promise<number> {
  const failOn = parseFailOn(input('fail-on'));
  const pr = event.pull_request;
  const base = baseOf(event);
  const r: CheckResult = await runCheck({ cwd: workspace, base, path: input('path') || undefined, config: configInput(workspace), failOn });
  info(resultsText(r.packages.map((p) => ({ path: p.path, format: p.format, valid: p.valid, diagnostics: p.diagnostics }))));
  // Annotations are capped per step (src/release/annotations.ts); the summary always has every diagnostic.
  const picked = pickAnnotations<() => void>([
    ...r.packages.flatMap((p) => p.diagnostics.map((d) => ({ level: levelOf(d), file: repoPath(p.path, d.file) || undefined, item: () => annotate(p.path, d) }))),
    ...r.notes.map((n) => ({ level: levelOf(n), file: n.file, item: () => annotate('.', n) })),
    ...(r.lock ? lockDiagnostics(r.lock) : []).map((d) => ({ level: levelOf(d), file: d.file, item: () => annotate('.', d) })),
    ...r.packages.flatMap((p) => p.findings.filter((f) => f !== 'invalid package').map((f) => ({ level: 'error' as const, item: () => core.error(escapeControls(`${p.name}: ${f}`), { title: 'ctxforge check' }) }))),
  ]);
  for (const a of picked.shown) a.item();
  await writeSummary(omittedNote(picked.omitted) + checkMarkdown(r));
  const sarif = input('sarif');
  // Through a temp file and a rename, refused when the path is or passes through a symlink: the
  // workspace is the pull request's checkout, and it can commit `ctxforge.sarif -> anywhere`.
  if (sarif) await writeFileAtomic(resolve(workspace, sarif), `${JSON.stringify(sarifLog(r, VERSION), null, 2)}\n`, 0o644, workspace);
  const report = input('report');
  // Data, not Markdown: the comment side validates it and renders the comment itself (fork recipe).
  if (report) await writeFileAtomic(resolve(workspace, report), checkReportJson(r, VERSION), 0o644, workspace);
  if (pr && boolInput('comment', false)) {
    const t = token();
    if (!t) core.warning('comment: true needs github-token');
    else await stickyComment(new GitHubApi(t, apiUrl(), process.env.GITHUB_REPOSITORY ?? ''), pr.number, commentBody(r));
  }
  core.setOutput('valid', String(r.valid));
  core.setOutput('required-bump', r.required_bump);
  core.setOutput('artifacts', '[]');
  core.setOutput('digests', '');
  core.setOutput('release-url', '');
  if (r.failed) {
    const why = r.packages.filter((p) => p.findings.length).map((p) => `${p.name} (${p.findings.join('; ')})`);
    if (r.lock?.failed) why.push(`the lock review (${[...new Set(r.lock.findings.filter((f) => f.fails).map((f) => f.kind))].join(', ')})`);
    if (!why.length) why.push(r.notes.filter((n) => n.severity === 'error').map((n) => n.code)[0] ?? 'the config');
    core.setFailed(escapeControls(`ctxforge check failed: ${why.join(', ')}`));
    return 1;
  }
  return 0;
}

/** Outside a runner (local rehearsal) there is no job summary; that is not a failure. */
async function writeSummary(md: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) {
    info(md);
    return;
  }
  await core.summary.addRaw(summaryBody(md), true).write();
}

function releaseMarkdown(r: ReleaseResult): string {
  const lines = [`## ctxforge release ${mdText(r.tag)}${r.release ? (r.release.draft ? ' (draft)' : '') : r.dry_run ? ' (dry run)' : ''}`, ''];
  if (r.release) lines.push(`Release: ${r.release.url}`, '', `Uploaded ${r.release.uploaded.length}, kept ${r.release.kept.length}, replaced ${r.release.replaced.length}.`, '');
  lines.push('| asset | sha256 | bytes |', '|---|---|---|');
  for (const a of r.artifacts) lines.push(`| ${mdCodeCell(a.name)} | \`${a.sha256}\` | ${a.size} |`);
  lines.push('');
  for (const d of r.diffs) lines.push(d.markdown.trimEnd(), '');
  return lines.join('\n');
}

async function release(workspace: string): Promise<number> {
  const key = signingKey();
  const t = token();
  const dryRun = boolInput('dry-run', false);
  const repository = process.env.GITHUB_REPOSITORY ?? '';
  if (!dryRun && (!t || !repository)) throw new Error('release mode needs github-token and GITHUB_REPOSITORY (or dry-run: true)');
  const makeLatest = input('make-latest');
  if (makeLatest && !['true', 'false', 'legacy'].includes(makeLatest)) throw new Error('input make-latest must be true, false or legacy');
  const outDir = join(process.env.RUNNER_TEMP || tmpdir(), 'ctxforge-dist');
  let r: ReleaseResult;
  try {
    r = await runRelease({
      cwd: workspace, outDir, dryRun, key, path: input('path') || undefined, config: configInput(workspace),
      github: t && repository ? {
        token: t, repository, apiUrl: apiUrl(), draft: boolInput('draft', false), prerelease: triInput('prerelease'),
        makeLatest: (makeLatest || undefined) as 'true' | 'false' | 'legacy' | undefined, overwrite: boolInput('overwrite', false),
        retry: retryTuning(),
      } : undefined,
      // ctxforge.yaml's oci: on ghcr.io takes the job's token, for ghcr.io only (docs/registries.md).
      ...(t ? { ociCredentials: { host: 'ghcr.io', username: process.env.GITHUB_ACTOR || 'x-access-token', password: t } } : {}),
      log: (s) => info(escapeData(s)),
    });
  } catch (e) {
    if (e instanceof ReleaseFailure) for (const v of e.validation) for (const d of v.diagnostics) annotate(v.path, d);
    core.setOutput('valid', String(!(e instanceof ReleaseFailure && e.validation.some((v) => !v.valid))));
    throw e;
  }
  for (const w of r.warnings) core.warning(escapeControls(w.message));
  const required = r.diffs.reduce((b, d) => maxBump(b, d.result.required_bump), 'none' as ReturnType<typeof maxBump>);
  core.setOutput('valid', 'true');
  core.setOutput('artifacts', JSON.stringify(r.artifacts.map((a) => ({ name: a.name, path: a.path, kind: a.kind, sha256: a.sha256, size: a.size }))));
  core.setOutput('digests', sha256sums(r.artifacts.filter((a) => a.kind !== 'notes')));
  core.setOutput('required-bump', required);
  core.setOutput('release-url', r.release?.url ?? '');
  await writeSummary(releaseMarkdown(r));
  return 0;
}

export async function main(): Promise<number> {
  const eventName = process.env.GITHUB_EVENT_NAME ?? '';
  const workspace = resolve(process.env.GITHUB_WORKSPACE || process.cwd());
  try {
    const mode = modeOf(eventName, process.env.GITHUB_REF ?? '');
    core.info(`ctxforge ${VERSION}: ${mode} (${eventName || 'no event'})`);
    if (mode === 'list') return await list(workspace, readEvent());
    if (mode === 'comment') return await commentSaved(workspace);
    return mode === 'release' ? await release(workspace) : await check(workspace, readEvent());
  } catch (e) {
    if (e instanceof DiagnosticError) {
      // Each diagnostic with a place (a config file's line) is an annotation on it; setFailed says why the step failed.
      for (const d of e.all) if (d.file) annotate('.', d);
      core.setFailed(escapeControls(`${e.diagnostic.code}: ${e.message}${e.diagnostic.hint ? ` (hint: ${e.diagnostic.hint})` : ''}`));
      // A bad event payload is a usage problem, not a finding.
      if (e.diagnostic.code === 'CTXFORGE_EVENT_SHA_INVALID') return 2;
    } else core.setFailed(escapeControls((e as Error).message));
    return 1;
  }
}

process.exitCode = await main();
