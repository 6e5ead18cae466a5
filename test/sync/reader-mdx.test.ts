// MDX components as their reader sees them (issue 34): each generator's components — shapes modelled
// on withastro/starlight 0.35.0, facebook/docusaurus `website/docs`, shuding/nextra `docs` and
// mintlify/docs, written here, not copied — keep their readable content: labels, a container's
// Markdown, a link card as a link; wrappers and ESM lines go; what the table does not know, an
// expression attribute and code stay as written; lines are kept one for one; and the link check
// reads the synced text as it read the page (a component whose conversion would change that stays).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mdxReaderText } from '../../src/sync/reader-mdx.js';
import { readerText } from '../../src/sync/reader-text.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { syncDocs } from '../../src/sync/index.js';
import { checkLinks, checkTreeLinks } from '../../src/links/check.js';
import { detectSite } from '../../src/links/generators.js';
import { readUpstream } from '../../src/sync/upstream.js';
import { DiskTree } from '../../src/core/tree.js';
import { assertOnePass, PATHOLOGICAL, repeatTo } from '../helpers/steps.js';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';

const run = (body: string) => {
  const out = mdxReaderText(body);
  assert.equal(out.split('\n').length, body.split('\n').length, `lines kept one for one:\n${out}`);
  return out;
};

test('Starlight: tabs keep their labels, an aside is a blockquote with its title, cards their titles, a link card a link; wrappers and imports go', () => {
  const body = [
    "import { Tabs, TabItem, Aside, Card, CardGrid, LinkCard, Steps } from '@astrojs/starlight/components';",
    '',
    '<Tabs syncKey="pkg">',
    '<TabItem label="npm">',
    '',
    '```sh',
    'npm create astro@latest -- --template starlight',
    '```',
    '',
    '</TabItem>',
    '</Tabs>',
    '',
    '<Aside type="caution" title="Heads up">',
    '\tBack up *first*.',
    '</Aside>',
    '',
    '<Aside>One line in an aside.</Aside>',
    '',
    '<CardGrid>',
    '\t<Card title="Moons" icon="moon">',
    '\t\tIo, Europa, Ganymede',
    '\t</Card>',
    '\t<LinkCard title="Authoring Markdown" href="/guides/authoring-content/" />',
    '</CardGrid>',
    '',
    '<LinkCard',
    '\ttitle="Internationalization"',
    '\thref="/guides/i18n/"',
    '\tdescription="Configure [locales] & <more>."',
    '/>',
    '',
    '<Steps>',
    '1. Install',
    '2. Run <Badge text="New" /> it',
    '</Steps>',
    '',
    '<Badge text="Beta" variant="tip" />',
  ].join('\n');
  assert.equal(run(body), [
    '', '',
    '', '**npm**', '', '```sh', 'npm create astro@latest -- --template starlight', '```', '', '', '',
    '',
    '> **Heads up**', '> Back up *first*.', '',
    '',
    '> **Note** One line in an aside.',
    '',
    '', '**Moons**', 'Io, Europa, Ganymede', '', '[Authoring Markdown](/guides/authoring-content/)', '',
    '',
    // The link stands on its target's line, where the check found the attribute upstream.
    '', '', '[Internationalization](/guides/i18n/) — Configure \\[locales\\] \\& \\<more\\>.', '', '',
    '',
    '', '1. Install', '2. Run <Badge text="New" /> it', '',
    '',
    'Beta',
  ].join('\n'));
});

