// Shared by the Action tests: real git repositories holding OCTX, ctxpkg and cartridge source trees,
// and the Action entry (built from the current sources, helpers/built.ts) run as a child process with
// the environment a GitHub runner gives it.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { actionCommand } from '../helpers/built.js';
import { signingKeyFromSeed } from '../../src/core/keys.js';

export const SEED = '4c1f0e9a2b3d5c7e9f8a6b4c2d0e1f3a5b7c9d8e6f4a2b0c1d3e5f7a9b8c6d4e';
export const SIGNER = signingKeyFromSeed(Buffer.from(SEED, 'hex'));
/** The key as a user stores it in the CTXFORGE_SIGNING_KEY secret. */
export const PEM = SIGNER.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

export interface Doc {
  id: string;
  title: string;
  text?: string;
}

export function octxFiles(version: string, docs: Doc[], assetId = '019c0000-0000-7000-8000-0000000000aa'): Record<string, string> {
  const files: Record<string, string> = {
    'manifest.json': `${JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: assetId, name: 'Guide' }, release: { version } }, null, 2)}\n`,
  };
  for (const d of docs) {
    files[`knowledge/${d.title.toLowerCase()}.md`] = `---\ntype: Reference\ntitle: ${d.title}\noctx:\n  document_id: ${d.id}\n---\n\n# ${d.title}\n\n${d.text ?? 'Text.'}\n`;
  }
  return files;
}

export const ALPHA: Doc = { id: '019c0000-0000-7000-8000-0000000000a1', title: 'Alpha' };
export const BETA: Doc = { id: '019c0000-0000-7000-8000-0000000000b2', title: 'Beta' };

/** A ctxpkg source tree: two nodes joined by an edge; `broken` adds a node with an out-of-range activation (line 4). */
export function ctxpkgFiles(version: string, o: { broken?: boolean } = {}): Record<string, string> {
  const files: Record<string, string> = {
    'ctxpkg.yaml': `name: "@acme/kb"\nversion: ${version}\ndescription: Payments knowledge for coding agents\nconformance_level: 2\ndependencies: []\n`,
    'nodes/fact-retries.md': '---\nid: fact-retries\ntype: fact\nedges:\n  - to: decision-idempotency\n    type: related_to\n---\nRetries reuse the idempotency key.\n',
    'nodes/decision-idempotency.md': '---\nid: decision-idempotency\ntype: decision\n---\nEvery charge carries an idempotency key.\n',
  };
  if (o.broken) files['nodes/gotcha-double-charge.md'] = '---\nid: gotcha-double-charge\ntype: gotcha\nactivation: 7\n---\nA new key per retry charges twice.\n';
  return files;
}

export const SKILL_MD = '---\nname: hello\ndescription: Greets the user and explains what this cartridge contains. Use when asked what the agent can do.\nlicense: Apache-2.0\n---\n\n# Hello\n\nSay hello.\n';

/** An Agent Cartridge source tree: one skill and one knowledge note; builds to helper-<version>.acx. */
export function acxFiles(version: string): Record<string, string> {
  return {
    'cartridge.yaml': `publisher: io.github.acme\nartifact: helper\nversion: ${version}\nuuid: 019c0000-0000-7000-8000-0000000000cc\n`
      + 'description: A small cartridge with one skill and one knowledge note.\nlicense: Apache-2.0\ntags: [test]\nembedding_engine: {id: local-hash-128, dim: 128}\n',
    'skills/hello/SKILL.md': SKILL_MD,
    'knowledge/overview.md': '# Overview\n\nWhat this agent knows.\n',
  };
}

/** A repository with the package in `guide/`, committed at a fixed date. */
export function makeRepo(files: Record<string, string>, pkgDir = 'guide'): string {
  return makeRepoOf({ [pkgDir]: files });
}

