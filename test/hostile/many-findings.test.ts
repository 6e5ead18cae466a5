// Findings as many as hostile content makes them: a document of 140,000 broken links is reported
// link by link. Before the fix `validate` appended them with push(...list), which throws RangeError
// beyond about 120,000 arguments, and exited 2 with an internal error instead of the findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { ALPHA, octxFiles } from '../action/harness.js';
import { pushAll } from '../../src/core/arrays.js';

test('validate reports 140,000 broken links of one document', async () => {
  const dir = tmpDir();
  const files = octxFiles('1.0.0', [ALPHA]);
  files['knowledge/alpha.md'] += `${Array.from({ length: 140_000 }, (_, i) => `[x](m${i}.md)`).join('\n')}\n`;
  writeTree(dir, files);
  const r = await runCli(['validate', dir, '--links', 'error', '--json']);
  assert.equal(r.code, 1, r.stderr.slice(0, 500));
  const out = JSON.parse(r.stdout) as { results: { diagnostics: { code: string }[] }[] };
  assert.equal(out.results[0]!.diagnostics.filter((d) => d.code === 'LINK_BROKEN').length, 140_000);
});

test('pushAll appends any number of items in order', () => {
  const big = Array.from({ length: 300_000 }, (_, i) => i);
  const to = pushAll([-1], big);
  assert.equal(to.length, 300_001);
  assert.equal(to[0], -1);
  assert.equal(to[300_000], 299_999);
});
