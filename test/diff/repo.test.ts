// Diff on real git repositories of OCTX working directories: stable-ID moves that git calls
// delete + add, edit-and-move, two packages with prefixed tags, default base, CLI exit codes,
// ctxforge.yaml policy, and verify --reproduce.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { repoRoot, runCli } from '../helpers/cli.js';
import { diffInputs, diffWithPreviousRelease, findPreviousRelease, renderDiffMarkdown } from '../../src/diff/index.js';
import { findRepo } from '../../src/git/repo.js';
import { commitAll, docId, move, newRepo, tag, writeOctx, docText, ASSET } from '../git/fixture.js';

const long = (n: number) => Array.from({ length: 30 }, (_, i) => `Paragraph ${i} about topic ${n}.`).join('\n\n');

/** v1.0.0 (annotated) → v1.1.0 (lightweight): one doc moved and rewritten, one edited and moved, one added. */
function history(): string {
  const dir = newRepo();
  const pack = join(dir, 'pack');
  writeOctx(pack, {
    version: '1.0.0',
    docs: [
      { path: 'alpha.md', id: docId(1), title: 'Alpha', body: long(1) },
      { path: 'beta.md', id: docId(2), title: 'Beta', body: long(2) },
      { path: 'gamma.md', id: docId(3), title: 'Gamma', body: 'Short.' },
    ],
  });
  commitAll(dir, 'v1', 1767225600);
  tag(dir, 'v1.0.0', true);
  // alpha: moved and rewritten entirely (git: D + A); beta: small edit and move (git: R); delta added.
  writeOctx(pack, {
    version: '1.1.0',
    docs: [
      { path: 'topics/alpha-renamed.md', id: docId(1), title: 'Alpha', body: 'Completely new text.' },
      { path: 'guides/beta.md', id: docId(2), title: 'Beta', body: `${long(2)}\n\nOne more line.` },
      { path: 'gamma.md', id: docId(3), title: 'Gamma', body: 'Short.' },
      { path: 'delta.md', id: docId(4), title: 'Delta', body: 'New.' },
    ],
  });
  commitAll(dir, 'v1.1', 1767312000);
  tag(dir, 'v1.1.0');
  return dir;
}

test('a document git sees as delete + add is a move through its stable ID', async () => {
  const dir = history();
  const status = git(dir, ['diff', '--name-status', '-M', 'v1.0.0', 'v1.1.0']);
  assert.match(status, /^D\tpack\/knowledge\/alpha\.md$/m);
  assert.match(status, /^A\tpack\/knowledge\/topics\/alpha-renamed\.md$/m);
  const r = await diffInputs('v1.0.0:pack', 'v1.1.0:pack', { cwd: dir });
  const alpha = r.changes.filter((c) => c.id === docId(1)).map((c) => c.change);
  assert.deepEqual(alpha, ['modified', 'moved']);
  assert.ok(!r.changes.some((c) => c.change === 'removed' && c.kind === 'document'), 'no document was removed');
  const beta = r.changes.filter((c) => c.id === docId(2));
  assert.deepEqual(beta.map((c) => [c.change, c.from, c.to]), [
    ['modified', undefined, undefined],
    ['moved', 'knowledge/beta.md', 'knowledge/guides/beta.md'],
  ]);
  assert.deepEqual(r.changes.filter((c) => c.kind === 'document' && c.change === 'added').map((c) => c.title), ['Delta']);
  assert.equal(r.changes.some((c) => c.id === docId(3) && c.kind === 'document'), false, 'gamma is unchanged');
  assert.deepEqual([r.old.version, r.new.version, r.required_bump, r.version_ok, r.breaking], ['1.0.0', '1.1.0', 'minor', true, false]);
  assert.equal(r.old.commit, git(dir, ['rev-parse', 'v1.0.0^{commit}']).trim());
});

