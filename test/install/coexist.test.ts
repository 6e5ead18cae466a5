// ctxforge beside `npx skills` in the same folders, on real files: the layout that tool leaves
// (`.agents/skills/<name>` real, `.claude/skills/<name>` a link to it, skills-lock.json with a
// computedHash per skill) made here as it makes it; the real tool is exercised in test/interop/skills/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { frozen, installVerified, uninstall } from '../../src/install/index.js';
import { skillFolderHash } from '../../src/install/skills-lock.js';
import { tmpDir } from '../helpers/tmp.js';
import { documents, doc, kit, verified } from './documents.js';

const read = (p: string) => readFileSync(p, 'utf8');
const lockOf = (dir: string) => JSON.parse(read(join(dir, 'ctxforge.lock')));

async function refused(p: Promise<unknown>, code: string): Promise<DiagnosticError> {
  try { await p; } catch (e) {
    assert.ok(e instanceof DiagnosticError, String(e));
    assert.ok(e.all.some((d) => d.code === code), `expected ${code}, got ${e.all.map((d) => `${d.code}: ${d.message}`).join('; ')}`);
    return e;
  }
  return assert.fail(`expected a refusal with ${code}`);
}

/** What `npx skills add <src> -a claude-code -a codex` leaves for the kit's skills (skills 1.7.4). */
function npxSkillsLayout(dir: string): void {
  const lock: Record<string, unknown> = {};
  for (const s of kit().skills) {
    const canonical = join(dir, '.agents/skills', s.name);
    for (const f of s.files) { mkdirSync(dirname(join(canonical, f.rel)), { recursive: true }); writeFileSync(join(canonical, f.rel), f.bytes); }
    mkdirSync(join(dir, '.claude/skills'), { recursive: true });
    symlinkSync(`../../.agents/skills/${s.name}`, join(dir, '.claude/skills', s.name));
    lock[s.name] = { source: '../src', sourceType: 'local', computedHash: skillFolderHash(canonical) };
  }
  writeFileSync(join(dir, 'skills-lock.json'), `${JSON.stringify({ version: 1, skills: lock }, null, 2)}\n`);
}

test('computedHash is the one the real skills CLI 1.7.4 records for the same folder', () => {
  const dir = tmpDir('coexist-hash-');
  mkdirSync(join(dir, 'alpha/scripts'), { recursive: true });
  writeFileSync(join(dir, 'alpha/SKILL.md'), '---\nname: alpha\ndescription: Alpha skill for testing.\n---\n# Alpha\n');
  writeFileSync(join(dir, 'alpha/scripts/run.sh'), 'echo hi\n');
  // `npx skills add` of exactly this folder wrote this computedHash into skills-lock.json.
  assert.equal(skillFolderHash(join(dir, 'alpha')), 'b11834198f453ad4cf47dab4ed5217f77594131b533e9e94f533b100ef7fec0d');
  symlinkSync('/etc', join(dir, 'alpha/elsewhere'));
  assert.equal(skillFolderHash(join(dir, 'alpha')), 'b11834198f453ad4cf47dab4ed5217f77594131b533e9e94f533b100ef7fec0d', 'a link is neither followed nor hashed');
});

