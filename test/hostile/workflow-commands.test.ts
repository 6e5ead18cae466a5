// Repository content cannot talk to the runner: names, titles and manifest values holding
// `\n::error …`, `\n::add-mask::…`, `\n::stop-commands::…` (and a legacy `##[…]` after a CR) go
// through the CLI (validate, list, diff, release --dry-run) and the Action (check on a pull request,
// release dry run), and no line of their output starts a workflow command ctxforge did not mean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from '../helpers/cli.js';
import { git } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, ctxpkgFiles, makeRepoOf, octxFiles, PEM, replaceTree, runAction, releaseTag } from '../action/harness.js';

const ERR = '\n::error title=INJECTED::pwned';
const MASK = '\n::add-mask::x';
const STOP = '\n::stop-commands::tok';
const LEGACY = '\r##[error]legacy';
const ALL = `${ERR}${MASK}${STOP}${LEGACY}`;

/** A valid OCTX package whose asset name, a document title and a manifest key carry the payloads. */
function hostileOctx(version: string): Record<string, string> {
  const files = octxFiles(version, [ALPHA, BETA]);
  files['manifest.json'] = `${JSON.stringify({
    format: 'octx', format_version: '0.1', asset: { id: '019c0000-0000-7000-8000-0000000000aa', name: `Guide${ALL}` },
    release: { version }, [`x${MASK}`]: 1,
  }, null, 2)}\n`;
  files['knowledge/alpha.md'] = `---\ntype: Reference\ntitle: ${JSON.stringify(`Alpha${ALL}`)}\noctx:\n  document_id: ${ALPHA.id}\n---\n\n# Alpha\n\nText.\n`;
  return files;
}

/** An invalid ctxpkg whose name and an unknown key carry the payloads, and a file named with them. */
function hostileCtxpkg(): Record<string, string> {
  const files = ctxpkgFiles('1.0.0');
  files['ctxpkg.yaml'] = `name: ${JSON.stringify(`@acme/kb${ALL}`)}\nversion: 1.0.0\ndescription: d\nconformance_level: 2\ndependencies: []\n${JSON.stringify(`k${STOP}`)}: 1\n`;
  files[`nodes/n${ERR}.md`] = `---\nid: n\ntype: fact\n---\nText.\n`;
  return files;
}

/** The Action masks its token and the signing key (whole, and line by line): nothing else. */
const ourMasks = (v: string): boolean => v === 'ghs_testtoken' || (v.length >= 16 && PEM.trim().includes(v.replace(/%0A/g, '\n')));

const ANNOTATION = /^::(error|warning|notice)( [^:]*)?::/;

/** Lines a runner would read as commands, each judged: only ctxforge's own annotations and its token mask pass. */
function strayCommands(output: string, allowed: { annotations: boolean; masks: (v: string) => boolean }): string[] {
  const bad: string[] = [];
  for (const line of output.split(/\r\n|\r|\n/)) {
    const t = line.trimStart();
    if (!t.startsWith('::') && !t.startsWith('##[')) continue;
    const mask = t.match(/^::add-mask::(.*)$/);
    if (mask && allowed.masks(mask[1]!)) continue;
    const a = t.match(ANNOTATION);
    if (allowed.annotations && a) {
      const props = new Map((a[2] ?? '').trim().split(',').filter(Boolean).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const));
      const title = props.get('title');
      if ([...props.keys()].every((k) => ['file', 'line', 'col', 'title'].includes(k)) && title !== 'INJECTED') continue;
    }
    bad.push(line);
  }
  return bad;
}

function repo(): string {
  const o = hostileOctx('1.0.0');
  o[`knowledge/x${ERR}.md`] = '# no frontmatter\n';
  return makeRepoOf({ guide: o, kb: hostileCtxpkg() });
}

