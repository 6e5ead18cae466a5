// Judged by Sphinx itself (issue 34): a MyST site with (label)= targets, heading anchors, links to
// labels, the cross-reference roles {doc}, {ref} and {numref}, and planted broken ones, is built by
// Debian's sphinx-build with myst-parser (nitpicky). MyST leaves no link in the HTML for a target it
// cannot resolve — it warns, with file and line — so Sphinx's warnings are the expected verdict,
// and ctxforge's findings must equal them. (Sphinx names a paragraph's first line for every role in
// it: each role here has a paragraph of its own.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../../helpers/tmp.js';
import { DiskTree } from '../../../src/core/tree.js';
import { detectSite } from '../../../src/links/generators.js';
import { checkTreeLinks } from '../../../src/links/check.js';
import { readUpstream } from '../../../src/sync/upstream.js';
import { assertReaderText, readerFigures } from './reader-text.js';

const WARNING = /\/docs\/([^:\s]+):(\d+): WARNING: ('myst' (?:cross-)?reference target not found|unknown document|undefined label|Failed to create a cross reference)/g;

test('sphinx-build with myst-parser warns of exactly the links and cross-references ctxforge reports', async () => {
  const root = tmpDir('ctxforge-interop-sphinx-');
  writeTree(root, {
    'docs/conf.py': 'extensions = ["myst_parser"]\nmyst_heading_anchors = 3\nmaster_doc = "index"\nnumfig = True\nmyst_enable_extensions = ["colon_fence"]\n',
    'docs/index.md': '# Welcome\n\n```{toctree}\nintro\nguide/roles\nguide/directives\n```\n\nSee [the intro](intro.md), [its part](intro.md#the-end-part), [a label](my-label), [gone](missing.md) and [no anchor](intro.md#nowhere).\n',
    'docs/intro.md': '# Intro\n\n(my-label)=\n## The End part\n\nBack [home](index.md#welcome), [here](#the-end-part) and [a lost page](../elsewhere/page.md).\n\n(para-label)=\nA paragraph with a label.\n\n```{figure} logo.png\n:name: fig-logo\n\nThe logo.\n```\n',
    'docs/logo.png': 'png',
    'docs/guide/roles.md': '# Roles\n\n'
      + 'Documents: {doc}`../intro`, {doc}`/index`, {doc}`the intro <../intro>` and `{doc}`in-code``.\n\n'
      + 'Labels: {ref}`my-label`, {ref}`MY-LABEL`, {ref}`a title <para-label>`, {numref}`fig-logo`.\n\n'
      + 'A document named with its extension: {doc}`../intro.md`.\n\n'
      + 'A document that is not there: {doc}`nowhere`.\n\n'
      + 'A label nobody defines: {ref}`no-such-label`.\n\n'
      + 'A label on a paragraph has no title of its own: {ref}`para-label`.\n\n'
      + '```\n{ref}`in-a-fence`\n```\n',
    // What a reader sees of directives and labels (issue 34: reader text); no broken link here.
    'docs/guide/directives.md': '# Directives\n\n```{note}\nBack up the project before you upgrade it.\n```\n\n'
      + ':::{tip}\n:class: dropdown\nKeep one virtual environment per project.\n:::\n\n'
      + '```{admonition} Before you start\nInstall a recent Python release.\n```\n\n(guide-setup)=\n## Setting up\n\n'
      + 'As {ref}`the end of the intro <my-label>` says, read {doc}`../intro` and {doc}`the roles page <roles>`.\n\n'
      + '```{code-block} python\nprint("hello")\n```\n',
  });
  git(root, ['init', '-q']);
  const b = spawnSync('sphinx-build', ['-b', 'html', '-q', '-n', join(root, 'docs'), join(root, 'out')], { encoding: 'utf8' });
  assert.equal(b.status, 0, b.stderr);
  const theirs = [...b.stderr.matchAll(WARNING)].map((m) => `${m[1]}:${m[2]}`).sort();
  const docs = join(root, 'docs');
  const site = await detectSite(docs);
  assert.equal(site.generator, 'sphinx');
  const up = await readUpstream(docs);
  const r = await checkTreeLinks(new DiskTree(docs), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  const ours = r.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}`).sort();
  assert.ok(theirs.length >= 7, b.stderr);
  assert.deepEqual(ours, theirs, `${b.stderr}\n${JSON.stringify(r.diagnostics, null, 1)}`);
  // Every other warning Sphinx gave is accounted for: nothing it found is left out of the comparison.
  const other = b.stderr.split('\n').filter((l) => /WARNING/.test(l) && !new RegExp(WARNING.source).test(l));
  assert.deepEqual(other, []);
  // What the agent reads is what a reader sees: the synced documents against the built pages (`x.md` is `x.html`; <title> is `Title — Project documentation`).
  assertReaderText('sphinx', await readerFigures(docs, (p) => join(root, 'out', p.replace(/\.md$/, '.html')), / \u2014 [^\u2014]*documentation$/), {
    'guide/roles.md': 'the planted roles Sphinx cannot resolve, those in code, and {ref}/{numref} without text (Sphinx shows the target\'s title) are left as written',
  });
});
