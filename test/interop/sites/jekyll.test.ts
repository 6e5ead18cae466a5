// Judged by Jekyll itself (issue 34): the Jekyll site of test/links/profile-sites.ts (permalinks,
// posts in _posts/ folders, kramdown's ids, Liquid's link and post_url) is built by Debian's jekyll.
// Jekyll stops at the first tag it cannot resolve, naming the page: the test builds again with that
// tag shown instead of run ({% raw %}), until the build passes, and the tags so found are the
// generator's verdict on them. The built site is then crawled by linkchecker on 127.0.0.1 (anchor
// check on). Together they must equal ctxforge's findings, and every page must be written at the
// URL the route model predicts. Run by scripts/ci-sites.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../../helpers/tmp.js';
import { DiskTree } from '../../../src/core/tree.js';
import { detectSite } from '../../../src/links/generators.js';
import { checkTreeLinks } from '../../../src/links/check.js';
import { RouteTable } from '../../../src/links/routes.js';
import { readUpstream } from '../../../src/sync/upstream.js';
import { jekyll } from '../../links/profile-sites.js';
import { crawl, ourKeys, writtenFile } from './crawl.js';
import { assertReaderText, readerFigures } from './reader-text.js';

const FAILED = /Could not find (?:document '([^']+)' in tag 'link'|post "([^"]+)" in tag 'post_url')[\s\S]*? in (\S+?)\s*$/m;

test('jekyll builds the site; the tags it cannot resolve and linkchecker on 127.0.0.1 find exactly what ctxforge reports', async () => {
  const s = jekyll();
  const root = tmpDir('ctxforge-interop-jekyll-');
  // (The site's _config.yml gives every page the layout that has a <main>.)
  writeTree(root, s.files);
  git(root, ['init', '-q']);
  const docs = join(root, s.docs);
  const site = await detectSite(docs);
  assert.equal(site.generator, 'jekyll');
  const up = await readUpstream(docs);
  const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });

  const out = join(root, 'out');
  const unresolved: string[] = [];
  for (let i = 0; ; i++) {
    assert.ok(i < 10, 'the build passes once the tags it cannot resolve are shown');
    const b = spawnSync('jekyll', ['build', '-q', '-s', docs, '-d', out], { encoding: 'utf8', cwd: root });
    if (b.status === 0) break;
    const m = FAILED.exec(b.stderr.replace(/\x1b\[[0-9;]*m/g, ''));
    assert.ok(m, b.stderr);
    const [arg, page] = [m[1] ?? m[2]!, m[3]!];
    unresolved.push(`${page} ${arg}`);
    const file = join(docs, page);
    const tag = new RegExp(`\\{%-?\\s*(?:link|post_url)\\s+${arg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*-?%\\}`, 'g');
    writeFileSync(file, readFileSync(file, 'utf8').replace(tag, (t) => `{% raw %}${t}{% endraw %}`));
  }

  const table = new RouteTable(up.docs.map((d) => d.path), site.root, site.routes!, new Map([...up.meta].filter(([, v]) => v.route).map(([k, v]) => [k, v.route!])));
  // A collection that is not written (no `output: true`) has no route: Jekyll writes none of its documents.
  const served = up.docs.filter((d) => table.urlOf(d.path) !== undefined);
  assert.deepEqual(up.docs.filter((d) => !served.includes(d)).map((d) => d.path), ['_ideas/idea.md']);
  for (const d of served) assert.ok(writtenFile(out, table.urlOf(d.path)!), `${d.path} is written for /${table.urlOf(d.path)}`);
  // The address the model gives each page (what llms.txt and sync write) is a file jekyll wrote: `x/` its index.html, `x.html` itself.
  const addresses = served.map((d) => table.servedPath(d.path)!);
  for (const [i, a] of addresses.entries()) assert.ok(existsSync(join(out, a === '' || a.endsWith('/') ? `${a}index.html` : a)), `${served[i]!.path}: jekyll wrote nothing at /${a}`);
  const c = await crawl(root, out, addresses);
  assert.ok(c.rows.length > 1, c.stderr);
  const theirs = [
    // (Not the tags shown instead of run: those are the build's verdict, below.)
    ...[...c.findings].filter((f) => !f.includes(' {%')).map((f) => { const [page, what] = f.split(' ') as [string, string]; return `${table.lookup(page) ?? page} ${what}`; }),
    ...unresolved,
  ].sort();
  assert.ok(unresolved.length >= 3, 'the planted tags are there to compare');
  assert.deepEqual(ourKeys(r.diagnostics), theirs, JSON.stringify({ rows: c.rows, unresolved, ours: r.diagnostics }, null, 1));
  // What the agent reads is what a reader sees: the synced documents against the built pages.
  assertReaderText('jekyll', await readerFigures(docs, (p) => { const u = table.urlOf(p); if (u === undefined) return null; const f = writtenFile(out, u); return f && join(out, f); }), {
    'docs/tags.md': 'the planted tags Jekyll cannot resolve (and those in code spans, which Liquid runs) are left as written, so validate still reports them',
    '_notes/My_Note.md': "kramdown's `{: #v1}` line after a heading is kept as written: it gives the heading the id the package's links use (reader text does not fold it into the heading yet)",
  });
});
