// The fork-PR comment is rendered by the privileged side, never posted as written (issue 24). In
// mode comment a workflow_run job with a write token posts what a fork's run saved. Before, that
// was Markdown posted verbatim: live @team mentions, raw <img>, an unclosed <details>, a forged
// "✅ passed" heading. Now the report is JSON with a schema and a version, capped in size, validated,
// and rendered here with the comment's own escaping; the comment says that the pull request's own
// run reported the verdict and links it. Malformed, oversized and unknown-version reports are
// refused (CTXFORGE_REPORT_INVALID) and nothing is posted.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { assertInert } from '../helpers/markdown-inert.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, replaceTree, runAction } from '../action/harness.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

const HEAD = 'a'.repeat(40);
const HTML = '<img src=x onerror=alert(1)><details><summary>open';
const PINGS = '@acme/security-team @victim #123';
const FORGED = `## ctxforge check: ✅ passed\n\n${HTML} ${PINGS}`;

function workflowRun(conclusion: string) {
  return { id: 9001, run_number: 3, conclusion, event: 'pull_request', head_sha: HEAD, head_branch: 'feature', head_repository: { owner: { login: 'forker' } } };
}

async function comment(report: string | Buffer, conclusion = 'failure') {
  const gh = await startGitHub({ pulls: [{ number: 42, owner: 'forker', branch: 'feature', sha: HEAD }] });
  servers.push(gh);
  const ws = tmpDir('ctxforge-fork-ws-');
  mkdirSync(join(ws, 'report'));
  writeFileSync(join(ws, 'report', 'r.json'), report);
  const r = await runAction({
    workspace: ws, eventName: 'workflow_run', ref: 'refs/heads/main', sha: 'b'.repeat(40), apiUrl: gh.apiUrl, event: { workflow_run: workflowRun(conclusion) },
    inputs: { MODE: 'comment', REPORT: 'report/r.json', 'GITHUB-TOKEN': 'ghs_testtoken' },
  });
  return { r, gh };
}

/** A report as a fork writes it by hand: schema-valid, every string hostile, the verdict "passed". */
function forgedReport(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    report: 'ctxforge-check', schema_version: 2, tool_version: '0.1.0', truncated: false,
    result: {
      valid: true, failed: false, base: null, required_bump: 'none', fail_on: ['error'],
      packages: [{ name: FORGED, path: `guide ${HTML}`, format: HTML, version: PINGS, valid: true, findings: [FORGED], diagnostics: [{ severity: 'warning', code: 'X', message: FORGED, file: HTML, hint: PINGS }], diff: null }],
      notes: [{ severity: 'info', code: 'Y', message: FORGED }], config_changes: [{ message: FORGED, loosening: false }],
      // The lock review's every string hostile too: names, paths, link targets, notes and diff lines.
      lock: {
        base_lock: true, head_lock: true, failed: false, policy: { fail_on: ['unsigned'], signers: [FORGED], from: 'base' },
        packages: [{ name: FORGED, change: 'added', from: null, to: { version: PINGS, sha256: 'a'.repeat(64), format: HTML, source: HTML, signer: FORGED, trust: HTML, hosts: [HTML] }, notes: [FORGED], artifact_check: 'verified' }],
        unclaimed: [{ path: `.claude/skills/${HTML}`, kind: 'symlink', target: FORGED, changed: true }],
        skill_diffs: [{ package: FORGED, path: HTML, status: 'added', lines: [`+${HTML}`, `+${PINGS}`, '+```````', `+${FORGED}`] }],
        findings: [{ kind: 'unlocked-files', package: FORGED, path: HTML, message: FORGED, fails: false }],
      },
    },
    ...over,
  };
}

