// Identities survive every path: convert A → B → A gives back the same package identity (asset id,
// name, version) and the same document IDs in all six directions, and `ctxforge diff` of the original
// and the round trip — as source trees and as built artifacts — compares and shows no change. The
// packages are hand-written (their own quoting, key order, no titles, fields only one format has) and
// synced (as ctxforge writes them). A built artifact converts too, keeping identity and IDs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSource } from '../../src/formats.js';

const FORMATS = ['octx', 'ctxpkg', 'acx'] as const;
type F = (typeof FORMATS)[number];

/** Hand-written document packages, one a format, each with what only its format holds. */
const HAND: Record<F, Record<string, string>> = {
  octx: {
    'manifest.json': '{\n  "format": "octx", "format_version": "0.1",\n  "asset": {"id": "019b0000-0000-7000-8000-0000000000a1", "name": "Field Guide", "homepage": "https://example.com/guide"},\n  "release": {"version": "2.3.0"},\n  "x-owner": "docs-team"\n}\n',
    'knowledge/index.md': '---\nokf_version: "0.1"\n---\n\n# Field Guide\n\n- [Start here](start.md)\n- [Flags](ref/flags.md)\n',
    'knowledge/log.md': '# Log\n\n## 2026-05-01\n\n- First version.\n',
    'knowledge/start.md': "---\ntype: Guide\ntitle: 'Getting started'\ntags: [intro, setup]\noctx:\n  document_id: 019b0000-0000-7000-8000-0000000000d1\n---\n# Getting started\n\nRead [the flags](ref/flags.md) first.\n",
    'knowledge/ref/flags.md': '---\ntype: Reference\noctx: {document_id: 019b0000-0000-7000-8000-0000000000d2}\nowner: alice\n---\n\n# Flags\n\nEvery flag, and what it does.\n',
  },
  ctxpkg: {
    'ctxpkg.yaml': '# hand-written\nname: "@acme/guide"\nversion: 1.4.0\ndescription: How the acme services are run\nscope: "@acme"\nconformance_level: 3\ndependencies:\n  - name: "@acme/base"\n    version_req: ^1.0.0\nconflicts: ["@acme/old-guide"]\ntags: [ops]\n',
    'nodes/facts/a.md': '---\nid: fact-a\ntype: fact\nactivation: 0.5\nsource: adr-7\nedges:\n  - to: proc-b\n    type: related_to\n    weight: 0.7\n  - to: proc-b\n    type: references\n---\nServices restart on deploy.\n',
    'nodes/procedures/b.md': '---\nid: proc-b\ntype: procedure\nactivation: 1.0\ntitle: Do B\nokf_type: Guide\n---\nFirst read [fact a](../facts/a.md), then do B.\n',
    'nodes/c.md': '---\nid: gotcha-c\ntype: gotcha\nactivation: 0.25\n---\nNo heading, no title, no links: [an external one](https://example.com) only.\n',
  },
  acx: {
    'cartridge.yaml': '# a cartridge of notes\npublisher: io.github.acme\nartifact: field-notes\nversion: 0.4.0\nuuid: 2c1d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f\ncreated_at: "2026-03-01T00:00:00Z"\ndescription: Notes from the field, kept by the acme docs team.\nlicense: MIT\nauthors: [acme docs]\ntags: [notes]\n',
    'knowledge/overview.md': '# Overview\n\nNo frontmatter at all; see [deep](topics/deep.md).\n',
    'knowledge/topics/deep.md': '---\nid: deep-dive\ntitle: Deep dive\ntype: Concept\nreviewed: 2026-02-01\n---\n\nDeeper.\n',
  },
};

async function documentsOf(dir: string) {
  const tree = new DiskTree(dir);
  return (await detectSource(tree))!.documents!(tree, {});
}

async function diffJson(a: string, b: string, cwd: string) {
  const r = await runCli(['diff', a, b, '--json'], { cwd });
  assert.equal(r.code, 0, `${a} vs ${b}: ${r.stdout}${r.stderr}`);
  return JSON.parse(r.stdout) as { old: { identity: string; name: string; version: string }; new: { identity: string; name: string; version: string }; changes: unknown[] };
}

