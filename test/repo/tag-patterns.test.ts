// Adding a second package to a one-package repository (issue 25): the first package keeps the `v*`
// tags it released under, and list, diff, check and release say so with the ctxforge.yaml line that
// makes it explicit; `v*` tags no package can claim are named, never an unexplained initial release.
// Real repositories written with the git CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git } from '../helpers/tmp.js';
import { commitAll, docId, newRepo, tag, writeOctx } from '../git/fixture.js';
import { diffWithPreviousRelease } from '../../src/diff/index.js';
import { runCheck } from '../../src/release/check.js';
import { parseYamlSafe } from '../../src/core/yaml-safe.js';

const OTHER_ASSET = '019c0000-0000-7000-8000-0000000000aa';

/** kb/ released as v1.0.0 alone; then faq/ is added and kb is edited towards 1.1.0. Returns [repo, commit before faq]. */
function grown(): [string, string] {
  const dir = newRepo();
  writeOctx(join(dir, 'kb'), { version: '1.0.0', docs: [{ path: 'a.md', id: docId(1), title: 'Alpha' }] });
  commitAll(dir, 'kb 1.0.0', 1767225600);
  tag(dir, 'v1.0.0', true);
  const base = commitAll(dir, 'kb work', 1767229200);
  writeOctx(join(dir, 'faq'), { version: '0.1.0', name: 'FAQ', asset: OTHER_ASSET, docs: [{ path: 'q.md', id: docId(9), title: 'Question' }] });
  writeOctx(join(dir, 'kb'), { version: '1.1.0', docs: [{ path: 'a.md', id: docId(1), title: 'Alpha' }, { path: 'b.md', id: docId(2), title: 'Beta' }] });
  commitAll(dir, 'faq, kb 1.1.0', 1767312000);
  return [dir, base];
}

