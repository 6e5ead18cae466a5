// The CLI contract: exit codes, --json shapes, --help that teaches, a real process from any cwd.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot, runCli, spawnBin } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const example = join(repoRoot, 'working-dir-example', 'octx');

test('the bin runs as a real process from another working directory, resolving relative paths there', () => {
  const cwd = join(repoRoot, 'working-dir-example');
  const r = spawnBin(['validate', 'octx', '--json'], { cwd });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(j), ['results']);
  const res = j.results[0];
  assert.equal(res.path, 'octx');
  assert.equal(res.format, 'octx');
  assert.equal(res.valid, true);
  assert.deepEqual(res.diagnostics, []);
});

test('exit codes: 0 valid, 1 invalid, 2 usage or I/O', async () => {
  assert.equal((await runCli(['validate', example])).code, 0);
  const dir = tmpDir();
  writeFileSync(join(dir, 'bad.octx'), 'PK\u0003\u0004 not really');
  const bad = await runCli(['validate', join(dir, 'bad.octx'), '--json']);
  assert.equal(bad.code, 1);
  const d = JSON.parse(bad.stdout).results[0].diagnostics[0];
  assert.equal(d.severity, 'error');
  assert.match(d.code, /^OCTX_/);
  assert.equal((await runCli(['validate', join(dir, 'missing')])).code, 2);
  assert.equal((await runCli(['frobnicate'])).code, 2);
  assert.equal((await runCli(['build'])).code, 2);
  assert.equal((await runCli(['validate', example, '--max-entries', 'lots'])).code, 2);
  writeFileSync(join(dir, 'notes.txt'), 'hello');
  const unknown = await runCli(['validate', join(dir, 'notes.txt'), '--json']);
  assert.equal(unknown.code, 1);
  assert.equal(JSON.parse(unknown.stdout).results[0].diagnostics[0].code, 'CTXFORGE_FORMAT_UNKNOWN');
});

test('every diagnostic line names code, file and line in text output', async () => {
  const dir = tmpDir();
  writeFileSync(join(dir, 'manifest.json'), '{\n  "format": "octx",\n  "format": "octx"\n}\n');
  const r = await runCli(['validate', dir]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /✗ invalid/);
  assert.match(r.stdout, /error OCTX_JSON_DUPLICATE_KEY: manifest\.json:3:3: /);
});

test('--help lists the commands and teaches each one', async () => {
  const r = await runCli(['--help']);
  assert.equal(r.code, 0);
  for (const c of ['validate', 'verify', 'build', 'inspect', 'init', 'ids', 'unpack', 'keygen', 'sign', 'rules']) assert.match(r.stdout, new RegExp(`\\n  ${c}\\b`), c);
  const b = await runCli(['build', '--help']);
  assert.match(b.stdout, /--source-date-epoch/);
  assert.match(b.stdout, /byte-identical/);
  assert.match((await runCli(['validate', '--help'])).stdout, /Exit codes: 0/);
});

test('every subcommand\'s --help exits 0 and ends with examples', async () => {
  const top = await runCli(['--help']);
  assert.equal(top.code, 0);
  const section = top.stdout.slice(top.stdout.indexOf('\nCommands:\n'));
  const names = [...section.matchAll(/^ {2}([a-z][\w-]*)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help');
  assert.ok(names.length >= 17, names.join(' '));
  for (const c of names) {
    const r = await runCli([c, '--help']);
    assert.equal(r.code, 0, `${c}: ${r.stderr}`);
    assert.match(r.stdout, /\nExamples:\n {2}ctxforge /, c);
  }
});

test('rules lists every code once, with a summary, from the one registry', async () => {
  const r = await runCli(['rules', '--json']);
  assert.equal(r.code, 0);
  const rules = JSON.parse(r.stdout).rules as { code: string; summary: string; format: string }[];
  const codes = rules.map((x) => x.code);
  assert.equal(new Set(codes).size, codes.length);
  for (const c of ['OCTX_ID_DUPLICATE', 'OCTX_ZIP_PATH_UNSAFE', 'CTXFORGE_EPOCH_MISSING', 'SKILL_INVALID']) assert.ok(codes.includes(c), c);
  for (const x of rules) assert.ok(x.summary.length > 10, x.code);
  const text = await runCli(['rules', '--format', 'octx']);
  assert.match(text.stdout, /^OCTX_/m);
  assert.ok(!/^CTXFORGE_/m.test(text.stdout));
  // Every group a rule can belong to is a choice; anything else is a usage error, not an empty list.
  for (const f of new Set(rules.map((x) => x.format))) assert.equal((await runCli(['rules', '--format', f])).code, 0, f);
  const bogus = await runCli(['rules', '--format', 'bogus']);
  assert.equal(bogus.code, 2);
  assert.match(bogus.stderr, /Allowed choices are/);
});

test('each code is registered in one place in the sources (defineRules lets an identical second entry pass silently)', () => {
  const files = ['src', 'cli', 'action'].flatMap((d) => readdirSync(join(repoRoot, d), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(repoRoot, d, f)));
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const f of files) {
    for (const m of readFileSync(f, 'utf8').matchAll(/\{ code: '([A-Z0-9_]+)', format: /g)) {
      const where = relative(repoRoot, f);
      if (seen.has(m[1]!)) twice.push(`${m[1]} in ${seen.get(m[1]!)} and ${where}`);
      else seen.set(m[1]!, where);
    }
  }
  assert.ok(seen.size > 100, `found ${seen.size} registrations`);
  assert.deepEqual(twice, []);
});

test('inspect --json reports asset, release, documents and capabilities', async () => {
  const out = tmpDir();
  const b = await runCli(['build', example, '--out', out, '--source-date-epoch', '1767225600', '--json']);
  const file = JSON.parse(b.stdout).artifacts[0].path;
  const r = await runCli(['inspect', file, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.asset.name, 'Release Engineering Handbook');
  assert.equal(j.release.created_at, '2026-01-01T00:00:00Z');
  assert.equal(j.documents.length, 4);
  assert.deepEqual(j.capabilities, { 'sag-structured': true, vectors: true });
  const t = await runCli(['inspect', file]);
  assert.match(t.stdout, /documents 4:/);
});

test('validate --json of a built .octx has the members of its working directory\'s result, no internal report', async () => {
  const out = tmpDir();
  const b = await runCli(['build', example, '--out', out, '--source-date-epoch', '1767225600', '--json']);
  const file = JSON.parse(b.stdout).artifacts[0].path;
  const packed = JSON.parse((await runCli(['validate', file, '--json'])).stdout).results[0];
  const source = JSON.parse((await runCli(['validate', example, '--json'])).stdout).results[0];
  assert.deepEqual(Object.keys(packed), Object.keys(source));
  assert.equal(packed.valid, true);
  assert.equal(packed.report, undefined);
});
