// Shared fixtures for the cartridge tests: build the example tree, copy and mutate cartridges.
import { cpSync, copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openFile, type SqliteDb } from '../../src/core/sqlite.js';
import { repoRoot, runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

export const EXAMPLE = join(repoRoot, 'working-dir-example', 'acx');
export const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
export const EPOCH = '1767225600';

export function copyExample(): string {
  const d = join(tmpDir('acx-src-'), 'src');
  cpSync(EXAMPLE, d, { recursive: true });
  return d;
}

export async function build(src: string, ...extra: string[]): Promise<{ file: string; code: number; stdout: string; stderr: string }> {
  const out = tmpDir('acx-out-');
  const r = await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, ...extra]);
  const files = readdirSync(out).filter((f) => f.endsWith('.acx'));
  return { file: files[0] ? join(out, files[0]) : '', ...r };
}

export async function buildExample(...extra: string[]): Promise<string> {
  const r = await build(EXAMPLE, '--key', SEED, ...extra);
  if (r.code !== 0) throw new Error(`build failed: ${r.stderr}${r.stdout}`);
  return r.file;
}

/** A writable copy of `file`, changed by `sql` (or a function) through the SQLite adapter (either engine). */
export function mutate(file: string, change: string | ((db: SqliteDb) => void)): string {
  const copy = join(tmpDir('acx-mut-'), 'mutated.acx');
  copyFileSync(file, copy);
  const db = openFile(copy);
  try {
    if (typeof change === 'string') db.exec(change);
    else change(db);
  } finally {
    db.close();
  }
  return copy;
}

export async function verifyJson(file: string, ...extra: string[]) {
  const r = await runCli(['verify', file, '--json', ...extra]);
  const doc = JSON.parse(r.stdout) as { results: Array<{ valid: boolean; details: Record<string, unknown>; diagnostics: Array<{ code: string; severity: string; message: string; file?: string; line?: number }> }> };
  return { code: r.code, result: doc.results[0]!, details: doc.results[0]!.details, codes: doc.results[0]!.diagnostics.map((d) => d.code) };
}
