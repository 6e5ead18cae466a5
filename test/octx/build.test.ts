// Building a working directory: stock-tool readability, byte-identical rebuilds, independent digest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, cpSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runCli, spawnCli } from '../helpers/cli.js';
import { tmpDir, writeTree, git, initRepo } from '../helpers/tmp.js';
import { readDir } from '../helpers/octx-cases.js';

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

test('a built .octx passes unzip -t and Python zipfile.testzip()', () => {
  const out = tmpDir();
  const file = buildTo(out);
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
  const out = tmpDir();
  const file = buildTo(out);
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
  const r = spawnSync('sh', ['-c', `umask 077 && TZ=Pacific/Kiritimati CTXFORGE_FROM_SOURCE=1 "${process.execPath}" "${join(repoRoot, 'bin/ctxforge.js')}" build "${srcB}" --out "${b}" --source-date-epoch ${EPOCH} --json`], { encoding: 'utf8', cwd: tmpDir() });
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

test('a file edited between validation and writing fails the build; nothing is written', async () => {
  const { buildOctx } = await import('../../src/octx/build.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  // Both ways a file is read again for the write: whole (a document, once the 16 MiB of bytes kept
  // from validation are used up by earlier files) and in blocks (a file over 4 MiB).
  for (const [target, how] of [['knowledge/concepts/signing-releases.md', 'read'], ['extensions/dev.example/1.0/big.bin', 'chunks']] as const) {
    const src = tmpDir();
    cpSync(example, src, { recursive: true });
    const blobs: Record<string, Buffer> = { 'extensions/dev.example/1.0/big.bin': Buffer.alloc(5 << 20, 7) };
    // Fillers that use up the 16 MiB budget exactly, after the example's own (smaller, earlier) extension files.
    const used = [...readDir(join(src, 'extensions')).values()].reduce((n, b) => n + b.length, 0);
    for (let i = 0; i < 4; i++) blobs[`extensions/dev.example/1.0/fill-${i}.bin`] = Buffer.alloc(i === 3 ? (4 << 20) - used : 4 << 20, i);
    writeTree(src, blobs);
    // The tree hands out the validated bytes first, then edited ones, as a racing editor would.
    class RacingTree extends DiskTree {
      reads = 0;
      override async read(path: string): Promise<Buffer> {
        const b = await super.read(path);
        if (path === target && ++this.reads >= 2) return Buffer.concat([b.subarray(0, -1), Buffer.from('!')]);
        return b;
      }
      override async *chunks(path: string): AsyncGenerator<Buffer> {
        if (path !== target) { yield* super.chunks(path); return; }
        this.reads++;
        const b = Buffer.from(await super.read(path));
        b[0] = 0x21;
        yield b;
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
    assert.ok(tree.reads >= 2, `${how}: validated, then read again for the write (${tree.reads} reads)`);
    assert.deepEqual(readdirSync(out), [], `${how}: no artifact and no temp file`);
  }
});

// Above 2000 files read again for the write, a worker thread reads them ahead (core/read-ahead.ts).
test('build with many files: read ahead on a worker, the same bytes as read here; a file edited or removed after validation fails the build and leaves nothing', async () => {
  const { buildOctx } = await import('../../src/octx/build.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  const { rmSync } = await import('node:fs');
  const src = join(tmpDir(), 'many');
  cpSync(example, src, { recursive: true });
  const many: Record<string, string> = {};
  // 36 MB: past the 16 MiB of validated bytes the build keeps, so more than 2000 are read again.
  for (let i = 0; i < 4500; i++) many[`extensions/dev.ctxforge.example/1.0/many/f-${String(i).padStart(4, '0')}.txt`] = `file ${i} `.padEnd(8000 + (i % 7), '.') + '\n';
  writeTree(src, many);
  const handedOff: number[] = [];
  class Counting extends DiskTree {
    override handoff(paths: string[]) { handedOff.push(paths.length); return super.handoff(paths); }
  }
  class NoHandoff extends DiskTree {
    override handoff = undefined;
  }
  const build = async (tree: DiskTree) => {
    const out = join(tmpDir(), 'out');
    mkdirSync(out);
    const a = await buildOctx(tree, { outDir: out, epoch: EPOCH, sourceDir: src });
    return { out, bytes: readFileSync(a.path) };
  };
  const ahead = await build(new Counting(src, src));
  assert.ok(handedOff.some((n) => n > 2000), `read ahead: ${handedOff}`);
  const here = await build(new NoHandoff(src, src));
  assert.ok(ahead.bytes.equals(here.bytes), 'the same archive either way');
  const t = spawnSync('unzip', ['-tq', join(ahead.out, readdirSync(ahead.out)[0]!)], { encoding: 'utf8' });
  assert.equal(t.status, 0, t.stdout + t.stderr);

  // The hand-off is made after validation, just before the write: the moment to edit or remove a file.
  const target = 'extensions/dev.ctxforge.example/1.0/many/f-4499.txt';
  for (const how of ['edited', 'removed'] as const) {
    class Racing extends DiskTree {
      override handoff(paths: string[]) {
        if (paths.includes(target)) {
          if (how === 'edited') writeFileSync(join(src, ...target.split('/')), 'edited after validation\n');
          else rmSync(join(src, ...target.split('/')));
        }
        return super.handoff(paths);
      }
    }
    const out = join(tmpDir(), 'out');
    mkdirSync(out);
    await assert.rejects(buildOctx(new Racing(src, src), { outDir: out, epoch: EPOCH, sourceDir: src }), (e: Error & { diagnostic?: { code: string; file?: string } }) => {
      if (how === 'edited') {
        assert.equal(e.diagnostic?.code, 'OCTX_FILE_DIGEST_MISMATCH', e.message);
        assert.equal(e.diagnostic?.file, target);
      } else assert.match(e.message, /f-4499\.txt: no such file/);
      return true;
    });
    assert.deepEqual(readdirSync(out), [], `${how}: no artifact and no temp file`);
    writeFileSync(join(src, ...target.split('/')), many[target]!);
  }
});
