// Reader text (issue 34): what sync writes for a page is what the site shows its reader — template
// syntax rendered to its readable content, code never touched, lines kept one for one, unknown
// syntax left as written — and the transform is one pass on hostile input. The generators' own
// verdict on the same features is the ci-sites stage (test/interop/sites/reader-text.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readerText, type ReaderTextOptions } from '../../src/sync/reader-text.js';
import { labelTitles } from '../../src/sync/reader-xrefs.js';
import { syncDocs } from '../../src/sync/index.js';
import { checkLinks } from '../../src/links/check.js';
import { DiskTree } from '../../src/core/tree.js';
import { assertOnePass, PATHOLOGICAL, repeatTo } from '../helpers/steps.js';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { hugo, jekyll } from '../links/profile-sites.js';
import { readFileSync } from 'node:fs';

const run = (body: string, o: ReaderTextOptions) => {
  const out = readerText(body, o);
  assert.equal(out.split('\n').length, body.split('\n').length, `lines kept one for one:\n${out}`);
  return out;
};

test('Hugo: a paired shortcode keeps its content, a tab its label, a code shortcode becomes a fence; refs, includes and unknown ones stay', () => {
  const body = '{{< note >}}\nBack up first.\n{{< /note >}}\n\n{{< tabs >}}\n{{< tab "macOS" >}}\nUse Homebrew.\n{{< /tab >}}\n{{< /tabs >}}\n\n'
    + '{{< code-toggle file=hugo >}}\n[[menus.main]]\nname = "x"\n{{< /code-toggle >}}\n\n{{< highlight go >}}\nfunc main() {}\n{{< /highlight >}}\n\n'
    + 'Inline {{% note %}}kept{{% /note %}} text, {{< youtube abc >}}, {{% include "/x.md" %}}, [a]({{< relref "a.md" >}}), {{</* note */>}}.\n\n'
    + '```\n{{< note >}}in code{{< /note >}}\n```\n';
  const out = run(body, { generator: 'hugo' });
  assert.equal(out, '\nBack up first.\n\n\n\n**macOS**\nUse Homebrew.\n\n\n\n'
    + '````toml\n[[menus.main]]\nname = "x"\n````\n\n````go\nfunc main() {}\n````\n\n'
    + 'Inline kept text, {{< youtube abc >}}, {{% include "/x.md" %}}, [a]({{< relref "a.md" >}}), {{</* note */>}}.\n\n'
    + '```\n{{< note >}}in code{{< /note >}}\n```\n');
  // Not Hugo: the same text is left alone.
  assert.equal(readerText(body, { generator: 'github' }), body);
});

test('MkDocs: admonitions become blockquotes with their title (the type when none), tabs a bold label; nested ones and code inside kept', () => {
  const body = '!!! note "Heads up"\n    Read this.\n\n    ```python\n    x = 1\n    ```\n\n??? warning\n    Careful.\n\n=== "Tab A"\n\n    In tab A.\n\n    !!! tip ""\n        Nested.\n\nAfter.\n\n```\n!!! note\n    in code\n```\n';
  const out = run(body, { generator: 'mkdocs', admonitions: true });
  assert.equal(out, '> **Heads up**\n> Read this.\n>\n> ```python\n> x = 1\n> ```\n\n> **Warning**\n> Careful.\n\n**Tab A**\n\nIn tab A.\n\n>\n> Nested.\n\nAfter.\n\n```\n!!! note\n    in code\n```\n');
});

test('MyST: admonitions keep title and content, (label)= lines stay (targets), toctrees go, code-block is a fence, figure an image; unknown directives stay', () => {
  const body = '(intro)=\n# Intro\n\n```{note}\n:class: x\nBack up.\n```\n\n:::{tip} Keep one env.\nMore.\n:::\n\n````{admonition} Before you start\n```python\nx = 1\n```\n````\n\n'
    + '```{code-block} python\n:linenos:\nprint("hi")\n```\n\n```{toctree}\n:maxdepth: 2\nintro\n```\n\n```{figure} logo.png\n:name: fig\nThe logo.\n```\n\n```{mermaid}\ngraph TD\n```\n\n```python\n(not-a-label)=\n```\n';
  const out = run(body, { generator: 'sphinx' });
  assert.equal(out, '(intro)=\n# Intro\n\n> **Note**\n>\n> Back up.\n\n\n> **Tip** Keep one env.\n> More.\n\n\n> **Before you start**\n> ```python\n> x = 1\n> ```\n\n\n'
    + '```python\n\nprint("hi")\n```\n\n\n\n\n\n\n![](logo.png)\n\nThe logo.\n\n\n```{mermaid}\ngraph TD\n```\n\n```python\n(not-a-label)=\n```\n');
});

