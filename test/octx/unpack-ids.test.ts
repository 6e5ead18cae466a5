// unpack writes only inside its target and never over unrelated files; ids stamps only what is
// missing and keeps every other byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, symlinkSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runCli, vectorsDir } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { materialize } from '../helpers/octx-cases.js';
import { stampText } from '../../src/octx/ids.js';
import { isUuidV7 } from '../../src/core/uuid.js';

const example = join(repoRoot, 'working-dir-example', 'octx');

async function built(): Promise<string> {
  const out = tmpDir();
  const r = await runCli(['build', example, '--out', out, '--source-date-epoch', '1767225600', '--json']);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).artifacts[0].path;
}

test('unpack extracts exactly manifest + listed files, and the result re-validates and rebuilds identically', async () => {
  const file = await built();
  const dir = join(tmpDir(), 'x');
  const u = await runCli(['unpack', file, dir, '--json']);
  assert.equal(u.code, 0, u.stderr);
  assert.equal(JSON.parse(u.stdout).files.length, 15);
  const v = await runCli(['validate', dir]);
  assert.equal(v.code, 0, v.stdout);
  const again = await runCli(['unpack', file, dir, '--json']);
  assert.equal(again.code, 0, 'identical files are fine');
  assert.equal(JSON.parse(again.stdout).unchanged.length, 15);
  const out = tmpDir();
  const b = await runCli(['build', dir, '--out', out, '--source-date-epoch', '1767225600', '--json']);
  assert.equal(b.code, 0, b.stderr);
  assert.ok(readFileSync(JSON.parse(b.stdout).artifacts[0].path).equals(readFileSync(file)), 'lossless round trip');
});

test('unpack refuses to overwrite an unrelated file and writes nothing', async () => {
  const file = await built();
  const dir = tmpDir();
  writeTree(dir, { 'knowledge/index.md': 'my own notes' });
  const u = await runCli(['unpack', file, dir]);
  assert.equal(u.code, 1);
  assert.match(u.stderr, /OCTX_UNPACK_CONFLICT/);
  assert.equal(readFileSync(join(dir, 'knowledge/index.md'), 'utf8'), 'my own notes');
  assert.deepEqual(readdirSync(dir).sort(), ['knowledge']);
  assert.deepEqual(readdirSync(join(dir, 'knowledge')), ['index.md']);
});

test('unpack refuses to write through a symlinked directory', async () => {
  const file = await built();
  const dir = tmpDir();
  const elsewhere = tmpDir();
  symlinkSync(elsewhere, join(dir, 'knowledge'));
  const u = await runCli(['unpack', file, dir]);
  assert.equal(u.code, 1);
  assert.match(u.stderr, /symbolic link/);
  assert.deepEqual(readdirSync(elsewhere), []);
});

test('unpack detects names that collide on a case-insensitive file system', async () => {
  const mm = materialize({ id: 'x', base: 'minimal-valid', expect: {}, rehash: true, add_files: { 'knowledge/Guide.md': '---\ntype: Reference\noctx:\n  document_id: 019c1234-5678-7abc-8def-0123456789ac\n---\n\n# G\n' } } as never);
  const dir = tmpDir();
  const file = join(dir, 'case.octx');
  writeFileSync(file, mm.zip);
  const v = await runCli(['validate', file]);
  assert.equal(v.code, 0, 'paths differing in case are valid (§4: case-sensitive)');
  const target = join(dir, 'out');
  const u = await runCli(['unpack', file, target]);
  assert.equal(u.code, 1);
  assert.match(u.stderr, /case-insensitive/);
  assert.ok(!existsSync(target));
});

test('unpack of an invalid package is refused before any write', async () => {
  const m = materialize({ id: 'x', base: 'minimal-valid', expect: {}, rehash: false, replace_files: { 'knowledge/guide.md': 'tampered' } } as never);
  const dir = tmpDir();
  writeFileSync(join(dir, 'bad.octx'), m.zip);
  const u = await runCli(['unpack', join(dir, 'bad.octx'), join(dir, 'out')]);
  assert.equal(u.code, 1);
  assert.match(u.stderr, /OCTX_FILE_DIGEST_MISMATCH/);
  assert.ok(!existsSync(join(dir, 'out')));
});

