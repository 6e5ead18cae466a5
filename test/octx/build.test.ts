// Building a working directory: stock-tool readability, byte-identical rebuilds, independent digest.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, cpSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { repoRoot, runCli, spawnCli } from '../helpers/cli.js';
import { tmpDir, writeTree, git, initRepo } from '../helpers/tmp.js';
import { readDir } from '../helpers/octx-cases.js';
import { builtCli, builtWorkers } from '../helpers/built.js';

const example = join(repoRoot, 'working-dir-example', 'octx');
const EPOCH = '1767225600';

function buildTo(out: string, src = example, env: NodeJS.ProcessEnv = {}, cwd = repoRoot): string {
  const r = spawnCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--json'], { cwd, env: { ...process.env, ...env } });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const j = JSON.parse(r.stdout);
  assert.equal(j.artifacts.length, 1);
  assert.equal(j.artifacts[0].format, 'octx');
  return j.artifacts[0].path;
}

// The example built once by a CLI process, for the tests that only read the artifact.
let exampleArtifact: string | undefined;
const builtExample = (): string => (exampleArtifact ??= buildTo(tmpDir()));

test('a built .octx passes unzip -t and Python zipfile.testzip()', () => {
  const file = builtExample();
  assert.match(file, /release-engineering-handbook-1\.1\.0\.octx$/);
  const t = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
  assert.equal(t.status, 0, t.stdout + t.stderr);
  assert.match(t.stdout, /No errors detected/);
  const py = spawnSync('python3', ['-c', 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); r=z.testzip(); print(z.namelist()[0]); sys.exit(0 if r is None else 1)', file], { encoding: 'utf8' });
  assert.equal(py.status, 0, py.stderr);
  assert.equal(py.stdout.trim(), 'manifest.json', 'manifest.json is the first entry');
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const payload = names.slice(1);
  const sorted = [...payload].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  assert.deepEqual(payload, sorted, 'payload in UTF-8 byte order');
  const zv = execFileSync('unzip', ['-Zv', file], { encoding: 'utf8' });
  assert.ok(!/compression method:\s+deflated/.test(zv), 'entries are STORED');
  assert.match(zv, /file last modified on \(DOS date\/time\):\s+1980 Jan 1 00:00:00/);
  assert.ok(!/Unix file attributes \((?!100644)/.test(zv), 'every entry has mode 100644');
});

test('package digest equals an independent JCS computation (Python)', () => {
  const file = builtExample();
  const script = `
import zipfile, json, hashlib, sys
z = zipfile.ZipFile(sys.argv[1])
m = json.loads(z.read('manifest.json'))
for f in m['files']:
    assert hashlib.sha256(z.read(f['path'])).hexdigest() == f['sha256'], f['path']
declared = m['release'].pop('package_digest')
m['files'].sort(key=lambda f: f['path'].encode('utf-8'))
def jcs(v):
    if isinstance(v, dict):
        return '{' + ','.join(json.dumps(k, ensure_ascii=False) + ':' + jcs(v[k]) for k in sorted(v, key=lambda k: k.encode('utf-16-be'))) + '}'
    if isinstance(v, list):
        return '[' + ','.join(jcs(x) for x in v) + ']'
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    if isinstance(v, float):
        return repr(int(v)) if v.is_integer() else repr(v)
    return json.dumps(v, ensure_ascii=False)
print(declared == 'sha256:' + hashlib.sha256(jcs(m).encode('utf-8')).hexdigest())
`;
  const r = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'True');
});

test('two builds under different TZ, umask, checkout path and file-creation order are byte-identical', () => {
  const a = tmpDir();
  const b = tmpDir();
  // Copy B: files created in reverse order, in a different path.
  const srcB = join(tmpDir(), 'deeper', 'checkout', 'octx');
  const files = [...readDir(example)].reverse();
  for (const [p, data] of files) writeTree(srcB, { [p]: data });
  const fa = buildTo(a, example, { TZ: 'UTC' });
  const r = spawnSync('sh', ['-c', `umask 077 && TZ=Pacific/Kiritimati CTXFORGE_FROM_SOURCE=1 "${process.execPath}" "${builtCli()}" build "${srcB}" --out "${b}" --source-date-epoch ${EPOCH} --json`], { encoding: 'utf8', cwd: tmpDir() });
  assert.equal(r.status, 0, r.stderr);
  const fb = JSON.parse(r.stdout).artifacts[0].path;
  assert.ok(readFileSync(fa).equals(readFileSync(fb)), 'identical bytes');
  const tzc = buildTo(tmpDir(), example, { TZ: 'America/St_Johns' });
  assert.ok(readFileSync(fa).equals(readFileSync(tzc)));
});

test('the epoch comes from the flag, SOURCE_DATE_EPOCH or the git commit time, never the clock', async () => {
  const src = join(tmpDir(), 'wd');
  cpSync(example, src, { recursive: true });
  const out = tmpDir();
  const noTime = await runCli(['build', src, '--out', out], { env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
  assert.equal(noTime.code, 2);
  assert.match(noTime.stderr, /CTXFORGE_EPOCH_MISSING/);
  assert.deepEqual(readdirSync(out), [], 'nothing written');
  const env = await runCli(['build', src, '--out', out, '--json'], { env: { ...process.env, SOURCE_DATE_EPOCH: '1700000000' } });
  assert.equal(env.code, 0, env.stderr);
  const p = JSON.parse(env.stdout).artifacts[0].path;
  const m = JSON.parse(execFileSync('unzip', ['-p', p, 'manifest.json'], { encoding: 'utf8' }));
  assert.equal(m.release.created_at, '2023-11-14T22:13:20Z');
  initRepo(src);
  git(src, ['add', '-A']);
  git(src, ['commit', '-qm', 'initial'], { GIT_COMMITTER_DATE: '2026-03-04T05:06:07Z' });
  const out2 = tmpDir();
  const fromGit = await runCli(['build', src, '--out', out2, '--json'], { env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
  assert.equal(fromGit.code, 0, fromGit.stderr);
  const m2 = JSON.parse(execFileSync('unzip', ['-p', JSON.parse(fromGit.stdout).artifacts[0].path, 'manifest.json'], { encoding: 'utf8' }));
  assert.equal(m2.release.created_at, '2026-03-04T05:06:07Z');
});

test('build keeps unknown manifest fields and extension bytes, ignores non-payload files', async () => {
  const src = join(tmpDir(), 'wd');
  cpSync(example, src, { recursive: true });
  writeFileSync(join(src, 'README.md'), 'not payload');
  mkdirSync(join(src, '.octx'), { recursive: true });
  writeFileSync(join(src, '.octx', 'state.json'), '{}');
  const out = tmpDir();
  const file = buildTo(out, src);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  assert.ok(!names.includes('README.md') && !names.some((n) => n.startsWith('.octx')));
  const m = JSON.parse(execFileSync('unzip', ['-p', file, 'manifest.json'], { encoding: 'utf8' }));
  assert.deepEqual(m['x-maintainers'], ['platform-team']);
  const ext = 'extensions/dev.ctxforge.example/1.0/review-status.jsonl';
  assert.ok(execFileSync('unzip', ['-p', file, ext]).equals(readFileSync(join(example, ...ext.split('/')))));
  assert.deepEqual(Object.keys(m), ['format', 'format_version', 'asset', 'release', 'capabilities', 'x-maintainers', 'files']);
});

test('an invalid working directory fails the build with diagnostics and writes nothing', async () => {
  const src = tmpDir();
  writeTree(src, {
    'manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019a0000-0000-7000-8000-00000000a001', name: 'X' }, release: { version: '1.0.0' } }),
    'knowledge/a.md': '---\ntype: Reference\n---\n\n# A\n',
  });
  const out = join(tmpDir(), 'out');
  const r = await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /OCTX_DOCUMENT_ID_INVALID/);
  assert.match(r.stderr, /knowledge\/a\.md:2/);
  assert.ok(!existsSync(out) || readdirSync(out).length === 0);
});

test('a file that changes between the listing and its one read fails the build; nothing is written', async () => {
  const { buildOctx } = await import('../../src/octx/build.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  // Each file is read once, and written into the archive from the bytes its checks read; a file no
  // longer the size it was listed with does not fit the layout. Both ways a file is read: whole
  // (a document) and in blocks (a file over 8 MiB that no rule reads).
  for (const [target, how] of [['knowledge/concepts/signing-releases.md', 'read'], ['extensions/dev.example/1.0/big.bin', 'chunks']] as const) {
    const src = tmpDir();
    cpSync(example, src, { recursive: true });
    writeTree(src, { 'extensions/dev.example/1.0/big.bin': Buffer.alloc(9 << 20, 7) });
    class RacingTree extends DiskTree {
      reads = 0;
      override async read(path: string): Promise<Buffer> {
        const b = await super.read(path);
        if (path !== target) return b;
        this.reads++;
        return Buffer.concat([b, Buffer.from('appended after the listing\n')]);
      }
      override async *chunks(path: string): AsyncGenerator<Buffer> {
        if (path !== target) { yield* super.chunks(path); return; }
        this.reads++;
        yield* super.chunks(path);
        yield Buffer.from('appended after the listing\n');
      }
    }
    const out = join(tmpDir(), 'out');
    mkdirSync(out);
    const tree = new RacingTree(src, src);
    await assert.rejects(buildOctx(tree, { outDir: out, epoch: EPOCH, sourceDir: src }), (e: Error & { diagnostic?: { code: string; file?: string; message: string } }) => {
      assert.equal(e.diagnostic?.code, 'OCTX_FILE_DIGEST_MISMATCH', `${how}: ${e.message}`);
      assert.equal(e.diagnostic?.file, target);
      assert.match(e.diagnostic!.message, /changed while the package was being built/);
      return true;
    });
    assert.equal(tree.reads, 1, `${how}: read once`);
    assert.deepEqual(readdirSync(out), [], `${how}: no artifact and no temp file`);
  }
});

test('a failed build removes the output directory it made, and only that', async () => {
  const src = tmpDir();
  cpSync(example, src, { recursive: true });
  writeFileSync(join(src, 'knowledge', 'bad.md'), '---\ntype: [unclosed\n---\n# Bad\n');
  const parent = tmpDir();
  const r = await runCli(['build', src, '--out', join(parent, 'a', 'b'), '--source-date-epoch', EPOCH]);
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(readdirSync(parent), [], 'a/ and a/b/ made for the build are gone');
  mkdirSync(join(parent, 'kept'));
  writeFileSync(join(parent, 'kept', 'other.txt'), 'not the build\'s');
  const r2 = await runCli(['build', src, '--out', join(parent, 'kept'), '--source-date-epoch', EPOCH]);
  assert.equal(r2.code, 1);
  assert.deepEqual(readdirSync(join(parent, 'kept')), ['other.txt']);
});

// A large build: the record worker checks and writes its share of the documents and copies the
// record files into the archive, while this thread writes the rest.
test('a large build written by two threads is byte-identical to one written by this thread alone; a record file that changed before its copy, or a file grown or removed after the listing, fails it', async () => {
  const { buildOctx } = await import('../../src/octx/build.js');
  const { DiskTree, readRegularFile } = await import('../../src/core/tree.js');
  const { rmSync, appendFileSync, openSync: open, closeSync: close } = await import('node:fs');
  const src = join(tmpDir(), 'many');
  cpSync(example, src, { recursive: true });
  const docs: Record<string, string> = {};
  // Over the 2000 documents above which the worker takes a share.
  for (let i = 0; i < 2600; i++) docs[`knowledge/many/doc-${String(i).padStart(4, '0')}.md`] = `---\ntype: Concept\ntitle: Document ${i}\noctx:\n  document_id: 019a0000-0000-7000-8000-${(0xe00000 + i).toString(16).padStart(12, '0')}\n---\n\n# Document ${i}\n\n${'Text of the document. '.repeat(1 + (i % 40))}\n`;
  writeTree(src, docs);
  // Each document's chunk.
  appendFileSync(join(src, 'data', 'chunks.jsonl'), Array.from({ length: 2600 }, (_, i) =>
    `${JSON.stringify({ id: `019a0000-0000-7000-8000-${(0xc00000 + i).toString(16).padStart(12, '0')}`, document_id: `019a0000-0000-7000-8000-${(0xe00000 + i).toString(16).padStart(12, '0')}`, ordinal: 0, text: `Chunk of document ${i}.` })}\n`).join(''));
  // Without vectors (every chunk would need one).
  rmSync(join(src, 'vectors'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(src, 'manifest.json'), 'utf8'));
  delete manifest.capabilities.vectors;
  writeFileSync(join(src, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const event = readFileSync(join(src, 'relations', 'chunk-events.jsonl'), 'utf8').split('\n')[0]!;
  appendFileSync(join(src, 'relations', 'chunk-events.jsonl'), Array.from({ length: 2600 }, (_, i) =>
    `${JSON.stringify({ ...JSON.parse(event), chunk_id: `019a0000-0000-7000-8000-${(0xc00000 + i).toString(16).padStart(12, '0')}` })}\n`).join(''));
  // The worker starts from the test bundle of the same sources (helpers/built.ts), not through tsx.
  const { useBuiltWorkers } = await import('../../src/core/worker.js');
  useBuiltWorkers(builtWorkers());
  after(() => useBuiltWorkers(undefined));
  const handedOff: number[] = [];
  // This thread's reads are slowed so that the worker takes a share however fast it starts.
  class Counting extends DiskTree {
    override handoff(paths: string[]) { handedOff.push(paths.length); return super.handoff(paths); }
    override handoffListed(positions: readonly number[]) { handedOff.push(positions.length); return super.handoffListed(positions); }
    override async read(path: string) {
      if (path.startsWith('knowledge/many/')) await new Promise((r) => setTimeout(r, 5));
      return super.read(path);
    }
  }
  // Entries written by the worker, as this thread learns of them.
  const { ZipPlacement } = await import('../../src/core/zip-placement.js');
  const counted = { wrote: 0, wroteData: 0 };
  const { wrote, wroteData } = ZipPlacement.prototype;
  ZipPlacement.prototype.wrote = function (...a) { counted.wrote++; return wrote.apply(this, a); };
  ZipPlacement.prototype.wroteData = function (...a) { counted.wroteData++; return wroteData.apply(this, a); };
  after(() => { Object.assign(ZipPlacement.prototype, { wrote, wroteData }); });
  class NoHandoff extends DiskTree {
    override handoff = undefined;
  }
  const before = process.env.CTXFORGE_RECORD_WORKER;
  const withWorker = async <T>(on: boolean, f: () => Promise<T>) => {
    process.env.CTXFORGE_RECORD_WORKER = on ? '1' : '0';
    try { return await f(); } finally { if (before === undefined) delete process.env.CTXFORGE_RECORD_WORKER; else process.env.CTXFORGE_RECORD_WORKER = before; }
  };
  const build = async (tree: DiskTree) => {
    const out = join(tmpDir(), 'out');
    mkdirSync(out);
    const a = await buildOctx(tree, { outDir: out, epoch: EPOCH, sourceDir: src });
    return { out, path: a.path, sha256: a.sha256, bytes: readFileSync(a.path) };
  };
  const two = await withWorker(true, () => build(new Counting(src, src)));
  assert.ok(handedOff.some((n) => n > 2000), `documents shared with the worker: ${handedOff}`);
  assert.ok(counted.wrote > 0, 'the worker wrote some documents');
  assert.equal(counted.wroteData, 5, 'the worker copied the five record files');
  const one = await withWorker(false, () => build(new NoHandoff(src, src)));
  assert.ok(two.bytes.equals(one.bytes), 'the same archive either way');
  assert.equal(two.sha256, createHash('sha256').update(two.bytes).digest('hex'));
  const t = spawnSync('unzip', ['-tq', two.path], { encoding: 'utf8' });
  assert.equal(t.status, 0, t.stdout + t.stderr);

  // The worker copies data/chunks.jsonl after checking it: a copy that reads other bytes (here a
  // second range over a changed copy of the file, as an editor's write would give) is refused.
  const changedCopy = join(tmpDir(), 'chunks.jsonl');
  const original = readRegularFile(join(src, 'data', 'chunks.jsonl'), 'chunks');
  writeFileSync(changedCopy, Buffer.concat([original.subarray(0, -2), Buffer.from('!\n')]));
  class ChangedBeforeCopy extends DiskTree {
    opened = 0;
    override openRange(path: string) {
      if (path !== 'data/chunks.jsonl' || ++this.opened === 1) return super.openRange(path);
      const fd = open(changedCopy, 'r');
      return { fd, offset: 0, size: original.length, release: () => close(fd) };
    }
  }
  const failing = async (tree: DiskTree, code: string | RegExp, file?: string) => {
    const out = join(tmpDir(), 'out');
    mkdirSync(out);
    await withWorker(true, () => assert.rejects(buildOctx(tree, { outDir: out, epoch: EPOCH, sourceDir: src }), (e: Error & { diagnostic?: { code: string; file?: string } }) => {
      if (typeof code === 'string') {
        assert.equal(e.diagnostic?.code, code, e.message);
        assert.equal(e.diagnostic?.file, file);
      } else assert.match(e.message, code);
      return true;
    }));
    assert.deepEqual(readdirSync(out), [], 'no artifact and no temp file');
  };
  const copied = new ChangedBeforeCopy(src, src);
  await failing(copied, 'OCTX_FILE_DIGEST_MISMATCH', 'data/chunks.jsonl');
  assert.equal(copied.opened, 2, 'opened for the check, then for the copy');

  // A document grown, or removed, after its size was taken for the layout (whichever thread reads
  // it). The listing takes no size (sizeOnRead): the layout asks every size before the documents
  // are handed to the worker, so the change comes then.
  const target = 'knowledge/many/doc-2599.md';
  for (const how of ['grown', 'removed'] as const) {
    class Racing extends DiskTree {
      raced = false;
      race() {
        if (this.raced) return;
        this.raced = true;
        if (how === 'grown') appendFileSync(join(src, ...target.split('/')), 'grown after the listing\n');
        else rmSync(join(src, ...target.split('/')), { force: true });
      }
      override handoffListed(positions: ArrayLike<number>) {
        this.race();
        return super.handoffListed(positions);
      }
    }
    await failing(new Racing(src, src), how === 'grown' ? 'OCTX_FILE_DIGEST_MISMATCH' : /doc-2599\.md: no such file/, target);
    writeFileSync(join(src, ...target.split('/')), docs[target]!);
  }
});

test('the built manifest\'s length is known from its paths before any file is read, whatever the paths hold', async () => {
  const { builtManifestLength } = await import('../../src/octx/build.js');
  const { stringifyManifest } = await import('../../src/octx/serialize.js');
  const manifest = JSON.parse(readFileSync(join(example, 'manifest.json'), 'utf8'));
  const samples = [
    [],
    ['knowledge/a.md'],
    ['knowledge/é/ünïcode ☃.md', 'knowledge/q"uote\\back.md', 'knowledge/\u0001ctl\ttab.md', 'knowledge/😀/astral.md', 'knowledge/lone\ud800.md'],
    Array.from({ length: 300 }, (_, i) => `knowledge/n/${'x'.repeat(i % 17)}${i}.md`),
  ];
  for (const paths of samples) {
    const raw = structuredClone(manifest);
    raw.release.created_at = '2026-01-01T00:00:00Z';
    raw.files = paths.map((p, i) => ({ path: p, sha256: createHash('sha256').update(String(i)).digest('hex') }));
    raw.release.package_digest = `sha256:${'ab'.repeat(32)}`; // any digest: fixed-length hex
    assert.equal(builtManifestLength(manifest, Number(EPOCH), paths), Buffer.byteLength(stringifyManifest(raw)), JSON.stringify(paths.slice(0, 5)));
  }
});

test('the built manifest is written in pieces of whole entries, byte for byte the manifest rendered whole, and its package digest is the one of that manifest (issue 39)', async () => {
  const { builtManifestPieces } = await import('../../src/octx/build.js');
  const { stringifyManifest } = await import('../../src/octx/serialize.js');
  const { packageDigest, packageDigestListed } = await import('../../src/octx/digest.js');
  const manifest = JSON.parse(readFileSync(join(example, 'manifest.json'), 'utf8'));
  const marked = { ...structuredClone(manifest), description: '\u0000ctxforge:files\u0000' };
  const samples: [Record<string, unknown>, string[]][] = [
    [manifest, []],
    [manifest, ['knowledge/a.md']],
    [manifest, ['knowledge/é/ünïcode ☃.md', 'knowledge/q"uote\\back.md', 'knowledge/\u0001ctl\ttab.md', 'knowledge/😀/astral.md', 'knowledge/lone\ud800.md']],
    [manifest, Array.from({ length: 3000 }, (_, i) => `knowledge/n/${'x'.repeat(i % 17)}${String(i).padStart(5, '0')}.md`)],
    // The marker that stands for files[] spelled in the manifest itself: rendered whole instead.
    [marked, ['knowledge/a.md', 'knowledge/b.md']],
  ];
  for (const [m, unsorted] of samples) {
    // A build lists its files in UTF-8 order of path, as the package digest sorts them.
    const paths = [...unsorted].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const hex = paths.map((_, i) => createHash('sha256').update(String(i)).digest('hex'));
    const raw = structuredClone(m) as Record<string, unknown> & { release: Record<string, unknown> };
    raw.release.created_at = '2026-01-01T00:00:00Z';
    raw.files = paths.map((p, i) => ({ path: p, sha256: hex[i] }));
    const listed = { count: paths.length, path: (k: number) => paths[k]!, sha256: (k: number) => hex[k]! };
    // Of the manifest as a build writes it: the digest listed by position is the digest of the
    // whole, or the same refusal (a lone surrogate has no JCS).
    const built = { ...structuredClone(m), release: { ...(m.release as object), created_at: '2026-01-01T00:00:00Z' } };
    let digest = `sha256:${'ab'.repeat(32)}`;
    let refusal: string | undefined;
    try { digest = packageDigest(raw); } catch (e) { refusal = (e as Error).message; }
    if (refusal) assert.throws(() => packageDigestListed(built, listed), { message: refusal });
    else assert.equal(packageDigestListed(built, listed), digest, JSON.stringify(paths.slice(0, 3)));
    raw.release.package_digest = digest;
    const pieces = [...builtManifestPieces(m as never, Number(EPOCH), listed, digest, 4096)];
    assert.equal(pieces.join(''), stringifyManifest(raw), JSON.stringify(paths.slice(0, 3)));
    // Never the whole list at once: a piece is at most the piece size and one entry past it.
    if (paths.length === 3000) {
      assert.ok(pieces.length > 50, `${pieces.length} pieces`);
      for (const p of pieces.slice(0, -1)) assert.ok(p.length < 4096 + 200, `a piece of ${p.length} characters`);
    }
  }
});

test('a build interrupted while it writes (SIGINT, SIGTERM) leaves no temp file and no output directory it made', async () => {
  const { spawn } = await import('node:child_process');
  const { existsSync: exists } = await import('node:fs');
  const src = join(tmpDir(), 'big');
  cpSync(example, src, { recursive: true });
  const fill: Record<string, Buffer> = {};
  // Enough to take a while from source: the temp file exists from the listing to the rename.
  for (let i = 0; i < 3000; i++) fill[`extensions/dev.ctxforge.example/1.0/f-${i}.bin`] = Buffer.alloc(20000, i % 251);
  writeTree(src, fill);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // On a loaded machine the signal can land after the rename, which rightly leaves the finished
    // artifact: such an attempt is retried. Any other leftover (a temp file, an empty made/) fails.
    let interrupted = false;
    for (let attempt = 0; attempt < 5 && !interrupted; attempt++) {
      const parent = tmpDir();
      const out = join(parent, 'made', 'dist');
      const child = spawn(process.execPath, [builtCli(), 'build', src, '--out', out, '--source-date-epoch', EPOCH], { env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' }, stdio: 'ignore' });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, sig) => resolve({ code, signal: sig })));
      let sent = false;
      for (let k = 0; k < 3000 && !sent; k++) {
        if (exists(out) && readdirSync(out).some((f) => f.includes('.ctxforge-tmp-'))) { child.kill(signal); sent = true; break; }
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      const r = await exited;
      assert.ok(sent, `${signal}: the temp file was seen (exit ${r.code})`);
      assert.equal(r.signal, signal, `${signal}: the process ends by the signal, as uncaught`);
      const left = readdirSync(parent, { recursive: true }).map(String).sort();
      if (left.length === 3 && left[2]!.endsWith('.octx') && !left[2]!.includes('.ctxforge-tmp-')) continue; // signalled after the rename
      assert.deepEqual(left, [], `${signal}: no temp file, and made/dist/ removed`);
      interrupted = true;
    }
    assert.ok(interrupted, `${signal}: one of the attempts was interrupted while writing`);
  }
});

test('verify --key on an .octx does not fail it: a warning says the key does not apply (there is no signature to pin)', async () => {
  const file = builtExample();
  const plain = await runCli(['verify', file]);
  assert.equal(plain.code, 0, plain.stderr);
  const pinned = await runCli(['verify', file, '--key', 'ab'.repeat(32), '--json']);
  assert.equal(pinned.code, 0, pinned.stdout);
  const r = (JSON.parse(pinned.stdout) as { results: Array<{ valid: boolean; details: Record<string, unknown>; diagnostics: Array<{ code: string; severity: string; message: string; hint?: string }> }> }).results[0]!;
  assert.equal(r.valid, true);
  assert.equal(r.details.signature, 'not applicable');
  const d = r.diagnostics.find((x) => x.code === 'OCTX_SIGNATURE_UNSUPPORTED');
  assert.ok(d, JSON.stringify(r.diagnostics));
  assert.equal(d.severity, 'warning');
  assert.match(d.message, /does not apply/);
  assert.match(d.hint ?? '', /minisign/);
});
