// Every case of test/corpus/ (made by test/corpus-gen/make-corpus.ts) through `validate` and
// `verify` (and `unpack` for OCTX): the verdict, exit code and code of cases.json, no crash, no
// write outside the case's own temp directory, and a corpus that regenerates byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, mkdirSync, writeFileSync, cpSync, existsSync, lstatSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { repoRoot, runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { makeCorpus, type CorpusCase } from '../corpus-gen/make-corpus.js';
import { builtCli, fromSource } from '../helpers/built.js';

const corpus = join(repoRoot, 'test', 'corpus');
const { cases } = JSON.parse(readFileSync(join(corpus, 'cases.json'), 'utf8')) as { cases: CorpusCase[] };

/** path → sha256 of every file under `root` (directories recurse; `skip` names are left out). */
function snapshot(root: string, skip: string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      const rel = relative(root, p);
      if (skip.includes(rel)) continue;
      if (lstatSync(p).isDirectory()) walk(p);
      else out.set(rel, createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(root);
  return out;
}

/** Copies a case into a fresh directory, inflating gzipped cartridges; returns that directory. */
function stage(c: CorpusCase): string {
  const dir = tmpDir('ctxforge-corpus-case-');
  const dst = join(dir, c.file);
  mkdirSync(dirname(dst), { recursive: true });
  if (c.stored) writeFileSync(dst, gunzipSync(readFileSync(join(corpus, c.stored))));
  else cpSync(join(corpus, c.file), dst, { recursive: true });
  for (const e of c.extra_files ?? []) {
    mkdirSync(dirname(join(dir, e)), { recursive: true });
    cpSync(join(corpus, e), join(dir, e));
  }
  return dir;
}

interface Result { valid: boolean; diagnostics: { severity: string; code: string }[]; details?: Record<string, unknown> }

function checkOutput(c: CorpusCase, cmd: string, r: { code: number; stdout: string; stderr: string }): void {
  const where = `${c.id} ${cmd}: exit ${r.code}\n${r.stdout.slice(0, 2000)}${r.stderr.slice(0, 2000)}`;
  // A crash shows up as CTXFORGE_INTERNAL, exit 2 or a stack trace; none is ever acceptable here.
  assert.doesNotMatch(r.stdout + r.stderr, /CTXFORGE_INTERNAL/, where);
  assert.doesNotMatch(r.stderr, /^\s+at .+:\d+:\d+\)?$/m, where);
  assert.equal(r.code, c.expect.exit, where);
  const res = (JSON.parse(r.stdout) as { results: Result[] }).results[0]!;
  assert.equal(res.valid, c.expect.valid, where);
  const codes = res.diagnostics.map((d) => d.code);
  if (c.expect.code) assert.ok(codes.includes(c.expect.code), `${c.expect.code} expected; ${where}`);
  if (!c.expect.valid) {
    const prefix = `${c.format.toUpperCase()}_`;
    assert.ok(res.diagnostics.some((d) => d.severity === 'error' && d.code.startsWith(prefix)), `an error with a ${prefix} code; ${where}`);
  } else {
    assert.ok(!res.diagnostics.some((d) => d.severity === 'error'), `no error on a valid input; ${where}`);
  }
  if (c.expect.trust !== undefined) assert.equal(res.details?.trust, c.expect.trust, where);
  if (c.expect.coverage !== undefined) assert.equal(res.details?.coverage ?? null, c.expect.coverage, where);
}

test('the corpus: at least 150 cases over all three formats, unique ids, every file listed and present', () => {
  assert.ok(cases.length >= 150, `${cases.length} cases`);
  for (const f of ['octx', 'ctxpkg', 'acx']) assert.ok(cases.filter((c) => c.format === f).length >= 30, f);
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
  assert.ok(cases.some((c) => c.expect.valid) && cases.some((c) => !c.expect.valid));
  const listed = new Set<string>(['cases.json']);
  for (const c of cases) {
    const stored = c.stored ?? c.file;
    assert.ok(existsSync(join(corpus, stored)), `${c.id}: ${stored}`);
    if (statSync(join(corpus, stored)).isDirectory()) for (const p of snapshot(join(corpus, stored)).keys()) listed.add(join(stored, p));
    else listed.add(stored);
    for (const e of c.extra_files ?? []) listed.add(e);
  }
  assert.deepEqual([...snapshot(corpus).keys()].filter((p) => !listed.has(p)), [], 'files no case uses');
  let bytes = 0;
  for (const p of snapshot(corpus).keys()) bytes += statSync(join(corpus, p)).size;
  assert.ok(bytes < 5 * 1024 * 1024, `corpus is ${bytes} bytes`);
});

const before = snapshot(corpus);

