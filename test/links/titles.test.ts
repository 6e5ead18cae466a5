// One title rule everywhere: sync, each format's documents reader and OCTX validation (the titles
// diff and release notes show) take frontmatter `title`, else the first heading of any level as a
// CommonMark parser finds it — never one inside an HTML comment or a code fence — with `{#id}`
// stripped. Before, the format readers took the first level-1 `#` line outside fences (so a page
// opening with `## Setup` had no title) and OCTX validation the first `# ` line anywhere, code included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { firstHeading, titleOf } from '../../src/links/title.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { DiskTree } from '../../src/core/tree.js';
import { formatByName } from '../../src/formats.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { stampText } from '../../src/octx/ids.js';

const BODY = '<!-- # Draft title, not the title -->\n\n```sh\n# a shell comment\n```\n\n## Real title {#real}\n\n# Later\n';

test('the format readers and OCTX validation take the title from the first heading a reader sees', async () => {
  const root = tmpDir();
  writeTree(join(root, 'octx'), {
    'manifest.json': '{"format": "octx", "format_version": "0.1", "asset": {"id": "019b0000-0000-7000-8000-0000000000a1", "name": "T"}, "release": {"version": "1.0.0"}}\n',
    'knowledge/index.md': '# T\n\n- [Page](page.md)\n',
    'knowledge/page.md': `---\ntype: Guide\noctx:\n  document_id: 019b0000-0000-7000-8000-0000000000d1\n---\n${BODY}`,
  });
  writeTree(join(root, 'ctxpkg'), {
    'ctxpkg.yaml': 'name: "@t/t"\nversion: 1.0.0\ndescription: titles\n',
    'nodes/page.md': `---\nid: page\ntype: fact\n---\n${BODY}`,
  });
  writeTree(join(root, 'acx'), {
    'cartridge.yaml': 'publisher: io.example\nartifact: t\nversion: 1.0.0\ndescription: Titles as every reader takes them.\nlicense: MIT\n',
    'knowledge/page.md': BODY,
  });
  for (const f of ['octx', 'ctxpkg', 'acx'] as const) {
    const m = formatByName(f)!;
    const tree = new DiskTree(join(root, f));
    const docs = await m.documents!(tree, {});
    assert.deepEqual(docs.docs.map((d) => d.title), ['Real title'], `${f} documents()`);
  }
  // OCTX validation gives diff and release notes their titles.
  const items = await formatByName('octx')!.items(new DiskTree(join(root, 'octx')), {});
  assert.equal(items.items.find((i) => i.kind === 'document')?.title, 'Real title');
});

test('ctxforge ids stamps the title by the same rule', () => {
  const r = stampText(BODY, 'knowledge/page.md', () => '019b0000-0000-7000-8000-0000000000d1');
  assert.ok('text' in r);
  assert.match(r.text, /^title: Real title$/m);
});

test('titleOf: a non-blank frontmatter title wins; a blank one gives way to the heading', () => {
  assert.equal(titleOf('Given', '# Heading\n'), 'Given');
  assert.equal(titleOf('  ', '# Heading\n'), 'Heading');
  assert.equal(titleOf(undefined, 'Setext\n===\n'), 'Setext');
  assert.equal(titleOf(7, 'no heading\n'), undefined);
});

// The shortcuts (a plain opening `# Title` line; the text up to the first `#` line) give what a
// parse of the whole text gives.
const PIECES = ['# ', '## ', '#', '   # ', '    # ', 'Title', ' {#id}', '`c`', '*e*', '<!-- ', ' -->', '```\n', '~~~\n', '\n', '\n\n', '===', '---',
  '> ', '- ', '<h2>', '</h2>', '\\', '[l](x)', ' #', 'import X from "./x";', '\t', 'é'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((a) => a.join(''));

test('firstHeading: its shortcuts agree with a parse of the whole text', () => {
  const whole = (t: string) => {
    for (const h of scanMarkdown(t).headings) { const s = h.text.replace(/\s+/g, ' ').trim(); if (s) return s; }
    return undefined;
  };
  let titled = 0;
  fc.assert(fc.property(text, (t) => {
    const got = firstHeading(t);
    if (got !== undefined) titled++;
    assert.equal(got, whole(t), JSON.stringify(t));
    return true;
  }), { numRuns: 3000, seed: 2525 });
  assert.ok(titled > 300, `${titled} texts had a title`);
});
