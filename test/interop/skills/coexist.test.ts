// ctxforge and the real `skills` CLI (`npx skills`, the npm package `skills`) in the same project:
// both install orders, update, remove and uninstall, offline from local sources, telemetry off. The
// real tool is the judge of its own side: its `list` must still show its skills, and the
// computedHash its skills-lock.json records must still be the hash of the folder on disk. Run by
// scripts/ci-skills.sh, which provides CTXFORGE_SKILLS_NODE (Node >= 22.20) and CTXFORGE_SKILLS_CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../../helpers/cli.js';
import { tmpDir } from '../../helpers/tmp.js';
import { buildCartridge, pemFile } from '../../install/artifacts.js';
import { skillFolderHash } from '../../../src/install/skills-lock.js';

const NODE = process.env.CTXFORGE_SKILLS_NODE;
const CLI = process.env.CTXFORGE_SKILLS_CLI;
type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);

function skills(cwd: string, ...args: string[]): string {
  assert.ok(NODE && CLI, 'CTXFORGE_SKILLS_NODE and CTXFORGE_SKILLS_CLI name the Node 22 binary and skills\' bin/cli.mjs (scripts/ci-skills.sh sets them)');
  const r = spawnSync(NODE, [CLI, ...args], {
    cwd, encoding: 'utf8', input: '', timeout: 120_000,
    env: { PATH: process.env.PATH, HOME: tmpDir('skills-home-'), DISABLE_TELEMETRY: '1', DO_NOT_TRACK: '1', NO_COLOR: '1', CI: '1' },
  });
  assert.equal(r.status, 0, `skills ${args.join(' ')}: ${r.stdout}${r.stderr}`);
  return r.stdout.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
}

let made: Promise<{ acx: string; src: string; extra: string }> | undefined;
/** The example cartridge (signed), its skills as a local source for npx skills, and a skill only npx skills installs. */
function fixtures(): Promise<{ acx: string; src: string; extra: string }> {
  made ??= (async () => {
    const d = tmpDir('skills-interop-');
    const src = join(d, 'skills-src');
    cpSync(join(repoRoot, 'working-dir-example/acx/skills'), src, { recursive: true });
    const extra = join(d, 'extra-src');
    mkdirSync(join(extra, 'npx-only'), { recursive: true });
    writeFileSync(join(extra, 'npx-only/SKILL.md'), '---\nname: npx-only\ndescription: A skill only npx skills installs.\n---\n# npx-only\n');
    return { acx: await buildCartridge(join(repoRoot, 'working-dir-example/acx')), src, extra };
  })();
  return made;
}

function project(): string {
  const dir = join(tmpDir('skills-proj-'), 'p');
  mkdirSync(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** skills-lock.json is true: every skill it lists is on disk with the computedHash it records. */
function skillsLockTrue(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'skills-lock.json'), 'utf8')) as { skills: Record<string, { computedHash: string }> };
  for (const [name, e] of Object.entries(lock.skills)) assert.equal(skillFolderHash(join(dir, '.agents/skills', name)), e.computedHash, `skills-lock.json: ${name}`);
  return Object.keys(lock.skills).sort();
}

/** Every skill works for claude and codex: SKILL.md readable where each host reads it. */
function works(dir: string, names: string[]): void {
  for (const n of names) for (const h of ['.claude/skills', '.agents/skills']) assert.match(readFileSync(join(dir, h, n, 'SKILL.md'), 'utf8'), new RegExp(`name: ${n}`), `${h}/${n}`);
}

const SKILLS = ['citation-check', 'literature-review'];