test('Liquid: comment blocks removed, raw markers hidden in HTML comments (the tags between them still shown), code spans and fences untouched', () => {
  const body = 'A {% comment %}hidden{% endcomment %} B.\n{% comment %}\nmany\nlines\n{% endcomment %}\n{% raw %}{{ page.title }}{% endraw %}\n`{% raw %}x{% endraw %}`\n```\n{% comment %}code{% endcomment %}\n```\n';
  const out = run(body, { generator: 'jekyll' });
  assert.equal(out, 'A  B.\n\n\n\n\n<!-- {% raw %} -->{{ page.title }}<!-- {% endraw %} -->\n`{% raw %}x{% endraw %}`\n```\n{% comment %}code{% endcomment %}\n```\n');
});

test('VitePress, Docusaurus and Starlight containers and Docsify callouts are read; MDX components too (reader-mdx.test.ts has each family)', () => {
  assert.equal(run('::: tip Pro tip\nUse it.\n:::\n\n::: danger\nNo.\n:::\n', { generator: 'vitepress' }), '> **Pro tip**\n> Use it.\n\n\n> **Danger**\n> No.\n\n');
  assert.equal(run(':::note[Mind this]\nText.\n:::\n', { generator: 'starlight', mdx: true }), '> **Mind this**\n> Text.\n\n');
  assert.equal(run('!> Important.\n?> A hint.\n', { generator: 'docsify' }), '> Important.\n> A hint.\n');
  // MDX components are read on an .mdx page, whatever the generator: a tab keeps its label, a container inside it too.
  const jsx = '<Tabs>\n<TabItem value="a" label="npm">\n\n:::tip\nnpm i\n:::\n\n</TabItem>\n</Tabs>\n';
  assert.equal(run(jsx, { generator: 'docusaurus', mdx: true }), '\n**npm**\n\n> **Tip**\n> npm i\n\n\n\n\n');
  assert.equal(run(jsx, { generator: 'docusaurus' }), '<Tabs>\n<TabItem value="a" label="npm">\n\n> **Tip**\n> npm i\n\n\n</TabItem>\n</Tabs>\n');
});

test('every transform is one pass on hostile input (steps counted, never timed)', () => {
  const families: Record<string, (n: number) => string> = {
    ...PATHOLOGICAL,
    'unclosed shortcodes': (n) => repeatTo('{{< note >}}\n', n),
    'shortcode openers on one line': (n) => repeatTo('{{< a ', n),
    'paired shortcodes': (n) => repeatTo('{{% tab "x" %}}y{{% /tab %}}', n),
    'nested admonitions': (n) => repeatTo('!!! note "t"\n    !!! note\n        x\n', n),
    'an admonition marker then spaces': (n) => `!!! note ${' '.repeat(n - 10)}x`,
    'unclosed directives': (n) => repeatTo('```{note}\n', n),
    'colon directives': (n) => repeatTo(':::{tip}\n', n),
    'raw tags on one line': (n) => repeatTo('`{% raw %}', n),
    'unclosed comment': (n) => `{% comment %}${repeatTo('x\n', n - 13)}`,
    'label lines': (n) => repeatTo('(a)=\n', n),
    'containers': (n) => repeatTo('::: tip\n', n),
    'components': (n) => repeatTo('<Tabs>\n', n),
  };
  for (const o of [{ generator: 'hugo' }, { generator: 'mkdocs', admonitions: true }, { generator: 'sphinx' }, { generator: 'jekyll' }, { generator: 'vitepress' }, { generator: 'docusaurus', mdx: true }, { generator: 'docsify' }] as ReaderTextOptions[]) {
    // A scanner that returns early on a page without its syntax reports no steps: give each input the generator's marker.
    const marked = Object.fromEntries(Object.entries(families).map(([k, f]) => [k, (n: number) => `{{ {% { )= !!! ::: <X !>\n${f(n)}`]));
    assertOnePass(`reader text (${o.generator})`, (s, steps) => readerText(s, o, steps), marked, { size: 1 << 16, perChar: 24 });
  }
});

