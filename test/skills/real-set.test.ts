// Real-shaped skills (test/helpers/skills-set.ts: root licence files shared by every skill, templates,
// fonts, nested scripts, an agents/ folder, UTF-16 and binary assets, an empty file) through
// validate → import → build → verify → import → export, byte for byte but for the normalisations
// issue 26 names (a byte-order mark removed; for a cartridge, a list allowed-tools written as a
// string and unknown keys moved into ext), in a cartridge and in a ctxpkg skills pack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { realSkillsSet, skillNames, type SkillsSet } from '../helpers/skills-set.js';
import { openFile } from '../../src/core/sqlite.js';
import { jcs } from '../../src/core/jcs.js';

const EPOCH = '1767225600';
const KEY = '9'.repeat(64);

function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p); else out.set(relative(dir, p), readFileSync(p));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Every path of `got` equals `want`'s bytes, except those `changed` maps to their expected bytes. */
function sameSet(got: Map<string, Buffer>, want: SkillsSet, changed: Record<string, Buffer> = {}): void {
  assert.deepEqual([...got.keys()].sort(), Object.keys(want).sort());
  for (const [p, b] of Object.entries(want)) {
    const expect = changed[p] ?? b;
    assert.ok(got.get(p)!.equals(expect), `${p} differs`);
    if (changed[p]) assert.ok(!changed[p]!.equals(b), `${p} was expected to change`);
  }
}

async function cli(root: string, ...args: string[]) {
  const r = await runCli(args, { cwd: root });
  return { ...r, json: args.includes('--json') && r.stdout ? JSON.parse(r.stdout) : undefined };
}

async function newCartridge(root: string, dir = 'cart'): Promise<void> {
  assert.equal((await cli(root, 'init', 'acx', dir)).code, 0);
  rmSync(join(root, dir, 'skills'), { recursive: true, force: true });
}

function newPack(root: string, dir = 'pack'): void {
  writeTree(join(root, dir), { 'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n' });
}

function built(root: string, out: string, ext: string): string {
  return join(root, out, readdirSync(join(root, out)).find((f) => f.endsWith(ext))!);
}

test('cartridge: the real-shaped set validates, imports, builds, verifies (no unbound path), extracts with stock sqlite3, imports back to the same bytes, and exports byte for byte', async () => {
  const set = realSkillsSet();
  const root = tmpDir('skills-real-');
  writeTree(join(root, 'skills'), set);
  let r = await cli(root, 'skills', 'validate', 'skills', '--json');
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(r.json.skills, skillNames(set));
  assert.deepEqual(r.json.diagnostics.filter((d: { severity: string }) => d.severity !== 'info'), []);
  await newCartridge(root);
  r = await cli(root, 'skills', 'import', 'skills', 'cart', '--json');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(r.json.imported, skillNames(set));
  assert.deepEqual(r.json.refused, []);
  assert.equal(r.json.diagnostics.filter((d: { code: string }) => d.code === 'SKILL_NORMALISED').length, 0, 'a spec-valid set needs no change');
  r = await cli(root, 'build', 'cart', '--out', 'dist', '--source-date-epoch', EPOCH, '--key', KEY);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /ACX_ROM_PATH_BOUND: 18 ROM files share bytes/);
  const art = built(root, 'dist', '.acx');
  r = await cli(root, 'verify', art, '--json');
  assert.equal(r.code, 0, r.stdout);
  const res = r.json.results[0];
  assert.equal(res.details.integrity, 'intact');
  assert.equal(res.details.signature, 'verified');
  assert.deepEqual(res.details.unboundPaths, []);
  assert.deepEqual(res.diagnostics.filter((d: { severity: string; code: string }) => d.severity !== 'info' && d.code !== 'ACX_TRUST_PORTABLE'), []);
  // Every skill has its row; the inventory is the reference's (references/, scripts/, assets/).
  const db = openFile(art, { readonly: true });
  try {
    const rows = db.prepare('SELECT name, resources FROM acx_skill ORDER BY name').all() as Array<{ name: string; resources: string }>;
    assert.deepEqual(rows.map((x) => x.name), skillNames(set));
    const docx = JSON.parse(rows.find((x) => x.name === 'docx')!.resources) as Array<{ path: string }>;
    assert.deepEqual(docx.map((x) => x.path), ['rom/skills/docx/scripts/document.py', 'rom/skills/docx/scripts/office/validate.py', 'rom/skills/docx/scripts/utilities.py']);
  } finally { db.close(); }
  // SPEC §5.1: stock sqlite3 extracts a byte-identical skill tree.
  const x = tmpDir('skills-x-');
  execFileSync('sqlite3', [art, '-Ax'], { cwd: x });
  sameSet(files(join(x, 'rom', 'skills')), set);
  // The artifact back into a source tree builds the same bytes.
  r = await cli(root, 'import', art, 'reimported');
  assert.equal(r.code, 0, r.stderr);
  r = await cli(root, 'build', 'reimported', '--out', 'dist2', '--source-date-epoch', EPOCH, '--key', KEY);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(readFileSync(built(root, 'dist2', '.acx')).equals(readFileSync(art)), 'import → build gives the same cartridge');
  // Export from the built cartridge and from the source tree: the set, byte for byte.
  for (const from of [art, 'reimported']) {
    const out = `back-${from === art ? 'artifact' : 'tree'}`;
    r = await cli(root, 'skills', 'export', from, '--out', out);
    assert.equal(r.code, 0, r.stderr);
    sameSet(files(join(root, out)), set);
  }
});

