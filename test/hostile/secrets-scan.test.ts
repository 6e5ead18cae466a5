// Secrets never ship (issue 16 §6): the pre-build scan covers every file that enters an artifact
// in all three formats (OCTX documents, records and extension files; ctxpkg frontmatter and bodies
// after YAML/JSON escapes, with continuation lines joined; cartridge.yaml, attestations, memory
// and ROM files), lines of any length and files that are not UTF-8. A finding fails build and
// release with its file and line unless --allow-secrets. Before the fix OCTX was not scanned at all,
// escapes were matched undecoded, lines over 100 000 characters were skipped, cartridge.yaml,
// attestations and non-UTF-8 ROM files were not scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir } from '../helpers/tmp.js';
import { repoRoot, runCli } from '../helpers/cli.js';
import { findSecrets } from '../../src/core/secrets.js';
import { ruleFor } from '../../src/core/rules.js';

const AWS = 'AKIAIOSFODNN7EXAMPLE';
const GH = `ghp_${'aB3dE6gH9j'.repeat(3)}k2M4n6`;
const EPOCH = '1767225600';

type Fmt = 'octx' | 'ctxpkg' | 'acx';
function copyOf(fmt: Fmt): string {
  const dir = join(tmpDir(), fmt);
  cpSync(join(repoRoot, 'working-dir-example', fmt), dir, { recursive: true });
  return dir;
}

interface Finding { code: string; file?: string; line?: number; severity: string }
async function build(dir: string, extra: string[] = []): Promise<{ code: number; diags: Finding[]; out: string; dist: string }> {
  const dist = join(tmpDir(), 'dist');
  const r = await runCli(['build', dir, '--out', dist, '--source-date-epoch', EPOCH, '--json', ...extra]);
  let diags: Finding[] = [];
  try { diags = (JSON.parse(r.stdout) as { diagnostics?: Finding[] }).diagnostics ?? []; } catch { /* reported below */ }
  return { code: r.code, diags, out: r.stdout + r.stderr, dist };
}

/** The build fails with CTXFORGE_SECRET_FOUND at file:line, writes nothing, and passes with --allow-secrets. */
async function refuses(dir: string, file: string, line: number, allowBuilds = true): Promise<void> {
  const r = await build(dir);
  assert.equal(r.code, 1, r.out);
  const hit = r.diags.find((d) => d.code === 'CTXFORGE_SECRET_FOUND' && d.severity === 'error' && d.file === file);
  assert.ok(hit, `no secret finding for ${file}:\n${r.out}`);
  assert.equal(hit.line, line, r.out);
  assert.ok(!existsSync(r.dist) || readdirSync(r.dist).filter((n) => !n.startsWith('.')).length === 0, 'nothing is written');
  if (allowBuilds) {
    const ok = await build(dir, ['--allow-secrets']);
    assert.equal(ok.code, 0, ok.out);
    assert.ok(ok.out.includes(`warning CTXFORGE_SECRET_FOUND: ${file}:${line}`), ok.out);
  }
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

test('rules: CTXFORGE_SECRET_FOUND is registered', () => {
  assert.ok(ruleFor('CTXFORGE_SECRET_FOUND'));
});

test('scanner: escapes decoded, continuation lines joined, long lines scanned', () => {
  assert.equal(findSecrets(`{"note": "\\u0041KIAIOSFODNN7EXAMPLE"}`)[0]?.kind, 'AWS access key id');
  assert.equal(findSecrets(`note: "\\x41KIAIOSFODNN7EXAMPLE"`)[0]?.kind, 'AWS access key id');
  assert.equal(findSecrets(`url: "https:\\/\\/hooks.slack.com\\/services\\/T0000\\/B0000\\/XXXXXXXX"`)[0]?.kind, 'Slack webhook');
  const cont = findSecrets(`a: 1\nnote: "AKIAIOSF\\\n  ODNN7EXAMPLE"\n`);
  assert.deepEqual(cont.map((f) => [f.kind, f.line]), [['AWS access key id', 2]]);
  const long = findSecrets(`x\n${'a '.repeat(150_000)}${AWS}\n`);
  assert.deepEqual(long.map((f) => f.line), [2]);
  assert.deepEqual(findSecrets('nothing to see here\nplain: text\n'), []);
});

test('octx: a secret in a knowledge document fails the build at its line', async () => {
  const dir = copyOf('octx');
  const f = 'knowledge/guides/cutting-a-release.md';
  appendFileSync(join(dir, f), `\nUse ${AWS} to upload.\n`);
  await refuses(dir, f, lineOf(readFileSync(join(dir, f), 'utf8'), AWS));
});

test('octx: a JSON-escaped secret in a record (data/*.jsonl) is found', async () => {
  const dir = copyOf('octx');
  const f = 'data/chunks.jsonl';
  const lines = readFileSync(join(dir, f), 'utf8').split('\n');
  const rec = JSON.parse(lines[1]!) as { text: string };
  rec.text = `key ${AWS}`;
  lines[1] = JSON.stringify(rec).replace('AKIA', '\\u0041KIA');
  writeFileSync(join(dir, f), lines.join('\n'));
  await refuses(dir, f, 2);
});

test('octx: a secret in a relation record (relations/*.jsonl) is found', async () => {
  const dir = copyOf('octx');
  const f = 'relations/chunk-events.jsonl';
  const lines = readFileSync(join(dir, f), 'utf8').split('\n');
  lines[0] = lines[0]!.replace(/}$/, `,"x-note":"${GH}"}`);
  writeFileSync(join(dir, f), lines.join('\n'));
  const r = await build(dir);
  assert.equal(r.code, 1, r.out);
  const hit = r.diags.find((d) => d.code === 'CTXFORGE_SECRET_FOUND' && d.file === f);
  assert.ok(hit, r.out);
  assert.equal(hit.line, 1);
});

