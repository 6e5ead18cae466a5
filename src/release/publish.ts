// Step "publish": the release's files onto a GitHub release for the tag (skipped on --dry-run).
import { warning } from '../core/diagnostics.js';
import type { Context, Step } from './context.js';
import { GitHubApi } from './github/api.js';
import { publishRelease, type LocalAsset } from './github/publish.js';
import { truncateMarkdown } from '../core/markdown-safe.js';

/** GitHub rejects release bodies over 125,000 characters. */
const MAX_RELEASE_BODY = 125_000;

function contentType(name: string): string {
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.octx')) return 'application/zip';
  if (name.endsWith('.acx')) return 'application/vnd.sqlite3';
  if (name === 'SHA256SUMS' || name.endsWith('.minisig') || name.endsWith('.pub')) return 'text/plain';
  return 'application/octet-stream';
}

export const publish: Step = {
  name: 'publish',
  skip(ctx) {
    if (ctx.opts.dryRun) return 'dry run';
    if (!ctx.opts.github) return 'no GitHub repository and token (local run)';
    return false;
  },
  async run(ctx) {
    const gh = ctx.opts.github!;
    if (!ctx.key) ctx.warnings.push(warning('CTXFORGE_RELEASE_UNSIGNED', 'publishing an unsigned release'));
    const api = new GitHubApi(gh.token, gh.apiUrl, gh.repository, gh.retry, ctx.log);
    // The notes are the release body, not a file on it.
    const assets: LocalAsset[] = ctx.artifacts.filter((a) => a.kind !== 'notes').map((a) => ({ name: a.name, path: a.path, sha256: a.sha256, size: a.size, contentType: contentType(a.name) }));
    const out = await publishRelease(api, {
      tag: ctx.tag, commit: ctx.commit, name: `${ctx.packages.map((p) => p.name).join(', ')} ${ctx.version}`,
      body: truncateMarkdown(ctx.notes ?? '', { limit: MAX_RELEASE_BODY, unit: 'chars', fullReportAt: 'RELEASE_NOTES.md, written beside the assets by the release job' }), assets, draft: !!gh.draft, prerelease: gh.prerelease ?? ctx.prerelease,
      makeLatest: gh.makeLatest ?? (ctx.prerelease ? 'false' : undefined), overwrite: !!gh.overwrite, log: ctx.log,
    });
    ctx.release = out;
  },
};