test('cartridge: host-written skills are normalised as named and reported per skill (BOM removed; list allowed-tools as a string; unknown keys into the signed ext), everything else byte for byte', async () => {
  const set = realSkillsSet({ hostQuirks: true });
  const root = tmpDir('skills-host-');
  writeTree(join(root, 'skills'), set);
  let r = await cli(root, 'skills', 'validate', 'skills', '--json');
  assert.equal(r.code, 1, 'unknown top-level keys are errors, as in skills-ref');
  assert.deepEqual(r.json.invalid, ['claude-review']);
  await newCartridge(root);
  r = await cli(root, 'skills', 'import', 'skills', 'cart', '--ext-namespace', 'Claude Code');
  assert.equal(r.code, 2, 'the namespace must be reverse-DNS');
  assert.match(r.stderr, /CTXFORGE_USAGE: --ext-namespace "Claude Code" is not a reverse-DNS namespace/);
  r = await cli(root, 'skills', 'import', 'skills', 'cart', '--json');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const notes = (r.json.diagnostics as Array<{ code: string; file: string; message: string }>).filter((d) => d.code === 'SKILL_NORMALISED');
  assert.deepEqual(notes.map((d) => d.file).sort(), ['bom-notes/SKILL.md', 'claude-review/SKILL.md']);
  assert.match(notes.find((d) => d.file === 'bom-notes/SKILL.md')!.message, /byte-order mark removed/);
  const cr = notes.find((d) => d.file === 'claude-review/SKILL.md')!.message;
  assert.match(cr, /allowed-tools list written as the space-separated string/);
  assert.match(cr, /model, argument-hint, context, hooks moved into acx_skill\.ext under com\.anthropic\.claude-code/);
  r = await cli(root, 'build', 'cart', '--out', 'dist', '--source-date-epoch', EPOCH, '--key', KEY);
  assert.equal(r.code, 0, r.stderr);
  const art = built(root, 'dist', '.acx');
  r = await cli(root, 'verify', art, '--json');
  assert.equal(r.code, 0, r.stdout);
  const db = openFile(art, { readonly: true });
  try {
    const ext = (db.prepare("SELECT ext FROM acx_skill WHERE name = 'claude-review'").get() as { ext: string }).ext;
    assert.equal(ext, jcs({ 'com.anthropic.claude-code': { model: 'sonnet', 'argument-hint': '[pr-number]', context: 'fork', hooks: { PreToolUse: [{ matcher: 'Bash', command: 'echo checked' }] } } }));
  } finally { db.close(); }
  const six = Buffer.from('---\nname: claude-review\ndescription: Reviews a pull request the way the team does. Use when asked to review a PR.\nallowed-tools: Read Grep Bash(gh pr view:*)\n---\n\n# Review\n\nRead the diff, then comment.\n');
  const changed = { 'claude-review/SKILL.md': six, 'bom-notes/SKILL.md': set['bom-notes/SKILL.md']!.subarray(3) };
  for (const from of [art, 'cart']) {
    const out = `back-${from === art ? 'artifact' : 'tree'}`;
    r = await cli(root, 'skills', 'export', from, '--out', out);
    assert.equal(r.code, 0, r.stderr);
    sameSet(files(join(root, out)), set, changed);
  }
  // The exported set is valid Agent Skills now, for skills-ref too.
  r = await cli(root, 'skills', 'validate', 'back-artifact', '--json');
  assert.equal(r.code, 0, r.stdout);
});

test('cartridge: a skill with a file ACX §3.2 cannot name refuses the import (0 imported, nothing written); --skip-invalid imports the others and names it', async () => {
  const set = realSkillsSet({ unportable: true });
  const root = tmpDir('skills-unportable-');
  writeTree(join(root, 'skills'), set);
  await newCartridge(root);
  const before = files(join(root, 'cart'));
  let r = await cli(root, 'skills', 'import', 'skills', 'cart');
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^0 imported, 1 refused \(slack-gif-creator\): nothing written/m);
  assert.doesNotMatch(r.stdout, /imported 1[0-9] skills/);
  assert.match(r.stderr, /ACX_SOURCE_PATH: slack-gif-creator\/core\/__init__\.py: cannot be a cartridge file: segment "__init__\.py"[\s\S]*§3\.2[\s\S]*a ctxpkg kind: skills pack can hold it/);
  assert.deepEqual(files(join(root, 'cart')), before, 'nothing written');
  r = await cli(root, 'skills', 'import', 'skills', 'cart', '--skip-invalid', '--json');
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(r.json.imported, skillNames(set).filter((n) => n !== 'slack-gif-creator'));
  assert.deepEqual(r.json.refused.map((x: { name: string }) => x.name), ['slack-gif-creator']);
  assert.match(r.json.refused[0].reasons.join('\n'), /__init__\.py/);
  r = await cli(root, 'build', 'cart', '--out', 'dist', '--source-date-epoch', EPOCH);
  assert.equal(r.code, 0, r.stderr);
});

