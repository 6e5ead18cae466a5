// An install journal is what lets the next command finish a killed install — by moving and deleting
// folders — so one a stranger wrote must never run (security review 1, finding 6). In a real git
// project a committed `ctxforge.lock.journal` is not read at all (the journal lives in the git
// directory); without git, a journal is completed only if it belongs to the lock on disk and names
// only folders a lock owns. The user's own skill folder survives either way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git, initRepo, writeTree } from '../helpers/tmp.js';
import { artifacts, pemFile, project } from './artifacts.js';

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

test('a project without git: a planted journal that is not bound to the lock, or names a folder no lock owns, is refused and moves nothing', async () => {
  const a = await artifacts();
  for (const journal of [journalV1, journalV2]) {
    const dir = project();
    writeTree(dir, { [MINE]: MINE_TEXT });
    writeFileSync(join(dir, 'ctxforge.lock.journal'), journal);
    copyFileSync(a.acx, join(dir, 'vendor.acx'));
    const r = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'agents', '--json'], { cwd: dir });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.equal(JSON.parse(r.stdout).error.code, 'CTXFORGE_INSTALL_INTERRUPTED');
    assert.equal(readFileSync(join(dir, MINE), 'utf8'), MINE_TEXT, 'the user\'s folder is untouched');
    assert.ok(!existsSync(join(dir, 'ctxforge.lock')), 'nothing was installed');
  }
});
