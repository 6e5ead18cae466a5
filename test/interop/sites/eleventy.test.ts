// Judged by Eleventy itself: the Eleventy site of test/links/profile-sites.ts (permalinks — `false`,
// a file-like `/resource`, templated, computed by a data file —, a Nunjucks page, passthrough copies,
// heading ids) is built by @11ty/eleventy from npm (scripts/ci-sites.sh installs it with
// markdown-it-anchor and names its folder in CTXFORGE_ELEVENTY), served on 127.0.0.1 and crawled by
// linkchecker with its anchor check. Its broken links and missing anchors are exactly ctxforge's
// findings, but for the links ctxforge counts as not judged because code makes their routes (a
// templated permalink, a data file's, a passthrough copy); every page is written at the URL predicted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../../helpers/tmp.js';
import { DiskTree } from '../../../src/core/tree.js';
import { detectSite } from '../../../src/links/generators.js';
import { checkTreeLinks } from '../../../src/links/check.js';
import { RouteTable } from '../../../src/links/routes.js';
import { readUpstream } from '../../../src/sync/upstream.js';
import { eleventy } from '../../links/profile-sites.js';
import { crawl, linkPackages, ourKeys, writtenFile } from './crawl.js';

const install = process.env.CTXFORGE_ELEVENTY;

// The fixture's configuration, as 11ty's own docs set it up: the `addedin` shortcode (rendered empty
// here), heading ids by markdown-it-anchor with Eleventy's slugify filter, and the file-like permalink
// allowed (Eleventy 3 stops on it otherwise).
const CONFIG = `import markdownItAnchor from "markdown-it-anchor";
export default function (eleventyConfig) {
\televentyConfig.addPassthroughCopy("src/img");
\televentyConfig.addShortcode("addedin", () => "");
\televentyConfig.configureErrorReporting({ allowMissingExtensions: true });
\televentyConfig.amendLibrary("md", (md) => md.use(markdownItAnchor, { slugify: eleventyConfig.getFilter("slugify") }));
}
export const config = { dir: { input: "src" }, markdownTemplateEngine: "njk" };
`;

test('eleventy builds the site; linkchecker on 127.0.0.1 finds exactly the broken links and anchors ctxforge reports, and the routes code makes are the ones not judged', async () => {
  assert.ok(install && existsSync(join(install, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs')), 'CTXFORGE_ELEVENTY names a folder where @11ty/eleventy is installed (scripts/ci-sites.sh makes one)');
  const s = eleventy();
  const root = tmpDir('ctxforge-interop-eleventy-');
  writeTree(root, s.files);
  const docsAbs = join(root, s.docs);
  // ctxforge reads the fixture as it is (its configuration is code, never run).
  assert.equal((await detectSite(docsAbs)).generator, 'eleventy');
  const up = await readUpstream(docsAbs);
  const site = up.site;
  const r = await checkTreeLinks(new DiskTree(docsAbs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const notJudged = r.diagnostics.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';

  writeTree(root, { 'eleventy.config.js': CONFIG });
  linkPackages(join(install!, 'node_modules'), root);
  const b = spawnSync(process.execPath, [join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'), '--quiet'], { cwd: root, encoding: 'utf8' });
  assert.equal(b.status, 0, `${b.stdout}\n${b.stderr}`);
  const out = join(root, '_site');

  const table = new RouteTable(up.docs.map((d) => d.path), site.root, site.routes!, new Map([...up.meta].filter(([, v]) => v.route).map(([k, v]) => [k, v.route!])));
  const written = up.docs.filter((d) => table.urlOf(d.path) !== undefined);
  for (const d of written) {
    const url = table.urlOf(d.path)!;
    assert.ok(writtenFile(out, url) ?? (existsSync(join(out, url)) ? url : undefined), `${d.path} is written for /${url}`);
  }
  const c = await crawl(root, out, written.map((d) => { const u = table.urlOf(d.path)!; return table.isFolder(d.path) && u ? `${u}/` : u; }));
  assert.ok(c.rows.length >= 1, c.stderr);
  const theirs = [...c.findings].map((f) => { const [page, what] = f.split(' ') as [string, string]; return `${table.lookup(page) ?? page} ${what}`; });
  // Routes code makes, which ctxforge counts as not judged (and says why): broken on this build, as it happens.
  const byCode = ['index.md /tags/news/', 'index.md /docs/computed/first-page/', 'index.md /css/site.css'];
  for (const k of byCode) assert.ok(theirs.includes(k), `linkchecker finds ${k}: ${JSON.stringify(c.rows)}`);
  assert.match(notJudged, /templated permalinks/);
  assert.match(notJudged, /a data file sets/);
  assert.match(notJudged, /passthrough copies/);
  const ours = ourKeys(r.diagnostics);
  assert.deepEqual(ours, theirs.filter((k) => !byCode.includes(k)).sort(), JSON.stringify({ rows: c.rows, ours: r.diagnostics }, null, 1));
  assert.equal(ours.length, s.planted.length, 'the planted findings are there to compare');
});
