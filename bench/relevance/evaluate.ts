// The relevance run: each question set (written before any search over it, judged by
// reading the pages: *-judgements.tsv) asked of ctxforge's search (tools.search, both stages) and of
// plain FTS5 BM25 over title + body with the porter tokenizer, on the same documents, in one run.
// Prints recall@1, recall@3 (the share of questions with a relevant page in the first 1 or 3) and
// MRR@10 (the mean of 1 / rank of the first relevant page in the first 10, 0 when none), and the
// questions each system misses at 3.
//
//
// Each corpus is served as a user serves it: `ctxforge sync` of the folder (the Hugo docs with
// `--site hugo`, which the repository's hugo.toml would say: the corpus is a sparse checkout of
// content/en without it) then `ctxforge build`, the artifact read as `serve` reads it. So the ids are
// the package's (UUIDs), a Hugo `_index.md` is `index-page.md`, and what the site never renders as a
// page (`_common/` snippets, `build: render: never`) is no document; a judged page sync leaves out
// is not counted (every question keeps a page). `--files` reads the Markdown files directly instead
// (path ids, every file a page), as runs before the sync-built corpus did. `--keep <dir>` keeps the
// synced and built corpora there and reuses them on the next run (the corpora are pinned).
//
//   bench/relevance/fetch-corpora.sh /tmp/corpora && npx tsx bench/relevance/evaluate.ts /tmp/corpora [--json] [--heldout-misses] [--tuning-only] [--files] [--keep <dir>] [--plain-description]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMemory } from '../../src/core/sqlite.js';
import { loadArtifacts, servedPackage, type ServedPackage } from '../../src/serve/corpus.js';
import { openIndex } from '../../src/serve/search-index.js';
import * as tools from '../../src/serve/tools.js';
import { reply, replySize } from '../../src/serve/reply.js';
import type { Doc } from '../../src/format.js';

const here = dirname(fileURLToPath(import.meta.url));
const USAGE = 'usage: evaluate.ts <corpora dir> [--json] [--heldout-misses] [--tuning-only] [--files] [--keep <dir>] [--plain-description]\n  (the corpora: bench/relevance/fetch-corpora.sh <corpora dir>)';
const root = process.argv[2];
if (root === '--help' || root === '-h') { console.log(USAGE); process.exit(0); }
if (!root || root.startsWith('-') || !existsSync(root)) { console.error(root && !root.startsWith('-') ? `${root}: no such folder\n${USAGE}` : USAGE); process.exit(2); }

function walk(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (n.endsWith('.md')) out.push(p);
  }
  return out;
}