test('ids stamps missing document_id and type, keeping every other byte', () => {
  let n = 0;
  const id = () => `019a0000-0000-7000-8000-0000000000${String(++n).padStart(2, '0')}`;
  const src = '---\ntitle: "Hello"   # keep this comment\nsee_also: [a, b]\n---\n\n# Hello\n\nBody.\n';
  const r = stampText(src, 'knowledge/a.md', id);
  assert.ok(!('error' in r));
  assert.equal((r as { text: string }).text, '---\ntype: Document\ntitle: "Hello"   # keep this comment\nsee_also: [a, b]\noctx:\n  document_id: 019a0000-0000-7000-8000-000000000001\n---\n\n# Hello\n\nBody.\n');
  const nested = '---\ntype: Guide\noctx:\n    other: 1\n---\nX\n';
  assert.equal((stampText(nested, 'k.md', id) as { text: string }).text, '---\ntype: Guide\noctx:\n    document_id: 019a0000-0000-7000-8000-000000000002\n    other: 1\n---\nX\n');
  const none = '# Title here\n\ntext\n';
  assert.equal((stampText(none, 'k.md', id) as { text: string }).text, '---\ntype: Document\ntitle: Title here\noctx:\n  document_id: 019a0000-0000-7000-8000-000000000003\n---\n\n# Title here\n\ntext\n');
  const crlf = '---\r\ntype: A\r\n---\r\nbody\r\n';
  assert.equal((stampText(crlf, 'k.md', id) as { text: string }).text, '---\r\ntype: A\r\noctx:\r\n  document_id: 019a0000-0000-7000-8000-000000000004\r\n---\r\nbody\r\n');
  const has = '---\ntype: A\noctx:\n  document_id: 019a0000-0000-7000-8000-0000000000ff\n---\nx\n';
  assert.equal((stampText(has, 'k.md', id) as { text: string }).text, has, 'an existing ID is never changed');
});

test('ctxforge ids on the OKF sample bundle makes it a valid OCTX working directory', async () => {
  const dir = tmpDir();
  const okf = join(vectorsDir, 'octx', 'okf-v0.1', 'crypto_bitcoin');
  const { cpSync } = await import('node:fs');
  cpSync(okf, join(dir, 'knowledge'), { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019c0000-0000-7000-8000-0000000000aa', name: 'Crypto Bitcoin' }, release: { version: '1.0.0' } }, null, 2));
  const before = await runCli(['validate', dir, '--json']);
  assert.equal(before.code, 1);
  const r = await runCli(['ids', dir, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const stamped = JSON.parse(r.stdout).stamped;
  assert.equal(stamped.length, 5);
  for (const s of stamped) assert.ok(isUuidV7(s.id));
  const after = await runCli(['validate', dir]);
  assert.equal(after.code, 0, after.stdout);
  const second = await runCli(['ids', dir, '--json']);
  assert.equal(JSON.parse(second.stdout).stamped.length, 0, 'idempotent');
});

test('init octx scaffolds a working directory that validates and builds', async () => {
  const dir = join(tmpDir(), 'new');
  const r = await runCli(['init', 'octx', dir, '--name', 'Team Notes']);
  assert.equal(r.code, 0, r.stderr);
  const v = await runCli(['validate', dir]);
  assert.equal(v.code, 0, v.stdout);
  const b = await runCli(['build', dir, '--out', tmpDir(), '--source-date-epoch', '0', '--json']);
  assert.equal(b.code, 0, b.stderr);
  assert.match(JSON.parse(b.stdout).artifacts[0].path, /team-notes-0\.1\.0\.octx$/);
  const again = await runCli(['init', 'octx', dir]);
  assert.equal(again.code, 2, 'refuses a non-empty directory');
});

test('unpack of another format names the command that fits; a source tree is refused; nothing is written', async () => {
  const out = tmpDir();
  const b = await runCli(['build', join(repoRoot, 'working-dir-example', 'ctxpkg'), '--out', out, '--source-date-epoch', '1767225600', '--json']);
  assert.equal(b.code, 0, b.stderr);
  const pkg = JSON.parse(b.stdout).artifacts[0].path as string;
  const dir = join(tmpDir(), 'x');
  const r = await runCli(['unpack', pkg, dir]);
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /CTXFORGE_USAGE: .*CTXPKG.*unpack is for \.octx, use `ctxforge import`/);
  const src = await runCli(['unpack', example, dir]);
  assert.equal(src.code, 2);
  assert.match(src.stderr, /is a source tree; unpack takes a built \.octx/);
  assert.ok(!existsSync(dir));
  // Bytes no format recognises are still the archive checks' to name.
  const junk = join(tmpDir(), 'junk.octx');
  writeFileSync(junk, 'not a zip at all');
  const j = await runCli(['unpack', junk, dir]);
  assert.equal(j.code, 1, j.stderr);
  assert.match(j.stderr, /OCTX_/);
});
