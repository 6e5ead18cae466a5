// convert in every direction: the converted tree validates, builds and its artifact validates in
// full; converting back gives the same documents, IDs and links (A → B → A), on the shipped
// examples and on a synced, generated doc set; what the target cannot hold is an info note.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSource } from '../../src/formats.js';
import { linkContext, linkedIds } from '../../src/ctxpkg/link-edges.js';
import type { Doc, Documents } from '../../src/format.js';
import { version1, render, writePages } from '../sync/docset.js';

const FORMATS = ['octx', 'ctxpkg', 'acx'] as const;

async function read(dir: string): Promise<Documents> {
  const tree = new DiskTree(dir);
  return (await detectSource(tree))!.documents!(tree, {});
}

async function docsOf(dir: string): Promise<Map<string, Doc & { links: string[] }>> {
  const { docs, assets, meta } = await read(dir);
  const ctx = linkContext(docs, assets.map((a) => a.path), meta.site);
  return new Map(docs.map((d) => [d.id, { ...d, links: linkedIds(d, ctx).sort() }]));
}

async function buildAndValidate(dir: string, root: string): Promise<void> {
  let r = await runCli(['validate', dir, '--links', 'error'], { cwd: root });
  assert.equal(r.code, 0, `${dir}: ${r.stdout}${r.stderr}`);
  const dist = join(root, `dist-${dir.replace(/\W/g, '_')}`);
  r = await runCli(['build', dir, '--out', dist, '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, `${dir}: ${r.stdout}${r.stderr}`);
  const art = readdirSync(dist).filter((f) => /\.(octx|ctxpkg|acx)$/.test(f));
  assert.equal(art.length, 1);
  r = await runCli(['validate', join(dist, art[0]!)], { cwd: root });
  assert.equal(r.code, 0, `${art[0]}: ${r.stdout}${r.stderr}`);
}

function sameDocs(a: Map<string, Doc & { links: string[] }>, b: Map<string, Doc & { links: string[] }>, what: string): void {
  assert.deepEqual([...b.keys()].sort(), [...a.keys()].sort(), `${what}: same IDs`);
  for (const [id, x] of a) {
    const y = b.get(id)!;
    assert.equal(y.path, x.path, `${what}: ${id} path`);
    assert.equal(y.title, x.title, `${what}: ${id} title`);
    assert.equal(y.body, x.body, `${what}: ${id} body`);
    assert.deepEqual(y.links, x.links, `${what}: ${id} links`);
    if (x.type !== undefined) assert.equal(y.type, x.type, `${what}: ${id} type`);
    assert.deepEqual(y.tags, x.tags, `${what}: ${id} tags`);
    assert.deepEqual(y.carried?.[x.carried ? Object.keys(x.carried)[0]! : 'none'], x.carried?.[Object.keys(x.carried ?? {})[0] ?? 'none'], `${what}: ${id} carried fields`);
  }
}

for (const from of FORMATS) {
  for (const to of FORMATS) {
    if (from === to) continue;
    test(`convert ${from} → ${to} → ${from}: the example keeps documents, IDs and links; the converted tree builds and validates`, async () => {
      const root = tmpDir();
      const src = join(repoRoot, 'working-dir-example', from);
      let r = await runCli(['convert', src, '--to', to, '--out', 'b', '--json'], { cwd: root });
      assert.equal(r.code, 0, r.stderr);
      const res = JSON.parse(r.stdout);
      assert.equal(res.from, from);
      // What the target cannot hold is named, never dropped silently.
      const left = res.diagnostics.filter((d: { code: string }) => d.code === 'CONVERT_LEFT_OUT').map((d: { message: string }) => d.message).join('\n');
      if (from === 'octx') assert.match(left, /data\/.*records[\s\S]*vectors\//);
      if (from === 'acx') assert.match(left, /memory\/[\s\S]*capabilities\/|capabilities\/[\s\S]*memory\//);
      if (from === 'ctxpkg') assert.match(left, /dependencies/);
      await buildAndValidate('b', root);
      r = await runCli(['convert', 'b', '--to', from, '--out', 'a2'], { cwd: root });
      assert.equal(r.code, 0, r.stderr);
      await buildAndValidate('a2', root);
      const a = await docsOf(src);
      // A ctxpkg edge of another type than references is carried, so the round trip restores it.
      sameDocs(a, await docsOf(join(root, 'a2')), `${from}→${to}→${from}`);
      // Converting again into the same directory changes nothing.
      r = await runCli(['convert', src, '--to', to, '--out', 'b', '--json'], { cwd: root });
      assert.equal(JSON.parse(r.stdout).files.written.length, 0);
    });
  }
}

test('a synced doc set converts through all three formats and back with the same IDs and link graph', async () => {
  const root = tmpDir();
  const pages = version1(150);
  render(pages);
  writePages(join(root, 'docs'), pages);
  let r = await runCli(['sync', 'docs', 'octx'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const start = await docsOf(join(root, 'octx'));
  assert.ok([...start.values()].filter((d) => d.links.length).length > 100, 'the set has a link graph');
  for (const [a, b, c] of [['octx', 'ctxpkg', 'acx'], ['ctxpkg', 'acx', 'octx'], ['acx', 'octx', 'ctxpkg']] as const) {
    r = await runCli(['convert', a === 'octx' ? 'octx' : `via-${a}`, '--to', b, '--out', `via-${b}`], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    void c;
  }
  await buildAndValidate('via-ctxpkg', root);
  await buildAndValidate('via-acx', root);
  r = await runCli(['convert', 'via-ctxpkg', '--to', 'octx', '--out', 'back'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const back = await docsOf(join(root, 'back'));
  assert.deepEqual([...back.keys()].sort(), [...start.keys()].sort());
  for (const [id, d] of start) assert.deepEqual(back.get(id)!.links, d.links, `links of ${id}`);
  // The ctxpkg tree holds each link as a references edge between the same IDs.
  const ctx = await read(join(root, 'via-ctxpkg'));
  assert.equal(ctx.format, 'ctxpkg');
});

test('convert refuses a non-empty unrelated --out, an unknown tree, the same format; edges without a link become links', async () => {
  const root = tmpDir();
  mkdirSync(join(root, 'busy'));
  writeFileSync(join(root, 'busy', 'notes.txt'), 'mine');
  let r = await runCli(['convert', join(repoRoot, 'working-dir-example', 'octx'), '--to', 'acx', '--out', 'busy'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /CONVERT_OUTPUT_NOT_EMPTY/);
  r = await runCli(['convert', 'busy', '--to', 'acx', '--out', 'x'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /CTXFORGE_FORMAT_UNKNOWN/);
  r = await runCli(['convert', join(repoRoot, 'working-dir-example', 'octx'), '--to', 'octx', '--out', 'y'], { cwd: root });
  assert.equal(r.code, 2);
  r = await runCli(['convert', join(repoRoot, 'working-dir-example', 'octx'), '--to', 'pdf', '--out', 'y'], { cwd: root });
  assert.equal(r.code, 2);
  writeTree(join(root, 'pkg'), {
    'ctxpkg.yaml': 'name: "@t/edges"\nversion: 1.0.0\ndescription: edges\nconformance_level: 2\n',
    'nodes/a.md': '---\nid: a\ntype: fact\nedges:\n  - to: b\n    type: references\n---\nA links nowhere in its text.\n',
    'nodes/b.md': '---\nid: b\ntype: fact\n---\n# Bee\n\nB.\n',
  });
  r = await runCli(['convert', 'pkg', '--to', 'octx', '--out', 'o'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const o = await docsOf(join(root, 'o'));
  assert.match(o.get('a')!.body, /See also: \[Bee\]\(b\.md\)/);
  r = await runCli(['convert', 'o', '--to', 'ctxpkg', '--out', 'p'], { cwd: root });
  const p = await docsOf(join(root, 'p'));
  assert.deepEqual(p.get('a')!.links, ['b']);
});

test('converting again follows the source: removed documents go, the kept manifest takes the new version', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), { 'a.md': '# A\n\nSee [B](b.md).\n', 'b.md': '# B\n\nBee.\n', 'c.md': '# C\n\nSea.\n' });
  let r = await runCli(['sync', 'docs', 'kb'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  // The user makes the cartridge manifest theirs.
  const yml = join(root, 'cart', 'cartridge.yaml');
  writeFileSync(yml, (await import('node:fs')).readFileSync(yml, 'utf8').replace('dev.ctxforge.local', 'io.github.example').replace('NOASSERTION', 'CC-BY-4.0'));
  (await import('node:fs')).rmSync(join(root, 'docs', 'c.md'));
  r = await runCli(['sync', 'docs', 'kb'], { cwd: root });
  const m = join(root, 'kb', 'manifest.json');
  writeFileSync(m, (await import('node:fs')).readFileSync(m, 'utf8').replace('"0.1.0"', '"0.2.0"'));
  r = await runCli(['convert', 'kb', '--to', 'acx', '--out', 'cart', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).files.removed, ['knowledge/c.md']);
  const now = (await import('node:fs')).readFileSync(yml, 'utf8');
  assert.match(now, /io\.github\.example/);
  assert.match(now, /CC-BY-4\.0/);
  // Quoted as the user's file has it or plain as the yaml library writes a new one: the value is the string 0.2.0.
  assert.match(now, /^version: "?0\.2\.0"?$/m);
  r = await runCli(['validate', 'cart'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
});
