// run-tests: alone — the sweep runs once per process, at its first scratch folder.
// A serve killed by SIGKILL leaves its private SQLite folder (the search index: 222 MB at 50,000
// documents) in the temporary folder. The first scratch database a later process opens removes
// those of this host's gone processes, older than 10 minutes — never a live process's, another
// host's, a young one, a link, or a folder named otherwise. Its own file: the sweep runs once per
// process, at its first scratch folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir } from '../helpers/tmp.js';
import { ownTags } from '../../src/core/stale-temps.js';
import { openScratch } from '../../src/core/sqlite.js';

test('the first scratch database sweeps this host\'s SQLite folders whose process is gone, and nothing else', () => {
  const tmp = tmpDir('scratch-sweep-');
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    const { host, boot } = ownTags();
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const hourAgo = new Date(Date.now() - 3600_000);
    const folder = (name: string, old = true) => {
      mkdirSync(join(tmp, name));
      writeFileSync(join(tmp, name, 'db.sqlite'), 'x');
      if (old) utimesSync(join(tmp, name), hourAgo, hourAgo);
      return name;
    };
    const removed = folder(`ctxforge-sqlite-${gone}-${host}-${boot}-AbC123`);
    const kept = [
      folder(`ctxforge-sqlite-${gone}-${host}-${boot}-YoUng1`, false),
      folder(`ctxforge-sqlite-${gone}-0badc0de-${boot}-OtHer1`),
      folder(`ctxforge-sqlite-${process.pid}-${host}-${boot}-LiVe12`),
      folder('ctxforge-sqlite-OldSt1'),
    ];
    const target = tmpDir('scratch-target-');
    writeFileSync(join(target, 'keep.txt'), 'mine\n');
    const link = `ctxforge-sqlite-${gone}-${host}-${boot}-LiNk12`;
    symlinkSync(target, join(tmp, link));
    const { db, path } = openScratch();
    try {
      assert.ok(path.startsWith(join(tmp, `ctxforge-sqlite-${process.pid}-${host}-${boot}-`)), `its own folder is named for its writer: ${path}`);
      assert.equal(existsSync(join(tmp, removed)), false, 'a gone process\'s folder is removed');
      for (const n of kept) assert.ok(existsSync(join(tmp, n)), `${n} is kept`);
      assert.ok(lstatSync(join(tmp, link)).isSymbolicLink(), 'a link is left as it was');
      assert.ok(existsSync(join(target, 'keep.txt')), 'nothing is removed through a link');
    } finally {
      db.close();
    }
    assert.equal(readdirSync(tmp).filter((n) => n.includes(`-${process.pid}-`) && n !== kept[2]).length, 0, 'its own folder goes when the database closes');
  } finally {
    if (saved === undefined) delete process.env.TMPDIR; else process.env.TMPDIR = saved;
  }
});
