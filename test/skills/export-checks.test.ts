// `skills export` of a built artifact says what verifying it warned about and treats a file whose
// path the signature does not bind as install does (refused unless --allow-unbound); a package that
// holds no skills is a finding, not "exported 0 skills". `skills import` reaches a format's skills
// layout through the registry (FormatModule.skills), and its refusal hint fits what was refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { formatByName } from '../../src/formats.js';

const KEY = '9'.repeat(64);
const SKILLS = {
  'pdf-tools/SKILL.md': '---\nname: pdf-tools\ndescription: Extracts text from PDF files.\n---\n\nRun `scripts/extract.sh FILE`.\n',
  'pdf-tools/scripts/extract.sh': '#!/bin/sh\npdftotext "$1" -\n',
};

async function cartridge(root: string): Promise<string> {
  assert.equal((await runCli(['init', 'acx', 'cart'], { cwd: root })).code, 0);
  rmSync(join(root, 'cart', 'skills'), { recursive: true, force: true });
  writeTree(join(root, 'skills'), SKILLS);
  let r = await runCli(['skills', 'import', 'skills', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runCli(['build', 'cart', '--out', 'dist', '--source-date-epoch', '1767225600', '--key', KEY], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return join(root, 'dist', readdirSync(join(root, 'dist')).find((f) => f.endsWith('.acx'))!);
}

test('skills export of a cartridge with a file copied to a new path after signing: the verify warning is printed and nothing is written unless --allow-unbound names it (was: exported silently)', async () => {
  const root = tmpDir();
  const art = await cartridge(root);
  const evil = join(root, 'copied.acx');
  copyFileSync(art, evil);
  // The same bytes under a new path: verify reports it as ACX_ROM_PATH_UNBOUND (a warning), never as tampering.
  execFileSync('sqlite3', [evil, "INSERT INTO sqlar SELECT 'rom/skills/pdf-tools/scripts/run.sh', mode, mtime, sz, data FROM sqlar WHERE name = 'rom/skills/pdf-tools/scripts/extract.sh'"]);
  let r = await runCli(['skills', 'export', evil, '--out', 'out', '--json'], { cwd: root });
  assert.equal(r.code, 1, r.stdout);
  const j = JSON.parse(r.stdout);
  assert.ok(j.diagnostics.some((d: { code: string; severity: string }) => d.code === 'ACX_ROM_PATH_UNBOUND' && d.severity === 'warning'), r.stdout);
  assert.ok(j.diagnostics.some((d: { code: string; severity: string; file: string }) => d.code === 'SKILL_UNBOUND' && d.severity === 'error' && d.file === 'rom/skills/pdf-tools/scripts/run.sh'), r.stdout);
  assert.deepEqual(j.unbound, [{ path: 'rom/skills/pdf-tools/scripts/run.sh', exported: false }]);
  assert.equal(existsSync(join(root, 'out')), false, 'nothing written');
  r = await runCli(['skills', 'export', evil, '--out', 'out'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stderr + r.stdout, /--allow-unbound/);
  assert.match(r.stdout, /nothing exported/);
  r = await runCli(['skills', 'export', evil, '--out', 'out', '--allow-unbound', 'rom/skills/pdf-tools/scripts/run.sh', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(JSON.parse(r.stdout).unbound, [{ path: 'rom/skills/pdf-tools/scripts/run.sh', exported: true }]);
  assert.ok(existsSync(join(root, 'out', 'pdf-tools', 'scripts', 'run.sh')));
  // A copy beside the skill folders (no skill's file) is refused by verification itself: nothing is written.
  const beside = join(root, 'beside.acx');
  copyFileSync(art, beside);
  execFileSync('sqlite3', [beside, "INSERT INTO sqlar SELECT 'rom/skills/extract.sh', mode, mtime, sz, data FROM sqlar WHERE name = 'rom/skills/pdf-tools/scripts/extract.sh'"]);
  r = await runCli(['skills', 'export', beside, '--out', 'out3', '--json'], { cwd: root });
  assert.equal(r.code, 1, r.stdout);
  assert.equal(JSON.parse(r.stdout).error.code, 'ACX_SKILL_LAYOUT');
  assert.equal(existsSync(join(root, 'out3')), false);
  // The intact artifact exports without any of it.
  r = await runCli(['skills', 'export', art, '--out', 'out2', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(JSON.parse(r.stdout).unbound, []);
});

test('skills export of a package without skills is a finding (exit 1, SKILL_NONE), not "exported 0 skills"', async () => {
  const root = tmpDir();
  let r = await runCli(['skills', 'export', join(repoRoot, 'working-dir-example', 'octx'), '--out', 'o1'], { cwd: root });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr + r.stdout, /SKILL_NONE/);
  assert.doesNotMatch(r.stdout, /exported 0 skills/);
  writeTree(join(root, 'pack'), { 'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n' });
  r = await runCli(['skills', 'export', 'pack', '--out', 'o2', '--json'], { cwd: root });
  assert.equal(r.code, 1, r.stdout);
  assert.ok(JSON.parse(r.stdout).diagnostics.some((d: { code: string }) => d.code === 'SKILL_NONE'));
  assert.equal(existsSync(join(root, 'o2')), false);
});

test('the skills layout is the format module\'s (FormatModule.skills): a cartridge moves unknown keys, a ctxpkg pack keeps them, OCTX holds none', async () => {
  const acx = formatByName('acx')!.skills!;
  const ctxpkg = formatByName('ctxpkg')!.skills!;
  assert.equal(acx.root, 'skills/');
  assert.equal(acx.movesUnknownKeys, true);
  assert.equal(ctxpkg.root, 'documents/');
  assert.equal(ctxpkg.movesUnknownKeys, false);
  assert.equal(formatByName('octx')!.skills, undefined);
  const root = tmpDir();
  writeTree(join(root, 'ctx'), { 'ctxpkg.yaml': 'name: "@acme/ctx"\nversion: 1.0.0\ndescription: Context\n' });
  assert.match(await ctxpkg.refuses!(new (await import('../../src/core/tree.js')).DiskTree(join(root, 'ctx'))) ?? '', /kind context/);
});

test('skills import: when every skill is refused the hint does not offer --skip-invalid for "the others"', async () => {
  const root = tmpDir();
  assert.equal((await runCli(['init', 'acx', 'cart'], { cwd: root })).code, 0);
  writeTree(join(root, 'one'), { 'bad/SKILL.md': '---\nname: Bad_Name\ndescription: x\n---\n' });
  let r = await runCli(['skills', 'import', 'one', 'cart'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /0 imported, 1 refused \(bad\): nothing written/);
  assert.doesNotMatch(r.stdout, /imports the others/);
  writeTree(join(root, 'two'), { 'bad/SKILL.md': '---\nname: Bad_Name\ndescription: x\n---\n', 'good/SKILL.md': '---\nname: good\ndescription: Fine.\n---\n' });
  r = await runCli(['skills', 'import', 'two', 'cart'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /--skip-invalid imports the others/);
});