test('a real fork check\'s report: rendered inert on the privileged side, naming and linking the run that reported it', async () => {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  const files = octxFiles('1.0.1', [ALPHA, BETA]);
  files['knowledge/alpha.md'] = `---\ntype: Reference\ntitle: ${JSON.stringify(`A ${HTML} ${PINGS}`)}\noctx:\n  document_id: ${ALPHA.id}\n---\n\n# Alpha\n`;
  files[`knowledge/${PINGS.replace(/\//g, '-')} <details>.md`] = '# no frontmatter\n';
  replaceTree(dir, 'guide', files);
  const head = commitAll(dir, 'hostile');
  const out = tmpDir('ctxforge-report-');
  const check = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/42/merge', sha: head,
    event: { number: 42, pull_request: { number: 42, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { REPORT: join(out, 'r.json') },
  });
  assert.equal(check.code, 1, check.stdout);
  const saved = readFileSync(join(out, 'r.json'), 'utf8');
  const json = JSON.parse(saved) as { report: string; schema_version: number; $schema: string };
  assert.deepEqual([json.report, json.schema_version], ['ctxforge-check', 2]);
  assert.match(json.$schema, /check-report\.schema\.json$/);
  const { r, gh } = await comment(saved);
  assert.equal(r.code, 0, r.stdout);
  assert.equal(gh.comments.length, 1);
  const body = gh.comments[0]!.body;
  assertInert(body, 'comment');
  assert.match(body, /^<!-- ctxforge:check -->\n## ctxforge check: ❌ failed\n/);
  assert.match(body, /This verdict was reported by \[the pull request's own workflow run\]\(https:\/\/github\.com\/acme\/knowledge\/actions\/runs\/9001\) \(`failure`\), which the pull request can change/);
  assert.match(body, /OCTX_DOCUMENT_FRONTMATTER/);
});

test('a hand-forged report: every string stays text, the verdict slot is ctxforge\'s own, and a "passed" against a failed run says so', async () => {
  const { r, gh } = await comment(JSON.stringify(forgedReport()), 'failure');
  assert.equal(r.code, 0, r.stdout);
  const body = gh.comments[0]!.body;
  assertInert(body, 'comment');
  const headings = body.split('\n').filter((l) => l.startsWith('#'));
  assert.deepEqual(headings, ['## ctxforge check: ⚠️ reported as passed, but its run concluded `failure`', '### Lock review: ✅ passed']);
  // The forged lock review's diff lines stay inside a fence no line of theirs can close.
  assert.match(body, /\n````````diff\n\+<img src=x/);
  // The forged text is shown, not obeyed.
  assert.match(body, /&lt;img src=x onerror=alert\\\(1\\\)&gt;/);
  assert.match(body, /@&#8203;acme\/security-team/);
  const ok = await comment(JSON.stringify(forgedReport()), 'success');
  assert.match(ok.gh.comments[0]!.body, /^<!-- ctxforge:check -->\n## ctxforge check: ✅ passed\n\n> This verdict was reported by/);
});

test('refused, nothing posted: not JSON, Markdown, another report, an unknown version (both named), schema violations, oversized, not UTF-8', async () => {
  const big = forgedReport();
  (big.result as { notes: unknown[] }).notes = Array.from({ length: 900 }, () => ({ severity: 'info', code: 'Y', message: 'x'.repeat(8000) }));
  const cases: Array<[string, string | Buffer, RegExp]> = [
    ['not JSON', '{"report": "ctxforge-check",', /the saved report is not JSON/],
    ['Markdown', `<!-- ctxforge:check -->\n${FORGED}\n`, /the saved report is Markdown, not the JSON check report/],
    ['duplicate keys', '{"report":"ctxforge-check","report":"x"}', /not JSON.*duplicate/i],
    ['another document', JSON.stringify({ hello: 'world' }), /not a ctxforge check report/],
    ['version 1', JSON.stringify(forgedReport({ schema_version: 1 })), /schema version 1, and this ctxforge \(0\.1\.0\) reads schema version 2/],
    ['version 3', JSON.stringify(forgedReport({ schema_version: 3 })), /schema version 3, and this ctxforge \(0\.1\.0\) reads schema version 2/],
    ['extra key', JSON.stringify(forgedReport({ comment: FORGED })), /does not match the check report schema/],
    ['a bump that is HTML', JSON.stringify({ ...forgedReport(), result: { ...(forgedReport().result as object), required_bump: '<b>major</b>' } }), /does not match the check report schema/],
    ['a severity of its own', JSON.stringify({ ...forgedReport(), result: { ...(forgedReport().result as object), notes: [{ severity: 'critical', code: 'Y', message: 'm' }] } }), /does not match the check report schema/],
    ['oversized', JSON.stringify(big), /bytes, more than the 1048576 a check report may be/],
    ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /not UTF-8/],
  ];
  for (const [what, text, says] of cases) {
    const { r, gh } = await comment(text);
    assert.equal(r.code, 1, `${what}: ${r.stdout}`);
    assert.match(r.stdout, /CTXFORGE_REPORT_INVALID/, what);
    assert.match(r.stdout, says, `${what}: ${r.stdout}`);
    assert.equal(gh.comments.length, 0, what);
  }
});

test('the writer keeps a huge result under the cap and says it was cut', async () => {
  const { checkReportJson, readCheckReport, MAX_CHECK_REPORT_BYTES } = await import('../../src/release/check-json.js');
  const diagnostics = Array.from({ length: 20_000 }, (_, i) => ({ severity: 'error' as const, code: 'OCTX_X', message: `m${i} ${'y'.repeat(100)}`, file: `k/${i}.md` }));
  const text = checkReportJson({
    valid: false, failed: true, base: null, required_bump: 'none', failOn: ['error'], notes: [], configChanges: [], lock: null,
    packages: [{ name: 'g', path: 'g', format: 'octx', version: '1.0.0', valid: false, diagnostics, diff: null, findings: ['invalid package'] }],
  }, '0.1.0');
  assert.ok(Buffer.byteLength(text) <= MAX_CHECK_REPORT_BYTES);
  const back = readCheckReport(text, '0.1.0');
  assert.equal(back.truncated, true);
  assert.equal(back.failed, true);
  assert.ok(back.packages[0]!.diagnostics.length > 0 && back.packages[0]!.diagnostics.length < 20_000);
});
