// SIGKILL during `ctxforge build`, at chosen points of the write: when the temp file first appears,
// half written, and fully written but not yet renamed (while the build validates its own output).
// The process is frozen with SIGSTOP and stepped with SIGCONT, so the kill lands at the point asked
// for however fast the machine is. Afterwards the output path holds the old artifact byte for byte
// (or nothing, when there was none); a leftover temp file can never pass for the artifact; and the
// next build publishes the correct bytes.
// Only the killed builds need a process of their own: the reference builds and the rebuild over each
// leftover run the same build in this process (rebuilds are byte-identical, test/octx/build.test.ts),
// 18 CLI processes fewer. The trees are a quarter (OCTX) or half the size they were: the stepping
// above lands each kill point whatever the size, and less to list and check before the write
// starts is most of what each killed process spent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpDir } from '../helpers/tmp.js';
import { bigAcx, bigCtxpkg, bigOctx, buildAsync, buildInProcess, tempFiles } from './helpers.js';

const FORMATS = [
  { format: 'octx', ext: '.octx', make: (d: string, v: number) => bigOctx(d, 40, 25_000, v) },
  { format: 'ctxpkg', ext: '.ctxpkg', make: (d: string, v: number) => bigCtxpkg(d, 20, 50_000, v) },
  { format: 'acx', ext: '.acx', make: (d: string, v: number) => bigAcx(d, 20, 50_000, v) },
];

/** Runs a build and SIGKILLs it once its temp file holds at least `fraction` of the final size. */
async function killDuringWrite(src: string, out: string, finalSize: number, fraction: number) {
  const { child, done } = buildAsync(src, out);
  let exited = false;
  void done.then(() => { exited = true; });
  let killedWithTemp = false;
  let stopped = false;
  while (!exited) {
    const tmp = tempFiles(out)[0];
    const size = tmp ? statSync(join(out, tmp), { throwIfNoEntry: false })?.size ?? -1 : -1;
    if (tmp && size >= Math.floor(finalSize * fraction)) {
      killedWithTemp = true;
      child.kill('SIGKILL');
      break;
    }
    if (tmp && !stopped) { child.kill('SIGSTOP'); stopped = true; continue; }
    // Let it run a little, then freeze it again to look.
    if (stopped) { child.kill('SIGCONT'); await new Promise((res) => setImmediate(res)); child.kill('SIGSTOP'); } else await sleep(1);
  }
  if (stopped && !killedWithTemp) child.kill('SIGCONT');
  return { ...(await done), killedWithTemp };
}

for (const { format, ext, make } of FORMATS) {
  test(`${format}: SIGKILL during the write leaves the old artifact or nothing, never a partial file`, async () => {
    const root = tmpDir(`ctxforge-kill-${format}-`);
    make(join(root, 'new'), 0);
    make(join(root, 'old'), 1);
    const ref = await buildInProcess(join(root, 'new'), join(root, 'ref'), ['--json']);
    assert.equal(ref.code, 0, ref.stderr);
    const refPath = JSON.parse(ref.stdout).artifacts[0].path as string;
    const name = refPath.slice(join(root, 'ref').length + 1);
    const newBytes = readFileSync(refPath);
    const oldBuild = await buildInProcess(join(root, 'old'), join(root, 'oldref'));
    assert.equal(oldBuild.code, 0, oldBuild.stderr);
    const oldBytes = readFileSync(join(root, 'oldref', name));
    assert.ok(!oldBytes.equals(newBytes), 'old and new artifacts differ, so the test can tell them apart');

    const cases: { fraction: number; withOld: boolean }[] = [
      { fraction: 0, withOld: true }, { fraction: 0.5, withOld: true }, { fraction: 1, withOld: true }, { fraction: 0.5, withOld: false },
    ];
    for (const { fraction, withOld } of cases) {
      const what = `${format} killed at ${fraction * 100}% ${withOld ? 'over an old file' : 'into an empty directory'}`;
      let out = '';
      let r: Awaited<ReturnType<typeof killDuringWrite>> | undefined;
      // On a loaded machine the build can occasionally outrun the stepping and finish; that run
      // still has to be atomic (the complete new artifact), and the kill point is tried again.
      for (let attempt = 0; attempt < 5 && !r?.killedWithTemp; attempt++) {
        out = tmpDir('ctxforge-kill-out-');
        if (withOld) copyFileSync(join(root, 'oldref', name), join(out, name));
        r = await killDuringWrite(join(root, 'new'), out, newBytes.length, fraction);
        if (!r.killedWithTemp) {
          assert.equal(r.code, 0, `${what}: an unkilled build succeeds (${r.stderr})`);
          assert.ok(readFileSync(join(out, name)).equals(newBytes), `${what}: an unkilled build published the complete artifact`);
        }
      }
      assert.ok(r!.killedWithTemp, `${what}: the kill landed while the temp file existed`);
      assert.equal(r!.signal, 'SIGKILL', what);
      if (withOld) assert.ok(readFileSync(join(out, name)).equals(oldBytes), `${what}: the old artifact is byte-identical`);
      else assert.equal(existsSync(join(out, name)), false, `${what}: no artifact appeared`);
      for (const t of tempFiles(out)) {
        assert.ok(t.startsWith('.') && !t.endsWith(ext), `${what}: temp file ${t} is hidden and lacks the ${ext} extension`);
        assert.notEqual(t, name);
      }
      assert.deepEqual(readdirSync(out).filter((n) => n.endsWith(ext)), withOld ? [name] : [], `${what}: nothing else looks like an artifact`);
      // A later build is not confused by the stale temp file and publishes the right bytes.
      const again = await buildInProcess(join(root, 'new'), out);
      assert.equal(again.code, 0, again.stderr);
      assert.ok(readFileSync(join(out, name)).equals(newBytes), `${what}: the rebuild is the reference artifact`);
    }
  });
}
