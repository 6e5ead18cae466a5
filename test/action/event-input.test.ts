// Event payload SHAs are checked before they reach git (issue 16 §7): a payload's base.sha of
// "--output=/tmp/x" or "HEAD~1" is refused with exit 2 and never echoed. Before the fix it went to
// `git rev-parse` / `git fetch` as given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { git } from '../helpers/tmp.js';
import { ALPHA, makeRepo, octxFiles, runAction } from './harness.js';

const HOSTILE = ['--upload-pack=touch${IFS}pwned', 'HEAD~1', 'abc', 'A'.repeat(40), `${'a'.repeat(40)}\n`, 42];

test('a pull_request event whose base or head sha is not 40/64 hex exits 2 with CTXFORGE_EVENT_SHA_INVALID, value not echoed', async () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA]));
  const head = git(dir, ['rev-parse', 'HEAD']).trim();
  for (const bad of HOSTILE) {
    for (const side of ['base', 'head'] as const) {
      const pr = { number: 1, base: { sha: side === 'base' ? bad : head, ref: 'main' }, head: { sha: side === 'head' ? bad : head } };
      const r = await runAction({ workspace: dir, eventName: 'pull_request', ref: 'refs/pull/1/merge', sha: head, event: { number: 1, pull_request: pr } });
      assert.equal(r.code, 2, `${side} ${JSON.stringify(bad)}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout + r.stderr, new RegExp(`CTXFORGE_EVENT_SHA_INVALID: pull_request\\.${side}\\.sha`));
      if (typeof bad === 'string' && bad.length > 3) assert.ok(!(r.stdout + r.stderr).includes(bad.trim()), r.stdout);
    }
  }
  const ok = await runAction({ workspace: dir, eventName: 'pull_request', ref: 'refs/pull/1/merge', sha: head, event: { number: 1, pull_request: { number: 1, base: { sha: head, ref: 'main' }, head: { sha: head } } } });
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
});

test('a push event whose `before` is not a sha exits 2; the all-zero sha of a new branch means no base', async () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA]));
  const head = git(dir, ['rev-parse', 'HEAD']).trim();
  const run = (before: unknown) => runAction({ workspace: dir, eventName: 'push', ref: 'refs/heads/main', sha: head, event: { before, after: head }, inputs: { MODE: 'check' } });
  const bad = await run('-c core.pager=sh');
  assert.equal(bad.code, 2, bad.stdout);
  assert.match(bad.stdout, /CTXFORGE_EVENT_SHA_INVALID: before/);
  assert.equal((await run('0'.repeat(40))).code, 0);
});
