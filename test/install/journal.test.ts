// An install journal is what lets the next command finish a killed install — by moving and deleting
// folders — so one a stranger wrote must never run (security review 1, finding 6). In a real git
// project a committed `ctxforge.lock.journal` is not read at all (the journal lives in the git
// directory); without git it is kept in the user's state folder, and one in the project folder (a
// ZIP or a template can ship it, issue 33, finding 2) is reported, never run. A journal that is run
// must belong to the lock on disk, name only folders a lock owns, and never move or delete anything
// through a link. The user's own skill folder survives every time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../src/core/hash.js';
import { installVerified } from '../../src/install/index.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { git, initRepo, writeTree } from '../helpers/tmp.js';
import { artifacts, pemFile, project } from './artifacts.js';
import { documents, skill, skillMd, verified } from './documents.js';

const MINE = '.claude/skills/mine/SKILL.md';
const MINE_TEXT = '---\nname: mine\ndescription: My own skill. Use when asked about mine.\n---\n\nMine.\n';

/** Version 1 (what ctxforge 5e4f2de wrote beside the lock): remove the user's folder. */
const journalV1 = JSON.stringify({ journal_version: 1, scope: 'project', swaps: [{ folder: '.claude/skills/mine', staged: null, backup: '.claude/skills/.mine.ctxforge-old-1' }] });
/** Version 2, well formed and bound to "no lock", but naming a folder no lock owns. */
const journalV2 = JSON.stringify({ journal_version: 2, scope: 'project', token: '0123456789abcdef', from: null, swaps: [{ folder: '.claude/skills/mine', staged: null, backup: '.claude/skills/.mine.ctxforge-old-1-0123456789abcdef' }] });

test('a git project: a committed ctxforge.lock.journal is never completed; the user\'s skill folder stays, and the install says why it ignored the file', async () => {
  const a = await artifacts();
  for (const journal of [journalV1, journalV2]) {
    const dir = initRepo(project());
    writeTree(dir, { [MINE]: MINE_TEXT, 'ctxforge.lock.journal': journal });
    copyFileSync(a.acx, join(dir, 'vendor.acx'));
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'a pull request']);
    const r = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'agents', '--json'], { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(join(dir, MINE), 'utf8'), MINE_TEXT, 'the user\'s folder is untouched');
    const diags = JSON.parse(r.stdout).diagnostics as { code: string; severity: string; file?: string }[];
    assert.ok(diags.some((d) => d.code === 'CTXFORGE_INSTALL_INTERRUPTED' && d.severity === 'warning' && d.file === 'ctxforge.lock.journal'), r.stdout);
    assert.ok(existsSync(join(dir, 'ctxforge.lock')));
    // uninstall runs the same recovery: still nothing of the user's is touched.
    const u = await runCli(['uninstall', 'research-assistant'], { cwd: dir });
    assert.equal(u.code, 0, u.stderr);
    assert.equal(readFileSync(join(dir, MINE), 'utf8'), MINE_TEXT);
  }
});

test('a project without git: a ctxforge.lock.journal in the folder is reported, never run; the same journals in the state folder are refused (not bound to the lock, or naming a folder no lock owns) and move nothing', async () => {
  const a = await artifacts();
  for (const journal of [journalV1, journalV2]) {
    const dir = project();
    const env = { ...process.env, XDG_STATE_HOME: join(dirname(dir), 'state') };
    writeTree(dir, { [MINE]: MINE_TEXT });
    writeFileSync(join(dir, 'ctxforge.lock.journal'), journal);
    copyFileSync(a.acx, join(dir, 'vendor.acx'));
    const r = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'agents', '--json'], { cwd: dir, env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const diags = JSON.parse(r.stdout).diagnostics as { code: string; severity: string; file?: string }[];
    assert.ok(diags.some((d) => d.code === 'CTXFORGE_INSTALL_INTERRUPTED' && d.severity === 'warning' && d.file === 'ctxforge.lock.journal'), r.stdout);
    assert.equal(readFileSync(join(dir, MINE), 'utf8'), MINE_TEXT, 'the user\'s folder is untouched');
    assert.equal(readFileSync(join(dir, 'ctxforge.lock.journal'), 'utf8'), journal, 'the journal is left for a person to look at');

    const dir2 = project();
    const env2 = { ...process.env, XDG_STATE_HOME: join(dirname(dir2), 'state') };
    writeTree(dir2, { [MINE]: MINE_TEXT });
    copyFileSync(a.acx, join(dir2, 'vendor.acx'));
    const state = join(env2.XDG_STATE_HOME, 'ctxforge', 'journals', `${sha256Hex(realpathSync(dir2))}.json`);
    mkdirSync(dirname(state), { recursive: true, mode: 0o700 });
    writeFileSync(state, journal, { mode: 0o600 });
    const r2 = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'agents', '--json'], { cwd: dir2, env: env2 });
    assert.equal(r2.code, 2, r2.stdout + r2.stderr);
    assert.equal(JSON.parse(r2.stdout).error.code, 'CTXFORGE_INSTALL_INTERRUPTED');
    assert.equal(readFileSync(join(dir2, MINE), 'utf8'), MINE_TEXT, 'the user\'s folder is untouched');
    assert.ok(!existsSync(join(dir2, 'ctxforge.lock')), 'nothing was installed');
  }
});

