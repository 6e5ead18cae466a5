// inspect of a ctxpkg `kind: skills` package shows its kind and the skills its documents payload
// holds (each <name>/ with a SKILL.md, its description and file count); a context package says its kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

test('inspect of a kind: skills package lists its skills; a context package is kind context', async () => {
  const root = tmpDir();
  writeTree(join(root, 'pack'), {
    'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n',
    'documents/code-review/SKILL.md': '---\nname: code-review\ndescription: Reviews a change for bugs and style.\n---\n\n# Code review\n',
    'documents/code-review/references/checklist.md': '# Checklist\n',
    'documents/release-notes/SKILL.md': '---\nname: release-notes\ndescription: "Writes release notes\\n  from the merged pull requests."\n---\n\nSteps.\n',
  });
  let r = await runCli(['build', 'pack', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const art = join(root, 'dist', readdirSync(join(root, 'dist'))[0]!);
  r = await runCli(['inspect', art, '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.kind, 'skills');
  assert.deepEqual(j.skills, [
    { name: 'code-review', description: 'Reviews a change for bugs and style.', files: 2 },
    { name: 'release-notes', description: 'Writes release notes from the merged pull requests.', files: 1 },
  ]);
  r = await runCli(['inspect', art], { cwd: root });
  assert.match(r.stdout, /^ {2}kind skills: 2 skills$/m);
  assert.match(r.stdout, /^ {4}code-review \(2 files\): Reviews a change for bugs and style\.$/m);
  assert.match(r.stdout, /^ {4}release-notes \(1 file\): Writes release notes from the merged pull requests\.$/m);
  r = await runCli(['build', join(repoRoot, 'working-dir-example', 'ctxpkg'), '--out', 'dist2', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runCli(['inspect', join(root, 'dist2', readdirSync(join(root, 'dist2'))[0]!), '--json'], { cwd: root });
  assert.equal(JSON.parse(r.stdout).kind, 'context');
  assert.equal(JSON.parse(r.stdout).skills, undefined);
});
