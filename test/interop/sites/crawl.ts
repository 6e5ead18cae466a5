// What the interop tests of test/interop/sites share: a built site served on 127.0.0.1, crawled by
// linkchecker with its anchor check, its broken links and missing anchors mapped back to the page
// that holds them; ctxforge's findings as the same keys; and where each URL the route model
// predicts is written in a generator's output.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Diagnostic } from '../../../src/core/diagnostics.js';

/** Serves `dir` as a static host does: a folder by its index.html; `foldCase` answers a URL in any case (Hugo's hosts). */
export function serve(dir: string, foldCase = false): Promise<{ port: number; close: () => void }> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!.split('#')[0]!);
    let p = normalize(join(dir, url));
    if (foldCase && !existsSync(p)) p = normalize(join(dir, url.toLowerCase()));
    if (!p.startsWith(dir)) { res.statusCode = 403; res.end(); return; }
    if (existsSync(p) && statSync(p).isDirectory()) p = join(p, 'index.html');
    if (!existsSync(p)) { res.statusCode = 404; res.end('not found'); return; }
    res.setHeader('content-type', p.endsWith('.html') ? 'text/html; charset=utf-8' : p.endsWith('.css') ? 'text/css' : 'application/octet-stream');
    res.end(readFileSync(p));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ port: (server.address() as AddressInfo).port, close: () => server.close() })));
}

export interface Crawled {
  /** `<page path> <target>`: the URL path of the page holding the link, and the link as found (`#anchor` for a missing anchor). */
  findings: Set<string>;
  rows: string[];
  stderr: string;
}

/**
 * Crawls the site in `out` from every start path with linkchecker (anchor check on, nothing
 * external; a start URL's folder is what linkchecker counts as internal, so every page is one).
 * `ignore`: URL patterns linkchecker leaves alone.
 */
export async function crawl(work: string, out: string, starts: string[], ignore: string[] = []): Promise<Crawled> {
  const srv = await serve(out, true);
  try {
    const cfg = join(work, 'linkchecker.cfg');
    writeFileSync(cfg, `[checking]\nthreads=2\n[filtering]\ncheckextern=0\n${ignore.length ? `ignore=\n${ignore.map((i) => `  ${i}`).join('\n')}\n` : ''}[AnchorCheck]\n`);
    // Run as root, linkchecker drops to nobody: its configuration must be readable by anyone, its report goes to stdout.
    chmodSync(work, 0o755);
    chmodSync(cfg, 0o644);
    // Asynchronously: the server answering it runs in this process. Every page is a start URL: one nobody links to is still read.
    const urls = starts.map((s) => `http://127.0.0.1:${srv.port}/${s.replace(/^\/+/, '')}`);
    const lc = await new Promise<{ stdout: string; stderr: string }>((ok) => execFile('linkchecker', ['-f', cfg, '--no-status', '-o', 'csv', ...urls], { encoding: 'utf8', env: { ...process.env, HOME: work }, maxBuffer: 64 << 20 }, (_e, stdout, stderr) => ok({ stdout, stderr })));
    // Comment lines start with `# `; a row for a link to the page's own `#anchor` starts with `#`.
    const rows = lc.stdout.split('\n').filter((l) => l && !l.startsWith('# '));
    const head = (rows.shift() ?? '').split(';');
    const col = (n: string) => head.indexOf(n);
    const findings = new Set<string>();
    for (const row of rows) {
      const c = row.split(';');
      const valid = c[col('valid')] === 'True';
      const warn = c[col('warningstring')] ?? '';
      if (valid && !/anchor/i.test(warn)) continue;
      const pn = c[col('parentname')];
      if (!pn) continue;
      const name = c[col('urlname')]!;
      findings.add(`${new URL(pn).pathname} ${valid ? name.slice(name.indexOf('#')) : name}`);
    }
    return { findings, rows, stderr: lc.stderr };
  } finally { srv.close(); }
}

/** ctxforge's broken links and missing anchors as `<file> <target>` keys (a cross-reference by its path, an anchor as `#x`). */
export function ourKeys(diags: Diagnostic[]): string[] {
  return diags.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => {
    const m = d.message;
    const what = /^link to (\S+)/.exec(m)?.[1]
      ?? /^\{\{< \w+ "([^"]*)" >\}\}/.exec(m)?.[1]
      ?? /^\{% \w+ (\S+) %\}/.exec(m)?.[1]
      ?? /^\{\w+\}`([^`]*)`/.exec(m)?.[1]
      ?? `#${/anchor #(\S+?)(?: \(|$)/.exec(m)?.[1]}`;
    return `${d.file} ${what}`;
  }).sort();
}

/**
 * The file a generator writes for a URL path the route model predicts (`a/b`, `a/b.html`, ''):
 * `a/b.html` when the URL names it, else `a/b/index.html` (pretty) or `a/b.html` — whichever
 * exists, undefined when none does.
 */
export function writtenFile(out: string, url: string): string | undefined {
  const u = url.replace(/^\/+|\/+$/g, '');
  const candidates = /\.html?$/.test(u) ? [u] : [u ? `${u}/index.html` : 'index.html', `${u}.html`];
  return candidates.find((c) => existsSync(join(out, c)));
}

/**
 * A generator installed from npm (its `node_modules`) made the packages of the site at `root`: a
 * node_modules of the site's own, each package linked into it. Not the folder itself: builders keep
 * caches in node_modules/.cache (webpack's), which a link to the whole folder would share with
 * every other site built from that install.
 */
export function linkPackages(modules: string, root: string): void {
  mkdirSync(join(root, 'node_modules'));
  for (const e of readdirSync(modules)) if (e !== '.cache') symlinkSync(join(modules, e), join(root, 'node_modules', e));
}
