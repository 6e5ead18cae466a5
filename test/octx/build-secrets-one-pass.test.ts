// One pass over the bytes (issue 28): a build scans each file for secrets from the bytes it reads to
// hash and write it, on the thread that reads them (the record worker's record files and share of
// the documents, a large extension file block by block), instead of reading the finished archive
// back. The findings must be those of the read-back scan it replaces — every entry of the built
// archive, in its listing order, name then content — and a build that allows secrets with no one to
// warn does not scan. Fails on the code before: its scan was the read-back, and ran regardless.
import { sharedPaths } from '../../src/core/path-table.js';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir } from '../helpers/tmp.js';
import { repoRoot } from '../helpers/cli.js';
import { DiskTree } from '../../src/core/tree.js';
import { buildOctx } from '../../src/octx/build.js';
import { openOctx } from '../../src/octx/archive.js';
import { scanSecretBytes, scanSecretName } from '../../src/core/secrets.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const AWS = 'AKIAIOSFODNN7EXAMPLE';
const GH = `ghp_${'aB3dE6gH9j'.repeat(3)}k2M4n6`;

/** The scan the build made before: every entry of the built archive read back and scanned. */
async function readBackScan(file: string, allow: boolean): Promise<Diagnostic[]> {
  const opened = await openOctx({ label: file, path: file });
  const out: Diagnostic[] = [];
  try {
    for (const e of await opened.tree!.list()) {
      if (e.kind === 'file') out.push(...scanSecretName(e.path, allow), ...scanSecretBytes(await opened.tree!.read(e.path), e.path, e.path, allow));
    }
  } finally {
    opened.tree?.close();
  }
  return out;
}

// The workers start from the test bundle of the same sources (helpers/built.ts), not from tsx and
// the TypeScript sources in each one.
before(async () => {
  const { useBuiltWorkers } = await import('../../src/core/worker.js');
  const { builtWorkers } = await import('../helpers/built.js');
  useBuiltWorkers(builtWorkers());
});
after(async () => { (await import('../../src/core/worker.js')).useBuiltWorkers(undefined); });

// Made once for the file: every test only reads it (2,400 documents and a 9 MiB file, made three
// times before).
let fixture: Promise<string> | undefined;
function workdirWithSecrets(): Promise<string> {
  fixture ??= makeWorkdirWithSecrets();
  return fixture;
}

async function makeWorkdirWithSecrets(): Promise<string> {
  const { generateOctx } = await import(join(repoRoot, 'bench', 'generate.mjs'));
  // 2,400 documents: above the share with the record worker, so both threads read (and scan) some.
  const { dir } = generateOctx(tmpDir(), 2400, 11) as { dir: string };
  const docs: string[] = [];
  const walk = (d: string) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.isDirectory()) walk(join(d, e.name)); else if (e.name.startsWith('doc-')) docs.push(join(d, e.name)); } };
  walk(join(dir, 'knowledge'));
  docs.sort();
  docs.forEach((p, i) => {
    if (i % 97 === 0) appendFileSync(p, `\nThe deploy key is ${AWS} for now.\n`);
    if (i % 131 === 5) appendFileSync(p, `\napi_key: "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"\ntoken: ${GH}\n`);
  });
  // A record holding a JSON-escaped key, and one in a relation.
  const chunks = readFileSync(join(dir, 'data', 'chunks.jsonl'), 'utf8').split('\n');
  chunks[100] = chunks[100]!.replace('"text":"', `"text":"\\u0041KIAIOSFODNN7EXAMPLE `);
  writeFileSync(join(dir, 'data', 'chunks.jsonl'), chunks.join('\n'));
  // A large extension file, read block by block: keys on both sides of its 1 MiB blocks, one split
  // over a continuation line across a block end, and bytes that are not UTF-8 late in it.
  const ext = join(dir, 'extensions', 'dev.ctxforge.test', '1.0');
  mkdirSync(ext, { recursive: true });
  const line = 'release pipeline archive digest manifest signature checksum\n';
  let big = line.repeat(Math.ceil((9 << 20) / line.length));
  for (const at of [(1 << 20) - 30, 2 << 20, (5 << 20) + 7]) {
    const nl = big.indexOf('\n', at);
    big = `${big.slice(0, nl + 1)}note: AKIAIOSF\\\n  ODNN7EXAMPLE\n${big.slice(nl + 1)}`;
  }
  writeFileSync(join(ext, 'big.txt'), Buffer.concat([Buffer.from(big), Buffer.from([0xff, 0x0a]), Buffer.from(`x ${AWS}\n`)]));
  writeFileSync(join(ext, `${GH}.txt`), 'named after a token\n');
  return dir;
}

