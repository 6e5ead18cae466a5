// The runner's legacy command form (issue 24): the runner obeys `##[name props]data` ANYWHERE in a
// line, `##[stop-commands]tok` included, which silences every later annotation of the step. Names,
// titles, link targets and manifest values holding the legacy form in the middle of a line go
// through the real output of check (the Action), validate, diff, sync and release (CLI and
// Action), in text and --json, and a model of the runner's parser (test/helpers/runner-commands.ts:
// both forms, registered names case-insensitively, stop-commands and its resume token) reads it:
// it runs nothing ctxforge did not mean, and never ends stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { runnerReads, strayCommands } from '../helpers/runner-commands.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, PEM, releaseTag, replaceTree, runAction } from '../action/harness.js';

// Each payload sits in the middle of a line: none starts one, so only the unanchored legacy parser sees it.
const STOP = 'p##[stop-commands]tok';
const ERR = 'q##[error title=INJECTED]forged';
const MASK = 'r##[add-mask]hidden';
const WARN = 's##[WARNING title=INJECTED;file=x]forged';
const ALL = `${STOP} ${ERR} ${MASK} ${WARN}`;

function hostileOctx(version: string): Record<string, string> {
  const files = octxFiles(version, [ALPHA, BETA]);
  files['manifest.json'] = `${JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019c0000-0000-7000-8000-0000000000aa', name: `Guide ${ALL}` }, release: { version } }, null, 2)}\n`;
  // A title, a link target the link checker quotes, and a file name the validator names.
  files['knowledge/alpha.md'] = `---\ntype: Reference\ntitle: ${JSON.stringify(`Alpha ${ALL}`)}\noctx:\n  document_id: ${ALPHA.id}\n---\n\n# Alpha\n\nSee [x](${STOP}.md) and [y](beta.md#${'z'}${ERR.replace(/ /g, '')}).\n`;
  files[`knowledge/${STOP}.md`] = '# no frontmatter\n';
  return files;
}

const ourMasks = (v: string): boolean => v === 'ghs_testtoken' || (v.length >= 16 && PEM.trim().includes(v.replace(/%0A/g, '\n')));

function judge(what: string, output: string, allowed: { annotations: boolean; masks?: (v: string) => boolean } = { annotations: false }): void {
  assert.deepEqual(strayCommands(output, allowed), [], `${what}:\n${output.slice(0, 4000)}`);
}

test('the model is the runner: legacy anywhere in a line, modern only at its start, stop-commands until its token', () => {
  const log = runnerReads(['plain ##[error]one', '  ::warning title=t::two', 'x ::error::not a command', '::nope::x ##[notice]three',
    '##[stop-commands]T1', '::error::ignored', 'mid ##[t1]resume', '##[Error file=a%3Bb;line=3]four%5D'].join('\n'));
  assert.deepEqual(log.ran.map((c) => [c.form, c.name, c.data]), [
    ['legacy', 'error', 'one'], ['modern', 'warning', 'two'], ['legacy', 'notice', 'three'],
    ['legacy', 'stop-commands', 'T1'], ['legacy', 't1', 'resume'], ['legacy', 'Error', 'four]'],
  ]);
  assert.deepEqual(log.ran[5]!.props, { file: 'a;b', line: '3' });
  assert.deepEqual(log.ignored.map((c) => c.data), ['ignored']);
  assert.equal(log.stopped, false);
  assert.equal(runnerReads('a\rb ##[stop-commands]x\r\n::error::lost').stopped, true);
});

test('CLI validate and diff (text and --json): no legacy command anywhere in their output', async () => {
  const dir = makeRepoOf({ guide: hostileOctx('1.0.0') });
  writeTree(dir, { 'guide/knowledge/beta.md': `${octxFiles('1.0.0', [BETA])['knowledge/beta.md']!}\nEdited ${ALL}.\n` });
  const head = commitAll(dir, 'edit');
  void head;
  for (const args of [['validate', 'guide'], ['validate', 'guide', '--json'], ['validate', 'guide', '--links', 'error'],
    ['diff', 'HEAD~1:guide', 'guide'], ['diff', 'HEAD~1:guide', 'guide', '--json'], ['diff', '--initial', 'guide', '--format', 'md'], ['list'], ['list', '--json']]) {
    const r = await runCli(args, { cwd: dir });
    assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    judge(args.join(' '), r.stdout);
    judge(args.join(' '), r.stderr);
    if (args.includes('--json')) {
      // Still JSON, and still the same value: `#` of `##[` is written \u0023.
      const text = JSON.stringify(JSON.parse(r.stdout));
      assert.ok(text.includes(STOP), `${args.join(' ')}: the value keeps ${STOP}`);
      assert.ok(r.stdout.includes('p\\u0023#[stop-commands]tok'), r.stdout.slice(0, 2000));
    }
  }
  // What the reader sees: the payload, with its first # shown as %23.
  const v = await runCli(['validate', 'guide'], { cwd: dir });
  assert.ok(v.stdout.includes('knowledge/p%23#[stop-commands]tok.md'), v.stdout);
});

