// Agent Skills: a folder validated against the agentskills.io rules, imported into a cartridge and
// into a ctxpkg kind: skills package (lean-ctx's content.documents layout and caps), both built and
// verified, and exported back to the same folder layout byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { zstdRaw, zstdDecode } from '../../src/ctxpkg/documents.js';

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p); else out.set(relative(dir, p), readFileSync(p, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

const SKILLS = {
  'pdf-tools/SKILL.md': '---\nname: pdf-tools\ndescription: Extracts text and tables from PDF files. Use when the user hands over a PDF.\nlicense: MIT\ncompatibility: Needs python3 and poppler-utils\nmetadata:\n  author: example\n  version: "1.2"\nallowed-tools: Bash(pdftotext:*) Read\n---\n\n# PDF tools\n\nRun `scripts/extract.sh FILE`; see [the reference](references/REFERENCE.md).\n',
  'pdf-tools/scripts/extract.sh': '#!/bin/sh\npdftotext "$1" -\n',
  'pdf-tools/references/REFERENCE.md': '# Reference\n\nFlags of pdftotext.\n',
  'pdf-tools/assets/logo.bin': Buffer.from([0, 1, 2, 255, 254]),
  'release-notes/SKILL.md': '---\nname: release-notes\ndescription: Writes release notes from merged pull requests.\nallowed-tools: [Read, Grep]\n---\n\nCollect merged PRs since the last tag and group them.\n',
};

test('skills validate: the agentskills.io rules, with file, line, and lengths in code points', async () => {
  const root = tmpDir();
  writeTree(join(root, 'good'), SKILLS);
  let r = await runCli(['skills', 'validate', 'good', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(JSON.parse(r.stdout).skills, ['pdf-tools', 'release-notes']);
  writeTree(join(root, 'bad'), {
    'Upper/SKILL.md': '---\nname: Upper\ndescription: x\n---\n',
    'mismatch/SKILL.md': '---\nname: other-name\ndescription: x\n---\n',
    'double--hyphen/SKILL.md': '---\nname: double--hyphen\ndescription: x\n---\n',
    'long-desc/SKILL.md': `---\nname: long-desc\ndescription: ${'é'.repeat(1068)}\ncompatibility: ""\nmetadata:\n  n:\n    deep: 3\nallowed-tools: {a: b}\nextra: 1\n---\n`,
    'fits-in-code-points/SKILL.md': `---\nname: fits-in-code-points\ndescription: ${'🧪'.repeat(1000)}\n---\n`,
    'no-frontmatter/SKILL.md': '# Nothing\n',
    'no-skill-md/README.md': 'hello\n',
  });
  r = await runCli(['skills', 'validate', 'bad', '--json'], { cwd: root });
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout) as { invalid: string[]; diagnostics: { code: string; severity: string; file: string; line?: number; message: string }[] };
  const d = out.diagnostics;
  const at = (file: string) => d.filter((x) => x.file === file && x.severity === 'error').map((x) => x.message).join('\n');
  assert.match(at('Upper/SKILL.md'), /must be lowercase/);
  assert.match(at('mismatch/SKILL.md'), /must equal its folder name/);
  assert.match(at('double--hyphen/SKILL.md'), /two hyphens in a row/);
  const long = at('long-desc/SKILL.md');
  // 1068 characters (2136 UTF-8 bytes, 1068 UTF-16 units): the message says the real length.
  assert.match(long, /description is 1068 characters, at most 1024/);
  for (const w of ['compatibility is empty', 'metadata\\.n is a mapping', 'allowed-tools must be', 'unknown frontmatter key "extra"']) assert.match(long, new RegExp(w));
  assert.equal(d.find((x) => x.file === 'long-desc/SKILL.md' && x.message.includes('metadata.n'))!.line, 5);
  assert.equal(d.find((x) => x.message.includes('"extra"'))!.line, 9);
  // 1000 astral characters are 2000 UTF-16 units but 1000 characters: valid.
  assert.equal(at('fits-in-code-points/SKILL.md'), '');
  assert.match(at('no-frontmatter/SKILL.md'), /frontmatter/);
  assert.match(at('no-skill-md'), /no SKILL\.md/);
  assert.deepEqual(out.invalid.sort(), ['Upper', 'double--hyphen', 'long-desc', 'mismatch', 'no-frontmatter', 'no-skill-md']);
  // One skill folder on its own, as skills-ref takes it.
  r = await runCli(['skills', 'validate', join('good', 'pdf-tools'), '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(JSON.parse(r.stdout).skills, ['pdf-tools']);
  assert.equal(JSON.parse(r.stdout).single, true);
  r = await runCli(['skills', 'validate', join('bad', 'mismatch')], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bad\/mismatch\/SKILL\.md:2: name "other-name" must equal its folder name "mismatch"/);
});

test('skills import into a cartridge: builds and validates; export gives the same folder back (the list allowed-tools as the string a cartridge holds)', async () => {
  const root = tmpDir();
  writeTree(join(root, 'skills'), SKILLS);
  let r = await runCli(['init', 'acx', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  r = await runCli(['skills', 'import', 'skills', 'cart', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.into, 'acx');
  assert.deepEqual(j.imported, ['pdf-tools', 'release-notes']);
  assert.ok(j.diagnostics.some((x: { code: string; file: string; message: string }) => x.code === 'SKILL_NORMALISED' && x.file === 'release-notes/SKILL.md' && /allowed-tools list written as the space-separated string/.test(x.message)));
  r = await runCli(['validate', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runCli(['build', 'cart', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const art = readdirSync(join(root, 'dist')).find((f) => f.endsWith('.acx'))!;
  r = await runCli(['validate', join('dist', art)], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  for (const from of ['cart', join('dist', art)]) {
    const out = `back-${from.length}`;
    r = await runCli(['skills', 'export', from, '--out', out], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    const a = files(join(root, 'skills'));
    const b = files(join(root, out));
    for (const [p, c] of a) {
      if (p === 'release-notes/SKILL.md') assert.equal(b.get(p), c.replace('allowed-tools: [Read, Grep]', 'allowed-tools: Read Grep'), 'the list form became the string a cartridge holds, nothing else changed');
      else assert.equal(b.get(p), c, p);
    }
    for (const p of b.keys()) assert.ok(a.has(p) || p.startsWith('hello-world/'), `exported ${p} came from a skill (or init's sample)`);
  }
});

test('skills import into a ctxpkg kind: skills package: content.documents per lean-ctx, verified; export round trip; caps', async () => {
  const root = tmpDir();
  writeTree(join(root, 'skills'), SKILLS);
  writeTree(join(root, 'pack'), { 'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n' });
  let r = await runCli(['skills', 'import', 'skills', 'pack'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runCli(['validate', 'pack'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runCli(['build', 'pack', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const art = join(root, 'dist', readdirSync(join(root, 'dist')).find((f) => f.endsWith('.ctxpkg'))!);
  r = await runCli(['verify', art], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const doc = JSON.parse(readFileSync(art, 'utf8'));
  assert.equal(doc.manifest.kind, 'skills');
  const blobs = doc.content.documents.files as { path: string; sha256: string; encoding: string; body: string }[];
  assert.deepEqual(blobs.map((f) => f.path), Object.keys(SKILLS).sort());
  // Each body is a zstd frame the stock zstd tool decodes to the file's bytes.
  for (const f of blobs) {
    const frame = join(root, 'f.zst');
    writeFileSync(frame, Buffer.from(f.body, 'base64'));
    const plain = execFileSync('zstd', ['-d', '-c', '-q', frame]);
    assert.ok(plain.equals(Buffer.from(SKILLS[f.path as keyof typeof SKILLS])), f.path);
  }
  // The artifact imports back into a source tree whose documents/ is the skills folder again.
  r = await runCli(['import', art, 'reimported'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(files(join(root, 'reimported', 'documents')), files(join(root, 'skills')));
  r = await runCli(['export', 'llms-txt', art], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  // A tampered body fails verification.
  blobs[0]!.body = zstdRaw(Buffer.from('tampered')).toString('base64');
  writeFileSync(join(root, 'tampered.ctxpkg'), JSON.stringify(doc));
  r = await runCli(['validate', 'tampered.ctxpkg'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /CTXPKG_DOCUMENTS_INVALID|CTXPKG_INTEGRITY/);
  r = await runCli(['skills', 'export', 'pack', '--out', 'back'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(files(join(root, 'back')), files(join(root, 'skills')));
  // lean-ctx's per-file cap refuses a 1 MiB + 1 file, and nothing is written.
  writeTree(join(root, 'big'), { 'huge/SKILL.md': '---\nname: huge\ndescription: big\n---\n', 'huge/assets/blob.bin': Buffer.alloc(1024 * 1024 + 1) });
  r = await runCli(['skills', 'import', 'big', 'pack'], { cwd: root });
  assert.equal(r.code, 1);
  assert.ok(!existsSync(join(root, 'pack', 'documents', 'huge')));
  // documents outside kind: skills are refused.
  writeTree(join(root, 'ctx'), { 'ctxpkg.yaml': 'name: "@acme/ctx"\nversion: 1.0.0\ndescription: c\n' });
  const d2 = { ...doc, manifest: { ...doc.manifest } };
  delete d2.manifest.kind;
  writeFileSync(join(root, 'nokind.ctxpkg'), JSON.stringify(d2));
  r = await runCli(['validate', 'nokind.ctxpkg'], { cwd: root });
  assert.match(r.stdout, /content\.documents requires kind: skills/);
});

test('zstd frames: raw blocks round trip across block boundaries; a compressed frame from the zstd tool is read or reported', () => {
  const big = Buffer.alloc(300_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
  assert.ok(zstdDecode(zstdRaw(big))!.equals(big));
  assert.ok(zstdDecode(zstdRaw(Buffer.alloc(0)))!.equals(Buffer.alloc(0)));
  const root = tmpDir();
  writeFileSync(join(root, 'in'), 'hello hello hello hello hello hello\n'.repeat(100));
  execFileSync('zstd', ['-q', '-19', join(root, 'in'), '-o', join(root, 'in.zst')]);
  const got = zstdDecode(readFileSync(join(root, 'in.zst')));
  if (got) assert.ok(got.equals(readFileSync(join(root, 'in'))));
  assert.throws(() => zstdDecode(Buffer.from('nope nope')));
  void repoRoot;
});

test('hidden files and folders and symbolic links in a skills folder are left out and named; they never reach a format', async () => {
  const { symlinkSync } = await import('node:fs');
  const root = tmpDir();
  writeTree(join(root, 'skills'), {
    ...SKILLS,
    'README.md': '# My skills\n',
    'pdf-tools/.DS_Store': Buffer.from([0, 1]),
    'pdf-tools/.git/HEAD': 'ref: refs/heads/main\n',
    'pdf-tools/.git/config': '[core]\n',
  });
  symlinkSync('/etc/passwd', join(root, 'skills', 'pdf-tools', 'assets', 'passwd'));
  const r = await runCli(['skills', 'validate', 'skills', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  const skipped = (JSON.parse(r.stdout).diagnostics as Array<{ code: string; file: string; message: string }>).filter((d) => d.code === 'SKILL_FILE_SKIPPED');
  assert.deepEqual(skipped.map((d) => d.file).sort(), ['pdf-tools/.DS_Store', 'pdf-tools/.git/', 'pdf-tools/assets/passwd']);
  assert.match(skipped.find((d) => d.file === 'pdf-tools/.git/')!.message, /\(2 files\) is hidden/);
  assert.match(skipped.find((d) => d.file === 'pdf-tools/assets/passwd')!.message, /symbolic link/);
  assert.equal((await runCli(['init', 'acx', 'cart'], { cwd: root })).code, 0);
  assert.equal((await runCli(['skills', 'import', 'skills', 'cart'], { cwd: root })).code, 0);
  assert.ok(!existsSync(join(root, 'cart', 'skills', 'pdf-tools', '.git')) && !existsSync(join(root, 'cart', 'skills', 'pdf-tools', 'assets', 'passwd')));
});