test('npx skills first: ctxforge refuses to take its folders silently, adopts them with --adopt; update, remove and uninstall leave each tool true', async () => {
  const f = await fixtures();
  const dir = project();
  skills(dir, 'add', f.src, '-a', 'claude-code', '-a', 'codex', '-y');
  skills(dir, 'add', f.extra, '-a', 'claude-code', '-a', 'codex', '-y');
  assert.equal(readlinkSync(join(dir, '.claude/skills/citation-check')), '../../.agents/skills/citation-check');
  const refused = await runCli(['install', f.acx, '--key', pemFile(), '--host', 'claude'], { cwd: dir });
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /installed by npx skills \(skills-lock\.json lists citation-check\)/);
  assert.ok(!existsSync(join(dir, 'ctxforge.lock')));
  ok(await runCli(['install', f.acx, '--key', pemFile(), '--host', 'claude', '--adopt'], { cwd: dir }), 'install --adopt');
  const lock = JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')).packages['research-assistant'];
  assert.deepEqual(lock.adopted, SKILLS.map((n) => `.agents/skills/${n}`));
  assert.deepEqual(lock.links.map((l: { path: string }) => l.path), SKILLS.map((n) => `.claude/skills/${n}`));
  assert.ok(lstatSync(join(dir, '.claude/skills/citation-check')).isSymbolicLink(), 'the link stays a link');
  ok(await runCli(['install', '--frozen'], { cwd: dir }), 'frozen after adopt');
  assert.deepEqual(skillsLockTrue(dir), ['citation-check', 'literature-review', 'npx-only']);
  skills(dir, 'update', '-y');
  ok(await runCli(['install', '--frozen'], { cwd: dir }), 'frozen after skills update');
  skillsLockTrue(dir);
  // ctxforge's uninstall drops its record and leaves what skills-lock.json lists (exit 1, named).
  const un = await runCli(['uninstall', 'research-assistant'], { cwd: dir });
  assert.equal(un.code, 1, un.stdout + un.stderr);
  assert.match(un.stderr, /CTXFORGE_INSTALL_SHARED/);
  works(dir, [...SKILLS, 'npx-only']);
  assert.deepEqual(skillsLockTrue(dir), ['citation-check', 'literature-review', 'npx-only']);
  const listed = skills(dir, 'list');
  for (const n of [...SKILLS, 'npx-only']) assert.match(listed, new RegExp(n));
  // npx skills removes what it lists; ctxforge installs again into the free folders.
  skills(dir, 'remove', '--all', '-y');
  assert.ok(!existsSync(join(dir, '.agents/skills/citation-check')) && !existsSync(join(dir, '.claude/skills/citation-check')));
  ok(await runCli(['install', f.acx, '--key', pemFile(), '--host', 'claude', '--host', 'agents'], { cwd: dir }), 'install into free folders');
  works(dir, SKILLS);
});

test('ctxforge first: npx skills links its folders; ctxforge takes the links as the layout, both locks stay true, uninstall by either keeps the other\'s skills', async () => {
  const f = await fixtures();
  const dir = project();
  ok(await runCli(['install', f.acx, '--key', pemFile(), '--host', 'claude', '--host', 'agents'], { cwd: dir }), 'install');
  skills(dir, 'add', f.src, '-a', 'claude-code', '-a', 'codex', '-s', 'citation-check', '-y');
  skills(dir, 'add', f.extra, '-a', 'claude-code', '-a', 'codex', '-y');
  assert.ok(lstatSync(join(dir, '.claude/skills/citation-check')).isSymbolicLink(), 'npx skills replaced the folder by a link');
  const drift = await runCli(['install', '--frozen'], { cwd: dir });
  assert.equal(drift.code, 1, drift.stdout);
  // Installing again (from the lock) takes the link as claude's install; nothing is written through it.
  ok(await runCli(['install'], { cwd: dir }), 'reinstall');
  const lock = JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')).packages['research-assistant'];
  assert.deepEqual(lock.links, [{ path: '.claude/skills/citation-check', target: '../../.agents/skills/citation-check' }]);
  ok(await runCli(['install', '--frozen'], { cwd: dir }), 'frozen after reinstall');
  assert.deepEqual(skillsLockTrue(dir), ['citation-check', 'npx-only']);
  works(dir, [...SKILLS, 'npx-only']);
  skills(dir, 'update', '-y');
  ok(await runCli(['install', '--frozen'], { cwd: dir }), 'frozen after skills update');
  // npx skills removes its own skill only; the skill it shares with ctxforge goes from its lock, ctxforge repairs it.
  skills(dir, 'remove', 'npx-only', '-y');
  assert.ok(!existsSync(join(dir, '.agents/skills/npx-only')));
  works(dir, SKILLS);
  // ctxforge's uninstall removes what only it installed and keeps the folder npx skills lists.
  const un = await runCli(['uninstall', 'research-assistant'], { cwd: dir });
  assert.equal(un.code, 1, un.stdout + un.stderr);
  assert.ok(!existsSync(join(dir, '.agents/skills/literature-review')) && !existsSync(join(dir, '.claude/skills/literature-review')));
  works(dir, ['citation-check']);
  assert.deepEqual(skillsLockTrue(dir), ['citation-check']);
  assert.match(skills(dir, 'list'), /citation-check/);
  skills(dir, 'remove', 'citation-check', '-y');
  assert.ok(!existsSync(join(dir, '.agents/skills/citation-check')));
});
