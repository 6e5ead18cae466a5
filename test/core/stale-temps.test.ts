// Temp files a killed process left: the next run into the folder removes ctxforge's own, of a
// process gone on this host, older than 10 minutes — and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, lstatSync, lutimesSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { uptime } from 'node:os';
import { repoRoot, spawnCli } from '../helpers/cli.js';
import { builtCli } from '../helpers/built.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { ownTags, parseTempName, STALE_AFTER_MS, sweepOnce, sweepStaleTemps, tempPathFor } from '../../src/core/stale-temps.js';

const example = join(repoRoot, 'working-dir-example', 'octx');
const EPOCH = '1767225600';
const ELEVEN_MINUTES_AGO = (Date.now() - 11 * 60_000) / 1000;

/** A pid that certainly was a process and is gone: a child that has exited and been reaped. */
function deadPid(): number {
  const r = spawnSync('true');
  assert.ok(r.pid && r.status === 0);
  return r.pid;
}

function age(path: string, seconds = ELEVEN_MINUTES_AGO): void {
  utimesSync(path, seconds, seconds);
}

/** A temp name exactly as tempPathFor makes it, with another pid / host / boot. */
function nameWith(target: string, pid: number, host = ownTags().host, boot = ownTags().boot): string {
  return `.${target}.ctxforge-tmp-${pid}-${host}-${boot}-0123abcd`;
}

test('temp names carry pid, host and boot; parseTempName reads back exactly that shape and nothing looser', () => {
  const p = tempPathFor('/some/dir/pkg-1.0.0.octx');
  const name = p.slice('/some/dir/'.length);
  const t = parseTempName(name);
  assert.ok(t, name);
  assert.equal(t.target, 'pkg-1.0.0.octx');
  assert.equal(t.pid, process.pid);
  assert.deepEqual({ host: t.host, boot: t.boot }, ownTags());
  assert.match(ownTags().host, /^[0-9a-f]{8}$/);
  // The Linux boot id is read: pid reuse across a reboot is recognised.
  if (existsSync('/proc/sys/kernel/random/boot_id')) assert.notEqual(ownTags().boot, '00000000');
  for (const bad of [
    `${name}.x`, name.slice(1), `${name}\n`, `.a.ctxforge-tmp-${process.pid}-0123abcd`, // the old name, without host and boot
    `.a.ctxforge-tmp-0-${ownTags().host}-${ownTags().boot}-0123abcd`, `.a.ctxforge-tmp-${process.pid}-${ownTags().host.toUpperCase()}-${ownTags().boot}-0123abcd`,
    `.a.ctxforge-tmp-${process.pid}-${ownTags().host}-${ownTags().boot}-0123abc`, `.\n.ctxforge-tmp-${process.pid}-${ownTags().host}-${ownTags().boot}-0123abcd`,
  ]) assert.equal(parseTempName(bad), undefined, JSON.stringify(bad));
});

test('a temp file left by a process SIGKILLed inside the atomic writer is removed once it is 10 minutes old; until then it is kept', () => {
  const dir = tmpDir();
  const target = join(dir, 'out.bin');
  // The library's own writer, in a process that kills itself with SIGKILL while the temp file is open.
  const code = `import('./src/core/atomic.ts').then((m) => m.writeAtomic(${JSON.stringify(target)}, async (tmp) => {
    require('node:fs').writeFileSync(tmp, Buffer.alloc(1 << 20, 7));
    process.kill(process.pid, 'SIGKILL');
  }))`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(r.signal, 'SIGKILL', r.stderr);
  const left = readdirSync(dir);
  assert.equal(left.length, 1, JSON.stringify(left));
  const t = parseTempName(left[0]!);
  assert.ok(t, left[0]);
  assert.equal(t.pid, r.pid);
  assert.equal(existsSync(target), false);
  const tmp = join(dir, left[0]!);

  // Young: kept, though its process is gone.
  assert.deepEqual(sweepStaleTemps(dir).removed, []);
  assert.ok(existsSync(tmp));
  // Older than 10 minutes: removed.
  age(tmp);
  const swept = sweepStaleTemps(dir);
  assert.deepEqual(swept.removed, [{ name: left[0], bytes: 1 << 20 }]);
  assert.deepEqual(readdirSync(dir), []);
});