// Inputs that hang a backtracking pattern: the first version of the admonition line's pattern took
// over 20 s on ONE line of `!!! note`, 900 blanks and a quote (its runs of blanks overlapped). Each
// family here is a megabyte of such lines; the timeout only stops a hang, it measures nothing.
test('hostile lines that would hang a backtracking pattern are read in one pass', { timeout: 300_000 }, () => {
  const mb = 1 << 20;
  const cases: [string, ReaderTextOptions][] = [
    [repeatTo(`!!! note${' '.repeat(900)}"\n`, mb), { generator: 'mkdocs', admonitions: true }],
    [repeatTo(`=== ${' '.repeat(900)}"x\n`, mb), { generator: 'mkdocs', admonitions: true }],
    [repeatTo(`{{< a${' '.repeat(500)}`, mb), { generator: 'hugo' }],
    [repeatTo(`{{< a${' '.repeat(400)}/ >}}{{< /a${' '.repeat(90)}\n`, mb), { generator: 'hugo' }],
    [repeatTo(`::: tip${' '.repeat(900)}x\n`, mb), { generator: 'vitepress' }],
    [repeatTo(`\`\`\`{note}${' '.repeat(900)}x\n`, mb), { generator: 'sphinx' }],
    [repeatTo(`{% raw %}\`${' '.repeat(50)}`, mb), { generator: 'jekyll' }],
  ];
  for (const [input, o] of cases) assert.equal(readerText(input, o).split('\n').length, input.split('\n').length, o.generator);
  const titles = labelTitles(repeatTo(`(a)=\n# ${' '.repeat(900)}x ${'#'.repeat(80)}\n`, mb));
  assert.equal(titles.get('a'), 'x');
});