test('Docusaurus: TabItem labels (the value when no label), Admonition, details and summary; ESM statements over several lines go', () => {
  const body = [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    'export const Highlight = ({children}) => (',
    '  <span>{children}</span>',
    ');',
    '',
    '<Tabs groupId="os">',
    '  <TabItem value="mac" label="macOS" default>',
    '',
    '  Use Homebrew.',
    '',
    '  </TabItem>',
    '  <TabItem value="linux">',
    '',
    '  Use the package manager.',
    '',
    '  </TabItem>',
    '</Tabs>',
    '',
    '<Admonition type="tip" title="Pro tip">',
    '',
    'Cache the build.',
    '',
    '</Admonition>',
    '',
    '<details>',
    '  <summary>Alternative commands</summary>',
    '',
    'Run `npm init docusaurus`.',
    '',
    '</details>',
    '',

    '## Requirements {/* #requirements */}',
    '',
    '{/* A comment nobody reads. */}',
  ].join('\n');
  assert.equal(run(body), [
    '', '', '',
    '', '', '', '',
    '', '**macOS**', '', 'Use Homebrew.', '', '', '**linux**', '', 'Use the package manager.', '', '', '',
    '',
    '> **Pro tip**', '>', '> Cache the build.', '>', '',
    '',
    '', '**Alternative commands**', '', 'Run `npm init docusaurus`.', '', '',
    '',

    '## Requirements {/* #requirements */}',
    '',
    '',
  ].join('\n'));
});

test('Nextra: Callout by type, Tabs.Tab (the items expression is never read), Steps, Cards.Card a link, FileTree entries', () => {
  const body = [
    "import { Callout, Tabs, Steps, Cards, FileTree } from 'nextra/components'",
    '',
    '<Callout type="warning" emoji="⚠️">',
    '  Check the version first.',
    '</Callout>',
    '',
    '<Callout>',
    '  A default callout.',
    '</Callout>',
    '',
    "<Tabs items={['pnpm', 'npm']}>",
    '  <Tabs.Tab>',
    '    ```sh',
    '    pnpm add nextra',
    '    ```',
    '  </Tabs.Tab>',
    '</Tabs>',
    '',
    '<Cards>',
    '  <Cards.Card title="Get started" href="/docs/start" arrow />',
    '</Cards>',
    '',
    '<FileTree>',
    '  <FileTree.Folder name="pages" defaultOpen>',
    '    <FileTree.File name="_meta.js" />',
    '  </FileTree.Folder>',
    '</FileTree>',
  ].join('\n');
  assert.equal(run(body), [
    '', '',
    '> **Warning**', '> Check the version first.', '',
    '',
    '>', '> A default callout.', '',
    '',
    '', '', '```sh', 'pnpm add nextra', '```', '', '',
    '',
    '', '[Get started](/docs/start)', '',
    '',
    // A file tree's `name`s are anchors to the check (HTML \`name=\`): kept as written, so the anchors stay.
    '<FileTree>', '  <FileTree.Folder name="pages" defaultOpen>', '    <FileTree.File name="_meta.js" />', '  </FileTree.Folder>', '</FileTree>',
  ].join('\n'));
});

test('Mintlify: callouts by name, CodeGroup, Accordion, Card with href, Steps, Tab, ParamField with type and flags, Frame, Expandable', () => {
  const body = [
    '<Note>',
    '  Plain words in a note.',
    '</Note>',
    '',
    '<Warning>Do not share keys.</Warning>',
    '',
    '<CodeGroup>',
    '```bash npm',
    'npm i mint',
    '```',
    '</CodeGroup>',
    '',
    '<AccordionGroup>',
    '  <Accordion title="Why?">',
    '    Because.',
    '  </Accordion>',
    '</AccordionGroup>',
    '',
    '<CardGroup cols={2}>',
    '<Card title="Editor" icon="pen" href="/editor/index">',
    '  Edit in the browser.',
    '</Card>',
    '</CardGroup>',
    '',
    '<Steps>',
    '  <Step title="Install">',
    '    Run the installer.',
    '  </Step>',
    '</Steps>',
    '',
    '<Tabs>',
    '  <Tab title="cURL">',
    '    Use curl.',
    '  </Tab>',
    '</Tabs>',
    '',
    '<ParamField path="id" type="string" required>',
    '  The page id.',
    '</ParamField>',
    '',
    '<Frame caption="The dashboard">',
    '',
    '  ![Dashboard](/images/dashboard.png)',
    '',
    '</Frame>',
    '',
    '<Expandable title="properties">',
    '  Nested fields.',
    '</Expandable>',
  ].join('\n');
  assert.equal(run(body), [
    '> **Note**', '> Plain words in a note.', '',
    '',
    '> **Warning** Do not share keys.',
    '',
    '', '```bash npm', 'npm i mint', '```', '',
    '',
    '', '**Why?**', 'Because.', '', '',
    '',
    '', '[Editor](/editor/index)', 'Edit in the browser.', '', '',
    '',
    '', '**Install**', 'Run the installer.', '', '',
    '',
    '', '**cURL**', 'Use curl.', '', '',
    '',
    '**id** (string, required)', 'The page id.', '',
    '',
    '**The dashboard**', '', '![Dashboard](/images/dashboard.png)', '', '',
    '',
    '**properties**', 'Nested fields.', '',
  ].join('\n'));
});