test('kept: a live process\'s file, another host\'s, a symlink (and its target), a directory, a file below, names not exactly ours; removed: a gone process\'s and a previous boot\'s', (t) => {
  const dir = tmpDir();
  const outside = join(tmpDir(), 'victim.txt');
  writeFileSync(outside, 'not yours');
  const live = spawn('sleep', ['60'], { stdio: 'ignore' });
  t.after(() => live.kill());
  const gone = deadPid();
  const { host, boot } = ownTags();
  const otherHost = host === 'aaaaaaaa' ? 'bbbbbbbb' : 'aaaaaaaa';
  const otherBoot = boot === 'cccccccc' ? 'dddddddd' : 'cccccccc';
  const removed = {
    dead: nameWith('a.octx', gone),
    previousBoot: nameWith('b.octx', live.pid!, host, otherBoot), // its pid is alive now, but in this boot, not the writer's
  };
  const kept = {
    // Another boot's tag, but written since this boot began: not a file of a previous boot.
    otherBootSinceThisBoot: nameWith('o.octx', gone, host, otherBoot),
    live: nameWith('c.octx', live.pid!),
    self: nameWith('d.octx', process.pid),
    otherHost: nameWith('e.octx', gone, otherHost),
    otherHostOtherBoot: nameWith('f.octx', gone, otherHost, otherBoot),
    unknownBoot: nameWith('g.octx', live.pid!, host, '00000000'),
    oldName: `.h.octx.ctxforge-tmp-${gone}-0123abcd`,
    noDot: nameWith('i.octx', gone).slice(1),
    suffix: `${nameWith('j.octx', gone)}.part`,
    plain: 'k.octx',
  };
  for (const n of [...Object.values(removed), ...Object.values(kept)]) writeFileSync(join(dir, n), n);
  const link = nameWith('l.octx', gone);
  symlinkSync(outside, join(dir, link));
  const asDir = nameWith('m.octx', gone);
  mkdirSync(join(dir, asDir));
  mkdirSync(join(dir, 'sub'));
  const below = join(dir, 'sub', nameWith('n.octx', gone));
  writeFileSync(below, 'below');
  for (const n of readdirSync(dir)) age(join(dir, n));
  // Last written an hour before this machine booted.
  age(join(dir, removed.previousBoot), (Date.now() - uptime() * 1000 - 3600_000) / 1000);
  lutimesSync(join(dir, link), ELEVEN_MINUTES_AGO, ELEVEN_MINUTES_AGO);
  age(below);
  const before = lstatSync(outside);

  const r = sweepStaleTemps(dir);
  assert.deepEqual(r.removed.map((x) => x.name).sort(), Object.values(removed).sort());
  assert.deepEqual(r.failed, []);
  assert.deepEqual(readdirSync(dir).sort(), [...Object.values(kept), link, asDir, 'sub'].sort());
  assert.ok(lstatSync(join(dir, link)).isSymbolicLink(), 'the link is left');
  assert.equal(readFileSync(outside, 'utf8'), 'not yours');
  assert.equal(lstatSync(outside).mtimeMs, before.mtimeMs);
  assert.ok(existsSync(below), 'nothing below the output folder is touched');
});

test('kept: another user\'s temp file, even of a gone process on this host (when this test runs as root, to make one)', { skip: process.getuid?.() !== 0 && 'needs root to chown' }, () => {
  const dir = tmpDir();
  const name = nameWith('a.octx', deadPid());
  writeFileSync(join(dir, name), 'x');
  chownSync(join(dir, name), 65534, 65534);
  age(join(dir, name));
  assert.deepEqual(sweepStaleTemps(dir), { removed: [], failed: [] });
  assert.deepEqual(readdirSync(dir), [name]);
});