// Links are judged on the synced tree exactly as before reader text: the same findings at the same
// lines (lines are kept one for one) as the pages synced as written — the cross-references that
// became URLs reach the same pages, the broken ones are still there to report.
const EXPECTED_GONE: Record<string, string[]> = {
  hugo: [],
  // `[hello]({% post_url 2024-01-31-hello %}), [news]({% post_url blog/… %})` and the post's `post_url`: a post_url cannot
  // name a post once `_posts/` is `posts/` (SYNC_XREF_NOT_REWRITTEN). The post's `{% link index.md %}` follows the rename
  // to `index-page.md` (rewrite.ts), so it is no finding on the pages as written either.
  jekyll: ['knowledge/docs/tags.md:8 LINK_BROKEN', 'knowledge/docs/tags.md:8 LINK_BROKEN', 'knowledge/posts/2024-01-31-hello.md:6 LINK_BROKEN'],
};
for (const make of [hugo, jekyll]) {
  test(`${make().name}: validate on the synced tree finds what it found on the pages as written`, async () => {
    const s = make();
    const root = tmpDir('ctxforge-reader-links-');
    writeTree(root, s.files);
    git(root, ['init', '-q']);
    const findings = async (asWritten: boolean) => {
      const target = join(root, asWritten ? 'written' : 'read');
      await syncDocs(join(root, s.docs), target, { format: 'acx', cache: false, now: 1_760_000_000_000, name: 'Reader links', asWritten });
      const found = (await checkLinks(new DiskTree(target), 'acx', 'error')).filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING');
      return { target, keys: found.map((d) => `${d.file}:${d.line} ${d.code}`).sort() };
    };
    const written = await findings(true);
    const read = await findings(false);
    assert.ok(written.keys.length >= 5, 'the planted findings are there to compare');
    // Every finding on the pages as written is still found, at its line — except the false ones a
    // synced tree gave there: a tag naming an upstream path the package renamed (Jekyll's `_posts/`
    // is `posts/` in a cartridge), which resolved upstream and is now the URL it resolved to.
    const gone = written.keys.filter((k) => !read.keys.includes(k));
    assert.deepEqual(read.keys.filter((k) => !written.keys.includes(k)), [], 'no new finding');
    assert.deepEqual(gone, EXPECTED_GONE[s.name], JSON.stringify({ written: written.keys, read: read.keys }));
    // …and the resolvable cross-references were written as a link the check follows, not as the tag.
    const map = JSON.parse(readFileSync(join(read.target, '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { path: string }> };
    const body = readFileSync(join(read.target, 'knowledge', map.documents[s.name === 'hugo' ? 'guide/shortcodes.md' : 'docs/liquid.md']!.path), 'utf8');
    // (A page whose frontmatter sets its URL — here a slug — is linked by its file: the package keeps no slug.)
    assert.match(body, s.name === 'hugo' ? /\[the long guide\]\(long-name\.md\)/ : /\[the install guide\]\(\/docs\/install\.html\)/);
  });
}

test('MyST roles that resolve are written as Sphinx shows them: {doc} a link titled by the page, {ref} its text or its section title; the rest as written', async () => {
  const root = tmpDir('ctxforge-reader-roles-');
  writeTree(root, {
    'docs/conf.py': 'extensions = ["myst_parser"]\n',
    'docs/index.md': '# Welcome\n\nSee {doc}`intro`, {doc}`the intro <intro>`, {ref}`my-label`, {ref}`MY-LABEL`, {ref}`that part <my-label>`, {ref}`nolabel` and {doc}`nowhere`.\n\n`{ref}`in-code``\n',
    'docs/intro.md': '# Intro\n\n(my-label)=\n## The *End* part {#end}\n\nText.\n',
  });
  git(root, ['init', '-q']);
  const target = join(root, 'pkg');
  await syncDocs(join(root, 'docs'), target, { format: 'octx', cache: false, now: 1_760_000_000_000, name: 'Roles' });
  const index = readFileSync(join(target, 'knowledge', 'index-page.md'), 'utf8');
  assert.match(index, /See \[Intro\]\(intro\.md\), \[the intro\]\(intro\.md\), The End part, The End part, that part, \{ref\}`nolabel` and \{doc\}`nowhere`\.\n\n`\{ref\}`in-code``\n/);
  const intro = readFileSync(join(target, 'knowledge', 'intro.md'), 'utf8');
  assert.match(intro, /# Intro\n\n\(my-label\)=\n## The \*End\* part \{#end\}\n/, 'the label stays: the synced tree\'s own {ref}s and #label links resolve through it');
});

test('a tree synced before reader text gets it on the next sync, every page keeping its ID', async () => {
  const s = hugo();
  const root = tmpDir('ctxforge-reader-resync-');
  writeTree(root, s.files);
  git(root, ['init', '-q']);
  const target = join(root, 'pkg');
  await syncDocs(join(root, s.docs), target, { format: 'octx', cache: false, now: 1_760_000_000_000, name: 'Resync', asWritten: true });
  const ids = readFileSync(join(target, '.ctxforge-sync.json'), 'utf8');
  const page = join(target, 'knowledge', 'guide', 'shortcodes.md');
  assert.match(readFileSync(page, 'utf8'), /\{\{< note >\}\}/);
  const r = await syncDocs(join(root, s.docs), target, { format: 'octx', cache: false, now: 1_760_000_000_001, name: 'Resync' });
  assert.doesNotMatch(readFileSync(page, 'utf8'), /\{\{< note >\}\}/);
  assert.ok(r.files.written.includes('knowledge/guide/shortcodes.md'), JSON.stringify(r.files));
  assert.equal(r.added.length + r.removed.length + r.moved.length, 0);
  assert.deepEqual(JSON.parse(readFileSync(join(target, '.ctxforge-sync.json'), 'utf8')).documents, JSON.parse(ids).documents);
});