test('bare ref as old side, working tree as new; a removal without a major bump fails the version', async () => {
  const dir = history();
  writeOctx(join(dir, 'pack'), {
    version: '1.2.0',
    docs: [{ path: 'gamma.md', id: docId(3), title: 'Gamma', body: 'Short.' }],
  });
  const r = await diffInputs('v1.1.0', 'pack', { cwd: dir });
  assert.equal(r.old.label, 'v1.1.0:pack/');
  assert.deepEqual(r.changes.filter((c) => c.kind === 'document').map((c) => `${c.change} ${c.title}`).sort(), ['removed Alpha', 'removed Beta', 'removed Delta']);
  assert.deepEqual([r.breaking, r.required_bump, r.version_ok], [true, 'major', false]);
});

test('previous release: default base is the highest tag below the version, not the one on HEAD', async () => {
  const dir = history();
  // HEAD is tagged v1.1.0: its predecessor is v1.0.0.
  const prev = await findPreviousRelease('pack', { cwd: dir });
  assert.equal(prev.spec, 'v1.0.0:pack');
  const r = await diffWithPreviousRelease('pack', { cwd: dir });
  assert.equal(r.previous_tag, 'v1.0.0');
  assert.equal(r.old.version, '1.0.0');
  // Unreleased work on top: content changed, version not bumped → compared with v1.1.0, version not ok.
  const p = join(dir, 'pack', 'knowledge', 'gamma.md');
  writeFileSync(p, readFileSync(p, 'utf8').replace('Short.', 'Short, edited.'));
  commitAll(dir, 'wip', 1767398400);
  const wip = await diffWithPreviousRelease('pack', { cwd: dir });
  assert.equal(wip.previous_tag, 'v1.1.0');
  assert.deepEqual(wip.changes.filter((c) => c.kind === 'document').map((c) => c.change), ['modified']);
  assert.equal(wip.version_ok, false);
});

test('prerelease tags: 1.2.0 compares with 1.1.0, 1.2.0-rc.2 with rc.1', async () => {
  const dir = history();
  writeOctx(join(dir, 'pack'), { version: '1.2.0-rc.1', docs: [{ path: 'gamma.md', id: docId(3), title: 'Gamma' }] });
  commitAll(dir, 'rc1', 1767398400);
  tag(dir, 'v1.2.0-rc.1', true);
  writeOctx(join(dir, 'pack'), { version: '1.2.0-rc.2', docs: [{ path: 'gamma.md', id: docId(3), title: 'Gamma', body: 'rc2' }] });
  assert.equal((await findPreviousRelease('pack', { cwd: dir })).tag?.name, 'v1.2.0-rc.1');
  writeOctx(join(dir, 'pack'), { version: '2.0.0', docs: [{ path: 'gamma.md', id: docId(3), title: 'Gamma', body: 'final' }] });
  const r = await diffWithPreviousRelease('pack', { cwd: dir });
  assert.equal(r.previous_tag, 'v1.1.0');
  assert.equal(r.version_ok, true);
});

