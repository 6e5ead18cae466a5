// The one way ctxforge runs the git CLI, on a repository that may be a stranger's: no command the
// repository's config names may run. Each call turns off what git would otherwise execute —
// core.fsmonitor, hooks (core.hooksPath), the pager and external diff, signature checks
// (log.showSignature → gpg.program), credential helpers and askpass, the transport's programs
// (remote.*.uploadpack, core.sshCommand, core.gitProxy, ext:: URLs), submodule recursion — and
// callers avoid the commands that run clean/smudge/process filters (status: src/repo/ignored.ts
// reads it through the library instead, or names each filter the attributes use as empty). No call
// produces a diff, so diff.external never applies (GIT_EXTERNAL_DIFF is dropped all the same; an
// empty diff.external is not "off" to git, it is a program named "").
import { execFile, spawn, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `-c` settings that keep git from running anything a repository's config (or .gitattributes) names. */
export const NEUTRAL_CONFIG: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.askPass=',
  'core.sshCommand=ssh',
  'core.gitProxy=',
  'core.untrackedCache=false',
  'credential.helper=',
  'log.showSignature=false',
  // Transports: only the ordinary ones; a remote helper (`foo::url` runs git-remote-foo) or ext:: is refused.
  'protocol.allow=never',
  'protocol.https.allow=always',
  'protocol.http.allow=always',
  'protocol.ssh.allow=always',
  'protocol.git.allow=always',
  'protocol.file.allow=always',
  'protocol.ext.allow=never',
  // (remote.<name>.uploadpack cannot be overridden here — git keeps the first one given — so a
  // fetch passes --upload-pack itself.)
  'submodule.recurse=false',
  'fetch.recurseSubmodules=false',
  'status.submoduleSummary=false',
  'diff.ignoreSubmodules=all',
];

/** The arguments and environment for one neutralised call: settings first, then the command. */
export function neutralGit(args: readonly string[], env: NodeJS.ProcessEnv = process.env, extraConfig: readonly string[] = []): { args: string[]; env: NodeJS.ProcessEnv } {
  const clean: NodeJS.ProcessEnv = { ...env };
  // Environment that would name a program, or point git at another repository or config.
  for (const k of ['GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'PAGER', 'GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PROXY_COMMAND', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR']) delete clean[k];
  clean.GIT_TERMINAL_PROMPT = '0';
  clean.GIT_PAGER = 'cat';
  clean.GIT_OPTIONAL_LOCKS = '0';
  return { args: ['--no-pager', ...[...NEUTRAL_CONFIG, ...extraConfig].flatMap((c) => ['-c', c]), ...args], env: clean };
}

export interface GitRunOptions {
  encoding?: 'utf8';
  maxBuffer?: number;
  timeout?: number;
  env?: NodeJS.ProcessEnv;
  /** More `-c` settings for this call (e.g. a filter driver named empty). */
  config?: readonly string[];
}

/** Runs `git args` in `cwd`, neutralised; rejects on a non-zero exit like execFile. */
export async function execGit(cwd: string, args: readonly string[], o: GitRunOptions = {}): Promise<string> {
  const n = neutralGit(args, o.env ?? process.env, o.config ?? []);
  const { stdout } = await run('git', n.args, { cwd, env: n.env, encoding: 'utf8', maxBuffer: o.maxBuffer ?? 256 * 1024 * 1024, ...(o.timeout ? { timeout: o.timeout } : {}) });
  return stdout;
}

/** As execGit, with `input` on stdin (e.g. `check-attr --stdin`). */
export function execGitInput(cwd: string, args: readonly string[], input: string, o: GitRunOptions = {}): Promise<string> {
  const n = neutralGit(args, o.env ?? process.env, o.config ?? []);
  return new Promise((resolveRun, reject) => {
    const child = spawn('git', n.args, { cwd, env: n.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (c: Buffer) => { size += c.length; if (size <= (o.maxBuffer ?? 256 * 1024 * 1024)) out.push(c); });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveRun(Buffer.concat(out).toString('utf8')) : reject(new Error(`git ${args[0]} exited with ${code}`))));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** Exit status of a neutralised `git args` in `cwd` (null when git cannot be run), synchronously. */
export function gitStatusSync(cwd: string, args: readonly string[], timeout = 10_000): number | null {
  const n = neutralGit(args);
  const r = spawnSync('git', n.args, { cwd, env: n.env, stdio: 'ignore', timeout });
  return r.error ? null : r.status;
}