test('CLI validate, list and diff: content cannot start a workflow command', async () => {
  const dir = repo();
  for (const args of [['validate', 'guide', 'kb'], ['list'], ['diff', '--initial', 'guide'], ['diff', 'HEAD:guide', 'guide'], ['validate', 'guide', '--json']]) {
    const r = await runCli(args, { cwd: dir });
    assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: ${r.stderr}`);
    const out = r.stdout + r.stderr;
    assert.deepEqual(strayCommands(out, { annotations: false, masks: () => false }), [], `${args.join(' ')}:\n${out}`);
  }
  // Build the valid package and read it back: inspect prints titles and names from inside it.
  const b = await runCli(['build', 'guide', '--out', 'out'], { cwd: makeRepoOf({ guide: hostileOctx('1.0.0') }) });
  assert.equal(b.code, 0, b.stderr);
  const built = b.stdout.match(/built (\S+\.octx)/)![1]!;
  for (const args of [['inspect', built], ['validate', built], ['verify', built]]) {
    const r = await runCli(args);
    assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: ${r.stderr}`);
    assert.deepEqual(strayCommands(r.stdout + r.stderr, { annotations: false, masks: () => false }), [], `${args.join(' ')}:\n${r.stdout}${r.stderr}`);
  }
  // Each field stays on its line: the title is shown escaped after its path.
  const i = await runCli(['inspect', built]);
  assert.match(i.stdout, /knowledge\/alpha\.md {2}— Alpha%0A::error title=INJECTED::pwned%0A::add-mask::x/, i.stdout);
  // The payload is still shown, escaped, so a reader sees what the file is called.
  const v = await runCli(['validate', 'guide'], { cwd: dir });
  assert.ok(v.stdout.includes('knowledge/x%0A::error title=INJECTED::pwned.md'), v.stdout);
});

// The package's folder name is its release name: it reaches the release log and summary.
const HOSTILE_DIR = `guide${ALL}`;

test('CLI release --dry-run: names in the log, summary and warnings are escaped', async () => {
  const dir = makeRepoOf({ [HOSTILE_DIR]: hostileOctx('1.0.0') });
  const r = await runCli(['release', '--dry-run', '--tag', 'v1.0.0', '--out', 'dist'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(strayCommands(r.stdout + r.stderr, { annotations: false, masks: () => false }), [], r.stdout + r.stderr);
});

test('Action check on a pull request: only ctxforge annotations and its token mask reach the runner', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  const o = hostileOctx('1.0.1');
  o[`knowledge/x${ERR}.md`] = '# no frontmatter\n';
  replaceTree(dir, 'guide', o);
  const head = commitAll(dir, 'hostile');
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghs_testtoken' },
  });
  assert.equal(r.code, 1, r.stdout);
  assert.ok(r.stdout.includes(',file=guide/knowledge/x%0A%3A%3Aerror title=INJECTED%3A%3Apwned.md,'), r.stdout);
  assert.deepEqual(strayCommands(r.stdout + r.stderr, { annotations: true, masks: ourMasks }), [], r.stdout);
});

test('Action release dry run: the release log and summary fallback stay inert', async () => {
  const dir = makeRepoOf({ [HOSTILE_DIR]: hostileOctx('1.0.0') });
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag('http://127.0.0.1:9', dir, 'v1.0.0', { 'DRY-RUN': 'true' });
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual(strayCommands(r.stdout + r.stderr, { annotations: true, masks: ourMasks }), [], r.stdout);
});

test('the escapes: as @actions/core for % CR LF, controls shown, properties also : and ,; a line starting a command neutralised', async () => {
  const { escapeData, escapeProperty, neutralizeCommands } = await import('../../src/core/log-safe.js');
  assert.equal(escapeData('a%b\r\nc\u001b[31m\u0000\u2028'), 'a%25b%0D%0Ac\\u001b[31m\\u0000\\u2028');
  assert.equal(escapeData('tab\tkept'), 'tab\tkept');
  assert.equal(escapeProperty('a:b,c%\n'), 'a%3Ab%2Cc%25%0A');
  assert.equal(neutralizeCommands('ok\n  ::error::x\r##[warning]y\n\u00a0::add-mask::z\nmid :: fine'), 'ok\n  %3A:error::x\r%23#[warning]y\n\u00a0%3A:add-mask::z\nmid :: fine');
});