/** A repository with one source tree per folder (and `extra` files at the root), in one commit. */
export function makeRepoOf(trees: Record<string, Record<string, string>>, extra: Record<string, string> = {}): string {
  const dir = initRepo(tmpDir('ctxforge-action-'));
  for (const [pkgDir, files] of Object.entries(trees)) writeTree(dir, Object.fromEntries(Object.entries(files).map(([p, c]) => [`${pkgDir}/${p}`, c])));
  writeTree(dir, extra);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'initial']);
  return dir;
}

export function commitAll(dir: string, message: string, date = '2026-02-01T00:00:00Z'): string {
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message], { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  return git(dir, ['rev-parse', 'HEAD']).trim();
}

export function replaceTree(dir: string, pkgDir: string, files: Record<string, string>): void {
  git(dir, ['rm', '-rq', pkgDir]);
  writeTree(dir, Object.fromEntries(Object.entries(files).map(([p, c]) => [`${pkgDir}/${p}`, c])));
}

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  runnerTemp: string;
}

/** Parses GITHUB_OUTPUT (`name<<delimiter … delimiter` blocks, as @actions/core writes them). */
export function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i]!.match(/^([^<=]+)<<(.+)$/);
    if (m) {
      const end = lines.indexOf(m[2]!, i + 1);
      out[m[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const k = lines[i]!.slice(0, lines[i]!.indexOf('='));
      out[k] = lines[i]!.slice(k.length + 1);
    }
  }
  return out;
}

export interface RunOptions {
  workspace: string;
  eventName: string;
  event: unknown;
  ref: string;
  sha: string;
  apiUrl?: string;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** Runs this instead of action/main.ts from source (the bundled Action: [node24, .../index.js]). */
  command?: [string, ...string[]];
}

/** Runs action/main.ts as a process, with the variables a runner sets and INPUT_* as GitHub spells them. */
export function runAction(o: RunOptions): Promise<ActionRun> {
  const runnerTemp = tmpDir('ctxforge-runner-');
  const eventPath = join(runnerTemp, 'event.json');
  const outputPath = join(runnerTemp, 'output');
  const summaryPath = join(runnerTemp, 'summary.md');
  writeFileSync(eventPath, JSON.stringify(o.event));
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  mkdirSync(join(runnerTemp, 'tmp'), { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: runnerTemp, CI: 'true', GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: o.eventName, GITHUB_EVENT_PATH: eventPath, GITHUB_REF: o.ref, GITHUB_SHA: o.sha,
    GITHUB_REPOSITORY: 'acme/knowledge', GITHUB_WORKSPACE: o.workspace, GITHUB_OUTPUT: outputPath, GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_API_URL: o.apiUrl ?? 'http://127.0.0.1:9', GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '777', GITHUB_RUN_ATTEMPT: '1',
    RUNNER_TEMP: join(runnerTemp, 'tmp'), CTXFORGE_RETRY_BASE_MS: '5',
    ...Object.fromEntries(Object.entries(o.inputs ?? {}).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    ...(o.env ?? {}),
  };
  return new Promise((resolveRun, reject) => {
    const [cmd, ...args] = o.command ?? actionCommand();
    const child = spawn(cmd, args, { cwd: o.workspace, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      resolveRun({
        code: code ?? -1, stdout, stderr, runnerTemp,
        outputs: parseOutputs(readFileSync(outputPath, 'utf8')),
        summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '',
      });
    });
  });
}

/** A tag push of `tag` (at HEAD of `dir`) running the Action in release mode with the test key. */
export function releaseTag(apiUrl: string, dir: string, tag: string, inputs: Record<string, string> = {}, env?: Record<string, string>): Promise<ActionRun> {
  const sha = git(dir, ['rev-parse', 'HEAD']).trim();
  return runAction({
    workspace: dir, eventName: 'push', event: { ref: `refs/tags/${tag}`, after: sha }, ref: `refs/tags/${tag}`, sha, apiUrl, env,
    inputs: { 'SIGNING-KEY': PEM, 'GITHUB-TOKEN': 'ghs_testtoken', ...inputs },
  });
}
