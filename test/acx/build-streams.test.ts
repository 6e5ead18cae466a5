// A cartridge build holds no file's bytes it need not (issue 39): the load keeps only what a later
// step of it reads, the writer reads each knowledge file again as it stores it (and refuses one
// that changed), and the image is written by SQLite to a scratch file beside the output, then by
// VACUUM INTO to the output — the same bytes the in-memory build wrote, recorded here from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { DiskTree, type Tree } from '../../src/core/tree.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { loadSource } from '../../src/acx/source.js';
import { buildCartridge } from '../../src/acx/build.js';
import { build, copyExample, EXAMPLE, SEED } from './helpers.js';
import { builtCli } from '../helpers/built.js';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { seeded } from '../helpers/random.js';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The example with a knowledge file twice (so the ROM index is written) and 300 more notes. */
function biggerExample(): string {
  const src = copyExample();
  cpSync(join(src, 'knowledge', 'methods', 'screening.md'), join(src, 'knowledge', 'screening-copy.md'));
  mkdirSync(join(src, 'knowledge', 'big'));
  for (let i = 0; i < 300; i++) writeFileSync(join(src, 'knowledge', 'big', `n${i}.md`), `# Note ${i}\n\n${`Text of note ${i}. `.repeat(200 + i)}\n`);
  return src;
}

test('the image is the one the in-memory build wrote, signed, compressed and with a ROM index', async () => {
  // Recorded with the writer before this one (an in-memory database, VACUUM, serialize), at edf4fba.
  const cases: Array<[string, string, string[]]> = [
    ['4f3c6294ee742b7a6ebc7946b6f03ef9d1ed667947379f6008d82ed625568e38', EXAMPLE, ['--key', SEED]],
    ['31be18776b3970f06a6f88318b4aadfa27a3fa50c4e31fead52793108dab83c6', EXAMPLE, ['--compress']],
    ['8863c6c754b75602dc8ed0f29f08a9d002b560d60415e6f853b18765a18e7415', biggerExample(), ['--key', SEED]],
  ];
  for (const [want, src, extra] of cases) {
    const r = await build(src, ...extra);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.equal(sha256(r.file), want, `${src} ${extra.join(' ')}`);
    // Nothing but the cartridge is left in the output folder: no scratch, no SQLite sidecar.
    assert.deepEqual(readdirSync(join(r.file, '..')), [r.file.split('/').pop()]);
  }
});

test('the load keeps the bytes of the files its later steps read, and of no knowledge file', async () => {
  const src = biggerExample();
  const { source } = await loadSource(new DiskTree(src));
  assert.ok(source);
  const knowledge = source.files.under('rom/knowledge/');
  assert.ok(knowledge.length > 300);
  for (const f of knowledge) {
    assert.equal(f.raw, undefined, f.name);
    assert.equal(f.path, f.name.slice('rom/'.length));
    assert.equal(f.oid, `sha256:${createHash('sha256').update(readFileSync(join(src, f.path!))).digest('hex')}`);
  }
  for (const f of source.files.under('rom/skills/')) assert.ok(f.raw && f.raw.length === f.size, f.name);
  const all = await loadSource(new DiskTree(src), { keepBytes: true });
  assert.ok(all.source!.files.list().every((f) => f.raw !== undefined && f.raw.length === f.size));
});

test('the load keeps its files as a table: each one\'s name, source path, size and digest read back, bytes only where kept', async () => {
  const src = copyExample();
  const n = 2000;
  mkdirSync(join(src, 'knowledge', 'many'));
  for (let i = 0; i < n; i++) writeFileSync(join(src, 'knowledge', 'many', `note-${i}.md`), `# Note ${i}\n\nText ${i}.\n`);
  const { source } = await loadSource(new DiskTree(src));
  assert.ok(source);
  assert.ok(!Array.isArray(source.files), 'a table, not an object a file (issue 39)');
  for (const i of [0, 123, n - 1]) {
    const k = source.files.indexOf(`rom/knowledge/many/note-${i}.md`);
    const bytes = readFileSync(join(src, 'knowledge', 'many', `note-${i}.md`));
    assert.deepEqual(source.files.file(k), {
      name: `rom/knowledge/many/note-${i}.md`, from: `knowledge/many/note-${i}.md`, path: `knowledge/many/note-${i}.md`, size: bytes.length, oid: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    });
  }
  const md = source.files.file(source.files.indexOf('rom/skills/' + readdirSync(join(src, 'skills'))[0] + '/SKILL.md'));
  assert.ok(md.raw && md.path === undefined && md.from.startsWith('skills/'), JSON.stringify({ ...md, raw: undefined }));
});