test('what the table does not know stays as written: unknown components, expression attributes, unclosed or crossed tags, code fences, a javascript: href', () => {
  const same = [
    '<Preview>\n<Fragment slot="markdoc">\nx\n</Fragment>\n</Preview>',
    '<LinkCard title="Computed" href={base + \'/x/\'} />',
    '<TabItem label={t("npm")}>\n\nx\n\n</TabItem>',
    '<Aside type={kind}>\n\nx\n\n</Aside>',
    '<Tabs>\n<TabItem label="a">\n\nnever closed',
    // `<Link to>`: the check never judges a `to`, so a Markdown link made of it would be judged: not in the table.
    '<Link to="/docs/intro">\n  Read the intro\n</Link>',
    '```mdx\nimport { Aside } from \'@astrojs/starlight/components\';\n\n<Aside>In code.</Aside>\n```',
    '````md\n```\n<Note>still code</Note>\n```\n````',
    '<LinkCard title="x" href="javascript:alert(1)" />',
    // Prose that starts like a statement is no ESM: MDX needs `from '…'`.
    'import your data first, then\nexport it.',
  ];
  for (const s of same) assert.equal(run(s), s, s);
  // Crossed tags: the closer that finds its opener pairs with it; the opener it crosses is never read.
  assert.equal(run('<Tabs>\n\n<TabItem label="a">\n\nx\n\n</Tabs>\n\n</TabItem>'), '\n\n<TabItem label="a">\n\nx\n\n\n\n</TabItem>');
  // Not MDX: nothing is read.
  const jsx = '<Tabs>\n<TabItem label="a">\n\nx\n\n</TabItem>\n</Tabs>\n';
  assert.equal(readerText(jsx, { generator: 'docusaurus' }), jsx);
  assert.equal(readerText(jsx, { generator: 'docusaurus', mdx: true }), '\n**a**\n\nx\n\n\n\n');
  // Attribute values are the page's words, never markup: escaped.
  assert.equal(run('<Card title="<img src=x onerror=alert(1)> [a](b) **c**">\n\nx\n\n</Card>'), '**\\<img src=x onerror=alert(1)\\> \\[a\\](b) \\*\\*c\\*\\***\n\nx\n\n');
});

// What the check reads of a text: its links (not external, not imports) and headings, by line; anchors.
const verdicts = (text: string, mdx: boolean) => {
  const s = scanMarkdown(text, { mdx });
  return {
    links: [...s.links.filter((l) => l.kind !== 'import' && !/^[a-z]+:/.test(l.target)).map((l) => `${l.line} ${l.target}`), ...s.htmlLinks.map((l) => `${l.line} ${l.target}`)].sort(),
    headings: s.headings.map((h) => `${h.line} ${h.text}`),
    ids: [...s.htmlIds].sort(),
  };
};