test('octx: a secret in an extension file, on a 300 000-character line, is found', async () => {
  const dir = copyOf('octx');
  const f = 'extensions/dev.ctxforge.example/1.0/review-status.jsonl';
  appendFileSync(join(dir, f), `${JSON.stringify({ pad: 'x'.repeat(300_000), token: GH })}\n`);
  await refuses(dir, f, readFileSync(join(dir, f), 'utf8').trimEnd().split('\n').length);
});

test('octx: a secret in an extension file that is not UTF-8 is found (bytes scanned)', async () => {
  const dir = copyOf('octx');
  const f = 'extensions/dev.ctxforge.example/1.0/blob.bin';
  writeFileSync(join(dir, f), Buffer.concat([Buffer.from([0xff, 0xfe, 0x80, 0x0a, 0xc3]), Buffer.from(`\n-----BEGIN PRIVATE KEY-----\n`)]));
  await refuses(dir, f, 3);
});

test('ctxpkg: a YAML double-quoted \\x escape in node frontmatter is decoded', async () => {
  const dir = copyOf('ctxpkg');
  const f = 'nodes/facts/idempotency-keys.md';
  const text = readFileSync(join(dir, f), 'utf8').replace('category: payments\n', 'category: payments\nx-note: "\\x41KIAIOSFODNN7EXAMPLE"\n');
  writeFileSync(join(dir, f), text);
  const r = await build(dir);
  assert.equal(r.code, 1, r.out);
  const hit = r.diags.find((d) => d.code === 'CTXFORGE_SECRET_FOUND' && d.file === f);
  assert.ok(hit, r.out);
  assert.equal(hit.line, lineOf(text, 'x-note'));
});

test('ctxpkg: a JSON \\u escape in a node body is decoded', async () => {
  const dir = copyOf('ctxpkg');
  const f = 'nodes/facts/idempotency-keys.md';
  appendFileSync(join(dir, f), '\n```json\n{"aws": "\\u0041KIAIOSFODNN7EXAMPLE"}\n```\n');
  const text = readFileSync(join(dir, f), 'utf8');
  await refuses(dir, f, lineOf(text, '{"aws"'));
});

