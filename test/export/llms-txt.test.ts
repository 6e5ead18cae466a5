// export llms-txt: from a source tree of each format and from built artifacts, an H1, a blockquote
// summary and sections of `- [title](url): description` entries. Entries link the page where the doc
// site serves it (a synced tree's upstream path), sections keep the folder's spelling, descriptions are
// plain text, and a Markdown parser (markdown-it) judges that every entry's first link points where the
// tool meant it to, whatever the titles and descriptions hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { renderLlmsTxt } from '../../src/export/llms-txt.js';
import type { Documents } from '../../src/format.js';

const md = new MarkdownIt();

interface Entry { href: string; text: string; line: string; links: string[] }

/** Every list entry as markdown-it reads it: its first link's href and text, and every link it holds. */
function entries(text: string): Entry[] {
  const tokens = md.parse(text, {});
  const out: Entry[] = [];
  let inItem = 0;
  for (const t of tokens) {
    if (t.type === 'list_item_open') inItem++;
    if (t.type === 'list_item_close') inItem--;
    if (t.type !== 'inline' || !inItem) continue;
    const kids = t.children ?? [];
    const links = kids.filter((k) => k.type === 'link_open').map((k) => k.attrGet('href') ?? '');
    const first = kids.findIndex((k) => k.type === 'link_open');
    let label = '';
    if (first >= 0) for (let i = first + 1; i < kids.length && kids[i]!.type !== 'link_close'; i++) label += kids[i]!.content;
    out.push({ href: first >= 0 ? kids[first]!.attrGet('href')! : '', text: label, line: t.content, links });
  }
  return out;
}