test('a build finds, from the bytes it reads, exactly the secrets the read-back scan found', async () => {
  const dir = await workdirWithSecrets();
  const was = process.env.CTXFORGE_RECORD_WORKER;
  try {
    for (const worker of ['1', '0']) {
      process.env.CTXFORGE_RECORD_WORKER = worker;
      const warnings: Diagnostic[] = [];
      const out = tmpDir();
      const built = await buildOctx(new DiskTree(dir), { outDir: out, epoch: 1767225600, allowSecrets: true, warnings });
      const found = warnings.filter((d) => d.code === 'CTXFORGE_SECRET_FOUND');
      const want = await readBackScan(built.path, true);
      assert.ok(want.length >= 30, `the fixture plants secrets (${want.length} found)`);
      assert.deepEqual(found, want, `record worker ${worker}`);
      // Refused without --allow-secrets: the same findings, as errors, and nothing written.
      const refused = await buildOctx(new DiskTree(dir), { outDir: tmpDir(), epoch: 1767225600, warnings: [] }).then(() => undefined, (e: { all?: Diagnostic[] }) => e);
      assert.ok(refused?.all, 'the build is refused');
      assert.deepEqual(refused.all.filter((d) => d.code === 'CTXFORGE_SECRET_FOUND').map((d) => [d.file, d.line, d.column, d.severity]), want.map((d) => [d.file, d.line, d.column, 'error']));
    }
  } finally {
    if (was === undefined) delete process.env.CTXFORGE_RECORD_WORKER;
    else process.env.CTXFORGE_RECORD_WORKER = was;
  }
});

test('a build that allows secrets and has no one to warn (a reproducibility check) does not scan', async () => {
  const dir = await workdirWithSecrets();
  // Allowed and warned: the warnings are there.
  const warnings: Diagnostic[] = [];
  await buildOctx(new DiskTree(dir), { outDir: tmpDir(), epoch: 1767225600, allowSecrets: true, warnings });
  assert.ok(warnings.some((d) => d.code === 'CTXFORGE_SECRET_FOUND'));
  // Allowed, no sink: built, the same bytes, no scan to pay for.
  const a = await buildOctx(new DiskTree(dir), { outDir: tmpDir(), epoch: 1767225600, allowSecrets: true });
  const b = await buildOctx(new DiskTree(dir), { outDir: tmpDir(), epoch: 1767225600, allowSecrets: true, warnings: [] });
  assert.equal(a.sha256, b.sha256);
  const { checkPackage } = await import('../../src/octx/package.js');
  const report = await checkPackage(new DiskTree(dir), { workdir: true });
  assert.equal(report.secrets, undefined, 'a validation never scans');
});

test('the record worker scans the documents it takes, and the record files it reads, as the main thread would', async () => {
  const dir = await workdirWithSecrets();
  const { WorkerPass } = await import('../../src/octx/record-pass.js');
  const docs = readdirSync(join(dir, 'knowledge'), { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.md')).map((p) => `knowledge/${p.split('\\').join('/')}`).sort();
  const pass = new WorkerPass({ maxDepth: 64, maxLineBytes: 1 << 24, secrets: { allow: false } });
  try {
    const found = new Map<string, Diagnostic[]>();
    // Nothing is claimed here: the worker takes every batch.
    await pass.shareDocs({ kind: 'disk', root: dir, paths: sharedPaths(docs)! }, new SharedArrayBuffer(4), 64, 'ids', (batch) => {
      for (let k = batch.start; k < batch.start + batch.count; k++) found.set(docs[k]!, batch.extras.find((r) => r.k === k)?.secrets ?? []);
    });
    assert.equal(found.size, docs.length);
    let withSecrets = 0;
    for (const p of docs) {
      const want = scanSecretBytes(readFileSync(join(dir, p)), p, p, false);
      if (want.length) withSecrets++;
      assert.deepEqual(found.get(p), want, p);
    }
    assert.ok(withSecrets >= 20, `${withSecrets} documents hold secrets`);
  } finally {
    pass.close();
  }
  // A record file read on the worker: its findings come with its digest.
  const tree = new DiskTree(dir);
  const rec = new WorkerPass({ maxDepth: 64, maxLineBytes: 1 << 24, secrets: { allow: false } }, new Map([['chunks', tree.openRange('data/chunks.jsonl')]]));
  try {
    await rec.digest('chunks');
    const want = scanSecretBytes(readFileSync(join(dir, 'data', 'chunks.jsonl')), 'data/chunks.jsonl', 'data/chunks.jsonl', false);
    assert.equal(want.length, 1);
    assert.deepEqual(rec.secrets('chunks'), want);
  } finally {
    rec.close();
  }
});
