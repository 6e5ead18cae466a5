// The synced tree's own link check (validate of the tree, the Action's PR check) must agree with
// the upstream check sync ran: the tree records only its generator and root, so a link that only
// the site's configuration resolves is rewritten at sync to a path the tree's rules resolve. Here:
// Hugo's link render hook, which looks a relative destination up from the content root too
// (hugoDocs writes `[security](about/security/)` on pages in other folders).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const page = (t: string, body: string) => `---\ntitle: ${t}\n---\n\n${body}\n`;

test('Hugo with a link render hook: a link only the hook\'s lookup from the content root resolves is rewritten so the synced tree\'s own check passes', async () => {
  const root = tmpDir('sync-tree-agrees-');
  writeTree(root, {
    'hugo.toml': 'baseURL = "https://example.org/"\n',
    'layouts/_default/_markup/render-link.html': '{{ with site.GetPage .Destination }}<a href="{{ .RelPermalink }}">{{ $.Text }}</a>{{ else }}<a href="{{ .Destination }}">{{ .Text }}</a>{{ end }}\n',
    'content/about/security.md': page('Security', '## Model\n\nText.'),
    'content/guide/intro.md': page('Intro', 'Read [the model](about/security/#model) and [nothing](about/nowhere/).'),
  });
  const r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] };
  // Upstream: the hook resolves the first link, the second is broken.
  assert.deepEqual(j.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => /link to (\S+)/.exec(d.message)?.[1]), ['about/nowhere/']);
  const text = readFileSync(join(root, 'pkg', 'knowledge', 'guide', 'intro.md'), 'utf8');
  assert.doesNotMatch(text, /\]\(about\/security\/#model\)/, 'rewritten to a path the tree resolves without the hook');
  const v = await runCli(['validate', 'pkg', '--links', 'error', '--json'], { cwd: root });
  const found = (JSON.parse(v.stdout) as { results: { diagnostics: { code: string; message: string }[] }[] }).results[0]!.diagnostics.filter((d) => d.code.startsWith('LINK_') && d.code !== 'LINK_NOT_JUDGED');
  // The tree's check finds what the upstream check found, nothing more.
  assert.deepEqual(found.map((d) => /link to (\S+)/.exec(d.message)?.[1]), ['about/nowhere/'], JSON.stringify(found));
});