function checkShape(text: string, root: string | undefined, expectDocs: number): void {
  const lines = text.split('\n');
  assert.match(lines[0]!, /^# \S/);
  assert.equal(lines[1], '');
  assert.match(lines[2]!, /^> \S/);
  assert.ok(lines.some((l) => /^## \S/.test(l)), 'has sections');
  const es = entries(text);
  assert.equal(es.length, expectDocs);
  for (const e of es) {
    assert.ok(e.href && e.text, `entry has a link with a title: ${e.line}`);
    // Without --base-url, links are relative to the document root (knowledge/, nodes/).
    if (root) assert.ok(existsSync(join(root, decodeURIComponent(e.href))), `${e.href} exists below the document root`);
  }
}

for (const [format, root] of [['octx', 'knowledge'], ['ctxpkg', 'nodes'], ['acx', 'knowledge']] as const) {
  test(`llms.txt of the ${format} example, as a source tree and as a built artifact`, async () => {
    const src = join(repoRoot, 'working-dir-example', format);
    let r = await runCli(['export', 'llms-txt', src]);
    assert.equal(r.code, 0, r.stderr);
    const docs = { octx: 4, ctxpkg: 6, acx: 3 }[format];
    checkShape(r.stdout, join(src, root), docs);
    assert.ok(!r.stdout.includes(`](${root}/`), 'links name the document path, not the package layout');
    const out = tmpDir();
    r = await runCli(['build', src, '--out', out, '--source-date-epoch', '1767225600']);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const art = join(out, readdirSync(out).find((f) => f.endsWith(`.${format}`))!);
    r = await runCli(['export', 'llms-txt', art, '--out', join(out, 'site', 'llms.txt'), '--json']);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.equal(j.documents, docs);
    const text = readFileSync(join(out, 'site', 'llms.txt'), 'utf8');
    checkShape(text, format === 'ctxpkg' ? undefined : join(src, root), docs);
    assert.deepEqual(readdirSync(join(out, 'site')), ['llms.txt'], 'no temp file left beside it');
  });
}

test('llms.txt of a synced tree links the upstream paths under --base-url, sections keep the folder\'s spelling, --out - is standard output', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'README.md': '# Tool\n\nThe tool does things.\n',
    'Guide Pages/a b.md': '---\ntitle: A and B\ndescription: Set it up.\n---\n\nBody.\n',
    'Guide Pages/index.md': '# Guide\n\nThe guide pages.\n',
    'api_Reference-v2/flags.md': '# Flags\n\nThe flags.\n',
  });
  let r = await runCli(['sync', 'docs', 'pkg'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://example.com/kb', '--out', '-'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!existsSync(join(root, '-')), '--out - writes no file named -');
  const got = entries(r.stdout).map((e) => [e.text, decodeURIComponent(e.href)]);
  // The pages as the site serves them: names with spaces and index pages as upstream has them, not as the package renamed them.
  assert.deepEqual(got, [
    ['Tool', 'https://example.com/kb/README.md'],
    ['A and B', 'https://example.com/kb/Guide Pages/a b.md'],
    ['Guide', 'https://example.com/kb/Guide Pages/index.md'],
    ['Flags', 'https://example.com/kb/api_Reference-v2/flags.md'],
  ]);
  assert.match(r.stdout, /^## Guide Pages$/m);
  assert.match(r.stdout, /^## api_Reference-v2$/m);
  assert.match(r.stdout, /\(https:\/\/example\.com\/kb\/Guide%20Pages\/a%20b\.md\): Set it up\.$/m);
  // A built artifact has no ID map: its entries name the document paths, still without knowledge/.
  r = await runCli(['build', 'pkg', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const art = join('dist', readdirSync(join(root, 'dist')).find((f) => f.endsWith('.octx'))!);
  r = await runCli(['export', 'llms-txt', art, '--base-url', 'https://example.com/kb/'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(entries(r.stdout).some((e) => e.href === 'https://example.com/kb/Guide-Pages/index-page.md'), r.stdout);
  r = await runCli(['export', 'llms-txt', 'nowhere'], { cwd: root });
  assert.equal(r.code, 2);
  writeTree(root, { 'junk.octx': 'not a zip' });
  r = await runCli(['export', 'llms-txt', 'junk.octx'], { cwd: root });
  assert.equal(r.code, 1, r.stderr);
});

test('llms.txt descriptions are plain text: no link or wiki-link syntax, quote, list or admonition markers, MDX imports', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'a.md': '# A\n\nimport Tabs from \'@theme/Tabs\';\n\n:::tip Good to know\n\nRead [the guide](./b.md) and [[B|the other page]] first.\n\n:::\n',
    'b.md': '# B\n\n> **Note**: see ![logo](logo.png) and <https://example.com>.\n',
    'c.md': '# C\n\n- Install with `npm i`[^1], then [[Setup#Linux]].\n\n[^1]: footnote\n',
    'd.md': '---\ntitle: D\ndescription: "Uses [refs][r] and a [link](http://x.example/) in frontmatter"\n---\n\n```md\n# not a title\n\nnot a sentence\n```\n',
    'e.md': '# E\n\n!!! warning "Careful"\n    Deleting is forever.\n',
  });
  let r = await runCli(['sync', 'docs', 'pkg'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['export', 'llms-txt', 'pkg'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const about = new Map(r.stdout.split('\n').filter((l) => l.startsWith('- [')).map((l) => [/^- \[(\w)\]/.exec(l)![1]!, l.slice(l.indexOf('): ') + 3)]));
  assert.equal(about.get('A'), 'Read the guide and the other page first.');
  assert.equal(about.get('B'), 'Note: see logo and https://example.com.');
  assert.equal(about.get('C'), 'Install with npm i, then Setup.');
  assert.equal(about.get('D'), 'Uses refs and a link in frontmatter');
  assert.equal(about.get('E'), 'Deleting is forever.');
});

test('titles and descriptions cannot re-point a link: every entry\'s first link is the one the tool wrote (markdown-it as the judge)', async () => {
  const root = tmpDir();
  const hostile: Record<string, [string, string]> = {
    // The attack from the security review: a title ending in a backslash escapes the closing bracket.
    'p1.md': ['Setup \\', '](https://evil.example/1) and more'],
    'p2.md': ['a](https://evil.example/2) [b', 'c [d](https://evil.example/3)'],
    'p3.md': ['<https://evil.example/4>', '<a href="https://evil.example/5">x</a> `](https://evil.example/6)`'],
    'p4.md': ['x `y', '](https://evil.example/7) `'],
    'p5.md': ['![img](https://evil.example/8.png)', '\\\\](https://evil.example/9)'],
    'p6.md': ['par (en) thesis)', 'text with ) and ( and \\( \\)'],
  };
  const files: Record<string, string> = {};
  for (const [p, [t, d]] of Object.entries(hostile)) files[`docs/${p}`] = `---\ntitle: ${JSON.stringify(t)}\ndescription: ${JSON.stringify(d)}\n---\n\nBody.\n`;
  files['docs/odd (name) [x].md'] = '# Odd\n\nA page whose name holds brackets and parentheses.\n';
  writeTree(root, files);
  let r = await runCli(['sync', 'docs', 'pkg'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://docs.example/'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const es = entries(r.stdout);
  assert.equal(es.length, 7);
  // First the attack itself: no entry's first link leads to the attacker, and none has a second link.
  for (const e of es) {
    assert.doesNotMatch(e.href, /evil/, `the first link of ${JSON.stringify(e.line)} is re-pointed`);
    assert.equal(e.links.length, 1, `${JSON.stringify(e.line)} holds one link`);
  }
  const want = new Map(Object.entries(hostile).map(([p, [t]]) => [`https://docs.example/${p}`, t]));
  want.set('https://docs.example/odd (name) [x].md', 'Odd');
  for (const e of es) {
    const href = decodeURIComponent(e.href);
    assert.ok(want.has(href), `first link of ${JSON.stringify(e.line)} points to ${href}`);
    assert.equal(e.text, want.get(href), `link text of ${href} is the title as written`);
    assert.deepEqual(e.links, [e.href], `${href}: the entry holds no other link`);
  }
  assert.doesNotMatch(md.render(r.stdout), /<a href="https:\/\/evil|<img/);
  // The ID map is committed content too: an upstream path crafted as link syntax or a scheme stays a
  // path (one with `//` is no relative path at all: the next test).
  const mapFile = join(root, 'pkg', '.ctxforge-sync.json');
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  map.documents = Object.fromEntries(Object.entries(map.documents).map(([k, v], i) => [i === 0 ? 'x](https:evil.example/10) [y' : i === 1 ? 'javascript:alert(1)' : k, v]));
  writeTree(join(root, 'pkg'), { '.ctxforge-sync.json': JSON.stringify(map) });
  for (const base of ['https://docs.example/', '']) {
    r = await runCli(['export', 'llms-txt', 'pkg', ...(base ? ['--base-url', base] : [])], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    const got = entries(r.stdout).map((e) => decodeURIComponent(e.href));
    assert.ok(got.includes(`${base}x](https:evil.example/10) [y`) && got.includes(`${base}javascript:alert(1)`), got.join('\n'));
    assert.doesNotMatch(md.render(r.stdout), /<a href="(https:\/\/evil|https:evil|javascript:)/);
  }
});

test('an ID map key that is not a safe relative path never becomes a link: `//evil.example/phish` is refused, the document path is used (review 1, finding 12)', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), { 'guide.md': '# Guide\n\nHello.\n' });
  assert.equal((await runCli(['sync', 'docs', 'pkg'], { cwd: root })).code, 0);
  const mapFile = join(root, 'pkg', '.ctxforge-sync.json');
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { documents: Record<string, unknown> };
  for (const key of ['//evil.example/phish', '/etc/passwd', '../outside.md', 'a\\b.md']) {
    writeTree(root, { 'pkg/.ctxforge-sync.json': `${JSON.stringify({ ...map, documents: { [key]: map.documents['guide.md'] } }, null, 2)}\n` });
    const r = await runCli(['export', 'llms-txt', 'pkg'], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(entries(r.stdout).map((e) => e.href), ['guide.md'], key);
    // validate and sync refuse the map, with its line.
    const v = await runCli(['validate', 'pkg'], { cwd: root });
    assert.equal(v.code, 1, key);
    assert.match(v.stdout, /SYNC_ID_MAP_INVALID: \.ctxforge-sync\.json:5: documents\[.*\]: the upstream key is not a safe relative path/);
    const s = await runCli(['sync', 'docs', 'pkg'], { cwd: root });
    assert.notEqual(s.code, 0, key);
    assert.match(s.stderr, /SYNC_ID_MAP_INVALID/);
  }
  writeFileSync(mapFile, `${JSON.stringify(map, null, 2)}\n`);
  assert.equal((await runCli(['validate', 'pkg'], { cwd: root })).code, 0);
  // renderLlmsTxt given such a path by any caller uses the document's own.
  const docs = { format: 'octx', meta: { name: 'kb' }, docs: [{ id: '1', path: 'guide.md', title: 'Guide', body: 'Hello.' }], assets: [], skills: [], notes: [] } as unknown as Documents;
  assert.deepEqual(entries(renderLlmsTxt(docs, { upstream: new Map([['guide.md', '//evil.example/phish']]) }).text).map((e) => e.href), ['guide.md']);
});
