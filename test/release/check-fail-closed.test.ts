// The PR check fails closed when it cannot diff (review 1, finding 3): before the fix a head that
// made the diff throw (a `type` of 200,000 backtick runs crashed the Markdown rendering, a broken
// manifest made items() throw) was reported as a warning and the version and breaking findings
// vanished, so `fail-on: version` passed a PR that removed a document without a bump.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { git } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { ALPHA, BETA, commitAll, ctxpkgFiles, makeRepo, octxFiles, replaceTree } from '../action/harness.js';
import { runCheck } from '../../src/release/check.js';

const TICKS = '`a'.repeat(200_000);

/** A base with Alpha and Beta at 1.0.0; the head drops Beta without a bump and gives Alpha a hostile type. */
function hostile(): { dir: string; base: string } {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  const files = octxFiles('1.0.0', [ALPHA]);
  files['knowledge/alpha.md'] = files['knowledge/alpha.md']!.replace('type: Reference', `type: ${JSON.stringify(TICKS)}`);
  replaceTree(dir, 'guide', files);
  commitAll(dir, 'drop Beta, no bump, hostile type');
  return { dir, base };
}

test('a value of 200,000 backtick runs is diffed and rendered: the version finding stays', async () => {
  const { dir, base } = hostile();
  const r = await runCheck({ cwd: dir, base, failOn: ['version'] });
  assert.equal(r.failed, true, JSON.stringify(r.notes));
  const p = r.packages[0]!;
  assert.ok(p.diff, 'diffed');
  assert.ok(p.findings.some((f) => /version|bump/.test(f)), p.findings.join('; '));
  assert.ok(!r.notes.some((n) => n.code === 'CTXFORGE_CHECK_DIFF'));
  // The same pair through `ctxforge diff --format md` renders, no stack trace.
  const md = await runCli(['diff', `${base}:guide`, join(dir, 'guide'), '--format', 'md'], { cwd: dir });
  assert.notEqual(md.code, 2, md.stderr.slice(0, 500));
  assert.ok(!/CTXFORGE_INTERNAL|RangeError/.test(md.stderr), md.stderr.slice(0, 500));
  // A one-backtick run inside: the span is fenced with two, padded since the value starts with one.
  assert.ok(md.stdout.includes(`\`\` ${TICKS} \`\``), md.stdout.slice(0, 300));
});

test('a head whose diff cannot be computed fails the check when fail-on includes version or breaking', async () => {
  // The base's manifest no YAML parser reads: its items() throw, so nothing judges the version.
  // (Whatever makes a diff throw — before the fix, a head's hostile value did — takes this path.)
  const dir = makeRepo({ ...ctxpkgFiles('1.0.0'), 'ctxpkg.yaml': 'name: [\n' });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  writeFileSync(join(dir, 'guide', 'ctxpkg.yaml'), ctxpkgFiles('1.0.0')['ctxpkg.yaml']!);
  commitAll(dir, 'a readable manifest');
  for (const failOn of [['version'], ['breaking']] as const) {
    const r = await runCheck({ cwd: dir, base, failOn: [...failOn] });
    assert.equal(r.failed, true, `fail-on ${failOn[0]}`);
    const note = r.notes.find((n) => n.code === 'CTXFORGE_CHECK_DIFF');
    assert.equal(note?.severity, 'error', JSON.stringify(r.notes));
    assert.ok(r.packages[0]!.findings.some((f) => /not diffed/.test(f)), r.packages[0]!.findings.join('; '));
  }
  // When neither decides the check, not diffing stays a warning.
  const lenient = await runCheck({ cwd: dir, base, failOn: ['warning'] });
  assert.equal(lenient.notes.find((n) => n.code === 'CTXFORGE_CHECK_DIFF')?.severity, 'warning');
  assert.ok(!lenient.packages[0]!.findings.some((f) => /not diffed/.test(f)));
});

test('a base commit missing from the clone fails closed too', async () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA]));
  const r = await runCheck({ cwd: dir, base: 'e'.repeat(40), failOn: ['version'] });
  assert.equal(r.failed, true);
  assert.equal(r.notes.find((n) => n.code === 'CTXFORGE_CHECK_NO_BASE')?.severity, 'error');
});
