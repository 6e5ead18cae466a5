// Markdown that GitHub renders from repository content stays text: the PR comment, the job summary,
// RELEASE_NOTES.md. Names and titles holding HTML, `</details>`, backtick runs, `|`, newlines,
// `@mentions` and `#123` cannot add markup, close a code span, a cell or a block, notify or link.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { runCli } from '../helpers/cli.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, replaceTree, runAction } from '../action/harness.js';
import { mdCode, mdCodeCell, mdText, truncateMarkdown } from '../../src/core/markdown-safe.js';
import { assertInert, codeSpans } from '../helpers/markdown-inert.js';
import { readCheckReport } from '../../src/release/check-json.js';
import { commentBody } from '../../src/release/check-report.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

const HTML = '</details></summary></td><img src=x onerror=alert(1)><b>bold</b>';
const PINGS = '@victim @acme/security-team #123 GH-9';
const TICKS = 'a ``` b ` c `` d';
const CELL = 'x | y || z';
const FILE_NAME = `f ${TICKS} ${CELL} ${PINGS.replace(/\//g, '-')} <details> &amp;.md`;
const TITLE = `T ${HTML} ${PINGS} ${TICKS} ${CELL}\nsecond line\n| --- |`;

function hostileRepo(): { dir: string; base: string; head: string } {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  const files = octxFiles('1.1.0', [ALPHA, BETA]);
  files['knowledge/alpha.md'] = `---\ntype: Reference\ntitle: ${JSON.stringify(TITLE)}\noctx:\n  document_id: ${ALPHA.id}\n---\n\n# Alpha\n\nText.\n`;
  files[`knowledge/${FILE_NAME}`] = '# no frontmatter\n';
  replaceTree(dir, 'guide', files);
  return { dir, base, head: commitAll(dir, 'hostile') };
}

test('the building blocks: text is inert, a code span holds any value, truncation keeps the verdict and says where the rest is', () => {
  assert.equal(mdText('<b>@x #1 | a\nb'), '&lt;b&gt;@&#8203;x #&#8203;1 \\| a b');
  for (const v of [TICKS, '`', '``', ' ` ', 'a|b', '', 'x'.repeat(3)]) {
    const s = codeSpans(mdCode(v));
    assert.deepEqual(s.spans, [v.replace(/\n/g, ' ') || ' '], JSON.stringify(v));
    assert.equal(s.rest, '\u0000');
    assert.equal(mdCodeCell(v).split(/(?<!\\)\|/).length, 1);
  }
  const md = `## verdict\n\n<details open><summary>s</summary>\n\n${'| a | b |\n'.repeat(5000)}\n</details>\n`;
  const cut = truncateMarkdown(md, { limit: 2000, unit: 'chars', fullReportAt: 'the job summary' });
  assert.ok(cut.length <= 2000);
  assert.ok(cut.startsWith('## verdict'));
  assert.match(cut, /truncated.*the full report is in the job summary/);
  assertInert(cut, 'truncated');
  const bytes = truncateMarkdown(`## v\n${'ü'.repeat(100)}\n`.repeat(50), { limit: 1000, unit: 'bytes', fullReportAt: 'x' });
  assert.ok(Buffer.byteLength(bytes) <= 1000);
});

test('a code span holds a value of more backtick runs than a call takes arguments (review 1, finding 3)', () => {
  for (const v of ['`a'.repeat(200_000), `${'`'.repeat(7)}${'x`'.repeat(150_000)}`]) {
    const s = codeSpans(mdCode(v));
    assert.equal(s.spans.length, 1);
    assert.ok(s.spans[0] === v, 'the span holds the value exactly');
  }
  assert.ok(mdCode('a```b').startsWith('````a```b````'));
});

test('PR comment and job summary: hostile file names and titles stay text', async () => {
  const gh = await startGitHub();
  servers.push(gh);
  const { dir, base, head } = hostileRepo();
  const reportDir = tmpDir('ctxforge-report-');
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head, apiUrl: gh.apiUrl,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghs_testtoken', COMMENT: 'true', REPORT: join(reportDir, 'report.json') },
  });
  assert.equal(r.code, 1, r.stdout);
  assert.equal(gh.comments.length, 1, r.stdout);
  // The `report` file (for a workflow_run follow-up on fork PRs) is data that renders to the same comment.
  assert.equal(commentBody(readCheckReport(readFileSync(join(reportDir, 'report.json'), 'utf8'), '0.1.0')), gh.comments[0]!.body);
  for (const [where, md] of [['summary', r.summary], ['comment', gh.comments[0]!.body]] as const) {
    const spans = assertInert(md, where);
    // The file name is still shown whole, as code.
    assert.ok(spans.some((s) => s.startsWith(`guide/knowledge/${FILE_NAME}`)), `${where}: ${spans.join('\n')}`);
    assert.match(md, /^(<!-- ctxforge:check -->\n)?## ctxforge check: ❌ failed/);
  }
});

test('RELEASE_NOTES.md: a hostile title in the diff against the previous release stays text', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  git(dir, ['tag', 'v1.0.0']);
  const files = octxFiles('1.1.0', [ALPHA, BETA]);
  files['knowledge/alpha.md'] = `---\ntype: Reference\ntitle: ${JSON.stringify(TITLE)}\noctx:\n  document_id: ${ALPHA.id}\n---\n\n# Alpha\n\nText.\n`;
  replaceTree(dir, 'guide', files);
  commitAll(dir, 'v1.1.0');
  const r = await runCli(['release', '--dry-run', '--tag', 'v1.1.0', '--out', 'dist'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const notes = readFileSync(join(dir, 'dist', 'RELEASE_NOTES.md'), 'utf8');
  assert.match(notes, /victim/, notes);
  assertInert(notes, 'notes');
});

test('a check report over GitHub limits: the comment stays within 65,536 characters, the summary within 1 MiB, the verdict first', async () => {
  const { commentBody, summaryBody, checkMarkdown } = await import('../../src/release/check-report.js');
  const diagnostics = Array.from({ length: 4000 }, (_, i) => ({ severity: 'error', code: 'OCTX_X', message: `${HTML} ${PINGS} ${i} ${'m'.repeat(200)}`, file: `k/${FILE_NAME}` }));
  const r = { failed: true, valid: false, packages: [{ path: 'guide', name: 'guide', format: 'octx', version: '1.0.0', valid: false, findings: ['invalid package'], diagnostics }], notes: [], required_bump: 'none', failOn: ['invalid'] };
  const full = checkMarkdown(r as never);
  assert.ok(full.length > 1024 * 1024);
  const comment = commentBody(r as never);
  assert.ok(comment.length <= 65_536, String(comment.length));
  assert.match(comment, /^<!-- ctxforge:check -->\n## ctxforge check: ❌ failed/);
  assert.match(comment, /truncated.*full report is in this run's job summary/);
  assertInert(comment, 'comment');
  const summary = summaryBody(full);
  assert.ok(Buffer.byteLength(summary) <= 1024 * 1024);
  assert.match(summary, /^## ctxforge check: ❌ failed/);
  assert.match(summary, /truncated.*SARIF/);
  assertInert(summary, 'summary');
});
