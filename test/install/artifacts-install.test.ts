// install, reinstall, --frozen, upgrade and uninstall end to end through the CLI, on real artifacts
// of every format built and signed by ctxforge. These read each package through its format's
// documents() (src/format.ts): they need that contract implemented in the format modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { sha256Hex } from '../../src/core/hash.js';
import type { Lock } from '../../src/install/lock.js';
import { artifacts, buildCartridge, cartridgeSource, KEY, KEY_ID, minisignPubFile, OTHER_SEED, pemFile, project, releaseFolder, serveFolder, SKILLS } from './artifacts.js';

const lockOf = (dir: string, file = join(dir, 'ctxforge.lock')): Lock => JSON.parse(readFileSync(file, 'utf8'));
const ok = (r: { code: number; stdout: string; stderr: string }, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const EXAMPLE_SKILLS = join(repoRoot, 'working-dir-example', 'acx', 'skills');

test('a signed cartridge into claude and agents: skills byte for byte, knowledge with llms.txt, the lock names key and verdict', async () => {
  const a = await artifacts();
  const dir = project();
  ok(await runCli(['install', a.acx, '--key', pemFile(), '--host', 'claude', '--host', 'agents'], { cwd: dir }), 'install');
  for (const host of ['.claude/skills', '.agents/skills']) {
    for (const f of ['citation-check/SKILL.md', 'citation-check/scripts/extract-dois.sh', 'literature-review/SKILL.md', 'literature-review/references/synthesis-table.md']) {
      assert.deepEqual(readFileSync(join(dir, host, f)), readFileSync(join(EXAMPLE_SKILLS, f)), `${host}/${f}`);
    }
  }
  const lock = lockOf(dir);
  const [p] = Object.values(lock.packages);
  assert.equal(p!.format, 'acx');
  assert.equal(p!.signer.key_id, KEY_ID);
  assert.equal(p!.signer.trust, 'pinned');
  assert.equal(p!.signer.method, 'acx-dsse');
  assert.equal(p!.artifact.sha256, sha256Hex(readFileSync(a.acx)));
  const kfolder = p!.folders.find((f) => f.startsWith('.agents/knowledge/'))!;
  assert.ok(existsSync(join(dir, kfolder, 'llms.txt')));
  assert.ok(p!.files.filter((f) => f.role === 'document').length >= 3, 'the cartridge\'s knowledge files are installed');
  for (const f of p!.files) assert.equal(sha256Hex(readFileSync(join(dir, f.path))), f.sha256);
});

test('each host: a ctxpkg kind: skills pack installs its skills byte for byte where the host reads them', async () => {
  const a = await artifacts();
  const folders: Record<string, string> = { agents: '.agents/skills', claude: '.claude/skills', codex: '.agents/skills', cursor: '.cursor/skills', copilot: '.github/skills', gemini: '.gemini/skills' };
  for (const [host, folder] of Object.entries(folders)) {
    const dir = project();
    ok(await runCli(['install', a.skillsPack, '--key', KEY.publicKey.hex, '--host', host], { cwd: dir }), host);
    for (const [rel, content] of Object.entries(SKILLS)) assert.deepEqual(readFileSync(join(dir, folder, rel)), Buffer.from(content), `${host}: ${rel}`);
    assert.equal(lockOf(dir).packages['@acme/skills']!.signer.method, 'ctxpkg-ed25519');
  }
  const home = tmpDir('inst-home-');
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  ok(await runCli(['install', a.skillsPack, '--key', KEY.publicKey.hex, '--host', 'copilot', '--user'], { cwd: project(), env }), '--user');
  assert.ok(existsSync(join(home, '.copilot/skills/pdf-tools/SKILL.md')));
  assert.ok(existsSync(join(home, '.config/ctxforge/ctxforge.lock')));
});

test('an .octx from its signed release folder and from a release URL on 127.0.0.1: the lock records the release, its tag and minisign key id', async () => {
  const a = await artifacts();
  const rel = releaseFolder(a.octx, { key: KEY, tag: 'handbook@v1.1.0' });
  for (const spec of [rel, await serveFolder(rel)]) {
    const dir = project();
    ok(await runCli(['install', spec, '--key', minisignPubFile()], { cwd: dir }), spec);
    const [p] = Object.values(lockOf(dir).packages);
    assert.equal(p!.format, 'octx');
    assert.equal(p!.signer.method, 'release-minisign');
    assert.equal(p!.signer.trust, 'pinned');
    assert.match(p!.signer.key_id!, /^[0-9A-F]{16}$/);
    assert.equal(p!.source.release?.signature, 'verified');
    assert.equal(p!.source.release?.tag, 'handbook@v1.1.0');
    assert.equal(p!.source.type, spec.startsWith('http') ? 'url' : 'path');
    assert.ok(p!.files.some((f) => f.role === 'document'));
  }
});

test('the lock: reinstall restores exactly the locked set from the recorded source; --frozen names drift; a changed artifact is refused', async () => {
  const a = await artifacts();
  const dir = project();
  const art = join(dir, 'vendor.acx');
  copyFileSync(a.acx, art);
  ok(await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'claude'], { cwd: dir }), 'install');
  const lockText = readFileSync(join(dir, 'ctxforge.lock'), 'utf8');
  assert.equal(lockOf(dir).packages[Object.keys(lockOf(dir).packages)[0]!]!.source.location, 'vendor.acx');
  ok(await runCli(['install', '--frozen'], { cwd: dir }), 'frozen, clean');
  rmSync(join(dir, '.claude/skills/citation-check'), { recursive: true });
  writeFileSync(join(dir, '.claude/skills/literature-review/SKILL.md'), 'edited\n');
  const fr = await runCli(['install', '--frozen', '--json'], { cwd: dir });
  assert.equal(fr.code, 1);
  const drift = JSON.parse(fr.stdout).drift as { path: string; problem: string }[];
  assert.ok(drift.some((d) => d.path === '.claude/skills/citation-check/SKILL.md' && d.problem === 'missing'));
  assert.ok(drift.some((d) => d.path === '.claude/skills/literature-review/SKILL.md' && /modified/.test(d.problem)));
  // Reinstall: the missing skill comes back; your edit is not overwritten without --force.
  const re = await runCli(['install'], { cwd: dir });
  assert.equal(re.code, 1);
  assert.match(re.stderr, /CTXFORGE_INSTALL_MODIFIED/);
  ok(await runCli(['install', '--force'], { cwd: dir }), 'reinstall --force');
  assert.deepEqual(readFileSync(join(dir, '.claude/skills/literature-review/SKILL.md')), readFileSync(join(EXAMPLE_SKILLS, 'literature-review/SKILL.md')));
  assert.ok(existsSync(join(dir, '.claude/skills/citation-check/SKILL.md')));
  assert.equal(readFileSync(join(dir, 'ctxforge.lock'), 'utf8'), lockText, 'reinstall leaves the lock byte for byte');
  ok(await runCli(['install', '--frozen'], { cwd: dir }), 'frozen after reinstall');
  // The recorded artifact replaced by another: reinstall refuses, --frozen reports it.
  copyFileSync(a.acxUnsigned, art);
  const bad = await runCli(['install'], { cwd: dir });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /CTXFORGE_INSTALL_CHECKSUM/);
  const fr2 = await runCli(['install', '--frozen', '--json'], { cwd: dir });
  assert.equal(fr2.code, 1);
  assert.ok((JSON.parse(fr2.stdout).drift as { path: string }[]).some((d) => d.path === 'vendor.acx'));
});

