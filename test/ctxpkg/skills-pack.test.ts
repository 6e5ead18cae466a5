// A ctxpkg kind: skills pack is a set of Agent Skills: diff sees each skill (one `skill` item per
// folder, its digest over every file), and validation applies the Agent Skills rules to each folder
// as `skills validate` does (a host's extra frontmatter keys are warnings, kept as written).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync, rmSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const MANIFEST = (v: string) => `name: "@acme/skills"\nversion: ${v}\ndescription: Team skills\nkind: skills\n`;
const REVIEW = '---\nname: code-review\ndescription: Reviews a change for bugs and style.\n---\n\n# Code review\n';

async function build(root: string, dir: string): Promise<string> {
  rmSync(join(root, `dist-${dir}`), { recursive: true, force: true });
  const r = await runCli(['build', dir, '--out', `dist-${dir}`, '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return join(root, `dist-${dir}`, readdirSync(join(root, `dist-${dir}`))[0]!);
}

test('diff of two skills packs: an edited SKILL.md, an added file and an added skill are changes of their skill (was "0 changes, bump none")', async () => {
  const root = tmpDir();
  writeTree(join(root, 'a'), {
    'ctxpkg.yaml': MANIFEST('1.0.0'),
    'documents/code-review/SKILL.md': REVIEW,
    'documents/release-notes/SKILL.md': '---\nname: release-notes\ndescription: Writes release notes.\n---\n\nSteps.\n',
  });
  writeTree(join(root, 'b'), {
    'ctxpkg.yaml': MANIFEST('1.0.0'),
    'documents/code-review/SKILL.md': REVIEW.replace('bugs and style', 'bugs, style and tests'),
    'documents/release-notes/SKILL.md': '---\nname: release-notes\ndescription: Writes release notes.\n---\n\nSteps.\n',
    'documents/release-notes/references/format.md': '# Format\n',
    'documents/triage/SKILL.md': '---\nname: triage\ndescription: Sorts new issues.\n---\n',
  });
  const a = await build(root, 'a');
  const b = await build(root, 'b');
  const r = await runCli(['diff', a, b, '--json'], { cwd: root });
  const j = JSON.parse(r.stdout);
  const skills = (j.changes as Array<{ kind: string; id: string; change: string }>).filter((c) => c.kind === 'skill').map((c) => `${c.id} ${c.change}`).sort();
  assert.deepEqual(skills, ['code-review modified', 'release-notes modified', 'triage added']);
  assert.notEqual(j.verdict?.required ?? j.required_bump ?? j.bump, 'none', r.stdout);
  // The same pack against itself: nothing changed.
  const same = JSON.parse((await runCli(['diff', a, a, '--json'], { cwd: root })).stdout);
  assert.deepEqual(same.changes, []);
});

test('validate of a skills pack runs the Agent Skills rules per folder: a bad name and a missing description are errors, a host key a warning (was ✓ valid)', async () => {
  const root = tmpDir();
  writeTree(join(root, 'bad'), {
    'ctxpkg.yaml': MANIFEST('1.0.0'),
    'documents/docx/SKILL.md': '---\nname: Docx_Bad\n---\n\nBody.\n',
  });
  let r = await runCli(['validate', 'bad', '--json'], { cwd: root });
  assert.equal(r.code, 1, r.stdout);
  const d = JSON.parse(r.stdout).results[0].diagnostics as Array<{ code: string; severity: string; message: string; file?: string }>;
  const errs = d.filter((x) => x.code === 'SKILL_INVALID' && x.severity === 'error');
  assert.ok(errs.some((x) => /description/.test(x.message)), JSON.stringify(d));
  assert.ok(errs.some((x) => /name/.test(x.message) && x.file === 'documents/docx/SKILL.md'), JSON.stringify(d));
  r = await runCli(['build', 'bad', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 1, 'a pack that breaks the Agent Skills rules does not build');

  writeTree(join(root, 'host'), {
    'ctxpkg.yaml': MANIFEST('1.0.0'),
    'documents/code-review/SKILL.md': REVIEW.replace('---\n\n#', 'model: sonnet\n---\n\n#'),
  });
  r = await runCli(['validate', 'host', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  const w = (JSON.parse(r.stdout).results[0].diagnostics as Array<{ code: string; severity: string; message: string }>).filter((x) => x.code === 'SKILL_INVALID');
  assert.deepEqual(w.map((x) => x.severity), ['warning']);
  assert.match(w[0]!.message, /"model" kept as written/);
  // A built pack is checked the same way.
  const art = await build(root, 'host');
  r = await runCli(['validate', art, '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  assert.ok(JSON.parse(r.stdout).results[0].diagnostics.some((x: { message: string; file: string }) => /"model" kept as written/.test(x.message) && x.file.endsWith('.ctxpkg:documents/code-review/SKILL.md')), r.stdout);
});
