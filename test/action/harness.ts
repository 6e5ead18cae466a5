// Shared by the Action tests: real git repositories holding OCTX packages, and the Action entry run
// as a child process with the environment a GitHub runner gives it.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { repoRoot } from '../helpers/cli.js';

// Resolved here because the child runs in a temp repository where `tsx` is not resolvable.
const TSX = import.meta.resolve('tsx');

export const SEED = '4c1f0e9a2b3d5c7e9f8a6b4c2d0e1f3a5b7c9d8e6f4a2b0c1d3e5f7a9b8c6d4e';

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

/** A repository with the package in `guide/`, committed at a fixed date. */
export function makeRepo(files: Record<string, string>, pkgDir = 'guide'): string {
  const dir = initRepo(tmpDir('ctxforge-action-'));
  writeTree(dir, Object.fromEntries(Object.entries(files).map(([p, c]) => [`${pkgDir}/${p}`, c])));
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
    const child = spawn(process.execPath, ['--import', TSX, join(repoRoot, 'action', 'main.ts')], { cwd: o.workspace, env });
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
