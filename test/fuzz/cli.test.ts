// The same mutated inputs through the real CLI process: whatever the bytes, `validate` and `verify`
// exit 0 or 1 with one parseable --json document, never an internal error or a stack trace. A
// process-level time bound and heap ceiling are the hang and memory guards here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { tmpDir } from '../helpers/tmp.js';
import { closeContext, makeContext, mutationProps } from './properties.js';
import { builtCli } from '../helpers/built.js';

const ctx = makeContext();
after(() => closeContext(ctx));

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=256', builtCli(), ...args], {
    env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

test('mutated packages through `validate --json` and `verify --json` processes: exit 0/1, one JSON document, no stack trace', async () => {
  const dir = tmpDir('ctxforge-fuzz-cli-');
  const files: string[] = [];
  for (const p of mutationProps(ctx)) {
    if (!p.input || p.name === 'mutate-source') continue;
    for (const v of fc.sample(p.arbitrary, { seed: 99, numRuns: 2 })) {
      const inp = await p.input(v);
      const f = join(dir, `${p.name}-${files.length}-${inp.name}`);
      writeFileSync(f, inp.bytes!);
      files.push(f);
    }
  }
  assert.ok(files.length >= 12);
  for (const cmd of ['validate', 'verify']) {
    const r = cli([cmd, '--json', ...files]);
    assert.equal(r.signal, null, `${cmd} was killed (${r.signal}): hang or memory guard`);
    assert.ok(r.code === 0 || r.code === 1, `${cmd} exit ${r.code}: ${r.stderr.slice(0, 2000)}${r.stdout.slice(0, 2000)}`);
    assert.doesNotMatch(r.stderr + r.stdout, /CTXFORGE_INTERNAL|\n\s+at .*\(.*:\d+:\d+\)/, 'no internal error, no stack trace');
    const doc = JSON.parse(r.stdout) as { results: { path: string; valid: boolean; diagnostics: { code: string; severity: string }[] }[] };
    assert.equal(doc.results.length, files.length, 'one result per input');
    for (const res of doc.results) {
      assert.equal(typeof res.valid, 'boolean');
      if (!res.valid) assert.ok(res.diagnostics.some((d) => d.severity === 'error' && /^[A-Z]+_[A-Z0-9_]+$/.test(d.code)), `${res.path}: a rejection names its reason`);
    }
  }
});

test('a mutated source tree through a `build` process: a diagnostic and exit 1 or 2, no stack trace, nothing half-written', async () => {
  const p = mutationProps(ctx).find((x) => x.name === 'mutate-source')!;
  for (const v of fc.sample(p.arbitrary, { seed: 5, numRuns: 4 })) {
    const inp = await p.input!(v);
    const src = tmpDir('ctxforge-fuzz-src-');
    for (const [rel, data] of Object.entries(inp.files!)) {
      mkdirSync(join(src, ...rel.split('/').slice(0, -1)), { recursive: true });
      writeFileSync(join(src, ...rel.split('/')), data);
    }
    const out = tmpDir('ctxforge-fuzz-out-');
    const r = cli(['build', src, '--out', out, '--source-date-epoch', '1767225600', '--json']);
    assert.equal(r.signal, null);
    assert.doesNotMatch(r.stderr + r.stdout, /CTXFORGE_INTERNAL|\n\s+at .*\(.*:\d+:\d+\)/);
    const doc = JSON.parse(r.stdout);
    if (r.code === 0) assert.equal(doc.artifacts.length, 1);
    else {
      assert.ok(r.code === 1 || r.code === 2, `exit ${r.code}`);
      assert.match(doc.error.code, /^[A-Z]+_[A-Z0-9_]+$/);
      assert.deepEqual(readdirSync(out), [], 'a failed build leaves nothing in the output directory');
    }
  }
});
