// A typo never switches the gate off (issue 24): `links: eror`, `link: error`, an unknown key or a
// misspelt policy key in ctxforge.yaml is refused by every command that reads the working tree's or
// the PR head's config (validate, check, diff, list, release) with CTXFORGE_REPO_CONFIG_INVALID,
// the file, the line, the allowed values and a did-you-mean; an invalid config at the base commit
// fails the check; one at an old tag (verify --reproduce) is a warning. Before, validate fell back
// to the defaults and passed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, writeTree } from '../helpers/tmp.js';
import { repoRoot, runCli } from '../helpers/cli.js';
import { runCheck } from '../../src/release/check.js';
import { parseRepoConfig } from '../../src/repo/config.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, runAction } from '../action/harness.js';

const TYPOS: Array<{ yaml: string; line: number; says: RegExp }> = [
  { yaml: 'links: eror\n', line: 1, says: /links must be off, warning or error, or a mapping \{level, root\}: got "eror"; did you mean "error"\?/ },
  { yaml: 'packages:\n  - path: guide\nlink: error\n', line: 3, says: /unknown key "link" \(allowed: packages, tag_pattern, policy, links, lock, oci, registries, site\); did you mean "links"\?/ },
  { yaml: 'packages:\n  - path: guide\n    formt: octx\n', line: 3, says: /packages\[0\]: unknown key "formt" \(allowed: path, format, name, tag_pattern, policy, links\); did you mean "format"\?/ },
  { yaml: 'policy:\n  "*.removd": none\n', line: 2, says: /policy key "\*\.removd" is not .*did you mean "removed"\?/ },
  { yaml: 'links:\n  level: eror\n', line: 2, says: /links\.level must be one of off, warning, error: got "eror"; did you mean "error"\?/ },
];

const BROKEN = { id: 'not-a-uuid', title: 'Broken' };

function repoWith(config: string, docs = [ALPHA, BETA]): string {
  return makeRepoOf({ guide: octxFiles('1.0.0', docs) }, { 'ctxforge.yaml': config });
}

