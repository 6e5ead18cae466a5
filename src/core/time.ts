// Build time for reproducible outputs: an explicit epoch, SOURCE_DATE_EPOCH, or the commit time of the
// source in git; never the wall clock.
import { fail } from './diagnostics.js';
import { execGit } from './git-exec.js';

export function parseEpoch(v: string | number, what: string): number {
  const s = String(v).trim();
  if (!/^\d{1,12}$/.test(s)) fail('CTXFORGE_USAGE', `${what} must be a whole number of seconds since 1970, got ${JSON.stringify(String(v))}`, {}, 2);
  return Number(s);
}

/** Commit time (seconds) of the last commit touching `dir`, or null outside git. */
export async function gitCommitTime(dir: string): Promise<number | null> {
  try {
    // Neutralised: a stranger's log.showSignature would run its gpg.program on a signed commit.
    const stdout = await execGit(dir, ['log', '-1', '--no-show-signature', '--format=%ct', '--', '.']);
    const s = stdout.trim();
    return s ? Number(s) : null;
  } catch {
    return null;
  }
}

export async function resolveEpoch(opts: { epoch?: number | string; dir?: string; sourceTime?: () => Promise<number | null>; env?: NodeJS.ProcessEnv }): Promise<number> {
  if (opts.epoch !== undefined && opts.epoch !== '') return parseEpoch(opts.epoch, '--source-date-epoch');
  const env = opts.env ?? process.env;
  if (env.SOURCE_DATE_EPOCH !== undefined && env.SOURCE_DATE_EPOCH !== '') return parseEpoch(env.SOURCE_DATE_EPOCH, 'SOURCE_DATE_EPOCH');
  if (opts.dir) {
    const t = await gitCommitTime(opts.dir);
    if (t !== null) return t;
  }
  if (opts.sourceTime) {
    const t = await opts.sourceTime();
    if (t !== null) return t;
  }
  fail('CTXFORGE_EPOCH_MISSING',
    'no build time: pass --source-date-epoch N, set SOURCE_DATE_EPOCH, or build from a directory committed in git',
    { hint: 'builds never use the wall clock, so that the same source gives the same bytes' }, 2);
}

/** Seconds → "YYYY-MM-DDTHH:MM:SSZ" (UTC). */
export function isoSeconds(epoch: number): string {
  return new Date(epoch * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
