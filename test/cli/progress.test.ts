// Progress on a terminal: shown on a real pseudo-terminal (script(1)), never when piped or with --json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { formatProgress, setProgressSink, startProgress } from '../../src/core/progress.js';
import { spawnCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { builtCli } from '../helpers/built.js';

function workdir(docs: number): string {
  const dir = tmpDir();
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019b76da-ce66-7729-aaa5-c31beafbbf00', name: 'Progress' }, release: { version: '1.0.0', created_at: '2026-01-01T00:00:00Z' }, capabilities: {} }, null, 2),
  };
  for (let i = 0; i < docs; i++) {
    const id = `019b76da-ce66-7729-aaa5-${(0xc31beafb0000 + i + 1).toString(16).padStart(12, '0')}`;
    files[`knowledge/d${i}.md`] = `---\ntype: Reference\noctx:\n  document_id: ${id}\n---\n# Doc ${i}\n`;
  }
  writeTree(dir, files);
  return dir;
}

test('the counter reports files done of total, bytes and rate, and clears its line at the end', () => {
  const lines: [string, boolean][] = [];
  setProgressSink({ show: (l, f) => lines.push([l, f]) }, { intervalMs: 0 });
  try {
    const p = startProgress('checking x', 3);
    p.tick(1_000_000); p.tick(1_000_000); p.tick(500_000);
    p.done();
  } finally {
    setProgressSink(null);
  }
  assert.equal(lines.at(-1)![1], true);
  assert.match(lines.at(-2)![0], /^checking x: 3\/3 files, 2\.5 MB/);
  assert.equal(formatProgress('w', 5, 10, 2e9, 2), 'w: 5/10 files, 2.00 GB 1.00 GB/s');
  // Nobody listening: no work at all.
  const quiet = startProgress('x', 1);
  quiet.tick(1); quiet.done();
});

test('on a terminal, validate shows progress on stderr; piped or with --json it shows none', () => {
  const dir = workdir(60);
  const env = { ...process.env, CTXFORGE_FROM_SOURCE: '1', CTXFORGE_PROGRESS_INTERVAL_MS: '0', CI: '' };
  delete (env as Record<string, string | undefined>).CI;
  const cmd = (extra: string) => `${JSON.stringify(process.execPath)} ${JSON.stringify(builtCli())} validate ${JSON.stringify(dir)} ${extra} 2>&1 >/dev/null`;
  // script(1) runs the command on a pseudo-terminal, as a user's shell would.
  const tty = spawnSync('script', ['-qec', cmd(''), '/dev/null'], { env, encoding: 'utf8' });
  assert.equal(tty.status, 0, tty.stdout);
  assert.match(tty.stdout, /checking .*: \d+\/60 files/);
  const ttyJson = spawnSync('script', ['-qec', cmd('--json'), '/dev/null'], { env, encoding: 'utf8' });
  assert.doesNotMatch(ttyJson.stdout, /files,/);
  const piped = spawnCli(['validate', dir], { env: { ...env } });
  assert.equal(piped.code, 0, piped.stderr);
  assert.doesNotMatch(piped.stderr, /files,|\r/);
});
