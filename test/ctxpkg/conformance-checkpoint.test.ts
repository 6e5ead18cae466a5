// ctxpkg conformance beyond the graph: a declared conformance_level states what a reader must
// support (level 2 without edges yet is valid, a warning), content a level cannot be read at is
// still refused, and the checkpoint layer newer lean-ctx versions write (content.checkpoint with
// its "checkpoint" layers entry) is read, preserved through build → import → build, and checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const EPOCH = '1767225600';
const codes = (stdout: string) => (JSON.parse(stdout).results[0].diagnostics as { code: string; severity: string }[]).map((d) => `${d.severity}:${d.code}`);

async function build(src: string) {
  const out = tmpDir();
  const r = await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--json']);
  return { r, path: r.code === 0 ? (JSON.parse(r.stdout).artifacts[0].path as string) : '' };
}

const node = (id: string, extra = '') => `---\nid: ${id}\ntype: fact\n${extra}---\nBody of ${id}\n`;

test('conformance_level 2 with no edges is valid with a warning; declared level 3 with malformed level-3 fields is refused', async () => {
  const src = tmpDir();
  writeTree(src, { 'ctxpkg.yaml': 'name: "@t/l"\nversion: 1.0.0\ndescription: d\nconformance_level: 2\n', 'nodes/a.md': node('a') });
  const v = await runCli(['validate', '--json', src]);
  assert.equal(v.code, 0, v.stdout);
  assert.ok(codes(v.stdout).includes('warning:CTXPKG_LEVEL_UNMET'), v.stdout);
  const b = await build(src);
  assert.equal(b.r.code, 0, b.r.stdout + b.r.stderr);
  const verified = await runCli(['verify', b.path, '--json']);
  assert.equal(verified.code, 0, verified.stdout);

  const bad = tmpDir();
  writeTree(bad, { 'ctxpkg.yaml': 'name: "@t/l"\nversion: 1.0.0\ndescription: d\nconformance_level: 3\n', 'nodes/a.md': node('a', 'activation: high\n'), 'nodes/b.md': node('b', 'activation: 2.5\n') });
  const vb = await runCli(['validate', '--json', bad]);
  assert.equal(vb.code, 1, vb.stdout);
  assert.ok(codes(vb.stdout).some((c) => c.startsWith('error:')), vb.stdout);
});

test('checkpoint layer: checkpoint.json becomes content.checkpoint with its layers entry, survives import → build byte for byte, and is checked', async () => {
  const src = tmpDir();
  const checkpoint = { task: 'migrate auth', step: 3, ratio: 0.5, done: ['a', 'b'], nested: { big: 12345678901234567890 } };
  writeTree(src, {
    'ctxpkg.yaml': 'name: "@t/cp"\nversion: 1.0.0\ndescription: d\n',
    'nodes/a.md': node('a'),
    'checkpoint.json': '{"task":"migrate auth","step":3,"ratio":0.5,"done":["a","b"],"nested":{"big":12345678901234567890}}\n',
  });
  const b = await build(src);
  assert.equal(b.r.code, 0, b.r.stdout + b.r.stderr);
  const text = readFileSync(b.path, 'utf8');
  const doc = JSON.parse(text);
  assert.ok(doc.manifest.layers.includes('checkpoint'));
  assert.deepEqual(Object.keys(doc.content).at(-1), 'checkpoint', 'appended after the other content members');
  assert.equal(doc.content.checkpoint.task, checkpoint.task);
  assert.match(text, /"big":12345678901234567890/, 'integers are kept exactly');
  assert.equal((await runCli(['verify', b.path, '--json'])).code, 0);

  const back = join(tmpDir(), 'src');
  const i = await runCli(['import', b.path, back, '--json']);
  assert.equal(i.code, 0, i.stderr);
  const rebuilt = await build(back);
  assert.equal(rebuilt.r.code, 0, rebuilt.r.stdout);
  assert.equal(readFileSync(rebuilt.path, 'utf8'), text, 'import → build gives the same bytes');

  // The layers entry without the content, and the content without its entry, are refused.
  const noLayer = join(tmpDir(), 'x.ctxpkg');
  writeFileSync(noLayer, text.replace('"layers":["checkpoint"]', '"layers":[]'));
  const v1 = await runCli(['verify', noLayer, '--json']);
  assert.equal(v1.code, 1, v1.stdout);
  assert.ok(codes(v1.stdout).includes('error:CTXPKG_CHECKPOINT_LAYER'), v1.stdout);
  const orphan = tmpDir();
  writeTree(orphan, { 'ctxpkg.yaml': 'name: "@t/cp"\nversion: 1.0.0\ndescription: d\nlayers: [checkpoint]\n', 'nodes/a.md': node('a') });
  const v2 = await runCli(['validate', '--json', orphan]);
  assert.equal(v2.code, 1);
  assert.ok(codes(v2.stdout).includes('error:CTXPKG_CHECKPOINT_LAYER'), v2.stdout);
  const notObject = tmpDir();
  writeTree(notObject, { 'ctxpkg.yaml': 'name: "@t/cp"\nversion: 1.0.0\ndescription: d\n', 'nodes/a.md': node('a'), 'checkpoint.json': '[1, 2]\n' });
  const v3 = await runCli(['validate', '--json', notObject]);
  assert.equal(v3.code, 1);
  assert.ok(codes(v3.stdout).includes('error:CTXPKG_CHECKPOINT_INVALID'), v3.stdout);
  const broken = tmpDir();
  writeTree(broken, { 'ctxpkg.yaml': 'name: "@t/cp"\nversion: 1.0.0\ndescription: d\n', 'nodes/a.md': node('a'), 'checkpoint.json': '{"a":1,"a":2}\n' });
  const v4 = await runCli(['validate', '--json', broken]);
  assert.equal(v4.code, 1);
  assert.ok(codes(v4.stdout).includes('error:CTXPKG_CHECKPOINT_INVALID'), v4.stdout);
});

test('an unknown kind is refused as lean-ctx says (a newer reader is required)', async () => {
  const src = tmpDir();
  writeTree(src, { 'ctxpkg.yaml': 'name: "@t/k"\nversion: 1.0.0\ndescription: d\nkind: workflow\n', 'nodes/a.md': node('a') });
  const v = await runCli(['validate', '--json', src]);
  assert.equal(v.code, 1);
  assert.ok(codes(v.stdout).includes('error:CTXPKG_KIND_UNKNOWN'), v.stdout);
});
