// Mintlify's anchors as its documentation states them (mintlify/docs `create/text.mdx`, "Automatic
// anchor IDs"; `components/accordions.mdx`, `tabs.mdx`, `steps.mdx`, `update.mdx`): heading ids that
// are not GitHub's, repeats numbered `-2`, components that write ids; `<ParamField>`/`<ResponseField>`,
// which are not documented to write any, make the anchors their names would give not judged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { keptAnchors, scanOptions } from '../../src/links/facts.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { mintlifyAnchorSlugs } from '../../src/links/slugs.js';
import { readUpstream } from '../../src/sync/upstream.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

test('mintlify: heading ids by the documented rules (the table of create/text.mdx)', () => {
  const table: [string, string][] = [
    ['Getting started', 'getting-started'],
    ['Config.json options', 'config-json-options'],
    ["What's new", 'what\u2019s-new'],
    ['Rate limits (per minute)', 'rate-limits-per-minute'],
    ['Read/write access', 'read/write-access'],
    ['Fees & billing', 'fees-&-billing'],
    ['OAuth', 'oauth'],
  ];
  for (const [h, id] of table) assert.ok(mintlifyAnchorSlugs(h).includes(id), `${h} → ${id}: ${mintlifyAnchorSlugs(h).join(', ')}`);
  // Characters the rules do not name are kept, as links on mintlify/docs show.
  assert.deepEqual(mintlifyAnchorSlugs('Split configuration with $ref'), ['split-configuration-with-$ref']);
  assert.deepEqual(mintlifyAnchorSlugs('navigation.global.languages'), ['navigation-global-languages']);
});

const found = (diags: Diagnostic[]) => diags.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort();

test('mintlify: repeats, components that write ids, and fields whose ids are not documented', async () => {
  const root = tmpDir('ctxforge-mintlify-anchors-');
  writeTree(root, {
    'docs.json': JSON.stringify({ name: 'Acme', navigation: { pages: ['index', 'settings'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\n'
      + 'Read [options](/settings#config-json-options), [the repeat](/settings#overview-2), [access](/settings#read/write-access), '
      + '[the accordion](/settings#data-attributes), [its id](/settings#custom-acc), [the tab](/settings#macos), [the update](/settings#v2-0-0), '
      + '[a field](/settings#api-params), [a badged heading](/settings#navigation) and [GitHub\'s repeat](/settings#overview-1).\n\n'
      + 'Broken: [nothing](/settings#nowhere) and [another field](/settings#api-nothing).\n',
    'settings.mdx': '---\ntitle: Settings\n---\n\n## Config.json options\n\n## Overview\n\n## Overview\n\n### Read/write access\n\n'
      + '<Accordion title="Data attributes">\n  Some.\n</Accordion>\n\n<Accordion\n  title="Other"\n  id="custom-acc"\n>\n  More.\n</Accordion>\n\n'
      + '<Tabs>\n  <Tab title="macOS">x</Tab>\n</Tabs>\n\n<Update label="v2.0.0">\n  Notes.\n</Update>\n\n'
      + '<ResponseField name="api.params" type="object">\n  Params.\n</ResponseField>\n\n### `navigation` - <Badge color="red">required</Badge>\n',
  });
  git(root, ['init', '-q']);
  const up = await readUpstream(root);
  assert.equal(up.site.generator, 'mintlify');
  const r = await checkTreeLinks(new DiskTree(root), [''], { site: up.site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  assert.deepEqual(found(r.diagnostics), ['index.mdx:7:LINK_ANCHOR_MISSING', 'index.mdx:7:LINK_ANCHOR_MISSING'], JSON.stringify(r.diagnostics, null, 1));
  const nj = r.diagnostics.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';
  assert.match(nj, /1 to anchors <ParamField>\/<ResponseField> may write \(not documented\)/, nj);
  assert.match(nj, /1 to ids of headings that hold a component \(not documented\)/, nj);
});

// A quadratic pattern would not finish on these megabytes (nor on twice them); the timeout only
// stops a hang, it measures nothing (speed is the bench's, never a test's).
test('mintlify: component tags are read by bounded patterns, in linear time', { timeout: 300_000 }, () => {
  const spec = { roots: [''], generator: 'mintlify' as const, wiki: false, admonitions: false };
  const hostile = `${'<Accordion title="x" '.repeat(20_000)}\n${'<Tab '.repeat(40_000)}\n<Accordion ${'a="b" '.repeat(50_000)}>\n${'<ResponseField name='.repeat(20_000)}\n${'# x '.repeat(50_000)}<Y\n${'### a <B>\n'.repeat(20_000)}`;
  for (const text of [hostile, hostile + hostile]) {
    const k = keptAnchors(spec, scanMarkdown(text, scanOptions(spec, 'x.mdx')), text);
    assert.ok(k.a.ids instanceof Set);
  }
});

test('mintlify: the site folder as given is read as data (detected by docs.json)', async () => {
  const root = tmpDir('ctxforge-mintlify-anchors-');
  writeTree(root, { 'docs.json': '{"navigation": {"pages": ["index"]}}', 'index.mdx': '# Home\n' });
  git(root, ['init', '-q']);
  assert.equal((await readUpstream(join(root))).site.generator, 'mintlify');
});
