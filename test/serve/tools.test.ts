// The serve tools as plain functions over verified documents and their FTS5 index: ranking,
// hostile queries, get by id and citation, the token-budgeted context, resource pages, and the
// index cache (reused for the same documents, rebuilt for others, never a source of text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openFile, sqliteBackend } from '../../src/core/sqlite.js';
import { servedPackage } from '../../src/serve/corpus.js';
import { INDEX_VERSION, openIndex, queryTerms } from '../../src/serve/search-index.js';
import * as tools from '../../src/serve/tools.js';
import { reply, replySize } from '../../src/serve/reply.js';
import { abbreviates, identifierWords, pageKeys } from '../../src/serve/rerank.js';
import { tmpDir } from '../helpers/tmp.js';
import type { Doc } from '../../src/format.js';

const doc = (id: string, title: string, body: string, extra: Partial<Doc> = {}): Doc => ({ id, path: `${id}.md`, title, body, ...extra });

const DOCS = [
  doc('tagging', 'Tagging a release', '# Tagging a release\n\nCreate an annotated tag, then push it.\n\n## Signing\n\nSign the tag with the release key.\n'),
  doc('rollback', 'Rolling back', '# Rolling back\n\nRevert the deploy when the error budget burns. Releases are never deleted.\n', { tags: ['operations'] }),
  doc('keys', 'Keys', '# Keys\n\nThe release key lives in the vault. [tagging](tagging.md)\n\n## Rotation\n\n' + 'Rotate the key every year and publish the new key. '.repeat(40) + '\n\n## Storage\n\nStored offline.\n'),
];

async function served(env: NodeJS.ProcessEnv, docs = DOCS, name = 'handbook', sha = 'a'.repeat(64)) {
  const notes: never[] = [];
  const pkg = servedPackage({ name, version: '1.1.0', format: 'octx', sha256: sha, source: 'dist/h.octx', signer: { key_id: 'ABCDEF0123456789', trust: 'pinned' } }, docs, notes);
  return { pkg, index: await openIndex(pkg, env, notes) };
}

test(`FTS5 with BM25 through the project's SQLite layer (${sqliteBackend()}): title matches rank first, stems match, hostile queries are words`, async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const s = [await served(env)];
  const r = tools.search(s, { query: 'tagging release' });
  assert.equal(r.results[0]!.id, 'tagging');
  assert.equal(r.results[0]!.citation, 'handbook@1.1.0#tagging');
  assert.equal(r.results[0]!.uri, 'ctxforge://handbook@1.1.0/tagging');
  assert.deepEqual(r.packages, [{ package: 'handbook@1.1.0', artifact_sha256: 'a'.repeat(64) }], 'the digest once per package');
  assert.ok(tools.search(s, { query: 'released' }).results.length >= 2, 'porter stemming: released finds release');
  assert.deepEqual(tools.search(s, { query: 'operations' }).results.map((x) => x.id), ['rollback'], 'tags are searched');
  for (const q of ['"unbalanced', 'a OR * NEAR(', 'title:keys', '^^^', '-)(', 'NOT AND OR']) assert.doesNotThrow(() => tools.search(s, { query: q }), q);
  assert.deepEqual(queryTerms('Tag; DROP TABLE docs; --'), ['tag', 'drop', 'table', 'docs']);
  assert.equal(tools.search(s, { query: 'vault', limit: 1 }).results.length, 1);
  assert.match(tools.search(s, { query: 'vault' }).results[0]!.snippet, /vault/);
  assert.throws(() => tools.search(s, { query: 'x', package: 'nope' }), tools.ToolError);
});

test('get by id or citation, with links; ambiguous ids need the package', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const s = [await served(env), await served(env, [doc('keys', 'Other keys', 'Other.\n')], 'other', 'b'.repeat(64))];
  assert.throws(() => tools.get(s, { id: 'keys' }), /2 packages have a document "keys"/);
  const g = tools.get(s, { id: 'handbook@1.1.0#keys' });
  assert.equal(g.title, 'Keys');
  assert.deepEqual(g.links, ['tagging.md']);
  assert.equal(tools.get(s, { id: 'keys', package: 'other' }).text, 'Other.\n');
  assert.throws(() => tools.get(s, { id: 'missing' }), tools.ToolError);
});