test('the boundary is 10 minutes by mtime, and a folder that cannot be read is no error', () => {
  const dir = tmpDir();
  const name = nameWith('a.octx', deadPid());
  writeFileSync(join(dir, name), 'x');
  const mtime = Date.now() - STALE_AFTER_MS + 60_000;
  age(join(dir, name), mtime / 1000);
  assert.deepEqual(sweepStaleTemps(dir).removed, [], 'nine minutes old: kept');
  assert.equal(sweepStaleTemps(dir, mtime + STALE_AFTER_MS + 1).removed.length, 1, 'past ten: removed');
  assert.deepEqual(sweepStaleTemps(join(dir, 'missing')), { removed: [], failed: [] });
});

test('sweepOnce: a folder is swept once per process, and a folder the writer just made not at all', () => {
  const dir = tmpDir();
  const first = nameWith('a.octx', deadPid());
  writeFileSync(join(dir, first), 'x');
  age(join(dir, first));
  sweepOnce(dir);
  assert.deepEqual(readdirSync(dir), [], 'swept the first time');
  const second = nameWith('b.octx', deadPid());
  writeFileSync(join(dir, second), 'x');
  age(join(dir, second));
  sweepOnce(dir);
  assert.deepEqual(readdirSync(dir), [second], 'not read again in this run');
  const made = tmpDir();
  writeFileSync(join(made, first), 'x');
  age(join(made, first));
  sweepOnce(made, made);
  assert.deepEqual(readdirSync(made), [first], 'a folder made by this write holds nothing of a previous run: not read');
});

test('a real `ctxforge build` SIGKILLed while it writes: the next build into the folder keeps the young temp file, and removes it once 10 minutes old', async () => {
  const src = join(tmpDir(), 'big');
  cpSync(example, src, { recursive: true });
  const fill: Record<string, Buffer> = {};
  // Enough to take a while: the temp file exists from the listing to the rename.
  for (let i = 0; i < 2000; i++) fill[`extensions/dev.ctxforge.example/1.0/f-${i}.bin`] = Buffer.alloc(20000, i % 251);
  writeTree(src, fill);
  const out = join(tmpDir(), 'dist');
  let temp: string | undefined;
  for (let attempt = 0; attempt < 5 && !temp; attempt++) {
    const child = spawn(process.execPath, [builtCli(), 'build', src, '--out', out, '--source-date-epoch', EPOCH], { env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' }, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
    for (let k = 0; k < 3000 && child.exitCode === null; k++) {
      const t = existsSync(out) ? readdirSync(out).find((f) => f.includes('.ctxforge-tmp-')) : undefined;
      if (t) { child.kill('SIGKILL'); break; }
      await new Promise((r) => setTimeout(r, 5));
    }
    const sig = await exited;
    // On a loaded machine the kill can land after the rename (the artifact is whole): try again.
    temp = sig === 'SIGKILL' ? readdirSync(out).find((f) => f.includes('.ctxforge-tmp-')) : undefined;
    if (!temp && existsSync(out)) for (const f of readdirSync(out)) if (f.endsWith('.octx')) rmSync(join(out, f));
  }
  assert.ok(temp, 'one build was killed with its temp file in the output folder');
  assert.equal(parseTempName(temp)?.host, ownTags().host);
  const tempPath = join(out, temp);

  // The next build into the folder, at once: the temp file is younger than 10 minutes, kept.
  const young = spawnCli(['build', example, '--out', out, '--source-date-epoch', EPOCH]);
  assert.equal(young.code, 0, young.stderr);
  assert.ok(existsSync(tempPath), 'a young temp file is kept');
  assert.doesNotMatch(young.stderr, /temp file/);

  age(tempPath);
  const again = spawnCli(['build', example, '--out', out, '--source-date-epoch', EPOCH]);
  assert.equal(again.code, 0, again.stderr);
  assert.equal(existsSync(tempPath), false, 'the old temp file of the killed build is removed');
  assert.match(again.stderr, /note: removed 1 temp file \([0-9.]+ MB\) that a killed ctxforge run left in /);
  assert.deepEqual(readdirSync(out).filter((f) => f.includes('.ctxforge-tmp-')), []);
  assert.ok(readdirSync(out).some((f) => f.endsWith('.octx')), 'the build wrote its artifact');
});
