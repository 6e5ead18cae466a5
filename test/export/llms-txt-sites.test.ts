// llms.txt of a synced Hugo site links the URLs the site serves (`/functions/hugo/store/`, `/` for
// the home page), never the source files (`_index.md`, `Store.md`), which Hugo does not serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { hugo } from '../links/profile-sites.js';

test('export llms-txt of a synced Hugo site: served URLs, no source path', async () => {
  const s = hugo();
  const up = tmpDir('ctxforge-llms-hugo-up-');
  writeTree(up, s.files);
  git(up, ['init', '-q']);
  const repo = tmpDir('ctxforge-llms-hugo-');
  initRepo(repo);
  let r = await runCli(['sync', join(up, s.docs), 'pkg', '--json'], { cwd: repo });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  r = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://gohugo.io/', '--out', '-'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr);
  const links = [...r.stdout.matchAll(/\]\((https:\/\/gohugo\.io\/[^)]*)\)/g)].map((m) => m[1]!);
  assert.ok(links.includes('https://gohugo.io/functions/hugo/store/'), r.stdout);
  assert.ok(links.includes('https://gohugo.io/'), r.stdout);
  assert.ok(links.includes('https://gohugo.io/getting-started/configuration/'), r.stdout);
  assert.deepEqual(links.filter((l) => /\.md$|_index/.test(l)), [], r.stdout);
});