test('the link check reads the synced text as it read the page: a component that would bring a link out of an HTML block stays as written', () => {
  const cases: [string, boolean][] = [
    // Markdown straight under a tag is inside CommonMark's HTML block upstream (not judged): kept.
    ['<Note>\n  See [roles](/dashboard/roles).\n</Note>\n', false],
    ['<Aside>\n## Not a heading upstream\n</Aside>\n', false],
    // An indented paragraph after a blank line is code upstream: not dedented into a link.
    ['<Tip>\n\n    [x](/y)\n\n</Tip>\n', false],
    // The component's `name` is an anchor to the check: it stays, and so does the anchor.
    ['<ResponseField name="user" type="object">\n\nThe user.\n\n</ResponseField>\n', false],
    // After a blank line the Markdown is judged upstream too: read.
    ['<Note>\n\nSee [roles](/dashboard/roles).\n\n</Note>\n', true],
    ['<Tabs>\n<TabItem label="a">\n\n[x](/x/) and <a href="/y/">y</a>\n\n</TabItem>\n</Tabs>\n', true],
    // Inside an unknown component's HTML block, a known one is read and its content stays unjudged.
    ['<Preview>\n<Note>\n  [x](/x/)\n</Note>\n</Preview>\n', true],
  ];
  for (const [page, read] of cases) {
    const out = run(page);
    assert.equal(out !== page, read, `${read ? 'read' : 'kept'}: ${page} → ${out}`);
    assert.deepEqual(verdicts(out, false), verdicts(page, true), page);
  }
  // Only the component that would change a verdict is kept; its neighbours are read.
  const mixed = '<Tip>\n\nRead on.\n\n</Tip>\n\n<Note>\n  [x](/x/)\n</Note>\n';
  assert.equal(run(mixed), '> **Tip**\n>\n> Read on.\n>\n\n\n<Note>\n  [x](/x/)\n</Note>\n');
});

test('hostile input is read in one pass (steps counted, never timed)', () => {
  const families: Record<string, (n: number) => string> = {
    ...PATHOLOGICAL,
    'unclosed openers': (n) => repeatTo('<Tabs>\n', n),
    'pairs': (n) => repeatTo('<Aside>\nx\n</Aside>\n', n),
    'nested openers': (n) => repeatTo('<Tabs>\n<TabItem label="a">\n', n),
    'closers only': (n) => repeatTo('</Tabs>\n', n),
    'tags over lines': (n) => repeatTo('<LinkCard\n title="a"\n', n),
    'expressions over lines': (n) => repeatTo('<A x={\n', n),
    'attribute runs': (n) => `<Card ${repeatTo('a="b" ', n - 10)}>`,
    'one-line components': (n) => repeatTo('<Aside>x</Aside>\n', n),
    'statements': (n) => repeatTo("import A from 'a'\n", n),
    'unclosed statements': (n) => repeatTo('export const a = {\n\n', n),
    'statements over blank lines': (n) => repeatTo('export const a = `\n\n`\n\n', n),
    'links kept in HTML blocks': (n) => repeatTo('<Note>\n[x](/y)\n</Note>\n\n', n),
    'one run of badges and links': (n) => `\n${repeatTo('<Badge text="x" />\n[x](/y)\n', n - 1)}`,
    'comments': (n) => repeatTo('{/* x */}\n', n),
  };
  assertOnePass('MDX reader text', (s, steps) => mdxReaderText(`<X>\n${s}`, {}, steps), families, { size: 1 << 16, perChar: 24 });
});

test('megabyte lines that would hang a backtracking pattern are read in one pass', { timeout: 300_000 }, () => {
  const mb = 1 << 20;
  for (const input of [
    repeatTo(`<Card title="${' '.repeat(900)}\n`, mb),
    repeatTo(`<A ${'b '.repeat(450)}\n`, mb),
    repeatTo(`<Aside>${' '.repeat(900)}</Aside\n`, mb),
    repeatTo(`{/*${' '.repeat(900)}*/ */}\n`, mb),
    `<Note>\n${repeatTo('[x](/y) ', mb)}\n</Note>\n`,
  ]) assert.equal(mdxReaderText(input).split('\n').length, input.split('\n').length);
});