test('context: the whole reply (text + structured content, in code points) stays within 4 × max_tokens, used_tokens is its estimate; whole documents, else their best sections; citation once per document, digest once per package', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const s = [await served(env)];
  assert.equal(tools.estimateTokens('abcd'), 1);
  assert.equal(tools.estimateTokens('abcde'), 2);
  assert.equal(tools.estimateTokens('ééé'), 1, 'characters, not bytes');
  assert.equal(tools.estimateTokens('😀😀😀😀'), 1, 'code points, not UTF-16 units');
  for (const budget of [200, 260, 400, 700, 5000]) {
    const c = tools.context(s, { query: 'key rotation storage', max_tokens: budget });
    const size = replySize(reply(tools.TEXT.context(c), c as never));
    assert.ok(size <= 4 * budget, `${budget}: ${size} characters`);
    assert.equal(c.used_tokens, Math.ceil(size / 4), `${budget}: used_tokens is the reply's own estimate`);
    assert.deepEqual(c.packages, [{ package: 'handbook@1.1.0', artifact_sha256: 'a'.repeat(64) }]);
    assert.equal(tools.TEXT.context(c).split('a'.repeat(64)).length - 1, 1, 'the digest once in the text');
    for (const d of c.documents) assert.match(d.citation, /^handbook@1\.1\.0#/);
    assert.equal(new Set(c.documents.map((d) => d.citation)).size, c.documents.length, 'a citation once per document');
  }
  const small = tools.context(s, { query: 'storage offline', max_tokens: 200 });
  assert.ok(small.documents.some((d) => d.citation.endsWith('#keys') && d.sections.some((x) => x.heading === 'Storage')), JSON.stringify(small.documents));
  const all = tools.context(s, { query: 'release', max_tokens: 100000 });
  assert.ok(all.documents.length >= 2 && all.documents.every((d) => d.sections.length === 1 && d.sections[0]!.heading === null), 'whole documents when they fit');
  assert.throws(() => tools.context(s, { query: 'release', max_tokens: 10 }), /at least 200/);
  // Nothing fits: an empty answer that says so, still within the budget.
  const huge = [await served(env, [doc('big', 'Big', `${'rotation '.repeat(3000)}\n`)], 'big', 'b'.repeat(64))];
  const none = tools.context(huge, { query: 'rotation', max_tokens: 200 });
  assert.deepEqual(none.documents, []);
  assert.match(none.notes!.join('\n'), /nothing fits within 200 tokens/);
  assert.ok(replySize(reply(tools.TEXT.context(none), none as never)) <= 800);
});

test('resources: every document, paged with an opaque cursor; a bad cursor or URI is an error', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const many = Array.from({ length: 250 }, (_, i) => doc(`d${String(i).padStart(3, '0')}`, `Doc ${i}`, `Body ${i}\n`));
  const s = [await served(env, many, 'big'), await served(env)];
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const p = tools.listResources(s, cursor);
    seen.push(...p.resources.map((r) => r.uri));
    cursor = p.nextCursor;
    pages++;
  } while (cursor);
  assert.equal(pages, 3);
  assert.equal(seen.length, 253);
  assert.equal(new Set(seen).size, 253);
  assert.equal(seen[0], 'ctxforge://big@1.1.0/d000');
  assert.throws(() => tools.listResources(s, 'garbage'), tools.ToolError);
  assert.equal(tools.readResource(s, 'ctxforge://handbook@1.1.0/keys').contents[0]!.text, DOCS[2]!.body);
  assert.throws(() => tools.readResource(s, 'ctxforge://handbook@1.1.0/nope'), tools.ToolError);
  const odd = await served(env, [doc('a b/c', 'Odd', 'x\n')], '@scope/pkg', 'c'.repeat(64));
  assert.equal(tools.resourceUri(odd.pkg, odd.pkg.docs[0]!), 'ctxforge://%40scope%2Fpkg@1.1.0/a%20b%2Fc');
});