for (const c of cases) {
  // The timeout is a hang guard only: every case takes well under a second when nothing is wrong.
  test(`corpus ${c.id} (${c.format}, ${c.category}): ${c.description}`, { timeout: 120_000 }, async () => {
    const dir = stage(c);
    const staged = snapshot(dir);
    for (const cmd of c.commands.filter((x) => x !== 'unpack')) {
      const r = await runCli([cmd, c.file, '--json', ...(c.args ?? [])], { cwd: dir });
      checkOutput(c, cmd, r);
    }
    if (c.commands.includes('unpack')) {
      // unpack reads any archive as OCTX, so it takes the limit flags but not --format.
      const limitArgs = (c.args ?? []).filter((a, i, all) => a !== '--format' && all[i - 1] !== '--format');
      const r = await runCli(['unpack', c.file, 'out', ...limitArgs], { cwd: dir });
      assert.doesNotMatch(r.stdout + r.stderr, /CTXFORGE_INTERNAL/, r.stderr);
      assert.equal(r.code, c.unpack_exit, `${c.id} unpack: ${r.stdout}${r.stderr}`);
      const out = join(dir, 'out');
      if (c.unpack_exit !== 0) assert.ok(!existsSync(out) || readdirSync(out).length === 0, 'a refused unpack writes nothing');
      else for (const p of snapshot(out).keys()) assert.ok(!lstatSync(join(out, p)).isSymbolicLink(), p);
    }
    // Sidecars, registries and the input itself are never created, changed, replayed or deleted.
    assert.deepEqual(snapshot(dir, ['out']), staged);
  });
}

test('no case polluted Object.prototype (__proto__ members stay data)', () => {
  const o = {} as Record<string, unknown>;
  assert.equal(o.polluted, undefined);
  assert.equal(o.admin, undefined);
});

test('nothing was written into the corpus', () => {
  assert.deepEqual(snapshot(corpus), before);
});

// Real processes: the exit code as a shell sees it, and a peak RSS for the bombs (which claim or
// expand to hundreds of MiB and more) far below what expanding them would take.
const spawned = ['octx-bomb-ratio', 'octx-bomb-total', 'octx-zip64-extra-huge-size', 'octx-valid-base', 'ctxpkg-deep-content', 'ctxpkg-valid-signed',
  'acx-sqlar-bomb-lying-sz', 'acx-sqlar-bomb-total', 'acx-trigger', 'acx-valid-signed'];
for (const id of spawned) {
  test(`spawned: ${id} exits as expected in bounded memory`, { timeout: 180_000 }, () => {
    const c = cases.find((x) => x.id === id)!;
    assert.ok(c, id);
    const dir = stage(c);
    const r = spawnSync(process.execPath, [join(repoRoot, 'test', 'hostile', 'measure.mjs'), 'verify', c.file, '--json', ...(c.args ?? [])],
      { cwd: dir, encoding: 'utf8', timeout: 150_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CTXFORGE_MEASURE_CLI: fromSource ? '' : builtCli() } });
    assert.equal(r.signal, null);
    assert.equal(r.status, c.expect.exit, `${r.stdout}${r.stderr}`);
    assert.equal((JSON.parse(r.stdout) as { results: Result[] }).results[0]!.valid, c.expect.valid);
    const rss = Number(/MAXRSS_KIB=(\d+)/.exec(r.stderr)?.[1]);
    assert.ok(rss > 0 && rss < 600 * 1024, `peak RSS ${rss} KiB`);
  });
}

test('the CLI as a spawned process: the exit codes of a valid, an invalid and an unreadable case', { timeout: 180_000 }, () => {
  for (const [id, exit] of [['octx-valid-base', 0], ['octx-slip-dotdot', 1], ['acx-corrupt-pages', 1]] as const) {
    const c = cases.find((x) => x.id === id)!;
    const dir = stage(c);
    const r = spawnSync(process.execPath, [builtCli(), 'validate', c.file], { cwd: dir, encoding: 'utf8', timeout: 150_000, env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' } });
    assert.equal(r.status, exit, `${id}: ${r.stdout}${r.stderr}`);
    assert.doesNotMatch(r.stderr, /^\s+at /m);
  }
});

test('the corpus is deterministic: regenerating it gives the committed bytes', { timeout: 300_000 }, async () => {
  const out = tmpDir('ctxforge-corpus-regen-');
  await makeCorpus(out);
  const fresh = snapshot(out);
  const committed = snapshot(corpus);
  const differ = [...new Set([...fresh.keys(), ...committed.keys()])].filter((p) => fresh.get(p) !== committed.get(p));
  assert.deepEqual(differ, [], 'run `node --import tsx test/corpus-gen/make-corpus.ts` and commit test/corpus/');
});
