// A full disk, a file-size limit, an output path under a regular file, and a directory the process
// may not write: each is a clear CTXFORGE_IO diagnostic with exit 2 (the README's I/O exit code),
// no stack trace, and nothing — not even a temp file — left in the output directory. Real faults,
// not mocks: a 64 KiB tmpfs, RLIMIT_FSIZE via prlimit, and a build run as `nobody` via setpriv.
// The size limit and the other user need a CLI process of their own; the full disk and the path
// below a file are the same faults for a build in this process (the JSON form of each format runs
// here, the text form of a full disk in a process).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir } from '../helpers/tmp.js';
import { bundleReadableBy } from '../helpers/readable-cli.js';
import { BIN, ENV, EPOCH, STACK, bigAcx, bigCtxpkg, bigOctx, buildInProcess, buildSync } from './helpers.js';

const src = tmpDir('ctxforge-disk-src-');
// Each source is well over 64 KiB built, so it cannot fit the small file system or the size limit.
bigOctx(join(src, 'octx'), 4, 40_000);
bigCtxpkg(join(src, 'ctxpkg'), 4, 40_000);
bigAcx(join(src, 'acx'), 4, 40_000);
const FORMATS = ['octx', 'ctxpkg', 'acx'] as const;

function assertIoFailure(r: { code: number | null; stdout: string; stderr: string }, why: RegExp, what: string): void {
  assert.equal(r.code, 2, `${what}: exit ${r.code}\n${r.stderr}${r.stdout}`);
  assert.doesNotMatch(r.stderr + r.stdout, STACK, `${what}: a stack trace or internal error`);
  const e = (JSON.parse(r.stdout) as { error: { code: string; message: string } }).error;
  assert.equal(e.code, 'CTXFORGE_IO', what);
  assert.match(e.message, why, what);
  assert.match(e.message, /nothing was written/);
}

test('a full file system (64 KiB tmpfs) gives CTXFORGE_IO "no space left", and leaves the old artifact and no temp file', async () => {
  const mnt = tmpDir('ctxforge-tmpfs-');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]);
  try {
    const old = join(mnt, 'old-unrelated.bin');
    writeFileSync(old, Buffer.alloc(8 * 1024, 1));
    for (const f of FORMATS) {
      const r = await buildInProcess(join(src, f), mnt, ['--json']);
      assertIoFailure(r, /no space left on the device \(ENOSPC\)/, f);
      assert.deepEqual(readdirSync(mnt), ['old-unrelated.bin'], `${f}: only what was there before remains`);
    }
    assert.ok(readFileSync(old).equals(Buffer.alloc(8 * 1024, 1)));
    // The text form: one diagnostic line with its hint, no stack.
    const t = buildSync(join(src, 'octx'), mnt);
    assert.equal(t.code, 2);
    assert.match(t.stderr, /error CTXFORGE_IO: .*no space left/);
    assert.match(t.stderr, /hint: free space or choose another --out directory/);
    assert.doesNotMatch(t.stderr, STACK);
  } finally {
    execFileSync('umount', [mnt]);
  }
});

test('a file-size limit (RLIMIT_FSIZE via prlimit) gives CTXFORGE_IO EFBIG, not a crash', () => {
  for (const f of FORMATS) {
    const out = tmpDir('ctxforge-fsize-');
    const r = spawnSync('prlimit', ['--fsize=65536', process.execPath, BIN, 'build', join(src, f), '--out', out, '--source-date-epoch', EPOCH, '--json'], { env: ENV, encoding: 'utf8', timeout: 300_000 });
    assert.equal(r.signal, null, `${f}: killed by ${r.signal} (SIGXFSZ must be ignored so the write fails with EFBIG)`);
    assertIoFailure({ code: r.status, stdout: r.stdout, stderr: r.stderr }, /file size limit\) \(EFBIG\)/, f);
    assert.deepEqual(readdirSync(out), [], `${f}: nothing left behind`);
  }
});

test('an --out path below a regular file gives CTXFORGE_IO ENOTDIR', async () => {
  const base = tmpDir('ctxforge-notdir-');
  writeFileSync(join(base, 'file'), 'x');
  for (const f of FORMATS) assertIoFailure(await buildInProcess(join(src, f), join(base, 'file', 'dist'), ['--json']), /not a directory \(ENOTDIR\)/, f);
  assert.equal(readFileSync(join(base, 'file'), 'utf8'), 'x');
});

test('an output directory the user may not write (build run as nobody) gives CTXFORGE_IO EACCES', () => {
  const out = tmpDir('ctxforge-eacces-');
  chmodSync(out, 0o755);
  // The source copies must be readable by nobody; tmpDir makes 0700 directories.
  const readable = tmpDir('ctxforge-eacces-src-');
  chmodSync(readable, 0o755);
  for (const f of FORMATS) {
    execFileSync('cp', ['-r', join(src, f), join(readable, f)]);
    execFileSync('chmod', ['-R', 'a+rX', join(readable, f)]);
  }
  // A clone inside a 0700 folder is closed to nobody: it runs a readable copy of the CLI then.
  const bin = bundleReadableBy('nobody');
  for (const f of FORMATS) {
    const r = spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, bin, 'build', join(readable, f), '--out', out, '--source-date-epoch', EPOCH, '--json'], {
      env: { ...ENV, HOME: '/tmp' }, encoding: 'utf8', timeout: 300_000, cwd: '/tmp',
    });
    assertIoFailure({ code: r.status, stdout: r.stdout, stderr: r.stderr }, /permission denied \(EACCES\)/, f);
    assert.deepEqual(readdirSync(out), [], `${f}: nothing left behind`);
  }
});
