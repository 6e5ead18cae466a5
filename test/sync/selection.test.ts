// `sync --include/--exclude` take or leave upstream files by glob, naming every file left out, and
// `sync --site` names the generator whatever the markers say — recorded in the ID map, so the
// link check of the synced tree follows that generator's rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const page = (t: string) => `# ${t}\n\nA page about ${t}.\n`;

test('--include and --exclude: only what they take is synced, and each file left out is named', async () => {
  const root = tmpDir('sync-select-');
  writeTree(join(root, 'docs'), {
    'index.md': page('Home'), 'guide/a.md': page('A'), 'guide/drafts/b.md': page('B'), 'fr/index.md': page('Accueil'), 'img/x.png': 'png',
  });
  const r = await runCli(['sync', 'docs', 'pkg', '--include', 'index.md', '--include', 'guide/', '--exclude', '**/drafts/**', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { added: { upstream: string }[]; skipped: { path: string; reason: string }[] };
  assert.deepEqual(j.added.map((a) => a.upstream).sort(), ['guide/a.md', 'index.md']);
  const skipped = Object.fromEntries(j.skipped.map((s) => [s.path, s.reason]));
  assert.equal(skipped['guide/drafts/b.md'], 'left out by --exclude **/drafts/**');
  assert.match(skipped['fr/index.md']!, /matched by no --include/);
  assert.match(skipped['img/x.png']!, /matched by no --include/);
  assert.ok(!existsSync(join(root, 'pkg', 'knowledge', 'fr')));
  // A glob that climbs out of the docs folder is a usage error, and nothing is written.
  for (const bad of ['../secret/**', '/etc/**', '']) {
    const u = await runCli(['sync', 'docs', 'pkg2', '--exclude', bad], { cwd: root });
    assert.equal(u.code, 2, `${bad}: ${u.stderr}`);
    assert.match(u.stderr, /CTXFORGE_USAGE/);
  }
  assert.ok(!existsSync(join(root, 'pkg2')));
});

test('--site names the generator whatever the markers say; the ID map records it and validate follows its rules', async () => {
  const root = tmpDir('sync-site-');
  // No marker at all: as plain GitHub Markdown `/guide/` is no file; as Hugo it is the page guide.md.
  writeTree(join(root, 'docs'), { '_index.md': '---\ntitle: Home\n---\n\nSee [the guide](/guide/).\n', 'guide.md': '---\ntitle: Guide\n---\n\nText.\n' });
  let r = await runCli(['sync', 'docs', 'plain', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).site.generator, 'github');
  assert.ok((JSON.parse(r.stdout).diagnostics as { code: string }[]).some((d) => d.code === 'LINK_BROKEN'));
  r = await runCli(['sync', 'docs', 'pkg', '--site', 'hugo', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { site: { generator: string; marker: string }; diagnostics: { code: string }[] };
  assert.deepEqual([j.site.generator, j.site.marker], ['hugo', '--site']);
  assert.ok(!j.diagnostics.some((d) => d.code === 'LINK_BROKEN'), JSON.stringify(j.diagnostics));
  assert.equal(JSON.parse(readFileSync(join(root, 'pkg', '.ctxforge-sync.json'), 'utf8')).site.generator, 'hugo');
  const v = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: root });
  assert.equal(v.code, 0, v.stdout + v.stderr);
  const bad = await runCli(['sync', 'docs', 'x', '--site', 'wordpress'], { cwd: root });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /wordpress/);
});