test('list: the first package keeps v* (said, with the explicit packages line); the new one gets <name>@v*', async () => {
  const [dir] = grown();
  const r = await runCli(['list', '--json'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const pkgs = JSON.parse(r.stdout).packages as Array<Record<string, any>>;
  const kb = pkgs.find((p) => p.path === 'kb')!;
  const faq = pkgs.find((p) => p.path === 'faq')!;
  assert.deepEqual([kb.tag_pattern, kb.tag_pattern_from, kb.latest_tag], ['v*', 'kept', 'v1.0.0']);
  assert.deepEqual([faq.tag_pattern, faq.tag_pattern_from, faq.tag_note], ['faq@v*', 'default', undefined]);
  assert.equal(kb.tag_note.kind, 'kept');
  // No config file yet: the fix is the package list, and it is YAML that ctxforge.yaml accepts.
  assert.equal(kb.tag_note.fix, 'packages: [{path: "faq"}, {path: "kb", tag_pattern: "v*"}]');
  writeFileSync(join(dir, 'ctxforge.yaml'), `${kb.tag_note.fix}\n`);
  assert.deepEqual(parseYamlSafe(readFileSync(join(dir, 'ctxforge.yaml'), 'utf8')), { packages: [{ path: 'faq' }, { path: 'kb', tag_pattern: 'v*' }] });
  const after = JSON.parse((await runCli(['list', '--json'], { cwd: dir })).stdout).packages as Array<Record<string, any>>;
  assert.deepEqual(after.map((p) => [p.path, p.tag_pattern, p.tag_pattern_from, p.tag_note]), [['faq', 'faq@v*', 'default', undefined], ['kb', 'v*', 'config', undefined]]);
  const text = await runCli(['list'], { cwd: dir });
  assert.doesNotMatch(text.stdout, /note:/, 'an explicit pattern needs no note');
});

test('diff: compares with the kept v1.0.0 (not an initial release) and says why, in text, Markdown and JSON', async () => {
  const [dir] = grown();
  const r = await diffWithPreviousRelease('kb', { cwd: dir });
  assert.equal(r.previous_tag, 'v1.0.0');
  assert.equal(r.initial, false);
  assert.equal(r.tag_note?.kind, 'kept');
  const text = await runCli(['diff', 'kb'], { cwd: dir });
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /1\.0\.0 → 1\.1\.0/);
  assert.match(text.stdout, /^note: kb keeps its 1 release tag v\* \(newest v1\.0\.0\).*Make it explicit in ctxforge\.yaml, which then lists the packages \(only listed ones are used\): packages: \[\{path: "faq"\}, \{path: "kb", tag_pattern: "v\*"\}\]/m);
  const md = await runCli(['diff', 'kb', '--format', 'md'], { cwd: dir });
  assert.match(md.stdout, /^> \*\*Tag pattern:\*\* kb keeps its 1 release tag v\\\*/m);
  assert.match(md.stdout, /`packages: \[\{path: "faq"\}, \{path: "kb", tag_pattern: "v\*"\}\]`/);
  const json = JSON.parse((await runCli(['diff', 'kb', '--json'], { cwd: dir })).stdout);
  assert.equal(json.previous_tag, 'v1.0.0');
  assert.equal(json.tag_note.kind, 'kept');
});

test('with a config listing both packages, the fix is the one tag_pattern line under kb\'s entry', async () => {
  const [dir] = grown();
  writeFileSync(join(dir, 'ctxforge.yaml'), 'packages:\n  - path: kb\n  - path: faq\n');
  const r = await diffWithPreviousRelease('kb', { cwd: dir });
  assert.equal(r.previous_tag, 'v1.0.0');
  assert.deepEqual([r.tag_note?.fix, r.tag_note?.where], ['tag_pattern: "v*"', 'under packages[0] (path: "kb") in ctxforge.yaml']);
  // A configured pattern (here for every package) is never overridden, and nothing is said.
  writeFileSync(join(dir, 'ctxforge.yaml'), 'tag_pattern: "{name}@v*"\npackages:\n  - path: kb\n  - path: faq\n');
  const c = await diffWithPreviousRelease('kb', { cwd: dir });
  assert.deepEqual([c.initial, c.previous_tag, c.tag_note], [true, null, undefined]);
});

test('check: the pull request that adds the second package is told, with the line', async () => {
  const [dir, base] = grown();
  const r = await runCheck({ cwd: dir, base });
  const note = r.notes.find((n) => n.code === 'CTXFORGE_TAG_PATTERN_KEPT');
  assert.ok(note, JSON.stringify(r.notes));
  assert.equal(note.severity, 'warning');
  assert.match(note.message, /^kb keeps its 1 release tag v\* \(newest v1\.0\.0\)/);
  assert.match(note.hint ?? '', /packages: \[\{path: "faq"\}, \{path: "kb", tag_pattern: "v\*"\}\]/);
  assert.equal(r.failed, false, 'a note, not a failure');
});

test('release: v1.1.0 releases kb against v1.0.0, with the warning and the note in the release notes', async () => {
  const [dir] = grown();
  tag(dir, 'v1.1.0');
  const r = await runCli(['release', '--dry-run', '--json', '--out', 'rel'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const j = JSON.parse(r.stdout);
  assert.deepEqual([j.tag, j.previous_tag, j.packages.map((p: { path: string }) => p.path)], ['v1.1.0', 'v1.0.0', ['kb']]);
  assert.ok(j.warnings.some((w: { code: string }) => w.code === 'CTXFORGE_TAG_PATTERN_KEPT'));
  assert.match(r.stderr, /CTXFORGE_TAG_PATTERN_KEPT/);
  const notes = readFileSync(join(dir, 'rel', 'RELEASE_NOTES.md'), 'utf8');
  assert.match(notes, /Changes since v1\.0\.0\./);
  assert.match(notes, /\*\*Tag pattern:\*\* kb keeps its/);
  // Once released after the second package arrived, v1.1.0 is kb's too: kb keeps v* from then on.
  const listed = JSON.parse((await runCli(['list', '--json'], { cwd: dir })).stdout).packages as Array<Record<string, any>>;
  assert.deepEqual(listed.map((p) => [p.path, p.tag_pattern, p.latest_tag]), [['faq', 'faq@v*', null], ['kb', 'v*', 'v1.1.0']]);
  // The new package still releases under its own prefix.
  git(dir, ['tag', 'faq@v0.1.0']);
  const f = await runCli(['release', '--dry-run', '--json', '--tag', 'faq@v0.1.0', '--out', 'rel2'], { cwd: dir });
  assert.equal(f.code, 0, f.stderr);
  assert.deepEqual(JSON.parse(f.stdout).packages.map((p: { path: string }) => p.path), ['faq']);
});

test('v* tags that are no one package\'s release are named: never a silent "initial release"', async () => {
  // The repository already had both packages when v1.0.0 was tagged (e.g. the project's own tags).
  const dir = newRepo();
  writeOctx(join(dir, 'kb'), { version: '1.0.0', docs: [{ path: 'a.md', id: docId(1), title: 'Alpha' }] });
  writeOctx(join(dir, 'faq'), { version: '1.0.0', name: 'FAQ', asset: OTHER_ASSET, docs: [{ path: 'q.md', id: docId(9) }] });
  commitAll(dir, 'both');
  tag(dir, 'v1.0.0');
  const r = await diffWithPreviousRelease('kb', { cwd: dir });
  assert.equal(r.initial, true);
  assert.equal(r.tag_note?.kind, 'unclaimed');
  assert.match(r.tag_note!.message, /the repository has 1 release tag v\* \(newest v1\.0\.0\), which no package claims/);
  const text = await runCli(['diff', 'kb'], { cwd: dir });
  assert.match(text.stdout, /initial release/);
  assert.match(text.stdout, /^note: the repository has 1 release tag v\*.*tag_pattern: "v\*"/m);
  const md = await runCli(['diff', 'kb', '--format', 'md'], { cwd: dir });
  assert.match(md.stdout, /initial release[\s\S]*\*\*Tag pattern:\*\* the repository has/);
  assert.equal((await diffWithPreviousRelease('faq', { cwd: dir })).tag_note?.kind, 'unclaimed');
});