test('initial release when nothing is tagged; markdown says so', async () => {
  const dir = newRepo();
  writeOctx(join(dir, 'pack'), { version: '0.1.0', docs: [{ path: 'a.md', id: docId(1), title: 'A' }] });
  commitAll(dir, 'first');
  const r = await diffWithPreviousRelease('pack', { cwd: dir });
  assert.equal(r.initial, true);
  assert.equal(r.previous_tag, null);
  assert.match(renderDiffMarkdown(r), /^## Guide 0\.1\.0 — initial release\n\noctx: 1 document\./);
  const cli = await runCli(['diff', '--format', 'md'], { cwd: join(dir, 'pack') });
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(cli.stdout, /initial release/);
});

test('a changed asset.id is an error: exit 1 with CTXFORGE_DIFF_IDENTITY_CHANGED', async () => {
  const dir = history();
  const m = join(dir, 'pack', 'manifest.json');
  writeFileSync(m, readFileSync(m, 'utf8').replace(ASSET, '019c0000-0000-7000-8000-0000000000ff'));
  const r = await runCli(['diff', 'v1.1.0', 'pack', '--json'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.equal((JSON.parse(r.stdout) as { error: { code: string } }).error.code, 'CTXFORGE_DIFF_IDENTITY_CHANGED');
});

test('CLI: --json shape, --fail-on exit codes, markdown', async () => {
  const dir = history();
  const j = await runCli(['diff', 'v1.0.0:pack', 'v1.1.0:pack', '--json'], { cwd: dir });
  assert.equal(j.code, 0, j.stderr);
  const out = JSON.parse(j.stdout) as Record<string, unknown>;
  assert.deepEqual(Object.keys(out).slice(0, 7), ['format', 'old', 'new', 'changes', 'breaking', 'required_bump', 'version_ok']);
  assert.deepEqual([out.format, (out.old as { version: string }).version, (out.new as { version: string }).version], ['octx', '1.0.0', '1.1.0']);
  assert.equal(out.breaking, false);
  // No breaking findings here, but findings all the same.
  assert.equal((await runCli(['diff', 'v1.0.0:pack', 'v1.1.0:pack', '--fail-on', 'breaking'], { cwd: dir })).code, 0);
  assert.equal((await runCli(['diff', 'v1.0.0:pack', 'v1.1.0:pack', '--fail-on', 'any'], { cwd: dir })).code, 1);
  assert.equal((await runCli(['diff', 'v1.1.0:pack', 'v1.1.0:pack', '--fail-on', 'any'], { cwd: dir })).code, 0);
  // Backwards: everything added since is now removed.
  assert.equal((await runCli(['diff', 'v1.1.0:pack', 'v1.0.0:pack', '--fail-on', 'breaking'], { cwd: dir })).code, 1);
  assert.equal((await runCli(['diff', 'v1.1.0:pack', 'v1.0.0:pack', '--fail-on', 'version'], { cwd: dir })).code, 1);
  assert.equal((await runCli(['diff', 'v1.0.0:pack', 'v1.1.0:pack', '--tag', 'v1.1.0', '--fail-on', 'version'], { cwd: dir })).code, 0);
  assert.equal((await runCli(['diff', 'v1.0.0:pack', 'v1.1.0:pack', '--tag', 'v1.1.1', '--fail-on', 'version'], { cwd: dir })).code, 1);
  const md = await runCli(['diff', 'v1.0.0:pack', 'v1.1.0:pack', '--format', 'md'], { cwd: dir });
  assert.match(md.stdout, /### Features \(\d+\)/);
  // Alpha was rewritten and moved: one row, the move first, the edit under it.
  assert.match(md.stdout, /^\| moved \| document \| Alpha \| `knowledge\/alpha\.md` → `knowledge\/topics\/alpha-renamed\.md`<br>modified \(fix\) \|$/m);
  assert.equal(md.stdout.match(/\| Alpha \|/g)?.length, 1);
  const bad = await runCli(['diff', 'v9:pack', 'v1.1.0:pack'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /CTXFORGE_GIT_REF_UNKNOWN/);
});

function twoPackages(config: boolean): string {
  const dir = newRepo();
  const guide = '019c0000-0000-7000-8000-00000000000a';
  const notes = '019c0000-0000-7000-8000-00000000000b';
  writeOctx(join(dir, 'packs', 'guide'), { version: '1.0.0', name: 'Guide', asset: guide, docs: [{ path: 'g.md', id: docId(10), title: 'G' }] });
  writeOctx(join(dir, 'packs', 'notes'), { version: '2.0.0', name: 'Notes', asset: notes, docs: [{ path: 'n.md', id: docId(20), title: 'N' }] });
  if (config) {
    writeTree(dir, {
      'ctxforge.yaml': [
        'packages:',
        '  - path: packs/guide',
        '    tag_pattern: "guide@v*"',
        '    policy:',
        '      document.removed: feature',
        '  - path: packs/notes',
        '    name: notes',
        '',
      ].join('\n'),
    });
  }
  commitAll(dir, 'both');
  tag(dir, 'guide@v1.0.0', true);
  tag(dir, 'notes@v2.0.0');
  writeOctx(join(dir, 'packs', 'guide'), { version: '1.1.0', name: 'Guide', asset: guide, docs: [{ path: 'g2.md', id: docId(11), title: 'G2' }] });
  writeOctx(join(dir, 'packs', 'notes'), { version: '2.0.1', name: 'Notes', asset: notes, docs: [{ path: 'n.md', id: docId(20), title: 'N', body: 'fixed' }] });
  commitAll(dir, 'next', 1767312000);
  tag(dir, 'guide@v1.1.0');
  tag(dir, 'notes@v2.0.1', true);
  // A third release of guide on top, so each package has a previous release distinct from HEAD's.
  writeOctx(join(dir, 'packs', 'guide'), { version: '1.2.0', name: 'Guide', asset: guide, docs: [{ path: 'g2.md', id: docId(11), title: 'G2' }, { path: 'g3.md', id: docId(12), title: 'G3' }] });
  commitAll(dir, 'guide 1.2', 1767398400);
  return dir;
}

test('two packages with prefixed tags: list, per-package previous tag and policy from ctxforge.yaml', async () => {
  const dir = twoPackages(true);
  const l = await runCli(['list', '--json'], { cwd: dir });
  assert.equal(l.code, 0, l.stderr + l.stdout);
  const list = JSON.parse(l.stdout) as { config: boolean; packages: Array<Record<string, unknown>> };
  assert.equal(list.config, true);
  assert.deepEqual(list.packages.map((p) => [p.path, p.format, p.version, p.tag_pattern, p.latest_tag, p.tags, p.source]), [
    ['packs/guide', 'octx', '1.2.0', 'guide@v*', 'guide@v1.1.0', 2, 'config'],
    ['packs/notes', 'octx', '2.0.1', 'notes@v*', 'notes@v2.0.1', 2, 'config'],
  ]);
  const g = await runCli(['diff', '--json'], { cwd: join(dir, 'packs', 'guide') });
  assert.equal(g.code, 0, g.stderr);
  const gj = JSON.parse(g.stdout) as { previous_tag: string; old: { version: string }; changes: Array<{ change: string; kind: string }> };
  assert.equal(gj.previous_tag, 'guide@v1.1.0');
  assert.deepEqual(gj.changes.filter((c) => c.kind === 'document').map((c) => c.change), ['added']);
  // notes' HEAD commit is not tagged for notes, so its predecessor is its newest tag.
  const n = await diffWithPreviousRelease('packs/notes', { cwd: dir });
  assert.equal(n.previous_tag, 'notes@v2.0.1');
  // guide 1.0.0 → 1.1.0 removed g.md; the package's policy makes a removal a feature.
  const r = await diffInputs('guide@v1.0.0', 'guide@v1.1.0:packs/guide', { cwd: dir });
  assert.equal(r.changes.find((c) => c.change === 'removed')?.severity, 'feature');
  assert.deepEqual([r.breaking, r.required_bump, r.version_ok], [false, 'minor', true]);
  const strict = await diffInputs('guide@v1.0.0', 'guide@v1.1.0:packs/guide', { cwd: dir, noConfig: true });
  assert.deepEqual([strict.breaking, strict.required_bump, strict.version_ok], [true, 'major', false]);
  // From the repository root, with two packages, a bare diff must be told which one.
  const root = await runCli(['diff'], { cwd: dir });
  assert.equal(root.code, 2);
  assert.match(root.stderr, /2 packages/);
});

test('auto-detection without ctxforge.yaml: packages found, several packages default to <name>@v*', async () => {
  const dir = twoPackages(false);
  const l = await runCli(['list', '--json'], { cwd: dir });
  assert.equal(l.code, 0, l.stderr);
  const list = JSON.parse(l.stdout) as { config: boolean; packages: Array<Record<string, unknown>> };
  assert.equal(list.config, false);
  assert.deepEqual(list.packages.map((p) => [p.path, p.tag_pattern, p.latest_tag, p.source]), [
    ['packs/guide', 'guide@v*', 'guide@v1.1.0', 'detected'],
    ['packs/notes', 'notes@v*', 'notes@v2.0.1', 'detected'],
  ]);
  const atRef = await runCli(['list', '--json', '--ref', 'guide@v1.0.0'], { cwd: dir });
  assert.deepEqual((JSON.parse(atRef.stdout) as { packages: Array<{ version: string }> }).packages.map((p) => p.version), ['1.0.0', '2.0.0']);
});

test('an invalid ctxforge.yaml is reported with its code', async () => {
  const dir = twoPackages(false);
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: packs/guide\n    tag_pattern: "guide"\n' });
  const r = await runCli(['list'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /CTXFORGE_REPO_CONFIG_INVALID.*exactly one "\*"/);
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: packs/nope\n' });
  const missing = await runCli(['list', '--json'], { cwd: dir });
  assert.equal(missing.code, 1);
  assert.match(missing.stdout, /does not exist/);
});

test('verify --reproduce: a release rebuilt from its tag is byte-identical; a different artifact is not', async () => {
  const dir = history();
  const out = join(dir, 'out');
  // Build the v1.1.0 release as a release job at the tag would: epoch = the tag's commit time.
  const epoch = git(dir, ['log', '-1', '--format=%ct', 'v1.1.0']).trim();
  const b = await runCli(['build', 'pack', '--out', out, '--source-date-epoch', epoch, '--json'], { cwd: dir });
  assert.equal(b.code, 0, b.stderr);
  const artifact = (JSON.parse(b.stdout) as { artifacts: Array<{ path: string }> }).artifacts[0]!.path;
  // Work continues in the working tree after the release; the proof reads git, not the disk.
  const p = join(dir, 'pack', 'knowledge', 'gamma.md');
  writeFileSync(p, readFileSync(p, 'utf8').replace('Short.', 'Changed after release.'));
  const ok = await runCli(['verify', '--reproduce', artifact, '--ref', 'v1.1.0', '--json'], { cwd: dir });
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  const res = (JSON.parse(ok.stdout) as { results: Array<Record<string, unknown>> }).results[0]!;
  assert.deepEqual([res.identical, res.source, String(res.epoch)], [true, 'v1.1.0:pack', epoch]);
  const explicit = await runCli(['verify', '--reproduce', artifact, '--ref', 'v1.1.0:pack', '--source-date-epoch', epoch], { cwd: dir });
  assert.equal(explicit.code, 0, explicit.stdout + explicit.stderr);
  assert.match(explicit.stdout, /✓ reproduced/);
  // The same artifact against the wrong release does not reproduce.
  const wrong = await runCli(['verify', '--reproduce', artifact, '--ref', 'v1.0.0'], { cwd: dir });
  assert.equal(wrong.code, 1);
  assert.match(wrong.stdout, /✗ not reproduced/);
  const noRef = await runCli(['verify', '--reproduce', artifact], { cwd: dir });
  assert.equal(noRef.code, 2);
});

test('a document edited and moved in one commit keeps one identity (markdown lists it once, with both)', async () => {
  const dir = newRepo();
  const pack = join(dir, 'pack');
  writeOctx(pack, { version: '1.0.0', docs: [{ path: 'a.md', id: docId(1), title: 'Setup', body: long(5) }] });
  commitAll(dir, 'one');
  tag(dir, 'v1.0.0');
  move(pack, 'knowledge/a.md', 'knowledge/howto/setup.md');
  writeFileSync(join(pack, 'knowledge/howto/setup.md'), docText({ path: '', id: docId(1), title: 'Setup', body: `${long(5)}\n\nEdited.` }));
  const m = join(pack, 'manifest.json');
  writeFileSync(m, readFileSync(m, 'utf8').replace('"1.0.0"', '"1.0.1"'));
  commitAll(dir, 'edit+move');
  const r = await diffInputs('v1.0.0', 'HEAD:pack', { cwd: dir });
  assert.deepEqual(r.changes.map((c) => `${c.change} ${c.kind} ${c.id}`), [`modified document ${docId(1)}`, `moved document ${docId(1)}`]);
  // A move is a feature by default: 1.0.1 is not enough.
  assert.deepEqual([r.required_bump, r.version_ok], ['minor', false]);
  const md = renderDiffMarkdown(r);
  assert.match(md, /^\| moved \| document \| Setup \| `knowledge\/a\.md` → `knowledge\/howto\/setup\.md`<br>modified \(fix\) \|$/m);
  assert.equal(md.match(/\| Setup \|/g)?.length, 1, 'one row for one document');
});

test('a diff between two commits reads only the files that differ, and finds what a full read finds', async () => {
  const dir = newRepo();
  const pack = join(dir, 'pack');
  const docs = Array.from({ length: 40 }, (_, i) => ({ path: `part-${i % 4}/d${i}.md`, id: docId(100 + i), title: `Doc ${i}`, body: long(i) }));
  writeOctx(pack, { version: '1.0.0', docs });
  commitAll(dir, 'v1', 1767225600);
  tag(dir, 'v1.0.0');
  const next = docs.map((d, i) => (i === 5 ? { ...d, body: 'Rewritten.' } : i === 9 ? { ...d, path: `part-3/moved-${i}.md` } : d));
  writeOctx(pack, { version: '1.0.1', docs: next });
  commitAll(dir, 'v1.0.1', 1767312000);
  tag(dir, 'v1.0.1');
  const repo = (await findRepo(dir))!;
  const before = repo.blobReads;
  const partial = await diffInputs('v1.0.0:pack', 'v1.0.1:pack', { cwd: dir });
  const reads = repo.blobReads - before;
  // Manifests, the edited document and the moved one on each side: not the 38 untouched documents.
  assert.ok(reads <= 8, `${reads} blobs were read`);
  assert.equal(partial.new.partial, true);
  // The same two versions as plain directories are read in full: the same findings.
  const a = join(tmpDir(), 'a');
  const b = join(tmpDir(), 'b');
  for (const [t, out] of [['v1.0.0', a], ['v1.0.1', b]] as const) {
    git(dir, ['worktree', 'add', '--detach', out, t]);
  }
  const full = await diffInputs(join(a, 'pack'), join(b, 'pack'), { cwd: dir });
  const key = (c: object) => JSON.stringify(c, Object.keys(c).sort());
  assert.deepEqual(partial.changes.map(key).sort(), full.changes.map(key).sort());
  assert.deepEqual([partial.required_bump, partial.counts], [full.required_bump, full.counts]);
  assert.deepEqual(partial.changes.filter((c) => c.kind === 'document').map((c) => [c.id, c.change]).sort(), [[docId(105), 'modified'], [docId(109), 'moved']]);
});

test('records: only the lines that differ are read, and the findings equal a full read', async () => {
  const dir = newRepo();
  cpSync(join(repoRoot, 'working-dir-example', 'octx'), join(dir, 'pack'), { recursive: true });
  commitAll(dir, 'v1', 1767225600);
  tag(dir, 'v1.0.0');
  const chunksPath = join(dir, 'pack', 'data', 'chunks.jsonl');
  const lines = readFileSync(chunksPath, 'utf8').trimEnd().split('\n');
  const edited = JSON.parse(lines[1]!) as { id: string; text: string };
  lines[1] = JSON.stringify({ ...edited, text: `${edited.text} Edited.` });
  writeFileSync(chunksPath, `${lines.join('\n')}\n`);
  commitAll(dir, 'v1.0.1', 1767312000);
  tag(dir, 'v1.0.1');
  const partial = await diffInputs('v1.0.0:pack', 'v1.0.1:pack', { cwd: dir });
  assert.deepEqual(partial.changes.map((c) => [c.kind, c.id, c.change]), [['chunk', edited.id, 'modified']]);
  const a = join(tmpDir(), 'a');
  const b = join(tmpDir(), 'b');
  git(dir, ['worktree', 'add', '--detach', a, 'v1.0.0']);
  git(dir, ['worktree', 'add', '--detach', b, 'v1.0.1']);
  const full = await diffInputs(join(a, 'pack'), join(b, 'pack'), { cwd: dir });
  assert.deepEqual(partial.changes, full.changes);
});
