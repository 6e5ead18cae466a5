// CTXFORGE_SQLITE names the SQLite engine to use; a value that names none is a usage error (exit 2),
// never silently "choose for me".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { sqliteBackend } from '../../src/core/sqlite.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';

test('CTXFORGE_SQLITE=bogus is a usage error naming the engines (was ignored)', async () => {
  const before = process.env.CTXFORGE_SQLITE;
  try {
    process.env.CTXFORGE_SQLITE = 'bogus';
    assert.throws(() => sqliteBackend(), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_USAGE' && e.exitCode === 2 && /node or better-sqlite3/.test(e.diagnostic.hint ?? ''));
    const root = tmpDir();
    const r = await runCli(['build', join(repoRoot, 'working-dir-example', 'acx'), '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /CTXFORGE_USAGE: CTXFORGE_SQLITE="bogus" names no SQLite engine/);
  } finally {
    if (before === undefined) delete process.env.CTXFORGE_SQLITE; else process.env.CTXFORGE_SQLITE = before;
  }
  assert.ok(['node', 'better-sqlite3'].includes(sqliteBackend()));
});
