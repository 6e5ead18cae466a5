// convert's --out tree: converting again replaces and removes only what an earlier conversion
// recorded writing (.ctxforge-convert.json), never a file written by hand, and says how many files it
// removed; a target tree nobody recorded converting is refused; a skill the target cannot hold stops
// the conversion before anything is written, and the summary counts the skills converted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

test('converting again into a cartridge tree removes only files the earlier conversion wrote; a hand-written document stays (was removed)', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), { 'a.md': '# A\n\nSee [B](b.md).\n', 'b.md': '# B\n\nBee.\n', 'c.md': '# C\n\nSea.\n' });
  let r = await runCli(['sync', 'docs', 'kb'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const rec = JSON.parse(readFileSync(join(root, 'cart', '.ctxforge-convert.json'), 'utf8'));
  assert.deepEqual(rec.files, ['knowledge/a.md', 'knowledge/b.md', 'knowledge/c.md']);
  writeFileSync(join(root, 'cart', 'knowledge', 'precious.md'), '# Precious\n\nWritten by hand.\n');
  rmSync(join(root, 'docs', 'c.md'));
  r = await runCli(['sync', 'docs', 'kb'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).files.removed, ['knowledge/c.md']);
  assert.ok(existsSync(join(root, 'cart', 'knowledge', 'precious.md')), 'the hand-written document is kept');
  assert.deepEqual(JSON.parse(readFileSync(join(root, 'cart', '.ctxforge-convert.json'), 'utf8')).files, ['knowledge/a.md', 'knowledge/b.md']);
  // The text summary says how many files went.
  writeFileSync(join(root, 'docs', 'd.md'), '# D\n');
  await runCli(['sync', 'docs', 'kb'], { cwd: root });
  rmSync(join(root, 'docs', 'd.md'));
  await runCli(['sync', 'docs', 'kb'], { cwd: root });
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart'], { cwd: root });
  assert.match(r.stdout, /files written, 0 removed, \d+ unchanged/);
});

test('a hostile record names the manifest and a file outside the document folder: neither is removed; a hand-written file the conversion would overwrite stops it', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), { 'a.md': '# A\n\nAy.\n' });
  assert.equal((await runCli(['sync', 'docs', 'kb'], { cwd: root })).code, 0);
  let r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  writeFileSync(join(root, 'cart', 'NOTES.md'), 'mine\n');
  writeFileSync(join(root, 'cart', '.ctxforge-convert.json'), JSON.stringify({ files: ['cartridge.yaml', 'NOTES.md', '../kb/manifest.json', 'knowledge/a.md', 'knowledge/gone.md'] }));
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).files.removed, []);
  for (const f of ['cart/cartridge.yaml', 'cart/NOTES.md', 'kb/manifest.json']) assert.ok(existsSync(join(root, f)), f);
  // A file the next conversion would write, but written by hand after the record was made.
  writeFileSync(join(root, 'docs', 'b.md'), '# B\n\nBee.\n');
  assert.equal((await runCli(['sync', 'docs', 'kb'], { cwd: root })).code, 0);
  writeFileSync(join(root, 'cart', 'knowledge', 'b.md'), '# My own B\n');
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart'], { cwd: root });
  assert.equal(r.code, 2, r.stdout);
  assert.match(r.stderr, /CONVERT_OUTPUT_NOT_EMPTY.*knowledge\/b\.md/);
  assert.equal(readFileSync(join(root, 'cart', 'knowledge', 'b.md'), 'utf8'), '# My own B\n');
  // A record that is not JSON: refused, nothing touched.
  writeFileSync(join(root, 'cart', '.ctxforge-convert.json'), '{');
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /CONVERT_OUTPUT_NOT_EMPTY/);
});

test('a target source tree no conversion recorded (ctxforge init acx + a hand-written document) is refused: CONVERT_OUTPUT_NOT_EMPTY, nothing removed', async () => {
  const root = tmpDir();
  assert.equal((await runCli(['init', 'acx', 'userc'], { cwd: root })).code, 0);
  writeFileSync(join(root, 'userc', 'knowledge', 'precious.md'), '# Precious\n');
  const r = await runCli(['convert', join(repoRoot, 'working-dir-example', 'octx'), '--to', 'acx', '--out', 'userc', '--json'], { cwd: root });
  assert.equal(r.code, 2, r.stdout);
  assert.match(r.stdout + r.stderr, /CONVERT_OUTPUT_NOT_EMPTY/);
  assert.ok(existsSync(join(root, 'userc', 'knowledge', 'precious.md')));
});

test('convert of a skills pack into a cartridge: a skill the cartridge cannot hold stops it before writing (was exit 0, skill dropped); the summary counts skills', async () => {
  const root = tmpDir();
  const pack = {
    'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n',
    'documents/review/SKILL.md': '---\nname: review\ndescription: Reviews a change for bugs.\n---\n\nSteps.\n',
    'documents/docx/SKILL.md': '---\nname: docx\ndescription: Edits Word documents.\n---\n\nSteps.\n',
  };
  writeTree(join(root, 'ok'), pack);
  let r = await runCli(['convert', 'ok', '--to', 'acx', '--out', 'cart-ok'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /converted \d+ documents and 2 skills ctxpkg → acx/);
  assert.ok(existsSync(join(root, 'cart-ok', 'skills', 'docx', 'SKILL.md')));
  writeTree(join(root, 'bad'), { ...pack, 'documents/docx/scripts/__init__.py': '' });
  r = await runCli(['convert', 'bad', '--to', 'acx', '--out', 'cart-bad'], { cwd: root });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /ACX_SOURCE_PATH/);
  assert.equal(existsSync(join(root, 'cart-bad')), false, 'nothing written');
});