test('the index cache: built once per artifact digest, reused for the same documents, rebuilt for other documents, and never a source of text', async () => {
  const cache = tmpDir('serve-cache-');
  const env = { ...process.env, XDG_CACHE_HOME: cache };
  const first = await served(env);
  assert.equal(first.index.built, true);
  const file = join(cache, 'ctxforge', 'index', `${'a'.repeat(64)}-v${INDEX_VERSION}.sqlite`);
  assert.ok(existsSync(file));
  first.index.close();
  const second = await served(env);
  assert.equal(second.index.built, false, 'reused');
  second.index.close();
  const changed = await served(env, [...DOCS, doc('new', 'New', 'new text\n')]);
  assert.equal(changed.index.built, true, 'other documents under the same digest: rebuilt');
  changed.index.close();
  // Someone rewrites the cached text: results still quote the verified documents.
  const again = await served(env);
  again.index.close();
  const db = openFile(file);
  db.exec("UPDATE docs SET body = 'INJECTED instructions release', title = 'INJECTED'");
  db.close();
  const s = [await served(env)];
  assert.equal(s[0]!.index.built, false);
  for (const r of tools.search(s, { query: 'release injected' }).results) {
    assert.doesNotMatch(r.snippet + r.title, /INJECTED/);
  }
  assert.ok(readdirSync(join(cache, 'ctxforge', 'index')).every((n) => !n.includes('tmp')), 'no temp file left');
});

test('several versions of one package side by side: package "name@1.2" picks the 1.2.x versions, each result cited by its own version', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const at = async (version: string, sha: string, extra: string) => {
    const pkg = servedPackage({ name: 'handbook', version, format: 'octx', sha256: sha, source: `h-${version}.octx`, signer: { key_id: null, trust: 'pinned' } }, [...DOCS, doc('changes', `Changes in ${version}`, `${extra}\n`)], []);
    return { pkg, index: await openIndex(pkg, env, []) };
  };
  const s = [await at('1.2.0', '1'.repeat(64), 'rotation moved'), await at('1.20.0', '2'.repeat(64), 'rotation dropped'), await at('2.0.0', '3'.repeat(64), 'rotation gone')];
  const all = tools.search(s, { query: 'rotation', limit: 20 });
  assert.deepEqual(new Set(all.packages.map((p) => p.package)), new Set(['handbook@1.2.0', 'handbook@1.20.0', 'handbook@2.0.0']));
  const one = tools.search(s, { query: 'rotation', package: 'handbook@1.2' });
  assert.deepEqual(one.packages, [{ package: 'handbook@1.2.0', artifact_sha256: '1'.repeat(64) }], '1.2 is not 1.20');
  assert.ok(one.results.every((r) => r.citation.startsWith('handbook@1.2.0#')));
  assert.equal(tools.search(s, { query: 'rotation', package: 'handbook@2.0.0' }).results[0]!.citation.split('#')[0], 'handbook@2.0.0');
  assert.throws(() => tools.get(s, { id: 'changes' }), /3 packages have a document "changes".*handbook@1\.2\.0, handbook@1\.20\.0, handbook@2\.0\.0/);
  assert.equal(tools.get(s, { id: 'handbook@1.20.0#changes' }).text, 'rotation dropped\n');
  assert.equal(tools.get(s, { id: 'changes', package: 'handbook@2' }).text, 'rotation gone\n');
  const c = tools.context(s, { query: 'rotation moved', max_tokens: 2000, package: 'handbook@1.2' });
  assert.deepEqual(c.packages.map((p) => p.package), ['handbook@1.2.0']);
  assert.throws(() => tools.search(s, { query: 'x', package: 'handbook@3' }), tools.ToolError);
});

