// Judged by VitePress itself: the VitePress site of test/links/sites.ts (clean links, a folder's
// index.md, a README page, public/ files, explicit heading ids, a `{{ }}` destination) is built by
// vitepress from npm (scripts/ci-sites.sh installs it and names its bin in CTXFORGE_VITEPRESS). Its
// build stops at an image it cannot resolve and then at its dead links, each named with its file; it
// checks no anchor, so a third build (dead links ignored) is crawled by linkchecker on 127.0.0.1 with
// its anchor check. Together they are exactly ctxforge's findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tmpDir, writeTree } from '../../helpers/tmp.js';
import { DiskTree } from '../../../src/core/tree.js';
import { detectSite } from '../../../src/links/generators.js';
import { checkTreeLinks } from '../../../src/links/check.js';
import { readUpstream } from '../../../src/sync/upstream.js';
import { vitepress } from '../../links/sites.js';
import { crawl, linkPackages, ourKeys } from './crawl.js';

const bin = process.env.CTXFORGE_VITEPRESS;
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
// A link as VitePress names a dead one (`./notes/` is `./notes/index`, `.md` dropped, percent-encoded) and as written, alike.
const norm = (l: string) => decodeURIComponent(l).replace(/\.(md|html)$/, '').replace(/(^|\/)index$/, '$1').replace(/\/$/, '');

test('vitepress builds the site; the image it cannot resolve, its dead links and linkchecker\'s missing anchors are exactly what ctxforge reports', async () => {
  assert.ok(bin && existsSync(bin), 'CTXFORGE_VITEPRESS names the vitepress bin of an install (scripts/ci-sites.sh makes one)');
  const s = vitepress();
  const root = tmpDir('ctxforge-interop-vitepress-');
  writeTree(root, s.files);
  const docs = join(root, s.docs);
  const site = await detectSite(docs);
  assert.equal(site.generator, 'vitepress');
  const up = await readUpstream(docs);
  const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const ours = ourKeys(r.diagnostics);

  // The fixture's configuration throws when executed (ctxforge never runs it): the build gets its
  // own, and the default theme (the fixture's stand-in theme has no layout: pages would render empty).
  rmSync(join(docs, '.vitepress', 'config.ts'));
  rmSync(join(docs, '.vitepress', 'theme'), { recursive: true });
  const config = join(docs, '.vitepress', 'config.mts');
  writeFileSync(config, 'export default { title: "Site" }\n');
  linkPackages(resolve(dirname(bin!), '..', '..'), root);
  // Each build from nothing: a failed build's cache leaves pages out of the next one.
  const build = () => { for (const d of ['cache', 'dist']) rmSync(join(docs, '.vitepress', d), { recursive: true, force: true }); const b = spawnSync(process.execPath, [bin!, 'build', 'docs'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }); return { status: b.status, log: plain(`${b.stdout}\n${b.stderr}`) }; };
  const theirs: string[] = [];

  // 1. An image it cannot resolve stops the bundle (rollup), naming the page.
  const first = build();
  assert.notEqual(first.status, 0);
  const image = /Could not resolve "([^"]+)" from "docs\/([^"]+)"/.exec(first.log);
  assert.ok(image, first.log);
  theirs.push(`${image[2]} ${image[1]}`);
  // 2. With that image there, the dead links, each with its file (the build fails on them).
  const shot = join(docs, dirname(image[2]!), image[1]!);
  copyFileSync(join(docs, 'public', 'logo.png'), shot);
  const second = build();
  assert.notEqual(second.status, 0);
  const dead = [...second.log.matchAll(/Found dead link (\S+) in file (\S+)/g)].map((m) => `${m[2]} ${norm(m[1]!)}`);
  assert.ok(dead.length >= 3, second.log);
  // 3. Dead links ignored: the site is written, and linkchecker finds the missing anchors.
  writeFileSync(config, 'export default { title: "Site", ignoreDeadLinks: true }\n');
  const third = build();
  assert.equal(third.status, 0, third.log);
  rmSync(shot);
  const out = join(docs, '.vitepress', 'dist');
  const pages = up.docs.map((d) => d.path.replace(/\.md$/, '.html'));
  for (const p of pages) assert.ok(existsSync(join(out, p)), `${p} is written`);
  const c = await crawl(root, out, pages);
  assert.ok(c.rows.length > 1, c.stderr);
  const anchors = [...c.findings].map((f) => f.split(' ') as [string, string]).filter(([, what]) => what.startsWith('#'))
    .map(([page, what]) => `${page.replace(/^\/+/, '').replace(/\.html$/, '.md').replace(/(^|\/)$/, '$1index.md')} ${what}`);

  const want = [...theirs, ...dead, ...anchors].sort();
  const got = ours.map((k) => { const i = k.indexOf(' '); const what = k.slice(i + 1); return what.startsWith('#') || /\.(png|jpe?g|svg|gif)$/.test(what) ? k : `${k.slice(0, i)} ${norm(what)}`; }).sort();
  assert.deepEqual(got, want, JSON.stringify({ first: first.log.slice(0, 2000), dead, anchors, ours }, null, 1));
  assert.equal(ours.length, s.planted.length, 'the planted findings are there to compare');
});