/** tldr: the page's file name is its id, its `# name` line its title. */
function tldr(dir: string): Doc[] {
  return walk(join(dir, 'pages', 'common')).map((p) => {
    const body = readFileSync(p, 'utf8');
    const id = p.slice(p.lastIndexOf('/') + 1, -3);
    return { id, path: `${id}.md`, title: /^#\s+(.*)$/m.exec(body)?.[1]?.trim() ?? id, body };
  });
}

/** Hugo docs: the path under content/en without .md, /index or /_index is the id; front matter's title. */
function hugo(dir: string): Doc[] {
  const base = join(dir, 'content', 'en');
  return walk(base).flatMap((p) => {
    const rel = relative(base, p);
    const id = rel.replace(/\.md$/, '').replace(/\/?_?index$/, '');
    if (!id) return [];
    const text = readFileSync(p, 'utf8');
    const fm = /^---\n([\s\S]*?)\n---\n?/.exec(text);
    const title = (fm && /^title:\s*(.*)$/m.exec(fm[1]!)?.[1]?.trim().replace(/^(['"])(.*)\1$/, '$2')) || id;
    const description = fm && /^description:\s*(.*)$/m.exec(fm[1]!)?.[1]?.trim().replace(/^(['"])(.*)\1$/, '$2');
    return [{ id, path: rel, title, body: fm ? text.slice(fm[0].length) : text, ...(description ? { description } : {}) }];
  });
}

const cli = join(here, '..', '..', 'bin', 'ctxforge.js');
const run = (args: string[]) => execFileSync(process.execPath, [cli, ...args], { env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' }, maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString();

/**
 * The folder synced and built as a user would, served as `serve` serves the artifact; each document
 * known by the id the judgements use (`judgedId` of the upstream path it was synced from).
 */
async function synced(dir: string, judgedId: (upstream: string) => string, site: string[], keep?: string): Promise<{ pkg: ServedPackage; judged: Map<string, string> }> {
  const work = keep ?? mkdtempSync(join(tmpdir(), 'ctxforge-relevance-sync-'));
  const saved = join(work, 'synced.json');
  let made: { added: { id: string; upstream: string }[]; artifact: string };
  if (keep && existsSync(saved)) made = JSON.parse(readFileSync(saved, 'utf8'));
  else {
    mkdirSync(work, { recursive: true });
    const report = JSON.parse(run(['sync', dir, join(work, 'tree'), '--json', ...site])) as { added: { id: string; upstream: string }[] };
    const built = JSON.parse(run(['build', join(work, 'tree'), '-o', join(work, 'dist'), '--source-date-epoch', '0', '--json'])) as { artifacts: { path: string }[] };
    made = { added: report.added, artifact: built.artifacts[0]!.path };
    writeFileSync(saved, JSON.stringify(made));
  }
  const [pkg] = await loadArtifacts([made.artifact], { cwd: work, env: { ...process.env, XDG_CACHE_HOME: work }, allowUnsigned: true }, []);
  return { pkg: pkg!, judged: new Map(made.added.map((a) => [a.id, judgedId(a.upstream)])) };
}

function judgements(file: string): { q: string; rel: Set<string> }[] {
  return readFileSync(join(here, file), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => {
    const [q, ids] = l.split('\t');
    return { q: q!, rel: new Set(ids!.split(' ')) };
  });
}

/**
 * Plain FTS5 BM25: title + body, porter, default weights, the query's words OR'ed. With
 * --plain-description the body starts with the page's description, as ctxforge's index does.
 */
function plain(docs: Doc[]) {
  const withDescription = process.argv.includes('--plain-description');
  const db = openMemory();
  db.exec("CREATE VIRTUAL TABLE d USING fts5(id UNINDEXED, title, body, tokenize = 'porter unicode61 remove_diacritics 2')");
  const ins = db.prepare('INSERT INTO d(id, title, body) VALUES (?, ?, ?)');
  db.transaction(() => { for (const x of docs) ins.run(x.id, x.title, withDescription && x.description ? `${x.description}\n\n${x.body}` : x.body); })();
  const q = db.prepare('SELECT id FROM d WHERE d MATCH ? ORDER BY bm25(d), id LIMIT 10');
  return (query: string) => {
    const words = query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
    return words.length ? q.all(words.map((w) => `"${w}"`).join(' OR ')).map((r) => String(r.id)) : [];
  };
}

function metrics(qs: { q: string; rel: Set<string> }[], ask: (q: string) => string[]) {
  let r1 = 0, r3 = 0, mrr = 0;
  const misses: string[] = [];
  // Each question's rank of its first relevant page (1-based; 0: not in the first 10), for --json.
  const ranks: Record<string, number> = {};
  for (const { q, rel } of qs) {
    const got = ask(q).slice(0, 10);
    const at = got.findIndex((id) => rel.has(id));
    ranks[q] = at + 1;
    if (at === 0) r1++;
    if (at >= 0 && at < 3) r3++; else misses.push(`${q} → ${got.slice(0, 3).join(', ')}`);
    if (at >= 0) mrr += 1 / (at + 1);
  }
  const n = qs.length;
  return { questions: n, recall_at_1: r1 / n, recall_at_3: r3 / n, mrr_at_10: mrr / n, misses, ranks };
}

// Each corpus has three sets: the one the model's weights were chosen on (tuning) and two held-out
// ones, each committed before any search over it and never used to choose anything (docs/serve.md says
// when their figures were read; held-out 2 was written after held-out had been seen while the ranking
// changed). Only the tuning sets' misses are printed unless --heldout-misses is given: acting on the
// held-out misses is how a set stops being held out.
const files = process.argv.includes('--files');
const keepAt = process.argv.indexOf('--keep');
const keep = keepAt > 0 ? process.argv[keepAt + 1] : undefined;
const hugoId = (rel: string) => rel.replace(/\.md$/, '').replace(/\/?_?index$/, '');
const corpora = [
  { name: 'tldr pages/common', dir: join(root, 'tldr', 'pages', 'common'), site: [], read: () => tldr(join(root, 'tldr')), judgedId: (p: string) => p.replace(/\.md$/, ''), sets: [['tuning', 'tldr-judgements.tsv'], ['held-out', 'tldr-heldout-judgements.tsv'], ['held-out 2', 'tldr-heldout2-judgements.tsv']] },
  { name: 'Hugo docs content/en', dir: join(root, 'hugoDocs', 'content', 'en'), site: ['--site', 'hugo'], read: () => hugo(join(root, 'hugoDocs')), judgedId: hugoId, sets: [['tuning', 'hugo-judgements.tsv'], ['held-out', 'hugo-heldout-judgements.tsv'], ['held-out 2', 'hugo-heldout2-judgements.tsv']] },
];
const showHeldOut = process.argv.includes('--heldout-misses');
// While a change to the ranking is being tried: the tuning sets only, so the held-out figures are
// read once, when the change is done.
const tuningOnly = process.argv.includes('--tuning-only');
const report = [];
for (const c of corpora) {
  const { pkg, judged } = files
    ? { pkg: servedPackage({ name: 'corpus', version: '1', format: 'octx', sha256: '0'.repeat(64), source: c.name, signer: { key_id: null, trust: 'unsigned' } }, c.read(), []), judged: null }
    : await synced(c.dir, c.judgedId, c.site, keep && join(keep, c.dir.split('/').slice(-3).join('-')));
  const docs = pkg.docs;
  // The id a judgement names for a served document's id.
  const asJudged = (id: string) => judged?.get(id) ?? id;
  const inCorpus = new Set(docs.map((d) => asJudged(d.id)));
  const index = await openIndex(pkg, { ...process.env, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'ctxforge-relevance-')) }, []);
  const served = [{ pkg, index }];
  const w0 = performance.now();
  tools.warm(served);
  console.error(`${c.name}: second stage made ready in ${(performance.now() - w0).toFixed(0)} ms`);
  const ask = plain(docs);
  for (const [set, file] of c.sets) {
    if (tuningOnly && set !== 'tuning') continue;
    const name = `${c.name}, ${set}`;
    // A judged page the sync leaves out (the site never renders it) is not counted; a question with none left is an error.
    const qs = judgements(file!).map((x) => ({ q: x.q, rel: new Set([...x.rel].filter((id) => inCorpus.has(id))) }));
    const missing = qs.filter((x) => x.rel.size === 0).map((x) => x.q);
    if (missing.length) throw new Error(`${name}: no judged page in the corpus for: ${missing.join('; ')}`);
    const times: number[] = [];
    const ctx = metrics(qs, (q) => { const t0 = performance.now(); const r = tools.search(served, { query: q, limit: 10 }).results.map((x) => asJudged(x.id)); times.push(performance.now() - t0); return r; });
    times.sort((x, y) => x - y);
    console.error(`${name}: search p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms`);
    const bm25 = metrics(qs, (q) => ask(q).map(asJudged));
    // Every question's context at three budgets: the whole reply within 4 × max_tokens, used_tokens exact.
    let over = 0, inexact = 0, fill = 0, asked = 0;
    for (const { q } of qs) {
      for (const max of [500, 2000, 8000]) {
        const r = tools.context(served, { query: q, max_tokens: max });
        const size = replySize(reply(tools.TEXT.context(r), r as never));
        asked++;
        if (size > 4 * max) over++;
        if (r.used_tokens !== Math.ceil(size / 4)) inexact++;
        fill += size / (4 * max);
      }
    }
    console.error(`${name}: context on ${asked} question × budget pairs: ${over} over budget, ${inexact} with used_tokens not the reply's own estimate, mean fill ${(fill / asked).toFixed(2)}`);
    report.push({ corpus: c.name, set, documents: docs.length, ctxforge: ctx, plain_bm25: bm25, recall_at_3_ratio: ctx.recall_at_3 / bm25.recall_at_3 });
  }
  index.close();
}
if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 1));
else {
  const f = (x: number) => x.toFixed(2);
  console.log('| corpus | set | documents | questions | system | recall@1 | recall@3 | MRR@10 |\n|---|---|---|---|---|---|---|---|');
  for (const r of report) {
    for (const [name, m] of [['ctxforge', r.ctxforge], ['plain FTS5 BM25', r.plain_bm25]] as const) {
      console.log(`| ${r.corpus} | ${r.set} | ${r.documents} | ${m.questions} | ${name} | ${f(m.recall_at_1)} | ${f(m.recall_at_3)} | ${f(m.mrr_at_10)} |`);
    }
  }
  for (const r of report) console.log(`${r.corpus}, ${r.set}: recall@3 ctxforge / plain = ${r.recall_at_3_ratio.toFixed(2)}`);
  for (const r of report) {
    if (r.set !== 'tuning' && !showHeldOut) continue;
    console.log(`\n${r.corpus}, ${r.set}:`);
    console.log(`  ctxforge misses at 3:\n${r.ctxforge.misses.map((m) => `    ${m}`).join('\n')}`);
    console.log(`  plain BM25 misses at 3:\n${r.plain_bm25.misses.map((m) => `    ${m}`).join('\n')}`);
  }
}