test('the right page first: an exact name or title ranks first, a page about the query above one that repeats its words, a title phrase above a long page', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const tldr = [
    doc('tar', 'tar', `# tar\n\n> Archiving utility.\n\n- Extract a (compressed) archive file into the current directory:\n\n\`tar xf path/to/source.tar[.gz|.bz2|.xz]\`\n${'\n- Create an archive from files, with options for compression, verbosity and the target folder:\n\n`tar czvf path/to/target.gz path/to/file1 path/to/file2 --directory path/to/folder`\n'.repeat(8)}`),
    doc('git-get-tar-commit-id', 'git get-tar-commit-id', '# git get-tar-commit-id\n\n> Extract commit ID from an archive created using `git archive`.\n\n- Get a commit ID from a tar archive:\n\n`git get-tar-commit-id < path/to/file.tar`\n\n- Get a commit ID from a tar archive made by git archive with tar:\n\n`tar cf - | git get-tar-commit-id`\n'),
    ...Array.from({ length: 20 }, (_, i) => doc(`tool-${i}`, `tool ${i}`, `# tool ${i}\n\n> Extract files from archives of kind ${i}.\n`)),
    doc('atool', 'atool', '# atool\n\n> Manage archives of various types.\n\n- List files in a tar archive:\n\n`atool --list path/to/archive.tar`\n'),
  ];
  const t = [await served(env, tldr, 'tldr', 'c'.repeat(64))];
  assert.equal(tools.search(t, { query: 'tar' }).results[0]!.id, 'tar', 'exact name first');
  assert.equal(tools.search(t, { query: 'extract tar archive' }).results[0]!.id, 'tar');
  // Long pages that say every word of the query once, far apart, among much else.
  const filler = 'We built a theme with custom layouts, fast builds, a search index and a blog. '.repeat(40);
  const showcase = `# Showcase\n\nWe publish my site weekly. ${filler}\n\nThe code is on GitHub. ${filler}\n\nIt has many pages.\n`;
  const hugo = [
    doc('host-and-deploy/host-on-github-pages', 'Host on GitHub Pages', '# Host on GitHub Pages\n\nHost your project on GitHub Pages with a workflow.\n\n## Configure\n\nSet the source to GitHub Actions.\n'),
    doc('showcase/one', 'A showcase', showcase),
    doc('showcase/two', 'Another showcase', showcase.replace('weekly', 'daily')),
    doc('functions/collections/Where', 'collections.Where', '# collections.Where\n\nReturns a slice by filtering the given slice based on a key, operator, and value.\n'),
    doc('functions/collections/Union', 'collections.Union', '# collections.Union\n\nGiven two arrays or slices, returns a new array containing the elements that belong to either; use it with where to filter pages from two sets of pages.\n'),
  ];
  // As in a real site's docs, "publish", "my" and "site" are on many pages; "GitHub" on few.
  for (let i = 0; i < 30; i++) hugo.push(doc(`configuration/c${i}`, `Configure part ${i}`, `# Configure part ${i}\n\nSet this before you publish my site: the site configuration, part ${i}, on one page.\n`));
  const h = [await served(env, hugo, 'hugo', 'd'.repeat(64))];
  assert.equal(tools.search(h, { query: 'publish my site on GitHub Pages' }).results[0]!.id, 'host-and-deploy/host-on-github-pages');
  assert.equal(tools.search(h, { query: 'where' }).results[0]!.id, 'functions/collections/Where', 'the name of a page');
});

test('an identifier is its words: a title or name without spaces is split at case changes, prose is not', () => {
  assert.equal(identifierWords('TableOfContents'), 'Table Of Contents');
  assert.equal(identifierWords('HTMLEscape'), 'HTML Escape');
  assert.equal(identifierWords('GroupByDate'), 'Group By Date');
  assert.equal(identifierWords('Host on GitHub Pages'), 'Host on GitHub Pages', 'prose keeps its words');
  assert.deepEqual(pageKeys(doc('methods/page/TableOfContents', 'TableOfContents', '')), ['tableofcontents', 'table of contents']);
  assert.deepEqual(pageKeys(doc('functions/collections/Where', 'collections.Where', '')), ['collections where', 'where']);
});

test('a page is named by its path, not by an opaque id: a synced package\'s UUIDs name nothing, a folder\'s own page is named by its folder', async () => {
  const uuid = (n: number) => `01a247b8-90d6-74d1-b378-${String(n).padStart(12, '0')}`;
  assert.deepEqual(pageKeys({ id: uuid(1), path: 'functions/collections/Where.md', title: 'collections.Where', body: '' }), ['collections where', 'where']);
  assert.deepEqual(pageKeys({ id: uuid(2), path: 'functions/collections/index-page.md', title: 'Collections functions', body: '' }), ['collections functions', 'collections']);
  assert.deepEqual(pageKeys({ id: uuid(3), path: 'guide/README.md', title: 'Guide', body: '' }), ['guide']);
  assert.deepEqual(pageKeys({ id: 'tar', title: 'GNU tar', body: '' }), ['gnu tar', 'tar'], 'no path: the id is the name');
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  // The query names the page by its file name's word (`where`), which only the path says alone.
  const docs = [
    { id: uuid(10), path: 'functions/collections/Where.md', title: 'collections.Where', body: `# collections.Where\n\nReturns a slice by filtering the given slice based on a key, operator, and value.\n\nThe \`where\` function returns the given slice, removing elements that do not satisfy the condition.\n\n${'## Comparison\n\nCompare the key of pages with the value, with an operator or without one. '.repeat(30)}\n` },
    { id: uuid(11), path: 'functions/collections/Union.md', title: 'collections.Union', body: '# collections.Union\n\nReturns the elements of either slice. Use it with where to filter pages, a function over pages.\n' },
    ...Array.from({ length: 30 }, (_, i) => ({ id: uuid(20 + i), path: `functions/misc/F${i}.md`, title: `misc.F${i}`, body: `# misc.F${i}\n\nReturns a value for template number ${i}; use it with pages, functions and other slices in your templates.\n` })),
  ];
  const s = [await served(env, docs, 'docs', 'f'.repeat(64))];
  assert.equal(tools.search(s, { query: 'filter pages with where function' }).results[0]!.id, uuid(10));
  assert.equal(tools.search(s, { query: 'where' }).results[0]!.id, uuid(10), 'its name is the query');
});

