// The planning, writing and lock half of install, on real folders, from Documents values made here
// (what a format's documents() hands install): every host and scope, the lock, upgrades, user edits,
// files the lock does not know, uninstall, hostile paths and links, and an install killed midway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { sha256Hex } from '../../src/core/hash.js';
import { frozen, installVerified, uninstall, type InstallOptions } from '../../src/install/index.js';
import { HOST_NAMES, skillsFolder } from '../../src/install/hosts.js';
import { LOCK_SCHEMA, LOCK_SCHEMA_ID } from '../../src/install/lock-schema.js';
import { parseLock, serializeLock, type Lock } from '../../src/install/lock.js';
import { ruleFor } from '../../src/core/rules.js';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { doc, documents, kit, skill, skillMd, verified } from './documents.js';

const read = (p: string) => readFileSync(p, 'utf8');
const lockOf = (dir: string): Lock => JSON.parse(read(join(dir, 'ctxforge.lock')));
const tree = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (d: string, pre: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const rel = pre ? `${pre}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(d, e.name), rel);
      else out.push(rel);
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return out.sort();
};

async function refused(p: Promise<unknown>, code: string): Promise<DiagnosticError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof DiagnosticError, String(e));
    const codes = e.all.map((d) => d.code);
    assert.ok(codes.includes(code), `expected ${code}, got ${codes.join(', ')}: ${e.message}`);
    return e;
  }
  assert.fail(`expected a refusal with ${code}`);
}

test('every host, project scope: skills byte for byte in the folder its documentation names, knowledge with llms.txt, the lock', async () => {
  const want: Record<string, string> = { agents: '.agents/skills', claude: '.claude/skills', codex: '.agents/skills', cursor: '.cursor/skills', copilot: '.github/skills', gemini: '.gemini/skills' };
  for (const host of HOST_NAMES) {
    const dir = tmpDir(`inst-${host}-`);
    const r = await installVerified(verified(kit()), { cwd: dir, hosts: [host] });
    assert.equal(skillsFolder(host, 'project'), want[host]);
    const k = kit();
    for (const s of k.skills) for (const f of s.files) assert.deepEqual(readFileSync(join(dir, want[host]!, s.name, f.rel)), f.bytes, `${host}: ${s.name}/${f.rel}`);
    assert.match(read(join(dir, '.agents/knowledge/acme-kit/guide/intro.md')), /^---\nid: "doc-intro"\ntitle: "Introduction"\ntype: "Guide"\ntags: \["release"\]\n---\n# Introduction/);
    const llms = read(join(dir, '.agents/knowledge/acme-kit/llms.txt'));
    assert.match(llms, /^# acme-kit\n\n> acme-kit knowledge\n/);
    assert.match(llms, /- \[Signing keys\]\(reference\/keys\.md\): Where the keys live/);
    const lock = lockOf(dir);
    assert.equal(lock.scope, 'project');
    assert.deepEqual(lock.packages['acme-kit']!.hosts, [host]);
    assert.equal(r.packages[0]!.status, 'installed');
    for (const f of lock.packages['acme-kit']!.files) assert.equal(sha256Hex(readFileSync(join(dir, f.path))), f.sha256, f.path);
    assert.deepEqual(tree(dir).filter((p) => p !== 'ctxforge.lock'), lock.packages['acme-kit']!.files.map((f) => f.path).sort(), `${host}: nothing but the recorded files`);
  }
});

test('--user: the home folder, the lock in $XDG_CONFIG_HOME/ctxforge/, nothing in the project', async () => {
  const home = tmpDir('inst-home-');
  const project = tmpDir('inst-proj-');
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'cfg') };
  await installVerified(verified(kit()), { cwd: project, env, user: true, hosts: ['claude', 'copilot', 'gemini'] });
  assert.ok(existsSync(join(home, '.claude/skills/pdf-tools/SKILL.md')));
  assert.ok(existsSync(join(home, '.copilot/skills/pdf-tools/SKILL.md')), 'copilot reads ~/.copilot/skills in the user scope');
  assert.ok(existsSync(join(home, '.gemini/skills/release-notes/SKILL.md')));
  assert.ok(existsSync(join(home, '.agents/knowledge/acme-kit/llms.txt')));
  const lock = JSON.parse(read(join(home, 'cfg/ctxforge/ctxforge.lock'))) as Lock;
  assert.equal(lock.scope, 'user');
  assert.deepEqual(readdirSync(project), []);
  const u = await uninstall(['acme-kit'], { cwd: project, env, user: true });
  assert.equal(u.removed.length, lock.packages['acme-kit']!.files.length);
  assert.ok(!existsSync(join(home, '.claude/skills/pdf-tools')));
});

test('the lock: sorted, stable, valid against schemas/ctxforge.lock.schema.json (the same document as the code checks with)', async () => {
  const file = JSON.parse(read(join(repoRoot, 'schemas', 'ctxforge.lock.schema.json')));
  assert.deepEqual(file, JSON.parse(JSON.stringify(LOCK_SCHEMA)), 'schemas/ctxforge.lock.schema.json is LOCK_SCHEMA (regenerate it from src/install/lock-schema.ts)');
  assert.equal(file.$id, LOCK_SCHEMA_ID);
  assert.equal(LOCK_SCHEMA_ID, 'https://raw.githubusercontent.com/ctxforge/ctxforge/main/schemas/ctxforge.lock.schema.json');
  const dir = tmpDir('inst-lock-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude', 'agents', 'codex'] });
  const text = read(join(dir, 'ctxforge.lock'));
  const validate = new Ajv2020({ strict: false }).compile(file);
  assert.ok(validate(JSON.parse(text)), JSON.stringify(validate.errors));
  assert.equal(serializeLock(parseLock(text, 'lock', 'project')), text, 'serialising what was read gives the same bytes');
  const p = JSON.parse(text).packages['acme-kit'];
  assert.deepEqual(p.hosts, ['agents', 'claude', 'codex']);
  assert.deepEqual(p.folders, ['.agents/knowledge/acme-kit', '.agents/skills/pdf-tools', '.agents/skills/release-notes', '.claude/skills/pdf-tools', '.claude/skills/release-notes'], 'codex shares .agents/skills: written once');
  assert.deepEqual(p.files.map((f: { path: string }) => f.path), [...p.files.map((f: { path: string }) => f.path)].sort());
  const keys = (o: unknown): void => {
    if (Array.isArray(o)) return o.forEach(keys);
    if (o && typeof o === 'object') { assert.deepEqual(Object.keys(o), Object.keys(o).sort()); Object.values(o).forEach(keys); }
  };
  keys(JSON.parse(text));
  assert.equal(p.signer.key_id, `ed25519:${'b'.repeat(64)}`);
  assert.equal(p.artifact.sha256, 'a'.repeat(64));
  // Installing the same again writes nothing and leaves the lock byte for byte.
  const again = await installVerified(verified(kit()), { cwd: dir });
  assert.equal(again.written.length, 0);
  assert.equal(again.packages[0]!.status, 'unchanged');
  assert.equal(read(join(dir, 'ctxforge.lock')), text);
  for (const code of ['CTXFORGE_INSTALL_MODIFIED', 'CTXFORGE_INSTALL_DRIFT', 'CTXFORGE_LOCK_INVALID', 'CTXFORGE_INSTALL_UNBOUND']) assert.ok(ruleFor(code), code);
});

test('upgrade: the files the new version no longer has are removed; a file you put in the skill folder stays', async () => {
  const dir = tmpDir('inst-up-');
  await installVerified(verified(kit('1.0.0')), { cwd: dir, hosts: ['claude'] });
  writeFileSync(join(dir, '.claude/skills/pdf-tools/my-notes.md'), 'mine\n');
  mkdirSync(join(dir, '.claude/skills/pdf-tools/scripts/local'), { recursive: true });
  writeFileSync(join(dir, '.claude/skills/pdf-tools/scripts/local/helper.sh'), 'echo mine\n');
  const r = await installVerified(verified(kit('2.0.0', { dropScript: true }), 'c'.repeat(64)), { cwd: dir });
  assert.deepEqual(r.removed, ['.claude/skills/pdf-tools/scripts/fill.py']);
  assert.ok(!existsSync(join(dir, '.claude/skills/pdf-tools/scripts/fill.py')));
  assert.equal(read(join(dir, '.claude/skills/pdf-tools/my-notes.md')), 'mine\n');
  assert.equal(read(join(dir, '.claude/skills/pdf-tools/scripts/local/helper.sh')), 'echo mine\n');
  assert.deepEqual(r.kept, ['.claude/skills/pdf-tools/my-notes.md', '.claude/skills/pdf-tools/scripts', '.claude/skills/pdf-tools/scripts/local', '.claude/skills/pdf-tools/scripts/local/helper.sh']);
  const p = lockOf(dir).packages['acme-kit']!;
  assert.equal(p.version, '2.0.0');
  assert.ok(!p.files.some((f) => f.path.endsWith('fill.py')));
  assert.ok(!p.files.some((f) => f.path.endsWith('my-notes.md')), 'your file is never recorded as the package\'s');
  // A skill the new version drops goes as a whole, its folder too.
  const v3 = kit('3.0.0', { dropScript: true });
  v3.skills = v3.skills.filter((s) => s.name !== 'release-notes');
  const r3 = await installVerified(verified(v3, 'd'.repeat(64)), { cwd: dir });
  assert.deepEqual(r3.removed, ['.claude/skills/release-notes/SKILL.md']);
  assert.ok(!existsSync(join(dir, '.claude/skills/release-notes')));
  // --host adds a host; dropping one is `uninstall --host`, which removes its folders.
  const r4 = await installVerified(verified(v3, 'd'.repeat(64)), { cwd: dir, hosts: ['agents'] });
  assert.deepEqual(r4.removed, []);
  assert.deepEqual(lockOf(dir).packages['acme-kit']!.hosts, ['agents', 'claude']);
  const r5 = await uninstall(['acme-kit'], { cwd: dir, uninstallHosts: ['claude'] });
  assert.ok(r5.removed.includes('.claude/skills/pdf-tools/SKILL.md'));
  assert.deepEqual(lockOf(dir).packages['acme-kit']!.hosts, ['agents']);
  assert.ok(!lockOf(dir).packages['acme-kit']!.folders.some((f) => f.startsWith('.claude/')));
  assert.equal(read(join(dir, '.claude/skills/pdf-tools/my-notes.md')), 'mine\n', 'the folder stays for the file you put there');
  assert.ok(existsSync(join(dir, '.agents/skills/pdf-tools/SKILL.md')));
});

test('a file you edited since install is never overwritten or removed without --force (exit 1, named)', async () => {
  const dir = tmpDir('inst-edit-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  const skillFile = join(dir, '.claude/skills/pdf-tools/SKILL.md');
  writeFileSync(skillFile, 'my own version\n');
  const lockBefore = read(join(dir, 'ctxforge.lock'));
  const e = await refused(installVerified(verified(kit('1.1.0', { skillBody: 'New text.' }), 'c'.repeat(64)), { cwd: dir }), 'CTXFORGE_INSTALL_MODIFIED');
  assert.equal(e.exitCode, 1);
  assert.ok(e.all.some((d) => d.file === '.claude/skills/pdf-tools/SKILL.md'));
  assert.equal(read(skillFile), 'my own version\n');
  assert.equal(read(join(dir, 'ctxforge.lock')), lockBefore, 'the lock is unchanged');
  assert.ok(!readdirSync(join(dir, '.claude/skills')).some((n) => n.startsWith('.')), 'no staging folder left behind');
  // Removing it (a version without the file) is refused the same way.
  writeFileSync(join(dir, '.claude/skills/pdf-tools/scripts/fill.py'), 'edited\n');
  await refused(installVerified(verified(kit('1.1.0', { dropScript: true }), 'c'.repeat(64)), { cwd: dir }), 'CTXFORGE_INSTALL_MODIFIED');
  assert.equal(read(join(dir, '.claude/skills/pdf-tools/scripts/fill.py')), 'edited\n');
  await refused(uninstall(['acme-kit'], { cwd: dir }), 'CTXFORGE_INSTALL_MODIFIED');
  assert.ok(existsSync(skillFile));
  // --force discards the edits.
  await installVerified(verified(kit('1.1.0', { skillBody: 'New text.', dropScript: true }), 'c'.repeat(64)), { cwd: dir, force: true });
  assert.match(read(skillFile), /New text\./);
  assert.ok(!existsSync(join(dir, '.claude/skills/pdf-tools/scripts/fill.py')));
});

test('a file the lock does not record where the package goes is refused, nothing written; --force replaces it', async () => {
  const dir = tmpDir('inst-foreign-');
  mkdirSync(join(dir, '.claude/skills/pdf-tools'), { recursive: true });
  writeFileSync(join(dir, '.claude/skills/pdf-tools/SKILL.md'), 'installed by another tool\n');
  await refused(installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_INSTALL_FOREIGN');
  assert.equal(read(join(dir, '.claude/skills/pdf-tools/SKILL.md')), 'installed by another tool\n');
  assert.ok(!existsSync(join(dir, 'ctxforge.lock')));
  assert.ok(!existsSync(join(dir, '.claude/skills/release-notes')));
  assert.ok(!existsSync(join(dir, '.agents')), 'a refused install writes no folder');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'], force: true });
  assert.match(read(join(dir, '.claude/skills/pdf-tools/SKILL.md')), /name: pdf-tools/);
  assert.deepEqual(lockOf(dir).packages['acme-kit']!.adopted, ['.claude/skills/pdf-tools'], '--force takes the folder over, and the lock says so');
  // A folder identical to the package's is not taken over silently either: --adopt takes it, recorded.
  const dir2 = tmpDir('inst-same-');
  mkdirSync(join(dir2, '.claude/skills/release-notes'), { recursive: true });
  writeFileSync(join(dir2, '.claude/skills/release-notes/SKILL.md'), skillMd('release-notes'));
  const e2 = await refused(installVerified(verified(kit()), { cwd: dir2, hosts: ['claude'] }), 'CTXFORGE_INSTALL_FOREIGN');
  assert.match(e2.message, /release-notes exists and ctxforge\.lock does not record it/);
  assert.ok(!existsSync(join(dir2, 'ctxforge.lock')));
  const r2 = await installVerified(verified(kit()), { cwd: dir2, hosts: ['claude'], adopt: true });
  assert.deepEqual(r2.packages[0]!.adopted, ['.claude/skills/release-notes']);
  assert.deepEqual(lockOf(dir2).packages['acme-kit']!.adopted, ['.claude/skills/release-notes']);
});

test('uninstall removes exactly what the lock records; what you put beside it stays', async () => {
  const dir = tmpDir('inst-un-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude', 'agents'] });
  writeFileSync(join(dir, '.claude/skills/pdf-tools/my-notes.md'), 'mine\n');
  writeFileSync(join(dir, '.agents/knowledge/acme-kit/mine.md'), 'mine\n');
  mkdirSync(join(dir, '.claude/skills/my-own-skill'));
  writeFileSync(join(dir, '.claude/skills/my-own-skill/SKILL.md'), skillMd('my-own-skill'));
  const dry = await uninstall(['acme-kit'], { cwd: dir, dryRun: true });
  assert.ok(dry.removed.length > 0);
  assert.ok(existsSync(join(dir, '.claude/skills/pdf-tools/SKILL.md')), 'dry run writes nothing');
  const r = await uninstall(['acme-kit'], { cwd: dir });
  assert.deepEqual(tree(dir), ['.agents/knowledge/acme-kit/mine.md', '.claude/skills/my-own-skill/SKILL.md', '.claude/skills/pdf-tools/my-notes.md', 'ctxforge.lock']);
  assert.equal(r.removed.length, 11);
  assert.deepEqual(lockOf(dir).packages, {});
  await refused(uninstall(['acme-kit'], { cwd: dir }), 'CTXFORGE_INSTALL_NOT_INSTALLED');
});

test('hostile package paths (.., absolute, backslash, unportable, case twins, bad skill names) are refused and nothing is written', async () => {
  const cases: [string, ReturnType<typeof documents>][] = [
    ['../ in a skill file', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), '../../escape.txt': 'x' })] })],
    ['absolute skill file', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), '/tmp/abs.txt': 'x' })] })],
    ['backslash', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), '..\\x.txt': 'x' })] })],
    ['Windows reserved', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), 'con.txt': 'x' })] })],
    ['colon', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), 'a:b.txt': 'x' })] })],
    ['case twins', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), 'A.md': 'x', 'a.md': 'y' })] })],
    ['file and folder', documents('evil', '1', { skills: [skill('ok', { 'SKILL.md': skillMd('ok'), 'x': 'x', 'x/y': 'y' })] })],
    ['skill name with /', documents('evil', '1', { skills: [skill('../../x', { 'SKILL.md': skillMd('x') })] })],
    ['skill name ..', documents('evil', '1', { skills: [skill('..', { 'SKILL.md': skillMd('x') })] })],
    ['hidden skill', documents('evil', '1', { skills: [skill('.hidden', { 'SKILL.md': skillMd('x') })] })],
    ['document ..', documents('evil', '1', { docs: [doc('d', '../../../outside.md', 'x', 'x')] })],
    ['document absolute', documents('evil', '1', { docs: [doc('d', '/etc/x.md', 'x', 'x')] })],
  ];
  for (const [what, d] of cases) {
    const root = tmpDir('inst-hostile-');
    const dir = join(root, 'project');
    mkdirSync(dir);
    const e = await refused(installVerified(verified(d), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_INSTALL_PATH_UNSAFE');
    assert.equal(e.exitCode, 1, what);
    assert.deepEqual(tree(root), [], `${what}: nothing written anywhere`);
  }
});

test('symbolic links: a host folder that is a link, a skill folder that is a link, are refused; a link of yours inside a skill folder is kept, not followed', async () => {
  const outside = tmpDir('inst-outside-');
  const dir = tmpDir('inst-link-');
  symlinkSync(outside, join(dir, '.claude'));
  const e = await refused(installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_IO_SYMLINK');
  assert.equal(e.exitCode, 2);
  assert.deepEqual(readdirSync(outside), [], 'nothing written through the link');
  assert.ok(!existsSync(join(dir, 'ctxforge.lock')) && !existsSync(join(dir, '.agents')));
  unlinkSync(join(dir, '.claude'));
  mkdirSync(join(dir, '.claude/skills'), { recursive: true });
  symlinkSync(outside, join(dir, '.claude/skills/pdf-tools'));
  await refused(installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_IO_SYMLINK');
  assert.deepEqual(readdirSync(outside), []);
  unlinkSync(join(dir, '.claude/skills/pdf-tools'));
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  symlinkSync(outside, join(dir, '.claude/skills/pdf-tools/elsewhere'));
  await installVerified(verified(kit('2.0.0', { dropScript: true }), 'c'.repeat(64)), { cwd: dir });
  assert.ok(lstatSync(join(dir, '.claude/skills/pdf-tools/elsewhere')).isSymbolicLink());
  assert.equal(readlinkSync(join(dir, '.claude/skills/pdf-tools/elsewhere')), outside);
  assert.deepEqual(readdirSync(outside), []);
});

test('two packages may not install the same skill folder', async () => {
  const dir = tmpDir('inst-conflict-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  const other = documents('other-kit', '1.0.0', { skills: [skill('pdf-tools', { 'SKILL.md': skillMd('pdf-tools', 'Other.') })] });
  await refused(installVerified(verified(other, 'e'.repeat(64)), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_INSTALL_CONFLICT');
  await installVerified(verified(other, 'e'.repeat(64)), { cwd: dir, hosts: ['cursor'] });
  assert.deepEqual(Object.keys(lockOf(dir).packages), ['acme-kit', 'other-kit']);
});

test('a cartridge path the signature does not bind is installed only when named with --allow-unbound', async () => {
  const dir = tmpDir('inst-unbound-');
  const unbound = ['rom/skills/pdf-tools/LICENSE.txt'];
  const e = await refused(installVerified(verified(kit(), 'a'.repeat(64), { unbound }), { cwd: dir, hosts: ['claude'] }), 'CTXFORGE_INSTALL_UNBOUND');
  assert.ok(e.all.some((d) => d.file === 'rom/skills/pdf-tools/LICENSE.txt'));
  assert.ok(!existsSync(join(dir, '.claude')));
  await installVerified(verified(kit(), 'a'.repeat(64), { unbound }), { cwd: dir, hosts: ['claude'], allowUnbound: unbound });
  assert.deepEqual(lockOf(dir).packages['acme-kit']!.allow_unbound, unbound);
});

test('--frozen writes nothing and names every file that drifted; --dry-run writes nothing', async () => {
  const dir = tmpDir('inst-frozen-');
  const dry = await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'], dryRun: true });
  assert.ok(dry.written.length > 0);
  assert.deepEqual(readdirSync(dir), []);
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  // The recorded artifact (dist/acme-kit.acx) does not exist: drift, unless --offline says not to check it.
  let f = await frozen({ cwd: dir });
  assert.deepEqual(f.drift.map((d) => d.path), ['dist/acme-kit.acx']);
  assert.match(f.drift[0]!.problem, /cannot be reached or checked/);
  f = await frozen({ cwd: dir, offline: true });
  assert.deepEqual(f.drift, []);
  assert.equal(f.packages[0]!.artifact_check, 'lock-only');
  assert.ok(f.diagnostics.some((d) => d.code === 'CTXFORGE_INSTALL_LOCK_ONLY' && d.severity === 'warning'));
  writeFileSync(join(dir, '.claude/skills/pdf-tools/SKILL.md'), 'edited\n');
  rmSync(join(dir, '.agents/knowledge/acme-kit/guide/intro.md'));
  const before = tree(dir);
  f = await frozen({ cwd: dir, offline: true });
  assert.deepEqual(f.drift.map((d) => [d.path, d.problem]).sort(), [
    ['.agents/knowledge/acme-kit/guide/intro.md', 'missing'],
    ['.claude/skills/pdf-tools/SKILL.md', 'modified since install'],
  ]);
  const errs = f.diagnostics.filter((d) => d.code === 'CTXFORGE_INSTALL_DRIFT' && d.severity === 'error');
  assert.equal(errs.length, 2);
  for (const d of errs) assert.ok(!d.message.includes(d.file!), `the message does not repeat the path its diagnostic names: ${d.message}`);
  assert.deepEqual(tree(dir), before, '--frozen wrote nothing');
});

test('a committed lock that names files outside its folders is refused before anything is removed', async () => {
  const dir = tmpDir('inst-badlock-');
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  writeFileSync(join(dir, 'precious.txt'), 'keep\n');
  const lock = lockOf(dir);
  lock.packages['acme-kit']!.files.push({ path: 'precious.txt', sha256: sha256Hex('keep\n'), size: 5, role: 'skill' });
  writeFileSync(join(dir, 'ctxforge.lock'), JSON.stringify(lock));
  await refused(uninstall(['acme-kit'], { cwd: dir }), 'CTXFORGE_LOCK_INVALID');
  const lock2 = lockOf(dir);
  lock2.packages['acme-kit']!.files.pop();
  lock2.packages['acme-kit']!.folders.push('.git');
  writeFileSync(join(dir, 'ctxforge.lock'), JSON.stringify(lock2));
  await refused(uninstall(['acme-kit'], { cwd: dir }), 'CTXFORGE_LOCK_INVALID');
  assert.equal(read(join(dir, 'precious.txt')), 'keep\n');
  assert.ok(existsSync(join(dir, '.claude/skills/pdf-tools/SKILL.md')));
});

test('an install killed after its folders are staged is completed by the next command; --frozen reports it meanwhile', async () => {
  const dir = tmpDir('inst-kill-');
  // Without git, the journal is kept in the user's state folder, never in the project.
  const env = { ...process.env, XDG_STATE_HOME: tmpDir('inst-kill-state-') };
  const journal = join(env.XDG_STATE_HOME, 'ctxforge', 'journals', `${sha256Hex(realpathSync(dir))}.json`);
  const child = (version: string, fault?: string) => spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'test/install/fault-child.ts'), dir, version], {
    cwd: repoRoot, env: { ...env, ...(fault ? { CTXFORGE_INSTALL_FAULT: fault } : {}) }, encoding: 'utf8',
  });
  const first = child('1.0.0');
  assert.equal(first.status, 0, first.stderr);
  const v1 = read(join(dir, 'ctxforge.lock'));
  const r = child('2.0.0', 'after-journal');
  assert.equal(r.signal, 'SIGKILL', r.stderr);
  assert.ok(existsSync(journal), 'the journal is in the state folder');
  assert.equal(lstatSync(journal).mode & 0o777, 0o600);
  assert.equal(lstatSync(dirname(journal)).mode & 0o777, 0o700);
  assert.ok(!existsSync(join(dir, 'ctxforge.lock.journal')), 'nothing of the journal is in the project');
  assert.equal(read(join(dir, 'ctxforge.lock')), v1, 'the old lock stays until the swap is done');
  assert.ok(existsSync(join(dir, '.claude/skills/pdf-tools/scripts/fill.py')), 'the old files are still in place');
  const f = await frozen({ cwd: dir, offline: true, env });
  assert.ok(f.drift.some((d) => /interrupted/.test(d.problem) && d.path === journal), JSON.stringify(f.drift));
  const next = await installVerified(verified(kit('2.0.0', { dropScript: true }), 'c'.repeat(64)), { cwd: dir, env });
  assert.ok(next.diagnostics.some((d) => d.code === 'CTXFORGE_INSTALL_INTERRUPTED'));
  assert.ok(!existsSync(journal));
  assert.equal(lockOf(dir).packages['acme-kit']!.version, '2.0.0');
  assert.ok(!existsSync(join(dir, '.claude/skills/pdf-tools/scripts/fill.py')));
  assert.deepEqual(readdirSync(join(dir, '.claude/skills')).sort(), ['pdf-tools', 'release-notes'], 'no staging or backup folder left');
  assert.deepEqual((await frozen({ cwd: dir, offline: true, env })).drift, []);
});

test('a journal that is not one ctxforge wrote (it names a folder install does not own) is refused, nothing moved', async () => {
  const dir = tmpDir('inst-badjournal-');
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'ctxforge-install.journal'), JSON.stringify({ journal_version: 2, scope: 'project', token: '0'.repeat(16), from: null, swaps: [{ folder: '.git', staged: null, backup: `..git.ctxforge-old-1-${'0'.repeat(16)}` }] }));
  await refused(installVerified(verified(kit()), { cwd: dir }), 'CTXFORGE_INSTALL_INTERRUPTED');
  assert.ok(existsSync(join(dir, '.git')));
});

test('install options other engineers call with: InstallOptions stays a plain object', () => {
  const o: InstallOptions = { cwd: '.', hosts: ['agents'], force: false };
  assert.equal(o.cwd, '.');
});

test('names that are properties of every object are never lock keys; uninstall of one is "not installed"', async () => {
  const dir = tmpDir('inst-proto-');
  await refused(installVerified(verified(documents('__proto__', '1', { skills: [skill('x', { 'SKILL.md': skillMd('x') })] })), { cwd: dir }), 'CTXFORGE_INSTALL_PATH_UNSAFE');
  assert.deepEqual(readdirSync(dir), []);
  await installVerified(verified(kit()), { cwd: dir });
  await refused(uninstall(['constructor'], { cwd: dir }), 'CTXFORGE_INSTALL_NOT_INSTALLED');
  const lock = read(join(dir, 'ctxforge.lock')).replace('"acme-kit": {', '"__proto__": {');
  writeFileSync(join(dir, 'ctxforge.lock'), lock);
  await refused(uninstall(['acme-kit'], { cwd: dir }), 'CTXFORGE_LOCK_INVALID');
});