test('CLI sync: upstream names and titles holding the legacy form', async () => {
  const root = tmpDir();
  const up = join(root, 'up');
  mkdirSync(up);
  writeTree(up, {
    'README.md': `# Docs ${ALL}\n`,
    [`${STOP}.md`]: `---\ntitle: ${JSON.stringify(`T ${ERR}`)}\n---\n\nText [a](${MASK}.md).\n`,
    [`${MASK}.md`]: `# ${WARN}\n\nMore.\n`,
  });
  for (const args of [['sync', up, join(root, 'pkg')], ['sync', up, join(root, 'pkg'), '--json'], ['sync', up, join(root, 'pkg2'), '--no-rename']]) {
    const r = await runCli(args, { cwd: root });
    assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    judge(args.join(' '), r.stdout);
    judge(args.join(' '), r.stderr);
  }
});

test('CLI release --dry-run: a package folder named with the legacy form', async () => {
  const dir = makeRepoOf({ [`guide ${STOP}`]: octxFiles('1.0.0', [ALPHA, BETA]) });
  for (const args of [['release', '--dry-run', '--tag', 'v1.0.0', '--out', 'dist'], ['release', '--dry-run', '--tag', 'v1.0.0', '--out', 'dist2', '--json']]) {
    const r = await runCli(args, { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    judge(args.join(' '), r.stdout);
    judge(args.join(' '), r.stderr);
  }
});

test('Action check on a pull request: only ctxforge\'s annotations and token mask run, and no stop-commands silences them', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'guide', hostileOctx('1.0.1'));
  const head = commitAll(dir, 'hostile');
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghs_testtoken', 'FAIL-ON': 'error' },
  });
  assert.equal(r.code, 1, r.stdout);
  judge('check stdout', r.stdout, { annotations: true, masks: ourMasks });
  judge('check stderr', r.stderr, { annotations: true, masks: ourMasks });
  // ctxforge's own annotations were read as commands (none lost to a forged stop-commands).
  assert.ok(runnerReads(r.stdout).ran.some((c) => c.name === 'error' && c.props.title === 'OCTX_DOCUMENT_FRONTMATTER'), r.stdout);
  const list = await runAction({ workspace: dir, eventName: 'push', event: { ref: 'refs/heads/main', after: head }, ref: 'refs/heads/main', sha: head, inputs: { MODE: 'list' } });
  assert.equal(list.code, 0, list.stdout);
  judge('list', list.stdout, { annotations: true });
});

test('Action release dry run: the release log and summary fallback', async () => {
  const dir = makeRepoOf({ [`guide ${STOP}`]: hostileOctx('1.0.0') });
  writeTree(dir, { [`guide ${STOP}/knowledge/${STOP}.md`]: `---\ntype: Reference\ntitle: x\noctx:\n  document_id: 019c0000-0000-7000-8000-0000000000c3\n---\n\n# x\n` });
  commitAll(dir, 'valid');
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag('http://127.0.0.1:9', dir, 'v1.0.0', { 'DRY-RUN': 'true' }, { GITHUB_STEP_SUMMARY: '' });
  assert.equal(r.code, 0, r.stdout);
  judge('release stdout', r.stdout, { annotations: true, masks: ourMasks });
  judge('release stderr', r.stderr, { annotations: true, masks: ourMasks });
});

test('the escapes: ##[ broken anywhere, :: at a line start, in text and in JSON', async () => {
  const { breakLegacy, escapeData, neutralizeCommands, jsonForLog } = await import('../../src/core/log-safe.js');
  assert.equal(escapeData('a##[error]b ###[x] #[y] ##'), 'a%23#[error]b #%23#[x] #[y] ##');
  assert.equal(breakLegacy('x##[stop-commands]t'), 'x%23#[stop-commands]t');
  assert.equal(neutralizeCommands('ok ##[error]x\n\u0085::error::y\n mid :: fine'), 'ok %23#[error]x\n\u0085%3A:error::y\n mid :: fine');
  const v = { a: 'x##[error]y', 'k##[b]': ['##[', '#'] };
  const j = jsonForLog(JSON.stringify(v, null, 2));
  assert.ok(!j.includes('##['));
  assert.deepEqual(JSON.parse(j), v);
});