test('the query names a page: an identifier title asked in words ranks first, a page named by a run of the query above short pages holding every word, a name that is a verb of the query does not jump', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const filler = (i: number) => `Returns a value for template number ${i}; use it with pages, functions and other slices in your templates. `;
  const docs = [
    // FTS5 sees one token, `tableofcontents`: without its words the page is no candidate at all.
    doc('methods/page/TableOfContents', 'TableOfContents', '# TableOfContents\n\nReturns the TOC of the given page, as an ordered or unordered list.\n'),
    doc('render-hooks/tables', 'Table render hooks', `# Table render hooks\n\nOverride the rendering of a table of contents or data: a table, its rows, the contents of each cell.\n\n## Table\n\nA table. ${'A table has rows. '.repeat(10)}\n`),
    // Long, as reference pages are; saying "filter" once, in its lead.
    doc('functions/collections/Where', 'collections.Where', `# collections.Where\n\nReturns a slice by filtering the given slice based on a key, operator, and value.\n\nThe \`where\` function returns the given slice, removing elements that do not satisfy the condition.\n\n${'## Comparison\n\nCompare the key of pages with the value, with an operator or without one. '.repeat(30)}\n`),
    doc('functions/collections/Intersect', 'collections.Intersect', '# collections.Intersect\n\nReturns the common elements of two slices. Use it with where to filter pages: a function of pages and pages.\n'),
    doc('functions/collections/Union', 'collections.Union', '# collections.Union\n\nReturns the elements of either slice. Use it with where to filter pages, a function over pages.\n'),
    // A page named by a common verb of a question, about something else.
    doc('make', 'make', '# make\n\n> Task runner for targets described in a Makefile: make builds what make is told to make.\n\n- Make the default target:\n\n`make`\n\n- Make a target, and make it again:\n\n`make target`\n'),
    doc('curl', 'curl', `# curl\n\n> Transfers data from or to a server.\n\n- Make an HTTP request:\n\n\`curl https://example.com\`\n\n${'- Send data from a file:\n\n`curl -d @file https://example.com`\n\n'.repeat(6)}`),
    ...Array.from({ length: 10 }, (_, i) => doc(`server-${i}`, `server ${i}`, `# server ${i}\n\n> A server of kind ${i}: answers each HTTP request it is sent.\n`)),
    ...Array.from({ length: 30 }, (_, i) => doc(`functions/misc/F${i}`, `misc.F${i}`, `# misc.F${i}\n\n${filler(i)}\n`)),
  ];
  const s = [await served(env, docs, 'docs', 'e'.repeat(64))];
  const ids = (query: string) => tools.search(s, { query }).results.map((r) => r.id);
  assert.equal(ids('table of contents')[0], 'methods/page/TableOfContents', 'an identifier title asked in words is an exact title');
  assert.equal(ids('filter pages with where function')[0], 'functions/collections/Where');
  assert.equal(ids('make http requests')[0], 'curl', 'the page named `make` holds nothing else of the query');
  // A word said twice is searched once; the run that names a page is still that page's words.
  for (const q of ['filter pages with where function', 'make http requests']) {
    const again = `${q.split(' ')[0]} ${q}`;
    assert.deepEqual(tools.search(s, { query: again }).results.map((r) => [r.id, r.score]), tools.search(s, { query: q }).results.map((r) => [r.id, r.score]), again);
  }
});

