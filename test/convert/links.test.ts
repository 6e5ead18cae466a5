// Links survive convert as they survive sync. A synced Obsidian vault and VitePress site, converted
// to each other format, are checked with `validate --links error` and report exactly the links that
// are broken upstream — nothing ctxforge broke, no false anchor (the site's generator travels in the
// manifest's x-ctxforge), no image a format left out; wiki links become ctxpkg `references` edges.
// Every rename convert makes (a reserved index.md, a dot-file page, a name a cartridge cannot hold)
// rewrites every link form that reaches the renamed file, the way back gives the names and bytes
// back, and a rename a link cannot follow is not made. On the code before, converted trees judged
// links by GitHub's rules, reported images as broken, had no edges for wiki links, and convert left
// index.md pages out of OCTX and wrote names a cartridge cannot build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { syncDocs } from '../../src/sync/index.js';
import { vault, vitepress, type Site } from '../links/sites.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const FORMATS = ['octx', 'ctxpkg', 'acx'] as const;
type F = (typeof FORMATS)[number];
const ROOT: Record<F, string> = { octx: 'knowledge/', ctxpkg: 'nodes/', acx: 'knowledge/' };

const lineOf = (text: string, needle: string) => {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `${needle} is in the text`);
  return text.slice(0, i).split('\n').length;
};

async function findings(dir: string, cwd: string): Promise<{ found: string[]; all: Diagnostic[] }> {
  const r = await runCli(['validate', dir, '--links', 'error', '--json'], { cwd });
  const all = (JSON.parse(r.stdout) as { results: { diagnostics: Diagnostic[] }[] }).results[0]!.diagnostics;
  return { found: all.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort(), all };
}

/** The node file of an upstream page in a ctxpkg tree, and the ids of its `references` edges. */
function edgesOf(dir: string, path: string): string[] {
  const text = readFileSync(join(dir, 'nodes', path), 'utf8');
  return [...text.matchAll(/- to: "?([^"\s]+)"?\n\s+type: references/g)].map((m) => m[1]!);
}