/** A tree whose file `path` reads differently the second time, or not at all (a source changed during a build). */
function changingOn(tree: Tree, path: string, how: 'edited' | 'deleted'): Tree {
  let reads = 0;
  return new Proxy(tree, {
    get(t, p, recv) {
      if (p !== 'read') { const v = Reflect.get(t, p, recv); return typeof v === 'function' ? v.bind(t) : v; }
      return async (q: string, max?: number) => {
        const b = await t.read(q, max);
        if (q !== path || ++reads === 1) return b;
        if (how === 'deleted') throw Object.assign(new Error(`ENOENT: no such file, open '${q}'`), { code: 'ENOENT' });
        return Buffer.concat([b, Buffer.from('\nchanged\n')]);
      };
    },
  });
}

test('a knowledge file edited or deleted between its check and its write fails the build, and nothing is left', async () => {
  for (const how of ['edited', 'deleted'] as const) {
    const out = tmpDir('acx-changed-');
    await assert.rejects(buildCartridge(changingOn(new DiskTree(EXAMPLE), 'knowledge/methods/screening.md', how), { outDir: out, epoch: 1767225600 }), (e: unknown) => {
      assert.ok(e instanceof DiagnosticError, `${how}: ${String(e)}`);
      assert.equal(e.diagnostic.code, 'ACX_SOURCE_CHANGED', how);
      assert.equal(e.diagnostic.file, 'knowledge/methods/screening.md');
      return true;
    });
    assert.deepEqual(readdirSync(out), [], how);
  }
});

test('a build of 96 MiB of knowledge, and signing it again, peak far below one copy of it beside the rest', { timeout: 180_000 }, () => {
  const src = copyExample();
  mkdirSync(join(src, 'knowledge', 'large'));
  const r = seeded(96);
  const words = ['evidence', 'screening', 'cohort', 'bias', 'trial', 'review', 'method', 'sample', 'level', 'primary'].map((w) => Buffer.from(w));
  // Written as bytes into one buffer: a string a word joined cost ~8 s of CPU (most of it the
  // collector's), the same files in under 1 s. The counter n leaves out each '.' of a '.\n', so a
  // file can pass 4 MiB by a fifth at most (the shortest word has 4 letters).
  const text = Buffer.allocUnsafe(5 * 1024 * 1024);
  for (let i = 0; i < 24; i++) {
    let at = text.write(`# Large note ${i}\n\n`);
    for (let n = 0; n < 4 * 1024 * 1024;) {
      const w = words[r.below(words.length)]!;
      at += w.copy(text, at);
      if (r.below(12) === 0) at += text.write('.\n', at);
      else text[at++] = 0x20;
      n += w.length + 1;
    }
    writeFileSync(join(src, 'knowledge', 'large', `l${i}.md`), text.subarray(0, at));
  }
  const out = tmpDir('acx-large-');
  // A TMPDIR of its own: SQLite's sorts stay in memory, so nothing is written there.
  const tmp = tmpDir('acx-tmpdir-');
  const p = spawnSync(process.execPath, [join(repoRoot, 'test', 'hostile', 'measure.mjs'), 'build', src, '--out', out, '--source-date-epoch', '1767225600', '--key', SEED],
    { encoding: 'utf8', timeout: 170_000, env: { ...process.env, TMPDIR: tmp, CTXFORGE_MEASURE_CLI: builtCli() } });
  assert.equal(p.status, 0, p.stdout + p.stderr);
  const rss = Number(/MAXRSS_KIB=(\d+)/.exec(p.stderr)?.[1]) / 1024;
  // The in-memory build held the files, the database, VACUUM's copy and the serialized image: 4 × 96 MiB and more.
  assert.ok(rss > 0 && rss < 96 + 110, `peak RSS ${rss.toFixed(0)} MiB`);
  assert.deepEqual(readdirSync(tmp), []);
  assert.equal(readdirSync(out).length, 1);
  // Signing it again rewrites it through a verified copy beside the output, in the same bound, to the
  // same bytes (the signature is made from the same key and created_at).
  const built = join(out, readdirSync(out)[0]!);
  const again = join(tmpDir('acx-resign-'), 'signed.acx');
  const s = spawnSync(process.execPath, [join(repoRoot, 'test', 'hostile', 'measure.mjs'), 'sign', built, '--key', SEED, '--out', again],
    { encoding: 'utf8', timeout: 170_000, env: { ...process.env, TMPDIR: tmp, CTXFORGE_MEASURE_CLI: builtCli() } });
  assert.equal(s.status, 0, s.stdout + s.stderr);
  const signRss = Number(/MAXRSS_KIB=(\d+)/.exec(s.stderr)?.[1]) / 1024;
  assert.ok(signRss > 0 && signRss < 96 + 110, `sign: peak RSS ${signRss.toFixed(0)} MiB`);
  assert.equal(sha256(again), sha256(built));
  assert.deepEqual(readdirSync(join(again, '..')), ['signed.acx']);
});
