// A killed install leaves its staging and backup folders beside the folders it owns; the next
// install removes them — but only those it can be sure are leftovers of this host: a folder on a
// volume shared with another machine or container, a live process's, a young one, a link with the
// pattern's name, or one named the way installs named them before the host tag, is left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownTags } from '../../src/core/stale-temps.js';
import { runCli } from '../helpers/cli.js';
import { artifacts, pemFile, project } from './artifacts.js';

const TOKEN = 'abcdef0123456789';

test('install sweeps only its own host\'s staging and backup folders whose process is gone and that are older than 10 minutes', async () => {
  const a = await artifacts();
  const dir = project();
  copyFileSync(a.acx, join(dir, 'vendor.acx'));
  const install = () => runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'agents', '--json'], { cwd: dir });
  const first = await install();
  assert.equal(first.code, 0, first.stdout + first.stderr);
  const skills = join(dir, '.agents', 'skills');
  const owned = readdirSync(skills).filter((n) => !n.startsWith('.'));
  assert.ok(owned.length > 0, 'the install made a skill folder');
  const base = owned[0]!;

  const { host, boot } = ownTags();
  const gone = spawnSync(process.execPath, ['-e', '']).pid!;
  const live = process.pid;
  const hourAgo = new Date(Date.now() - 3600_000);
  const folder = (name: string, old = true) => {
    const p = join(skills, name);
    mkdirSync(p);
    writeFileSync(join(p, 'SKILL.md'), 'left over\n');
    if (old) utimesSync(p, hourAgo, hourAgo);
    return name;
  };
  const removed = [
    folder(`.${base}.ctxforge-stage-${gone}-${host}-${boot}-${TOKEN}`),
    folder(`.${base}.ctxforge-old-${gone}-${host}-${boot}-${TOKEN}`),
  ];
  const kept = [
    folder(`.${base}.ctxforge-stage-${gone}-${host}-${boot}-${TOKEN}`.replace(TOKEN, '1'.repeat(16)), false),
    folder(`.${base}.ctxforge-old-${gone}-0badc0de-${boot}-${TOKEN}`),
    folder(`.${base}.ctxforge-old-${live}-${host}-${boot}-${TOKEN}`),
    folder(`.${base}.ctxforge-old-${gone}-${TOKEN}`),
  ];
  const target = join(dir, 'precious');
  mkdirSync(target);
  writeFileSync(join(target, 'keep.txt'), 'mine\n');
  const link = `.${base}.ctxforge-old-${gone}-${host}-${boot}-${'2'.repeat(16)}`;
  symlinkSync(target, join(skills, link));
  kept.push(link);

  const again = await install();
  assert.equal(again.code, 0, again.stdout + again.stderr);
  for (const n of removed) assert.equal(existsSync(join(skills, n)), false, `${n} is a leftover of a process gone on this host: removed`);
  for (const n of kept) assert.ok(lstatSync(join(skills, n)), `${n} is kept`);
  assert.ok(lstatSync(join(skills, link)).isSymbolicLink(), 'the link is left as it was');
  assert.ok(existsSync(join(target, 'keep.txt')), 'nothing is removed through a link');
});
