// Judged by the generator itself (issue 34): the Hugo site shaped like hugoDocs
// (test/links/profile-sites.ts) is built by Debian's hugo, served on 127.0.0.1 and crawled by
// linkchecker with its anchor check; the broken links and missing anchors linkchecker finds,
// mapped back to the source page, are exactly ctxforge's findings. Run by scripts/ci-sites.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { git, tmpDir, writeTree } from '../../helpers/tmp.js';
import { DiskTree } from '../../../src/core/tree.js';
import { detectSite } from '../../../src/links/generators.js';
import { checkTreeLinks } from '../../../src/links/check.js';
import { RouteTable } from '../../../src/links/routes.js';
import { readUpstream } from '../../../src/sync/upstream.js';
import { hugo } from '../../links/profile-sites.js';

/** Minimal layouts inside the site (no theme from the network): the page body in <main>, no navigation. */
const LAYOUTS: Record<string, string> = {
  'themes/docs/layouts/_default/baseof.html': '<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><main>{{ block "main" . }}{{ end }}</main></body></html>\n',
  'themes/docs/layouts/_default/single.html': '{{ define "main" }}{{ .Content }}{{ end }}\n',
  'themes/docs/layouts/_default/list.html': '{{ define "main" }}{{ .Content }}{{ end }}\n',
  'themes/docs/layouts/index.html': '{{ define "main" }}{{ .Content }}{{ end }}\n',
  'themes/docs/layouts/shortcodes/include.html': '{{ with site.GetPage (.Get 0) }}{{ .Content }}{{ end }}\n',
  'themes/docs/layouts/shortcodes/code-toggle.html': '<pre>{{ .Inner | htmlEscape }}</pre>\n',
  'themes/docs/layouts/shortcodes/code.html': '<pre>{{ .Inner | htmlEscape }}</pre>\n',
  // As the fixture's hook: a relative destination is looked up with GetPage (the page's, then the root).
  'themes/docs/layouts/_default/_markup/render-link.html': '{{- $u := urls.Parse .Destination -}}{{- $href := .Destination -}}{{- if and (not $u.IsAbs) $u.Path (not (hasPrefix $u.Path "/")) -}}{{- with or ($.Page.GetPage $u.Path) ($.Page.GetPage (strings.TrimRight "/" $u.Path)) (site.GetPage (strings.TrimRight "/" $u.Path)) -}}{{- $href = printf "%s%s" .RelPermalink (cond (eq $u.Fragment "") "" (printf "#%s" $u.Fragment)) -}}{{- end -}}{{- end -}}<a href="{{ $href }}">{{ .Text | safeHTML }}</a>',
};

function serve(dir: string): Promise<{ port: number; close: () => void }> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!.split('#')[0]!);
    // Hugo writes every URL lowercased; its hosts (gohugo.io on Netlify) answer a link in any case with it.
    let p = normalize(join(dir, url));
    if (!existsSync(p)) p = normalize(join(dir, url.toLowerCase()));
    if (!p.startsWith(dir)) { res.statusCode = 403; res.end(); return; }
    if (existsSync(p) && statSync(p).isDirectory()) p = join(p, 'index.html');
    if (!existsSync(p)) { res.statusCode = 404; res.end('not found'); return; }
    res.setHeader('content-type', p.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream');
    res.end(readFileSync(p));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ port: (server.address() as AddressInfo).port, close: () => server.close() })));
}

test('hugo builds the site; linkchecker on 127.0.0.1 finds exactly the broken links and anchors ctxforge reports', async () => {
  const s = hugo();
  const root = tmpDir('ctxforge-interop-hugo-');
  writeTree(root, { ...s.files, ...LAYOUTS, 'hugo.toml': `theme = "docs"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n${s.files['hugo.toml']}` });
  git(root, ['init', '-q']);
  execFileSync('hugo', ['--quiet', '-s', root, '-d', join(root, 'public')], { stdio: 'pipe' });
  const docs = join(root, s.docs);
  const site = await detectSite(docs);
  const up = await readUpstream(docs);
  const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const ours = r.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => d.file!).sort();

  const table = new RouteTable(up.docs.map((d) => d.path), site.root, site.routes!, new Map([...up.meta].filter(([, v]) => v.route).map(([k, v]) => [k, v.route!])));
  const srv = await serve(join(root, 'public'));
  try {
    const cfg = join(root, 'linkchecker.cfg');
    writeFileSync(cfg, '[checking]\nthreads=2\n[filtering]\ncheckextern=0\n[AnchorCheck]\n');
    // Run as root, linkchecker drops to nobody: its configuration must be readable by anyone, its report goes to stdout.
    chmodSync(root, 0o755);
    chmodSync(cfg, 0o644);
    // Asynchronously: the server answering it runs in this process.
    // Every page is a start URL: a page no other page links to is still read.
    const starts = up.docs.map((d) => `http://127.0.0.1:${srv.port}/${table.urlOf(d.path) ? `${table.urlOf(d.path)}/` : ''}`);
    const lc = await new Promise<{ stdout: string; stderr: string }>((ok) => execFile('linkchecker', ['-f', cfg, '--no-status', '-o', 'csv', ...starts], { encoding: 'utf8', env: { ...process.env, HOME: root } }, (_e, stdout, stderr) => ok({ stdout, stderr })));
    const rows = lc.stdout.split('\n').filter((l) => l && !l.startsWith('#'));
    assert.ok(rows.length > 1, lc.stderr);
    const head = rows.shift()!.split(';');
    const col = (n: string) => head.indexOf(n);
    const theirs = new Set<string>();
    for (const row of rows) {
      const c = row.split(';');
      const valid = c[col('valid')] === 'True';
      const warn = c[col('warningstring')] ?? '';
      // (linkchecker never checks a page's own #anchors: the planted ones link with the page's path.)
      if (valid && !/anchor/i.test(warn)) continue;
      const pn = c[col('parentname')];
      if (!pn) continue;
      const parent = new URL(pn).pathname;
      // Files of static/ are the site's, not links ctxforge judges against pages.
      const name = c[col('urlname')]!;
      theirs.add(`${table.lookup(parent) ?? parent} ${valid ? name.slice(name.indexOf('#')) : name}`);
    }
    const oursKeys = r.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file} ${/link to (\S+)/.exec(d.message)?.[1] ?? `#${/anchor #(\S+?)(?: \(|$)/.exec(d.message)?.[1]}`}`).sort();
    assert.ok(ours.length >= 4, 'the planted findings are there to compare');
    assert.deepEqual(oursKeys, [...theirs].sort(), JSON.stringify({ rows, ours: r.diagnostics }, null, 1));
  } finally { srv.close(); }
});