test('Hugo headless pages their section lists (the Hugo docs\' glossary): documents served at no URL of their own, so `[term](g)` reaches them in the synced tree and llms.txt leaves them out', async () => {
  const root = tmpDir('sync-tree-headless-');
  writeTree(root, {
    'hugo.toml': 'baseURL = "https://example.org/"\n',
    // The Hugo docs' link render hook: `[text](g)` is the glossary page the text names.
    'layouts/_markup/render-link.html': '{{- $u := urls.Parse .Destination }}\n{{- if eq $u.String "g" }}{{ partial "inline/glossary.html" (dict "text" .Text) }}\n'
      + '{{- else }}{{ with .PageInner.GetPage .Destination }}{{ .RelPermalink }}{{ end }}{{ end }}\n'
      + '{{- define "_partials/inline/glossary.html" }}\n  {{- $glossaryPath := "/quick-reference/glossary" }}\n  {{- $term := .text | strings.ToLower }}\n'
      + '  {{- if site.GetPage (urls.JoinPath $glossaryPath ($term | urlize)) }}found{{ end }}\n{{- end }}\n',
    'content/quick-reference/glossary/_index.md': '---\ntitle: Glossary\nbuild:\n  render: always\n  list: always\ncascade:\n  build:\n    render: never\n    list: local\n---\n\n{{% glossary %}}\n',
    'content/quick-reference/glossary/page-bundle.md': page('page bundle', 'A folder of a page and its resources.'),
    'content/quick-reference/glossary/entry.md': page('entry', 'One item of a list.'),
    // Snippets only included: never rendered, never listed — no documents.
    'content/_common/_index.md': '---\ncascade:\n  build:\n    list: never\n    render: never\n---\n',
    'content/_common/note.md': '---\n_comment: snippet\n---\n\nShared note.\n',
    'content/guide/terms.md': page('Terms', 'A [page bundle](g), two [Entries](g) and [the entry page](/quick-reference/glossary/entry/).\n\n{{% include "/_common/note.md" %}}'),
  });
  const r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[]; skipped: { path: string }[] };
  // Upstream: the hook finds both terms; the headless page's own URL is served by nothing.
  const broken = (ds: { code: string; message: string }[]) => ds.filter((d) => d.code.startsWith('LINK_') && d.code !== 'LINK_NOT_JUDGED').map((d) => `${d.code} ${/link to (\S+)/.exec(d.message)?.[1]}`);
  assert.deepEqual(broken(j.diagnostics), ['LINK_BROKEN /quick-reference/glossary/entry/']);
  assert.ok(j.skipped.some((s) => s.path === '_common/note.md'), 'a snippet folder never listed stays out');
  assert.ok(existsSync(join(root, 'pkg', 'knowledge', 'quick-reference', 'glossary', 'entry.md')), 'a listed headless page is a document');
  const text = readFileSync(join(root, 'pkg', 'knowledge', 'guide', 'terms.md'), 'utf8');
  assert.match(text, /\[page bundle\]\(\.\.\/quick-reference\/glossary\/page-bundle\)/);
  assert.match(text, /\[Entries\]\(\.\.\/quick-reference\/glossary\/entry\)/, 'the singular found by the hook, written as a path');
  const rec = JSON.parse(readFileSync(join(root, 'pkg', '.ctxforge-sync.json'), 'utf8')) as { site: { routes?: { unserved?: string[] } } };
  assert.deepEqual(rec.site.routes?.unserved, ['quick-reference/glossary/entry.md', 'quick-reference/glossary/page-bundle.md']);
  const v = await runCli(['validate', 'pkg', '--links', 'error', '--json'], { cwd: root });
  // The tree's check finds what the upstream check found, nothing more.
  assert.deepEqual(broken((JSON.parse(v.stdout) as { results: { diagnostics: { code: string; message: string }[] }[] }).results[0]!.diagnostics), ['LINK_BROKEN /quick-reference/glossary/entry/']);
  const l = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://example.org/'], { cwd: root });
  assert.equal(l.code, 0, l.stderr);
  assert.match(l.stdout, /\(https:\/\/example\.org\/quick-reference\/glossary\/\)/);
  assert.doesNotMatch(l.stdout, /glossary\/entry|page-bundle/, 'a page served at no URL is no line of llms.txt');
});

test('MyST: the synced tree keeps its label lines and reads them as Sphinx does, so its own check finds what the upstream one finds (a `#label` alone, a label inside a directive, a {ref} after nested fences)', async () => {
  const root = tmpDir('sync-tree-myst-');
  writeTree(root, {
    'docs/conf.py': 'extensions = ["myst_parser"]\n',
    'docs/docutils.md': '(myst-docutils)=\n# Single page builds\n\nText.\n',
    'docs/reference.md': '# Reference\n\nSee {ref}`tokens` and [builds](#myst-docutils) and [nothing](#no-such-label).\n\n`````{list-table}\n* - ```md\n    x\n    ```\n`````\n\n(tokens)=\n## Tokens\n\n::::{admonition} Example\n(inner-label)=\nText.\n\n[Inner](#inner-label)\n::::\n',
  });
  const r = await runCli(['sync', 'docs', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] };
  const found = (ds: { code: string; message: string }[]) => ds.filter((d) => d.code.startsWith('LINK_') && d.code !== 'LINK_NOT_JUDGED').map((d) => d.code);
  assert.deepEqual(found(j.diagnostics), ['LINK_ANCHOR_MISSING'], JSON.stringify(j.diagnostics));
  const text = readFileSync(join(root, 'pkg', 'knowledge', 'reference.md'), 'utf8');
  assert.match(text, /See Tokens and/, 'the {ref} after nested fences is shown as its section\'s title');
  assert.match(readFileSync(join(root, 'pkg', 'knowledge', 'docutils.md'), 'utf8'), /^\(myst-docutils\)=$/m);
  const v = await runCli(['validate', 'pkg', '--links', 'error', '--json'], { cwd: root });
  const tree = (JSON.parse(v.stdout) as { results: { diagnostics: { code: string; message: string }[] }[] }).results[0]!.diagnostics;
  assert.deepEqual(found(tree), ['LINK_ANCHOR_MISSING'], JSON.stringify(tree));
  assert.match(tree.find((d) => d.code === 'LINK_ANCHOR_MISSING')!.message, /#no-such-label/);
});