// A Starlight site shaped like withastro/starlight's docs: synced, its pages hold no component
// syntax the table knows and no ESM line; the partial it imports is still expanded; and the link
// check finds on the synced tree exactly what it found upstream (one broken link card, planted).
test('sync: a Starlight .mdx page is written as its reader sees it, and the synced tree\'s link check agrees with the upstream one', async () => {
  const root = tmpDir('ctxforge-reader-mdx-');
  const docs = 'docs/src/content/docs';
  writeTree(root, {
    'docs/astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Docs' })] };\n",
    'docs/package.json': '{"name":"docs"}\n',
    [`${docs}/getting-started.mdx`]: [
      '---', 'title: Getting Started', '---', '',
      "import { Tabs, TabItem, Aside, LinkCard, CardGrid, Card, Steps } from '@astrojs/starlight/components';",
      "import Shared from './_shared.mdx';",
      '',
      'Start with [the guide](/guides/intro/).',
      '',
      '<Tabs syncKey="pkg">',
      '<TabItem label="npm">',
      '',
      '```sh',
      'npm create astro@latest',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      '<Aside type="tip" title="Heads up">',
      '',
      'Read [the setup](/guides/intro/#setup) first.',
      '',
      '</Aside>',
      '',
      '<CardGrid>',
      '\t<Card title="Moons" icon="moon">',
      '\t\tIo, Europa',
      '\t</Card>',
      '\t<LinkCard title="Intro" href="/guides/intro/" />',
      '\t<LinkCard title="Gone" href="/guides/gone/" />',
      '</CardGrid>',
      '',
      '<Steps>',
      '1. Install',
      '2. Run',
      '</Steps>',
      '',
      '<Shared />',
      '',
    ].join('\n'),
    [`${docs}/_shared.mdx`]: 'Shared words, [linked](/guides/intro/).\n',
    [`${docs}/guides/intro.md`]: '---\ntitle: Intro\n---\n\n## Setup\n\nBack to [getting started](/getting-started/).\n',
  });
  git(root, ['init', '-q']);
  const docsAbs = join(root, docs);
  const site = await detectSite(docsAbs);
  assert.equal(site.generator, 'starlight');
  const up = await readUpstream(docsAbs);
  const upstream = await checkTreeLinks(new DiskTree(docsAbs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta });
  const broken = (ds: { code: string; file?: string; line?: number }[]) => ds.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.code} ${d.line}`);
  const source = readFileSync(join(docsAbs, 'getting-started.mdx'), 'utf8');
  const gone = source.split('\n').findIndex((l) => l.includes('/guides/gone/')) + 1;
  assert.deepEqual(broken(upstream.diagnostics), [`LINK_BROKEN ${gone}`]);
  const pkg = join(root, 'pkg');
  const r = await syncDocs(docsAbs, pkg, { format: 'octx', cache: false, now: 1_760_000_000_000, name: 'MDX' });
  assert.ok(!r.diagnostics.some((d) => d.severity === 'error'), JSON.stringify(r.diagnostics));
  const page = readFileSync(join(pkg, 'knowledge/getting-started.md'), 'utf8');
  const body = page.slice(page.indexOf('\n---\n') + 5);
  assert.doesNotMatch(body, /^\s*<\/?[A-Z]/m, body);
  assert.doesNotMatch(body, /^(?:import|export)\s/m, body);
  assert.match(body, /^\*\*npm\*\*$/m);
  assert.match(body, /^> \*\*Heads up\*\*$/m);
  assert.match(body, /^> Read \[the setup\]\(\/guides\/intro\/#setup\) first\.$/m);
  assert.match(body, /^\*\*Moons\*\*\nIo, Europa$/m);
  assert.match(body, /^\[Gone\]\(\/guides\/gone\/\)$/m);
  assert.match(body, /^Shared words, \[linked\]\(\/guides\/intro\/\)\.$/m, 'the MDX partial is still expanded');
  assert.equal(body.split('\n').length, source.split('\n').length - 3, 'lines kept one for one below the frontmatter');
  // The synced tree: the same finding, at the same line below its frontmatter, and nothing else.
  const got = await checkLinks(new DiskTree(pkg), 'octx', 'error');
  const offset = page.slice(0, page.indexOf('\n---\n') + 5).split('\n').length - 1;
  assert.deepEqual(broken(got), [`LINK_BROKEN ${gone - 3 + offset}`], JSON.stringify(got));
});