test('npx skills first: its folders are never adopted silently, even byte for byte; --adopt takes them, links understood, not followed', async () => {
  const dir = tmpDir('coexist-first-');
  npxSkillsLayout(dir);
  const e = await refused(installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_INSTALL_FOREIGN');
  assert.match(e.message, /installed by npx skills \(skills-lock\.json lists pdf-tools\)/);
  assert.ok(!existsSync(join(dir, 'ctxforge.lock')));
  // An edited folder is not what npx skills wrote: not adopted.
  writeFileSync(join(dir, '.agents/skills/release-notes/notes.md'), 'mine\n');
  await refused(installVerified(verified(kit()), { cwd: dir, hosts: ['claude'], adopt: true }), 'CTXFORGE_INSTALL_SHARED');
  assert.ok(!existsSync(join(dir, 'ctxforge.lock')));
  // The same folder restored: --adopt takes both; the links stay links, recorded as the claude install.
  const { rmSync } = await import('node:fs');
  rmSync(join(dir, '.agents/skills/release-notes/notes.md'));
  const r = await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'], adopt: true });
  assert.deepEqual(r.written.filter((w) => w.includes('/skills/')), [], 'the adopted folders already hold the package\'s files');
  assert.deepEqual(r.kept, [], 'the package\'s own subfolders are not reported as yours');
  const p = lockOf(dir).packages['acme-kit'];
  assert.deepEqual(p.adopted, ['.agents/skills/pdf-tools', '.agents/skills/release-notes']);
  assert.deepEqual(p.links, [
    { path: '.claude/skills/pdf-tools', target: '../../.agents/skills/pdf-tools' },
    { path: '.claude/skills/release-notes', target: '../../.agents/skills/release-notes' },
  ]);
  assert.ok(!p.folders.some((f: string) => f.startsWith('.claude/')), 'nothing is written through .claude/skills');
  assert.ok(lstatSync(join(dir, '.claude/skills/pdf-tools')).isSymbolicLink());
  assert.deepEqual((await frozen({ cwd: dir, offline: true })).drift, []);
  // Uninstall drops ctxforge's record; what skills-lock.json lists stays, links included (exit 1, named).
  const u = await uninstall(['acme-kit'], { cwd: dir });
  assert.deepEqual(u.diagnostics.filter((d) => d.code === 'CTXFORGE_INSTALL_SHARED' && d.severity === 'error').map((d) => d.file).sort(),
    ['.agents/skills/pdf-tools', '.agents/skills/release-notes', '.claude/skills/pdf-tools', '.claude/skills/release-notes']);
  assert.deepEqual(lockOf(dir).packages, {});
  assert.ok(existsSync(join(dir, '.claude/skills/pdf-tools/SKILL.md')), 'the link still leads to the skill');
  assert.equal(readlinkSync(join(dir, '.claude/skills/release-notes')), '../../.agents/skills/release-notes');
});

test('ctxforge first, npx skills second: its links are taken as the layout, never written through; the folder both list stays on uninstall', async () => {
  const dir = tmpDir('coexist-second-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['agents', 'claude'] });
  // npx skills add of the same skills replaces .claude/skills/<name> by links and lists them.
  const { rmSync } = await import('node:fs');
  for (const n of ['pdf-tools', 'release-notes']) { rmSync(join(dir, '.claude/skills', n), { recursive: true }); symlinkSync(`../../.agents/skills/${n}`, join(dir, '.claude/skills', n)); }
  writeFileSync(join(dir, 'skills-lock.json'), JSON.stringify({ version: 1, skills: { 'pdf-tools': { source: '../src', sourceType: 'local', computedHash: skillFolderHash(join(dir, '.agents/skills/pdf-tools')) } } }));
  // --frozen names the links. --force replaces a link of the layout as a link (the canonical folder is not touched through it).
  const d = (await frozen({ cwd: dir, offline: true })).drift;
  assert.deepEqual(d.map((x) => x.path), ['.claude/skills/pdf-tools', '.claude/skills/release-notes']);
  assert.match(d[0]!.problem, /the layout npx skills makes.*`ctxforge install` records it as that layout/);
  const before = readdirSync(join(dir, '.agents/skills/pdf-tools')).sort();
  await installVerified(verified(kit()), { cwd: dir, force: true });
  assert.ok(lstatSync(join(dir, '.claude/skills/pdf-tools')).isDirectory());
  assert.deepEqual(readdirSync(join(dir, '.agents/skills/pdf-tools')).sort(), before);
  // Without --force, installing again takes the links as the claude install: nothing written through them.
  for (const n of ['pdf-tools', 'release-notes']) { rmSync(join(dir, '.claude/skills', n), { recursive: true }); symlinkSync(`../../.agents/skills/${n}`, join(dir, '.claude/skills', n)); }
  const r = await installVerified(verified(kit()), { cwd: dir });
  assert.deepEqual(r.written, []);
  assert.deepEqual(lockOf(dir).packages['acme-kit'].links.map((l: { path: string }) => l.path), ['.claude/skills/pdf-tools', '.claude/skills/release-notes']);
  assert.deepEqual((await frozen({ cwd: dir, offline: true })).drift, []);
  const u = await uninstall(['acme-kit'], { cwd: dir });
  assert.ok(u.diagnostics.some((d) => d.code === 'CTXFORGE_INSTALL_SHARED' && d.file === '.agents/skills/pdf-tools'));
  assert.ok(existsSync(join(dir, '.agents/skills/pdf-tools/SKILL.md')), 'skills-lock.json still lists it');
  assert.ok(!existsSync(join(dir, '.agents/skills/release-notes')), 'what only ctxforge installed goes');
});

test('--link: one copy in .agents/skills, a link per host; links off the layout stay refused', async () => {
  const dir = tmpDir('coexist-link-');
  const r = await installVerified(verified(kit()), { cwd: dir, hosts: ['claude', 'cursor'], link: true });
  assert.equal(readlinkSync(join(dir, '.claude/skills/pdf-tools')), '../../.agents/skills/pdf-tools');
  assert.equal(readlinkSync(join(dir, '.cursor/skills/release-notes')), '../../.agents/skills/release-notes');
  assert.ok(r.written.includes('.agents/skills/pdf-tools/SKILL.md') && r.written.includes('.claude/skills/pdf-tools'));
  const p = lockOf(dir).packages['acme-kit'];
  assert.deepEqual(p.hosts, ['claude', 'cursor']);
  assert.equal(p.links.length, 4);
  assert.deepEqual((await frozen({ cwd: dir, offline: true })).drift, []);
  // A link retargeted is drift, and never followed.
  const { unlinkSync } = await import('node:fs');
  unlinkSync(join(dir, '.claude/skills/pdf-tools'));
  symlinkSync('/tmp', join(dir, '.claude/skills/pdf-tools'));
  const f = await frozen({ cwd: dir, offline: true });
  assert.deepEqual(f.drift.map((d) => d.path), ['.claude/skills/pdf-tools']);
  assert.match(f.drift[0]!.problem, /a link to \/tmp, not to \.\.\/\.\.\/\.agents\/skills\/pdf-tools/);
  unlinkSync(join(dir, '.claude/skills/pdf-tools'));
  // Uninstall removes the links as links and the one copy.
  await uninstall(['acme-kit'], { cwd: dir });
  assert.ok(!existsSync(join(dir, '.agents/skills/pdf-tools')) && !lstatSync(join(dir, '.cursor/skills')).isSymbolicLink());
  assert.deepEqual(readdirSync(join(dir, '.cursor/skills')), []);
  // A host folder linked anywhere but its canonical folder is still CTXFORGE_IO_SYMLINK.
  const outside = tmpDir('coexist-outside-');
  mkdirSync(join(outside, 'pdf-tools'));
  symlinkSync(join(outside, 'pdf-tools'), join(dir, '.claude/skills/pdf-tools'));
  await refused(installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_IO_SYMLINK');
  assert.deepEqual(readdirSync(join(outside, 'pdf-tools')), []);
});

test('modes are recorded and --frozen reports a changed one; a host that gets nothing is told so', async () => {
  const dir = tmpDir('coexist-mode-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['agents'] });
  assert.equal(lstatSync(join(dir, '.agents/skills/pdf-tools/scripts/fill.py')).mode & 0o777, 0o644);
  chmodSync(join(dir, '.agents/skills/pdf-tools/scripts/fill.py'), 0o755);
  const f = await frozen({ cwd: dir, offline: true });
  assert.deepEqual(f.drift.map((d) => [d.path, d.problem]), [['.agents/skills/pdf-tools/scripts/fill.py', 'mode 0755, but the lock records 0644']]);
  const dir2 = tmpDir('coexist-noskills-');
  const r = await installVerified(verified(documents('guide', '1.0.0', { docs: [doc('d', 'a.md', 'A', '# A\n')] })), { cwd: dir2, hosts: ['claude'] });
  const w = r.diagnostics.find((d) => d.code === 'CTXFORGE_INSTALL_NO_SKILLS');
  assert.ok(w && /claude gets nothing in \.claude\/skills/.test(w.message), JSON.stringify(r.diagnostics));
});

test('skills-lock.json is data: a link there is never followed (said in a warning); uninstall --host removes one host\'s links only', async () => {
  const dir = tmpDir('coexist-hostile-');
  const outside = tmpDir('coexist-lockout-');
  writeFileSync(join(outside, 'skills-lock.json'), JSON.stringify({ version: 1, skills: { 'pdf-tools': { computedHash: 'f'.repeat(64) } } }));
  symlinkSync(join(outside, 'skills-lock.json'), join(dir, 'skills-lock.json'));
  const r = await installVerified(verified(kit()), { cwd: dir, hosts: ['claude', 'cursor', 'agents'], link: true });
  const w = r.diagnostics.find((d) => d.code === 'CTXFORGE_INSTALL_SHARED');
  assert.ok(w && w.severity === 'warning' && /symbolic link, never followed/.test(w.message), JSON.stringify(r.diagnostics));
  const u = await uninstall(['acme-kit'], { cwd: dir, uninstallHosts: ['cursor'] });
  assert.ok(!u.diagnostics.some((d) => d.severity === 'error'), 'the linked skills-lock.json names nothing');
  assert.ok(!existsSync(join(dir, '.cursor/skills/pdf-tools')) && !existsSync(join(dir, '.cursor/skills/release-notes')));
  assert.equal(readlinkSync(join(dir, '.claude/skills/pdf-tools')), '../../.agents/skills/pdf-tools');
  const p = lockOf(dir).packages['acme-kit'];
  assert.deepEqual(p.hosts, ['agents', 'claude']);
  assert.deepEqual(p.links.map((l: { path: string }) => l.path), ['.claude/skills/pdf-tools', '.claude/skills/release-notes']);
  assert.deepEqual((await frozen({ cwd: dir, offline: true })).drift, []);
});

test('--user: the folders npx skills -g lists in its global lock are not taken over silently either', async () => {
  const home = tmpDir('coexist-home-');
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state') };
  mkdirSync(join(home, '.agents/skills/pdf-tools'), { recursive: true });
  for (const f of kit().skills[0]!.files) { mkdirSync(dirname(join(home, '.agents/skills/pdf-tools', f.rel)), { recursive: true }); writeFileSync(join(home, '.agents/skills/pdf-tools', f.rel), f.bytes); }
  mkdirSync(join(home, '.state/skills'), { recursive: true });
  writeFileSync(join(home, '.state/skills/.skill-lock.json'), JSON.stringify({ version: 3, skills: { 'pdf-tools': { source: 'acme/skills', sourceType: 'github' } } }));
  const e = await refused(installVerified(verified(kit()), { cwd: home, env, user: true }), 'CTXFORGE_INSTALL_FOREIGN');
  assert.ok(e.all.some((d) => d.message.includes(`${join(home, '.state/skills/.skill-lock.json')} lists pdf-tools`)), e.all.map((d) => d.message).join('\n'));
  await installVerified(verified(kit()), { cwd: home, env, user: true, adopt: true });
  const u = await uninstall(['acme-kit'], { cwd: home, env, user: true });
  assert.ok(u.diagnostics.some((d) => d.code === 'CTXFORGE_INSTALL_SHARED' && d.file === '.agents/skills/pdf-tools'));
  assert.ok(existsSync(join(home, '.agents/skills/pdf-tools/SKILL.md')));
});