const TOKEN = '0123456789abcdef';

/** Every entry below `dir`, never following a link: its path, kind and (for a link) its target. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const go = (d: string, pre: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = `${pre}${e.name}`;
      const abs = join(d, e.name);
      if (e.isSymbolicLink()) out.push(`${rel} -> ${readlinkSync(abs)}`);
      else if (e.isDirectory()) { out.push(`${rel}/`); go(abs, `${rel}/`); }
      else out.push(`${rel} ${sha256Hex(readFileSync(abs))}`);
    }
  };
  go(dir, '');
  return out;
}

/**
 * A project folder as a download delivers it (no git): a home folder beside it holding the user's
 * skill `mine`, and in the project a ctxforge.lock whose package owns `.claude/skills/mine` (made by
 * a real install elsewhere, as an attacker would make it). The caller plants the journal and the links.
 */
async function download() {
  const dir = project();
  const base = dirname(dir);
  const home = join(base, 'home');
  writeTree(home, { [MINE]: MINE_TEXT });
  const env = { ...process.env, HOME: home, XDG_STATE_HOME: join(base, 'state') };
  const scratch = join(base, 'scratch');
  mkdirSync(scratch);
  await installVerified(verified(documents('planted', '1.0.0', { skills: [skill('mine', { 'SKILL.md': skillMd('mine') })] })), { cwd: scratch, env, hosts: ['claude'] });
  const lock = readFileSync(join(scratch, 'ctxforge.lock'), 'utf8');
  writeFileSync(join(dir, 'ctxforge.lock'), lock);
  copyFileSync((await artifacts()).acx, join(dir, 'vendor.acx'));
  const swap = (o: { staged?: boolean } = {}) => ({ folder: '.claude/skills/mine', staged: o.staged ? `.claude/skills/.mine.ctxforge-stage-1-${TOKEN}` : null, backup: `.claude/skills/.mine.ctxforge-old-1-${TOKEN}` });
  const journal = (o: { staged?: boolean } = {}) => JSON.stringify({ journal_version: 2, scope: 'project', token: TOKEN, from: sha256Hex(lock), swaps: [swap(o)] });
  const stateJournal = join(base, 'state', 'ctxforge', 'journals', `${sha256Hex(realpathSync(dir))}.json`);
  return { dir, base, home, env, journal, stateJournal };
}

type Out = { error?: { code: string; message: string; file?: string }; diagnostics: { code: string; severity: string; file?: string; message: string; hint?: string }[] };

test('issue 33, finding 2: a downloaded project (no git) with a lock, a journal bound to it and .claude -> ../home/.claude: install and uninstall report the journal, never run it, and nothing outside the project is touched', async () => {
  const { dir, home, env, journal } = await download();
  symlinkSync('../home/.claude', join(dir, '.claude'));
  writeFileSync(join(dir, 'ctxforge.lock.journal'), journal());
  const homeBefore = listing(home);
  const projectBefore = listing(dir);
  for (const args of [['install', 'vendor.acx', '--key', pemFile(), '--host', 'claude'], ['uninstall', 'planted']]) {
    const r = await runCli([...args, '--json'], { cwd: dir, env });
    assert.deepEqual(listing(home), homeBefore, `${args[0]}: nothing in the home folder is deleted or renamed\n${r.stdout}`);
    assert.equal(readFileSync(join(home, MINE), 'utf8'), MINE_TEXT);
    assert.deepEqual(listing(dir), projectBefore, `${args[0]}: the planted journal is still there, nothing of the project moved`);
    // The command itself fails on the link (as any install through one does), and still says why it ignored the journal.
    assert.equal(r.code, 2, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout) as Out;
    assert.equal(out.error?.code, 'CTXFORGE_IO_SYMLINK', r.stdout);
    const note = out.diagnostics.find((d) => d.code === 'CTXFORGE_INSTALL_INTERRUPTED');
    assert.ok(note && note.severity === 'warning' && note.file === 'ctxforge.lock.journal', r.stdout);
    assert.match(note.message, /not read as an install journal/);
    assert.match(note.message, /\.claude\/skills\/mine/, 'the report names the folders the journal would swap');
    assert.match(note.hint ?? '', /ctxforge-old-/, 'and says how to roll back by hand');
  }
});

