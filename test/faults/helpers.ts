// Source trees for the fault tests: a large one per format (so a build spends real time writing),
// and process helpers that run the CLI built from the current sources (helpers/built.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { builtCli, builtWorkers } from '../helpers/built.js';
import { writeTree } from '../helpers/tmp.js';

export const EPOCH = '1767225600';
export const BIN = builtCli();
export const ENV = { ...process.env, CTXFORGE_FROM_SOURCE: '1' };

/** Deterministic incompressible-looking text (STORED entries keep it at full size). */
function filler(seed: string, bytes: number): string {
  let out = '';
  let h = seed;
  while (out.length < bytes) {
    h = createHash('sha256').update(h).digest('base64');
    out += `${h}\n`;
  }
  return out.slice(0, bytes);
}

const uuid7 = (n: number) => `019a0000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

/** An OCTX working directory of `docs` documents of `size` bytes each; `variant` changes the content, not the name. */
export function bigOctx(dir: string, docs: number, size: number, variant = 0): void {
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: uuid7(1), name: 'Big Fault Package' }, release: { version: '1.0.0' } }, null, 2) + '\n',
  };
  for (let i = 0; i < docs; i++) {
    files[`knowledge/doc-${String(i).padStart(4, '0')}.md`] = `---\ntype: Reference\noctx:\n  document_id: ${uuid7(1000 + i)}\n---\n\n# Document ${i}\n\n${filler(`${variant}:${i}`, size)}\n`;
  }
  writeTree(dir, files);
}

export function bigCtxpkg(dir: string, nodes: number, size: number, variant = 0): void {
  const files: Record<string, string> = { 'ctxpkg.yaml': 'name: "@faults/big"\nversion: 1.0.0\ndescription: a large package for fault tests\ndependencies: []\n' };
  for (let i = 0; i < nodes; i++) files[`nodes/n${i}.md`] = `---\nid: node-${i}\ntype: fact\n---\n\n${filler(`${variant}:${i}`, size)}\n`;
  writeTree(dir, files);
}

export function bigAcx(dir: string, files: number, size: number, variant = 0): void {
  const t: Record<string, string> = {
    'cartridge.yaml': 'publisher: io.github.faults\nartifact: big-cartridge\nversion: 1.0.0\nuuid: 3b0d6b4e-2f57-4d6c-9a55-8f7e1a1f0c11\ndescription: A large cartridge for the fault tests.\nlicense: Apache-2.0\n',
  };
  for (let i = 0; i < files; i++) t[`knowledge/k${i}.md`] = `# K${i}\n\n${filler(`${variant}:${i}`, size)}\n`;
  writeTree(dir, t);
}

export function buildSync(src: string, out: string, extra: string[] = [], env: NodeJS.ProcessEnv = ENV) {
  const r = spawnSync(process.execPath, [BIN, 'build', src, '--out', out, '--source-date-epoch', EPOCH, ...extra], { env, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 << 20 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The same build in this process (the CLI's main through runCli, bundled workers), for the builds
 * a test only needs the result of: no process start-up. Loads the CLI on first use.
 */
export async function buildInProcess(src: string, out: string, extra: string[] = []) {
  const [{ runCli }, { useBuiltWorkers }] = await Promise.all([import('../helpers/cli.js'), import('../../src/core/worker.js')]);
  useBuiltWorkers(builtWorkers());
  return runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, ...extra], { env: ENV });
}

export function buildAsync(src: string, out: string, extra: string[] = []): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [BIN, 'build', src, '--out', out, '--source-date-epoch', EPOCH, ...extra], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => { stdout += String(d); });
  child.stderr!.on('data', (d) => { stderr += String(d); });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Files in `dir` that are the build's temp files (dot-prefixed, marked). */
export function tempFiles(dir: string): string[] {
  return readdirSync(dir).filter((n) => n.includes('.ctxforge-tmp-'));
}

/** No stack trace and no internal error in what a failing command printed. */
export const STACK = /CTXFORGE_INTERNAL|\n\s+at .*[(/].*:\d+:\d+/;