for (const mk of [vault, vitepress]) {
  const s: Site = mk();
  test(`${s.name}: synced, then converted to each other format, validate --links error reports exactly the links broken upstream`, async () => {
    const root = tmpDir(`ctxforge-convert-${s.name}-`);
    writeTree(join(root, 'site'), s.files);
    const docs = join(root, 'site', s.docs);
    for (const from of FORMATS) {
      const synced = `s-${from}`;
      const r = await syncDocs(docs, join(root, synced), { format: from, now: 1_760_000_000_000 });
      assert.ok(!r.diagnostics.some((d) => d.severity === 'error'), JSON.stringify(r.diagnostics));
      const map = JSON.parse(readFileSync(join(root, synced, '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { id: string; path: string }> };
      for (const to of FORMATS) {
        if (to === from) continue;
        const out = `${synced}-${to}`;
        const c = await runCli(['convert', synced, '--to', to, '--out', out], { cwd: root });
        assert.equal(c.code, 0, c.stderr);
        const want = s.planted.map((p) => {
          const f = `${ROOT[to]}${map.documents[p.file]!.path}`;
          return `${f}:${lineOf(readFileSync(join(root, out, f), 'utf8'), p.needle)}:${p.code}`;
        }).sort();
        const got = await findings(out, root);
        assert.deepEqual(got.found, want, `${from} → ${to}: ${JSON.stringify(got.all, null, 1)}`);
        // The site's rules are the converted tree's own: no `links.generator` needed.
        const manifest = readFileSync(join(root, out, { octx: 'manifest.json', ctxpkg: 'ctxpkg.yaml', acx: 'cartridge.yaml' }[to]), 'utf8');
        assert.match(manifest, new RegExp(`generator.{0,6}${s.generator}`), manifest);
        // Images the package could not hold are counted, not reported.
        if (s.assetLinks.length && to !== 'acx') {
          const nj = got.all.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';
          assert.match(nj, new RegExp(`${s.assetLinks.length} to upstream files this format leaves out`), nj);
        }
      }
    }
    if (s.name === 'obsidian') {
      // Wiki links are references edges: in a ctxpkg synced straight from the vault, and in one converted from OCTX.
      const map = JSON.parse(readFileSync(join(root, 's-octx', '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { id: string; path: string }> };
      const id = (p: string) => map.documents[p]!.id;
      const ctxMap = JSON.parse(readFileSync(join(root, 's-ctxpkg', '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { id: string; path: string }> };
      const cid = (p: string) => ctxMap.documents[p]!.id;
      const daily = map.documents['Daily Notes/2024-01-01.md']!.path;
      assert.deepEqual(edgesOf(join(root, 's-octx-ctxpkg'), daily).sort(), [id('Projects/Project Plan.md')]);
      assert.deepEqual(edgesOf(join(root, 's-ctxpkg'), daily).sort(), [cid('Projects/Project Plan.md')]);
      // [[Meeting Notes]] from the archive is the archive's own note (the same folder first): a link to itself is no edge.
      assert.deepEqual(edgesOf(join(root, 's-octx-ctxpkg'), map.documents['Archive/Meeting Notes.md']!.path), []);
      assert.deepEqual(edgesOf(join(root, 's-octx-ctxpkg'), map.documents['Meeting Notes.md']!.path), [id('Projects/Project Plan.md')]);
    }
  });
}

/** A hand-written ctxpkg whose names the other formats cannot all hold, linked to in every form. */
const NAMES: Record<string, string> = {
  // Wiki links are links in a vault only: this package says its pages were written for one.
  'ctxpkg.yaml': 'name: "@acme/names"\nversion: 1.0.0\ndescription: Names the other formats cannot hold\nx-ctxforge:\n  site:\n    generator: obsidian\n    root: ""\n',
  'nodes/index.md': '---\nid: home\ntype: fact\ntitle: Home\n---\n\n# Home\n\nThe [guide](guide/) and [its index](guide/index.md#guide), [[My Note]], ![[My Note]] and [the dot page][dot].\n\n[dot]: ./_hidden.md\n',
  'nodes/guide/index.md': '---\nid: guide\ntype: fact\ntitle: Guide\n---\n\n# Guide\n\nBack [home](../index.md), [root-absolute](/), [[My Note#Details|details]] and [spaces](../Team%20Notes/My%20Note.md).\n',
  'nodes/_hidden.md': '---\nid: hidden\ntype: fact\ntitle: Hidden\n---\n\n# Hidden\n\n[Home](index.md) and <index.md> as text.\n',
  'nodes/Team Notes/My Note.md': '---\nid: my-note\ntype: fact\ntitle: My Note\n---\n\n# My Note\n\n## Details\n\n[[index|home]], [the guide](../guide/), [dot](../_hidden.md), [dot page](../_hidden).\n',
};

test('every rename convert makes rewrites every link form to the renamed file; the way back gives the names and bytes back', async () => {
  const root = tmpDir();
  writeTree(join(root, 'a'), NAMES);
  let r = await runCli(['validate', 'a', '--links', 'error'], { cwd: root });
  assert.equal(r.code, 0, `the fixture is valid, its links too: ${r.stdout}`);
  for (const to of ['octx', 'acx'] as const) {
    r = await runCli(['convert', 'a', '--to', to, '--out', `a-${to}`, '--json'], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    const renamed = (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter((d) => d.code === 'CONVERT_RENAMED').map((d) => d.file).sort();
    const k = (p: string) => readFileSync(join(root, `a-${to}`, 'knowledge', p), 'utf8');
    if (to === 'octx') {
      // OCTX reserves index.md: both pages are written as index-page.md, every link following.
      assert.deepEqual(renamed, ['nodes/guide/index.md', 'nodes/index.md']);
      assert.match(k('index-page.md'), /The \[guide\]\(guide\/index-page\) and \[its index\]\(guide\/index-page\.md#guide\), \[\[My Note\]\], !\[\[My Note\]\] and \[the dot page\]\[dot\]\.\n\n\[dot\]: \.\/_hidden\.md\n/);
      assert.match(k('guide/index-page.md'), /Back \[home\]\(\.\.\/index-page\.md\), \[root-absolute\]\(\/index-page\)/);
      assert.match(k('Team Notes/My Note.md'), /\[\[index-page\|home\]\]/);
      assert.match(k('Team Notes/My Note.md'), /\[the guide\]\(\.\.\/guide\/index-page\)/);
    } else {
      // A cartridge's names cannot start with "_" or hold a space (ACX §3.2). (A dot-file page is
      // renamed by every format: tests of host configuration names, test/convert/host-config-names.test.ts.)
      assert.deepEqual(renamed, ['nodes/Team Notes/My Note.md', 'nodes/_hidden.md']);
      assert.match(k('index.md'), /\[\[My-Note\|My Note\]\], !\[\[My-Note\]\] and \[the dot page\]\[dot\]\.\n\n\[dot\]: \.\/hidden\.md\n/);
      assert.match(k('guide/index.md'), /\[\[My-Note#Details\|details\]\] and \[spaces\]\(\.\.\/Team-Notes\/My-Note\.md\)/);
      assert.match(k('Team-Notes/My-Note.md'), /\[dot\]\(\.\.\/hidden\.md\), \[dot page\]\(\.\.\/hidden\)/);
    }
    const v = await findings(`a-${to}`, root);
    assert.deepEqual(v.found, [], JSON.stringify(v.all));
    r = await runCli(['build', `a-${to}`, '--out', `dist-${to}`, '--source-date-epoch', '1767225600'], { cwd: root });
    assert.equal(r.code, 0, `${to} builds: ${r.stdout}${r.stderr}`);
    // The way back: the names the documents had, and their bytes.
    r = await runCli(['convert', `a-${to}`, '--to', 'ctxpkg', '--out', `a-${to}-ctxpkg`], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    for (const [p, text] of Object.entries(NAMES)) {
      if (p === 'ctxpkg.yaml') continue;
      assert.equal(readFileSync(join(root, `a-${to}-ctxpkg`, p), 'utf8'), text, `${to} → ctxpkg: ${p} comes back`);
    }
    const d = await runCli(['diff', 'a', `a-${to}-ctxpkg`, '--json'], { cwd: root });
    assert.deepEqual(JSON.parse(d.stdout).changes, [], `${to} → ctxpkg: diff shows no change`);
  }
});

test('a rename that a link cannot follow is not made: convert stops before writing anything', async () => {
  const root = tmpDir();
  // `![[a b.png]]` from notes/: once the image is a-b.png, the name finds notes/a-b.png first, and a wiki link has no other form.
  writeTree(join(root, 'a'), {
    // A vault (the manifest says so): wiki links and embeds are links here.
    'manifest.json': '{"format": "octx", "format_version": "0.1", "asset": {"id": "019b0000-0000-7000-8000-0000000000a1", "name": "Pictures"}, "release": {"version": "1.0.0"}, "x-ctxforge": {"site": {"generator": "obsidian", "root": ""}}}\n',
    'knowledge/index.md': '# Pictures\n\n- [Note](notes/n.md)\n',
    'knowledge/a b.png': 'png',
    'knowledge/notes/a-b.png': 'png',
    'knowledge/notes/n.md': '---\ntype: Reference\noctx:\n  document_id: 019b0000-0000-7000-8000-0000000000d1\n---\n# Note\n\n![[a b.png]]\n',
  });
  const r = await runCli(['convert', 'a', '--to', 'acx', '--out', 'b'], { cwd: root });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /CONVERT_LINK_NOT_REWRITTEN/);
  assert.match(r.stderr, /knowledge\/notes\/n\.md:8: the link to a b\.png cannot be rewritten/);
  assert.ok(!existsSync(join(root, 'b')) || readdirSync(join(root, 'b')).length === 0, 'nothing written');
});

test('the site record travels through a built package: a cartridge built from a synced VitePress site converts with its rules', async () => {
  const s = vitepress();
  const root = tmpDir();
  writeTree(join(root, 'site'), s.files);
  const r = await syncDocs(join(root, 'site', s.docs), join(root, 'pkg'), { format: 'acx', now: 1_760_000_000_000 });
  assert.ok(!r.diagnostics.some((d) => d.severity === 'error'));
  let c = await runCli(['build', 'pkg', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(c.code, 0, c.stderr);
  const art = join('dist', readdirSync(join(root, 'dist')).find((f) => f.endsWith('.acx'))!);
  c = await runCli(['convert', art, '--to', 'octx', '--out', 'from-art'], { cwd: root });
  assert.equal(c.code, 0, c.stderr);
  const got = await findings('from-art', root);
  // The planted ones only: `#v1-2-options` and `#_1-install` are VitePress anchors, right by its rules.
  assert.equal(got.found.length, s.planted.length, JSON.stringify(got.all, null, 1));
  assert.ok(!got.found.some((f) => /config|getting-started\.md:\d+:LINK_ANCHOR/.test(f)), got.found.join('\n'));
});

test('documents() honours want: the manifest alone (identity and site record) is read without one document being parsed', async () => {
  const root = tmpDir();
  const site = '{"generator": "mkdocs", "root": "docs/"}';
  // Each tree holds a document its format's reader refuses: reading it at all would fail.
  writeTree(join(root, 'octx'), {
    'manifest.json': `{"format": "octx", "format_version": "0.1", "asset": {"id": "019b0000-0000-7000-8000-0000000000a1", "name": "W"}, "release": {"version": "1.0.0"}, "x-ctxforge": {"site": ${site}}}\n`,
    'knowledge/bad.md': '---\ntype: Guide\n---\n# No document_id\n',
  });
  writeTree(join(root, 'ctxpkg'), {
    'ctxpkg.yaml': `name: "@w/w"\nversion: 1.0.0\ndescription: want\nx-ctxforge:\n  site: ${site}\n`,
    'nodes/bad.md': '---\nid: [not, a, string\n---\nbroken\n',
  });
  writeTree(join(root, 'acx'), {
    'cartridge.yaml': `publisher: io.example\nartifact: w\nversion: 1.0.0\ndescription: Reading only what is wanted.\nlicense: MIT\nmeta:\n  acx.x-ctxforge: '${JSON.stringify({ site: JSON.parse(site) })}'\n`,
    'knowledge/not portable.md': '# A name a cartridge cannot store\n',
  });
  const { formatByName } = await import('../../src/formats.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  for (const f of FORMATS) {
    const m = formatByName(f)!;
    const tree = new DiskTree(join(root, f));
    await assert.rejects(m.documents!(tree, {}), undefined, `${f}: reading the documents fails`);
    for (const want of [{}, { skills: true }]) {
      const d = await m.documents!(tree, { want });
      assert.deepEqual([d.docs.length, d.assets.length], [0, 0], f);
      assert.deepEqual(d.meta.site, { generator: 'mkdocs', root: 'docs/' }, f);
      assert.equal(d.meta.version, '1.0.0');
    }
  }
});

test('a built .ctxpkg holds no file paths: converting one names the relative links that no longer resolve, and keeps their edges', async () => {
  const root = tmpDir();
  writeTree(join(root, 'a'), {
    'ctxpkg.yaml': 'name: "@acme/paths"\nversion: 1.0.0\ndescription: Paths a build does not keep\n',
    'nodes/guide/a.md': '---\nid: a\ntype: fact\ntitle: A\nedges:\n  - to: b\n    type: references\n---\n\nRead [b](../b.md) and [c](more/c.md).\n',
    'nodes/b.md': '---\nid: b\ntype: fact\ntitle: B\n---\n\nB.\n',
    'nodes/guide/more/c.md': '---\nid: c\ntype: fact\ntitle: C\n---\n\nC.\n',
  });
  let r = await runCli(['build', 'a', '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const art = join('dist', readdirSync(join(root, 'dist'))[0]!);
  r = await runCli(['convert', art, '--to', 'acx', '--out', 'b', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const w = (JSON.parse(r.stdout) as { diagnostics: Diagnostic[] }).diagnostics.find((d) => d.code === 'CONVERT_LINKS_UNRESOLVED');
  assert.ok(w && w.severity === 'warning', r.stdout);
  assert.match(w.message, /nodes\/<id>\.md, where 2 relative links do not resolve \(nodes\/a\.md:\d+ → \.\.\/b\.md, nodes\/a\.md:\d+ → more\/c\.md\)/);
  // The references edge is a link that resolves: a See also line to the node's own file.
  assert.match(readFileSync(join(root, 'b', 'knowledge', 'a.md'), 'utf8'), /See also: \[B\]\(b\.md\)/);
});

test('a document moved in the other format stays where it was moved: the old name is given back only to a document still at the name convert gave it', async () => {
  const root = tmpDir();
  writeTree(join(root, 'a'), NAMES);
  let r = await runCli(['convert', 'a', '--to', 'octx', '--out', 'b'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const { renameSync } = await import('node:fs');
  renameSync(join(root, 'b', 'knowledge', 'index-page.md'), join(root, 'b', 'knowledge', 'start.md'));
  r = await runCli(['convert', 'b', '--to', 'ctxpkg', '--out', 'c'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!existsSync(join(root, 'c', 'nodes', 'index.md')));
  const start = readFileSync(join(root, 'c', 'nodes', 'start.md'), 'utf8');
  assert.match(start, /^id: home$/m);
  assert.doesNotMatch(start, /x-path/);
  // The page that was not moved gets its name back.
  assert.match(readFileSync(join(root, 'c', 'nodes', 'guide', 'index.md'), 'utf8'), /^id: guide$/m);
});