test('ctxpkg: a secret split over a YAML continuation line in the manifest is joined', async () => {
  const dir = copyOf('ctxpkg');
  const f = 'ctxpkg.yaml';
  const text = readFileSync(join(dir, f), 'utf8').replace(/^description: .*$/m, 'description: "deploy with AKIAIOSF\\\n  ODNN7EXAMPLE please"');
  writeFileSync(join(dir, f), text);
  await refuses(dir, f, lineOf(text, 'description:'));
});

test('acx: a secret in a cartridge.yaml field is found', async () => {
  const dir = copyOf('acx');
  const f = 'cartridge.yaml';
  const text = readFileSync(join(dir, f), 'utf8').replace(/^description: .*$/m, `description: "uses ${GH}"`);
  writeFileSync(join(dir, f), text);
  await refuses(dir, f, lineOf(text, 'description:'));
});

test('acx: a secret in an attestation is found', async () => {
  const dir = copyOf('acx');
  const f = 'attestations/review.json';
  mkdirSync(join(dir, 'attestations'));
  writeFileSync(join(dir, f), `{\n  "att_id": "review",\n  "note": "${GH}"\n}\n`);
  const r = await build(dir);
  assert.equal(r.code, 1, r.out);
  const hit = r.diags.find((d) => d.code === 'CTXFORGE_SECRET_FOUND' && d.file === f);
  assert.ok(hit, r.out);
  assert.equal(hit.line, 3);
});

test('acx: a secret in a memory record is found', async () => {
  const dir = copyOf('acx');
  const f = 'memory/prefer-primary-sources.yaml';
  appendFileSync(join(dir, f), `# aws "\\x41KIAIOSFODNN7EXAMPLE"\n`);
  await refuses(dir, f, readFileSync(join(dir, f), 'utf8').trimEnd().split('\n').length);
});

test('acx: a secret in a ROM file that is not UTF-8 is found', async () => {
  const dir = copyOf('acx');
  const f = 'knowledge/methods/legacy.md';
  writeFileSync(join(dir, f), Buffer.concat([Buffer.from('# Legacy\n\xe9t\xe9\n', 'latin1'), Buffer.from(`key ${AWS}\n`)]));
  await refuses(dir, f, 3);
});

test('release: a secret in an OCTX extension fails release --dry-run with file and line', async () => {
  const dir = copyOf('octx');
  const f = 'extensions/dev.ctxforge.example/1.0/review-status.jsonl';
  appendFileSync(join(dir, f), `{"token":"${GH}"}\n`);
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'init']);
  const version = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { release: { version: string } }).release.version;
  git(dir, ['tag', `v${version}`]);
  const r = await runCli(['release', '--dry-run', '--tag', `v${version}`, '--out', join(tmpDir(), 'd')], { cwd: dir, env: { PATH: process.env.PATH } });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const out = r.stdout + r.stderr;
  assert.match(out, /CTXFORGE_SECRET_FOUND/);
  assert.ok(out.includes(`${f}:${readFileSync(join(dir, f), 'utf8').trimEnd().split('\n').length}`), out);
  assert.ok(!out.includes(GH));
});

test('a fixed token prefix counts only as spelled: base64 text holding "EYj", "akia" or "aiza" by chance is no finding, while the real spellings still are', () => {
  // Lines of base64 digests, as documentation embeds them (hashes, data URIs): the case-insensitive
  // literal search sees "EYj…" and "AkIa…" in them; none is a JWT, an AWS key id or an assignment.
  const noise = ['1DhBbxHuXlC36B4mKuOEYjeDnaeNH3LXW1AQ+x9Zq', 'HNTxbeyjpWdyVJf0CotE56V3VAITfGcaoyLWenYho=', 'q8akiaQ2Lm0aizaPp7RtW9x3n5JH2s4kDfGh1Lz0', 'EyJrR90N3oT1y7uVw2xXb4cD6eF8gH0iJ2kL4mN6'].join('\n');
  assert.deepEqual(findSecrets(noise), []);
  const real = 'aws: AKIAIOSFODNN7EXAMPLE\napi_key = "Zx81kQ2mP0rT7vW3yB5nC9dF4gH6jL1s"\n';
  assert.deepEqual([...new Set(findSecrets(real).map((f) => f.line))], [1, 2]);
});