test('ctxpkg skills pack: every file kept as written (host keys, __init__.py) but the BOM; build, verify, import and export byte for byte', async () => {
  const set = realSkillsSet({ hostQuirks: true, unportable: true });
  const root = tmpDir('skills-pack-');
  writeTree(join(root, 'skills'), set);
  newPack(root);
  let r = await cli(root, 'skills', 'import', 'skills', 'pack', '--json');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const d = r.json.diagnostics as Array<{ code: string; severity: string; file: string; message: string }>;
  assert.ok(d.some((x) => x.code === 'SKILL_INVALID' && x.severity === 'warning' && x.file === 'claude-review/SKILL.md' && /"model" kept as written/.test(x.message)));
  assert.ok(d.some((x) => x.code === 'SKILL_NORMALISED' && x.file === 'bom-notes/SKILL.md'));
  r = await cli(root, 'build', 'pack', '--out', 'dist', '--source-date-epoch', EPOCH);
  assert.equal(r.code, 0, r.stderr);
  const art = built(root, 'dist', '.ctxpkg');
  r = await cli(root, 'verify', art);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const changed = { 'bom-notes/SKILL.md': set['bom-notes/SKILL.md']!.subarray(3) };
  r = await cli(root, 'import', art, 'reimported');
  assert.equal(r.code, 0, r.stderr);
  sameSet(files(join(root, 'reimported', 'documents')), set, changed);
  for (const from of [art, 'pack']) {
    const out = `back-${from === art ? 'artifact' : 'tree'}`;
    r = await cli(root, 'skills', 'export', from, '--out', out);
    assert.equal(r.code, 0, r.stderr);
    sameSet(files(join(root, out)), set, changed);
  }
});

test('ctxpkg skills pack: over lean-ctx caps the import names the caps and suggests one pack per skill; a file over 1 MiB refuses its skill; a re-import replaces the old version', async () => {
  const base = realSkillsSet();
  const many: SkillsSet = {};
  // Four copies of the set under other names: each skill fits a pack, all of them (312 files) do not.
  for (const n of [1, 2, 3, 4]) {
    for (const [p, b] of Object.entries(base)) {
      const [skill, ...rest] = p.split('/');
      const name = `${skill}-${n}`;
      many[`${name}/${rest.join('/')}`] = rest.join('/') === 'SKILL.md' ? Buffer.from(b.toString('utf8').replace(`name: ${skill}`, `name: ${name}`)) : b;
    }
  }
  const root = tmpDir('skills-caps-');
  writeTree(join(root, 'many'), many);
  newPack(root);
  let r = await cli(root, 'skills', 'import', 'many', 'pack');
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /the pack would hold 312 files \(cap 256\)[\s\S]*one pack per skill/);
  assert.match(r.stdout, /^0 imported/m);
  assert.ok(!existsSync(join(root, 'pack', 'documents')), 'nothing written');
  writeTree(join(root, 'big'), { 'huge/SKILL.md': '---\nname: huge\ndescription: Carries a big model file. Use in tests.\n---\n', 'huge/assets/model.bin': Buffer.alloc(1024 * 1024 + 1), ...Object.fromEntries(Object.entries(base).filter(([p]) => p.startsWith('xlsx/'))) });
  r = await cli(root, 'skills', 'import', 'big', 'pack', '--skip-invalid', '--json');
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(r.json.imported, ['xlsx']);
  assert.match(r.json.refused[0].reasons.join('\n'), /1048577 bytes \(1\.00 MiB\), over lean-ctx's cap of 1 MiB a file/);
  // Re-import: a file gone from the skill goes from the pack too.
  writeFileSync(join(root, 'big', 'xlsx', 'recalc.py'), '# new\n');
  rmSync(join(root, 'big', 'xlsx', 'LICENSE.txt'));
  r = await cli(root, 'skills', 'import', 'big', 'pack', '--skip-invalid', '--json');
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(r.json.files.removed, ['documents/xlsx/LICENSE.txt']);
  assert.equal(readFileSync(join(root, 'pack', 'documents', 'xlsx', 'recalc.py'), 'utf8'), '# new\n');
});