test('a journal in the state folder whose swap crosses a link (a parent, the folder, its staging or its backup) is refused and touches nothing', async () => {
  const cases: { name: string; plant: (dir: string) => void; staged?: boolean }[] = [
    { name: 'a parent folder', plant: (dir) => symlinkSync('../home/.claude', join(dir, '.claude')) },
    { name: 'the folder itself', plant: (dir) => { mkdirSync(join(dir, '.claude/skills'), { recursive: true }); symlinkSync('../../../home/.claude/skills/mine', join(dir, '.claude/skills/mine')); } },
    { name: 'the backup', plant: (dir) => { mkdirSync(join(dir, '.claude/skills'), { recursive: true }); symlinkSync('../../../home/.claude/skills/mine', join(dir, `.claude/skills/.mine.ctxforge-old-1-${TOKEN}`)); } },
    { name: 'the staging folder', staged: true, plant: (dir) => { mkdirSync(join(dir, '.claude/skills/mine'), { recursive: true }); symlinkSync('../../../home/.claude/skills/mine', join(dir, `.claude/skills/.mine.ctxforge-stage-1-${TOKEN}`)); } },
  ];
  for (const c of cases) {
    const { dir, home, env, journal, stateJournal } = await download();
    c.plant(dir);
    mkdirSync(dirname(stateJournal), { recursive: true, mode: 0o700 });
    writeFileSync(stateJournal, journal({ staged: c.staged }), { mode: 0o600 });
    chmodSync(stateJournal, 0o600);
    const homeBefore = listing(home);
    const projectBefore = listing(dir);
    const r = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'agents', '--json'], { cwd: dir, env });
    assert.equal(r.code, 2, `${c.name}: ${r.stdout}${r.stderr}`);
    const out = JSON.parse(r.stdout) as Out;
    assert.equal(out.error?.code, 'CTXFORGE_IO_SYMLINK', `${c.name}: ${r.stdout}`);
    assert.match(out.error!.message, /install journal/);
    assert.deepEqual(listing(home), homeBefore, `${c.name}: nothing outside the project is touched`);
    assert.deepEqual(listing(dir), projectBefore, `${c.name}: nothing in the project moved, the link is still there, nothing was installed`);
    assert.ok(existsSync(stateJournal), `${c.name}: the journal stays for a person to look at`);
  }
});

test('a project without git: a genuinely interrupted install (killed after its journal) is completed by the next command; --frozen and serve --lock report it meanwhile, at the journal\'s place in the state folder', async () => {
  const a = await artifacts();
  const dir = project();
  const env = { ...process.env, XDG_STATE_HOME: join(dirname(dir), 'state') };
  const journal = join(env.XDG_STATE_HOME, 'ctxforge', 'journals', `${sha256Hex(realpathSync(dir))}.json`);
  copyFileSync(a.acx, join(dir, 'vendor.acx'));
  copyFileSync(a.ctxpkg, join(dir, 'kb.ctxpkg'));
  const key = pemFile();
  const first = await runCli(['install', 'vendor.acx', '--key', key, '--host', 'agents'], { cwd: dir, env });
  assert.equal(first.code, 0, first.stderr);
  const v1 = readFileSync(join(dir, 'ctxforge.lock'), 'utf8');
  const killed = spawnCli(['install', 'kb.ctxpkg', '--key', key, '--host', 'agents'], { cwd: dir, env: { ...env, CTXFORGE_INSTALL_FAULT: 'after-journal' } });
  assert.equal(killed.code, -1, `killed: ${killed.stdout}${killed.stderr}`);
  assert.ok(existsSync(journal), 'the journal is in the state folder');
  assert.equal(lstatSync(journal).mode & 0o777, 0o600);
  assert.equal(lstatSync(dirname(journal)).mode & 0o777, 0o700);
  assert.ok(!existsSync(join(dir, 'ctxforge.lock.journal')));
  assert.equal(readFileSync(join(dir, 'ctxforge.lock'), 'utf8'), v1);

  const f = await runCli(['install', '--frozen', '--offline', '--json'], { cwd: dir, env });
  assert.equal(f.code, 1, f.stdout + f.stderr);
  assert.ok((JSON.parse(f.stdout) as { drift: { path: string; problem: string }[] }).drift.some((d) => d.path === journal && /interrupted/.test(d.problem)), f.stdout);
  const s = spawnCli(['serve', '--lock', '--offline'], { cwd: dir, env, input: '' });
  assert.equal(s.code, 1, s.stdout + s.stderr);
  assert.match(s.stderr, /CTXFORGE_INSTALL_INTERRUPTED/);
  assert.ok(s.stderr.includes(journal), s.stderr);

  const next = await runCli(['install', '--json'], { cwd: dir, env });
  assert.equal(next.code, 0, next.stdout + next.stderr);
  assert.ok((JSON.parse(next.stdout) as Out).diagnostics.some((d) => d.code === 'CTXFORGE_INSTALL_INTERRUPTED' && /completed/.test(d.message)), next.stdout);
  assert.ok(!existsSync(journal), 'the journal is gone once completed');
  assert.equal(Object.keys(JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')).packages).length, 2, 'the interrupted install is complete');
  const again = await runCli(['install', '--frozen', '--offline'], { cwd: dir, env });
  assert.equal(again.code, 0, again.stdout + again.stderr);
});