test('validate refuses each typo with file, line, allowed values and a did-you-mean (it used to fall back to defaults and pass)', async () => {
  for (const t of TYPOS) {
    const dir = repoWith(t.yaml);
    const r = await runCli(['validate', 'guide'], { cwd: dir });
    assert.equal(r.code, 2, `${t.yaml}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, new RegExp(`error CTXFORGE_REPO_CONFIG_INVALID: ctxforge\\.yaml:${t.line}: `), r.stderr);
    assert.match(r.stderr, t.says, r.stderr);
    const j = await runCli(['validate', 'guide', '--json'], { cwd: dir });
    const e = (JSON.parse(j.stdout) as { error: { code: string; file: string; line: number } }).error;
    assert.deepEqual([e.code, e.file, e.line], ['CTXFORGE_REPO_CONFIG_INVALID', 'ctxforge.yaml', t.line]);
    // --links decides the level, but the config is still read, so still refused.
    assert.equal((await runCli(['validate', 'guide', '--links', 'off'], { cwd: dir })).code, 2);
  }
});

test('the invalid package a typo used to hide stays red: `links: eror` does not turn a broken link into a pass', async () => {
  const files = octxFiles('1.0.0', [ALPHA]);
  files['knowledge/alpha.md'] += '\nSee [gone](missing.md).\n';
  const ok = makeRepoOf({ guide: files }, { 'ctxforge.yaml': 'links: error\n' });
  assert.equal((await runCli(['validate', 'guide'], { cwd: ok })).code, 1);
  writeTree(ok, { 'ctxforge.yaml': 'links: eror\n' });
  assert.equal((await runCli(['validate', 'guide'], { cwd: ok })).code, 2);
});

test('list, diff and release --dry-run refuse the same typos', async () => {
  const dir = repoWith('packages:\n  - path: guide\nlink: error\n');
  git(dir, ['tag', 'v1.0.0']);
  for (const args of [['list'], ['diff', 'v1.0.0', 'guide'], ['diff', '--initial', 'guide'], ['release', '--dry-run', '--tag', 'v1.0.0', '--out', 'dist']]) {
    const r = await runCli(args, { cwd: dir });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /CTXFORGE_REPO_CONFIG_INVALID: ctxforge\.yaml:3: unknown key "link".*did you mean "links"/, args.join(' '));
  }
});

function pr(dir: string, base: string, head: string, inputs: Record<string, string> = {}) {
  return runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/9/merge', sha: head,
    event: { number: 9, pull_request: { number: 9, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs,
  });
}

test('check: a typo in the head\'s config fails the check with an annotation on its line', async () => {
  const dir = repoWith('packages:\n  - path: guide\n');
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\nlinks: eror\n' });
  const head = commitAll(dir, 'typo');
  const r = await pr(dir, base, head);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /^::error title=CTXFORGE_REPO_CONFIG_INVALID,file=ctxforge\.yaml,line=3::links must be off, warning or error/m);
  assert.match(r.stdout, /^::error::CTXFORGE_REPO_CONFIG_INVALID: /m);
});

test('check: an invalid config at the base commit fails the check, whatever fail-on says, and says why', async () => {
  // The base's typo would have let a broken document through; the PR fixing the typo is still judged red until the fix is merged.
  const dir = repoWith('packages:\n  - path: guide\npolicy:\n  "*.removd": none\n');
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n' });
  const head = commitAll(dir, 'fix the typo');
  const r = await runCheck({ cwd: dir, base, failOn: [] });
  assert.equal(r.failed, true);
  assert.ok(r.notes.some((n) => n.severity === 'error' && n.code === 'CTXFORGE_REPO_CONFIG_INVALID' && /base commit's config is invalid/.test(n.message) && n.line === 4), JSON.stringify(r.notes));
  const a = await pr(dir, base, head, { 'FAIL-ON': 'none' });
  assert.equal(a.code, 1, a.stdout);
  assert.match(a.summary, /base commit's config is invalid/);
});

test('verify --reproduce: an invalid ctxforge.yaml at the old tag is a warning, and the release still reproduces', async () => {
  const dir = repoWith('packages:\n  - path: guide\nlink: error\n');
  git(dir, ['tag', 'v1.0.0']);
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n' });
  commitAll(dir, 'fix config');
  const b = await runCli(['build', 'guide', '--out', 'out', '--source-date-epoch', '1767225600'], { cwd: dir });
  assert.equal(b.code, 0, b.stderr);
  const built = b.stdout.match(/built (\S+\.octx)/)![1]!;
  const r = await runCli(['verify', '--reproduce', built, '--ref', 'v1.0.0', '--source-date-epoch', '1767225600'], { cwd: dir });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /✓ reproduced/);
  assert.match(r.stderr, /warning CTXFORGE_REPO_CONFIG_INVALID: ctxforge\.yaml:3: at v1\.0\.0: unknown key "link"/);
  const j = await runCli(['verify', '--reproduce', built, '--ref', 'v1.0.0', '--source-date-epoch', '1767225600', '--json'], { cwd: dir });
  const res = (JSON.parse(j.stdout) as { results: Array<{ confirmed: boolean; warnings: Array<{ severity: string; code: string }> }> }).results[0]!;
  assert.equal(res.confirmed, true);
  assert.deepEqual(res.warnings.map((w) => [w.severity, w.code]), [['warning', 'CTXFORGE_REPO_CONFIG_INVALID']]);
});

test('the schema is the one place the config is defined: published with a stable $id, and what it accepts is what ctxforge accepts', async () => {
  const { CONFIG_SCHEMA_ID } = await import('../../src/repo/config.js') as { CONFIG_SCHEMA_ID?: string };
  const schema = JSON.parse(readFileSync(join(repoRoot, 'schemas', 'ctxforge.schema.json'), 'utf8')) as { $id: string; $schema: string; properties: Record<string, unknown> };
  assert.equal(schema.$id, CONFIG_SCHEMA_ID);
  assert.match(schema.$id, /^https:\/\/.+\/ctxforge\.schema\.json$/);
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.deepEqual(Object.keys(schema.properties).sort(), ['$schema', 'links', 'lock', 'oci', 'packages', 'policy', 'registries', 'site', 'tag_pattern']);
  // The documented example parses; `links` takes a level or {level, root}, and root is exposed.
  const doc = readFileSync(join(repoRoot, 'docs', 'git-and-releases.md'), 'utf8');
  const example = doc.slice(doc.indexOf('## Repository config')).match(/```yaml\n([\s\S]*?)```/)![1]!;
  assert.ok(parseRepoConfig(example).packages.length > 0);
  assert.deepEqual(parseRepoConfig('links: error\n').links, { level: 'error' });
  assert.deepEqual(parseRepoConfig('links: {level: off, root: ./site/}\n').links, { level: 'off', root: 'site' });
  assert.deepEqual(parseRepoConfig('links: {root: docs}\n').links, { level: 'warning', root: 'docs' });
  assert.deepEqual(parseRepoConfig(`$schema: ${schema.$id}\n`).packages, []);
  for (const bad of ['links: {root: ../up}\n', 'links: {root: /abs}\n', 'links: {level: error, roots: docs}\n']) {
    assert.throws(() => parseRepoConfig(bad), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_REPO_CONFIG_INVALID', bad);
  }
});