async function build(dir: string, cwd: string): Promise<string> {
  const out = `dist-${dir}`;
  const r = await runCli(['build', dir, '--out', out, '--source-date-epoch', '1767225600'], { cwd });
  assert.equal(r.code, 0, `${dir}: ${r.stdout}${r.stderr}`);
  return join(out, readdirSync(join(cwd, out))[0]!);
}

/** A → B → A: the same package, the same document IDs, and no change in diff (trees and artifacts). */
async function roundTrip(root: string, a: string, from: F, to: F): Promise<void> {
  let r = await runCli(['convert', a, '--to', to, '--out', `${a}-${to}`], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['validate', `${a}-${to}`], { cwd: root });
  assert.equal(r.code, 0, `${from} → ${to} validates: ${r.stdout}${r.stderr}`);
  r = await runCli(['convert', `${a}-${to}`, '--to', from, '--out', `${a}-${to}-${from}`], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const back = `${a}-${to}-${from}`;
  const d = await diffJson(a, back, root);
  assert.equal(d.new.identity, d.old.identity, 'the package identity');
  assert.equal(d.new.name, d.old.name);
  assert.equal(d.new.version, d.old.version);
  assert.deepEqual(d.changes, [], `${from} → ${to} → ${from}: diff of the source trees`);
  const [x, y] = [await documentsOf(join(root, a)), await documentsOf(join(root, back))];
  assert.deepEqual(y.docs.map((doc) => [doc.path, doc.id]).sort(), x.docs.map((doc) => [doc.path, doc.id]).sort(), 'the same document IDs at the same paths');
  const built = await diffJson(await build(a, root), await build(back, root), root);
  assert.deepEqual(built.changes, [], `${from} → ${to} → ${from}: diff of the built artifacts`);
  assert.equal(built.new.identity, built.old.identity);
}

for (const from of FORMATS) {
  for (const to of FORMATS) {
    if (from === to) continue;
    test(`convert ${from} → ${to} → ${from}: a hand-written package comes back as the same package (identity, IDs, diff shows no change)`, async () => {
      const root = tmpDir();
      writeTree(join(root, 'a'), HAND[from]);
      const v = await runCli(['validate', 'a'], { cwd: root });
      assert.equal(v.code, 0, `the fixture is valid: ${v.stdout}`);
      await roundTrip(root, 'a', from, to);
      // The documents come back byte for byte (kept heads), and so do an OKF index and log.
      for (const [p, text] of Object.entries(HAND[from])) {
        if (p === 'manifest.json' || p.endsWith('.yaml')) continue;
        assert.equal(readFileSync(join(root, `a-${to}-${from}`, p), 'utf8'), text, `${p} comes back unchanged`);
      }
    });
  }
}

test('synced trees (as ctxforge writes them) come back unchanged through both other formats, and carry nothing extra', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'README.md': '# Widget Manual\n\nStart with [install](guide/install.md).\n',
    'guide/install.md': '---\ntitle: Installing\ntags: [setup]\ntype: Guide\n---\n\nRun the installer, then read [the flags](../ref/flags.md).\n',
    'ref/flags.md': '# Flags\n\nThe flags.\n',
  });
  for (const from of FORMATS) {
    const r = await runCli(['sync', 'docs', `s-${from}`, '--format', from], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    for (const to of FORMATS) if (to !== from) await roundTrip(root, `s-${from}`, from, to);
    // What a synced tree holds needs no kept heads: the writer reads back what it wrote.
    const docs = await documentsOf(join(root, `s-${from}`));
    for (const d of docs.docs) assert.ok(!JSON.stringify(d.carried ?? {}).includes('x-frontmatter'), `${from} ${d.path} is read as written`);
  }
  // A converted tree names the source's identity in its manifest extension, and the way back reads it.
  const octxId = JSON.parse(readFileSync(join(root, 's-octx', 'manifest.json'), 'utf8')).asset.id as string;
  assert.match(readFileSync(join(root, 's-octx-ctxpkg', 'ctxpkg.yaml'), 'utf8'), new RegExp(`x-ctxforge:[\\s\\S]*octx:[\\s\\S]*asset_id: ${octxId}`));
  assert.match(readFileSync(join(root, 's-octx-acx', 'cartridge.yaml'), 'utf8'), new RegExp(`acx\\.x-ctxforge: .*${octxId}`));
});