test('a short name that abbreviates words of the query stands for them: mkdir for "make directory", not a word said in full, a function word or a word on most pages', async () => {
  assert.ok(abbreviates('mkdir', ['make', 'directory']));
  assert.ok(abbreviates('du', ['disk', 'usage']));
  assert.ok(abbreviates('sed', ['stream', 'editor']));
  assert.ok(abbreviates('rm', ['remove']));
  assert.ok(!abbreviates('mkdir', ['directory', 'make']), 'in order');
  assert.ok(!abbreviates('md', ['make', 'new', 'directory']), 'every word gives a letter');
  assert.ok(!abbreviates('kd', ['make', 'directory']), 'each word from its first letter');
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const page = (name: string, body: string) => doc(name, name, `# ${name}\n\n${body}\n`);
  const docs = [
    page('mkdir', '> Create directories and set their permissions.\n\n- Create specific directories, with their parents:\n\n`mkdir -p path/to/a path/to/b`'),
    page('make', '> Task runner for targets described in a Makefile.\n\n- Make the default target in the current directory:\n\n`make`\n\n- Make a target, in another directory:\n\n`make -C path/to/directory target`'),
    page('more', '> Display a file interactively, page by page.\n\n- Open a file:\n\n`more path/to/file`'),
    page('mv', '> Move or rename files and directories.\n\n- Rename a file or directory:\n\n`mv path/to/source path/to/target`'),
    ...Array.from({ length: 5 }, (_, i) => page(`tool-${i}`, `> Make targets in a directory of kind ${i}; move or rename files in it.`)),
    // "and" and "file" are on nearly every page: never abbreviated (`af` is not "and files").
    page('af', '> An audio tool.'),
    ...Array.from({ length: 24 }, (_, i) => page(`other-${i}`, `> Read and write a file of kind ${i}.`)),
  ];
  const s = [await served(env, docs, 'tldr', '9'.repeat(64))];
  const ids = (query: string) => tools.search(s, { query }).results.map((r) => r.id);
  // The page named `make` says "directory" too: it may stay first, but mkdir comes before every page that says both words.
  const md = ids('make directory');
  assert.ok(md.indexOf('mkdir') >= 0 && md.indexOf('mkdir') < md.indexOf('tool-0') && md.indexOf('mkdir') <= 1, md.join(' '));
  assert.equal(ids('move or rename files')[0], 'mv', '"or" is not abbreviated: `more` is not "move or rename"');
  assert.ok(!ids('read and files').includes('af'), 'a word on most pages is not abbreviated');
});

test('a page is found by its description: what it says of itself in front matter is searched as its text', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  const docs = [
    doc('functions/collections/Where', 'collections.Where', '# collections.Where\n\nSyntax: `collections.Where COLLECTION KEY [OPERATOR] VALUE`\n', { description: 'Returns the given collection, removing elements that do not satisfy the comparison condition.' }),
    ...Array.from({ length: 10 }, (_, i) => doc(`functions/misc/F${i}`, `misc.F${i}`, `# misc.F${i}\n\nReturns a value for template number ${i}.\n`)),
  ];
  const s = [await served(env, docs, 'docs', '7'.repeat(64))];
  assert.equal(tools.search(s, { query: 'removing elements condition' }).results[0]?.id, 'functions/collections/Where');
});

test('a page is found by what other pages call it: the text of links to it (inline and reference definitions) counts as a field of it', async () => {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') };
  // Two pages alike in their own words; only the links of other pages say which one publishes a site.
  const same = (n: number) => `# Deploy target ${n}\n\nCopy the public folder to the server and set the base address. Publish the site when it builds.\n`;
  const docs = [
    doc('hosting/target-a', 'Target A', same(1)),
    doc('hosting/target-b', 'Target B', same(2)),
    doc('guide/intro', 'Introduction', '# Introduction\n\nWhen it builds, see [GitHub Pages hosting](/hosting/target-b/).\n'),
    doc('guide/more', 'More', '# More\n\nRead [static pages on GitHub][gh].\n\n[GitHub pages]: /hosting/target-b/\n'),
    ...Array.from({ length: 8 }, (_, i) => doc(`misc/p${i}`, `Page ${i}`, `# Page ${i}\n\nThe site builds pages of kind ${i}; publish them later.\n`)),
  ];
  const s = [await served(env, docs, 'site', '6'.repeat(64))];
  const ids = tools.search(s, { query: 'publish site on github pages', limit: 20 }).results.map((r) => r.id);
  const b = ids.indexOf('hosting/target-b');
  assert.ok(b >= 0 && b < ids.indexOf('hosting/target-a') && ids.slice(0, b).every((id) => id.startsWith('guide/')), ids.join(' '));
});