test('upgrade: a new version removes the file it no longer has, verified against the key the lock pinned; another key is refused', async () => {
  const dir = project();
  const v1 = await buildCartridge(cartridgeSource());
  const v2 = await buildCartridge(cartridgeSource({ 'skills/citation-check/scripts': null, 'cartridge.yaml': readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8').replace(/^version: .*$/m, 'version: 1.3.0') }));
  ok(await runCli(['install', v1, '--key', pemFile(), '--host', 'claude'], { cwd: dir }), 'v1');
  writeFileSync(join(dir, '.claude/skills/citation-check/NOTES.md'), 'mine\n');
  const r = await runCli(['install', v2, '--json'], { cwd: dir });
  ok(r, 'v2 without --key: the lock\'s pin verifies it');
  const rep = JSON.parse(r.stdout);
  assert.deepEqual(rep.removed, ['.claude/skills/citation-check/scripts/extract-dois.sh']);
  assert.ok(!existsSync(join(dir, '.claude/skills/citation-check/scripts')));
  assert.equal(readFileSync(join(dir, '.claude/skills/citation-check/NOTES.md'), 'utf8'), 'mine\n');
  assert.equal(Object.values(lockOf(dir).packages)[0]!.version, '1.3.0');
  const otherRoot = tmpDir('inst-other-');
  const out = join(otherRoot, 'out');
  ok(await runCli(['build', cartridgeSource({ 'cartridge.yaml': readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8').replace(/^version: .*$/m, 'version: 1.4.0') }), '--out', out, '--source-date-epoch', '1767225600', '--key', OTHER_SEED], { cwd: otherRoot }), 'build v3');
  const v3 = join(out, readdirSync(out).find((f) => f.endsWith('.acx'))!);
  const k = await runCli(['install', v3, '--allow-unsigned'], { cwd: dir });
  assert.equal(k.code, 1);
  assert.match(k.stderr, /CTXFORGE_INSTALL_KEY_CHANGED/);
  assert.equal(Object.values(lockOf(dir).packages)[0]!.version, '1.3.0');
});

test('uninstall through the CLI, and an unsigned package accepted with --allow-unsigned is recorded as such and reinstalls from the lock', async () => {
  const a = await artifacts();
  const dir = project();
  copyFileSync(a.acxUnsigned, join(dir, 'u.acx'));
  ok(await runCli(['install', 'u.acx', '--allow-unsigned', '--host', 'cursor'], { cwd: dir }), 'install unsigned');
  const [p] = Object.values(lockOf(dir).packages);
  assert.equal(p!.signer.trust, 'unsigned');
  rmSync(join(dir, '.cursor'), { recursive: true });
  ok(await runCli(['install'], { cwd: dir }), 'reinstall keeps the consent for the same bytes');
  assert.ok(existsSync(join(dir, '.cursor/skills/citation-check/SKILL.md')));
  writeFileSync(join(dir, '.cursor/skills/mine.txt'), 'mine\n');
  ok(await runCli(['uninstall', p!.name], { cwd: dir }), 'uninstall');
  assert.deepEqual(readdirSync(join(dir, '.cursor/skills')), ['mine.txt']);
  assert.deepEqual(lockOf(dir).packages, {});
});