test('a built artifact converts as its source tree does: the same identity and document IDs on the way back', async () => {
  const root = tmpDir();
  for (const from of FORMATS) {
    writeTree(join(root, from), HAND[from]);
    const art = await build(from, root);
    for (const to of FORMATS) {
      if (to === from) continue;
      let r = await runCli(['convert', art, '--to', to, '--out', `${from}-art-${to}`, '--json'], { cwd: root });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).from, from);
      r = await runCli(['convert', `${from}-art-${to}`, '--to', from, '--out', `${from}-art-${to}-${from}`], { cwd: root });
      assert.equal(r.code, 0, r.stderr);
      const d = await diffJson(from, `${from}-art-${to}-${from}`, root);
      assert.equal(d.new.identity, d.old.identity, `${from} artifact → ${to} → ${from}: identity`);
      assert.equal(d.new.version, d.old.version);
      const ids = async (dir: string) => (await documentsOf(join(root, dir))).docs.map((x) => x.id).sort();
      assert.deepEqual(await ids(`${from}-art-${to}-${from}`), await ids(from), `${from} artifact → ${to} → ${from}: document IDs`);
    }
  }
  // A built package of the same format is not converted: import is the way back to a source tree.
  const r = await runCli(['convert', await build('octx', root), '--to', 'octx', '--out', 'same'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /ctxforge import/);
});

test('an edit made in the other format wins on the way back, and the fields only the first format holds stay', async () => {
  const root = tmpDir();
  writeTree(join(root, 'a'), HAND.ctxpkg);
  let r = await runCli(['convert', 'a', '--to', 'octx', '--out', 'b'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const b = (p: string) => join(root, 'b', 'knowledge', p);
  writeTree(join(root, 'b', 'knowledge'), {
    'procedures/b.md': readFileSync(b('procedures/b.md'), 'utf8').replace('title: Do B', 'title: Do B now'),
    'facts/a.md': readFileSync(b('facts/a.md'), 'utf8').replace('Services restart on deploy.', 'Services restart on deploy; see [the gotcha](../c.md).'),
  });
  // A kept head that was tampered with to claim another identity is never written back.
  const c = readFileSync(b('c.md'), 'utf8');
  assert.match(c, /x-frontmatter: /);
  writeTree(join(root, 'b', 'knowledge'), { 'c.md': c.replace(/x-frontmatter: ".*"/, 'x-frontmatter: "---\\nid: stolen\\ntype: gotcha\\n---\\n"') });
  r = await runCli(['convert', 'b', '--to', 'ctxpkg', '--out', 'c'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const node = (p: string) => readFileSync(join(root, 'c', 'nodes', p), 'utf8');
  assert.match(node('procedures/b.md'), /^title: Do B now$/m);
  assert.match(node('procedures/b.md'), /^type: procedure$/m);
  assert.match(node('procedures/b.md'), /^okf_type: Guide$/m);
  assert.match(node('procedures/b.md'), /^activation: 1$/m);
  const a = node('facts/a.md');
  assert.match(a, /^source: adr-7$/m);
  assert.match(a, /to: proc-b\n {4}type: related_to\n {4}weight: 0\.7/);
  assert.match(a, /to: gotcha-c\n {4}type: references/);
  assert.match(node('c.md'), /^id: gotcha-c$/m);
  const d = await diffJson('a', 'c', root);
  assert.equal(d.new.identity, d.old.identity);
  // Only what was edited, plus the node whose tampered head was dropped (written afresh, with a title).
  const changed = [...new Set((d.changes as { kind: string; id: string }[]).map((x) => `${x.kind} ${x.id}`))].sort();
  assert.deepEqual(changed, ['edge fact-a|gotcha-c|references', 'node fact-a', 'node gotcha-c', 'node proc-b']);
});
