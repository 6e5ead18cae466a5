// export llms-txt: from a source tree of each format and from built artifacts, an H1, a blockquote
// summary and sections of `- [title](path): description` links that resolve inside the package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

function checkShape(text: string, root: string | undefined, expectDocs: number): void {
  const lines = text.split('\n');
  assert.match(lines[0]!, /^# \S/);
  assert.equal(lines[1], '');
  assert.match(lines[2]!, /^> \S/);
  assert.ok(lines.some((l) => /^## \S/.test(l)), 'has sections');
  const links = lines.filter((l) => l.startsWith('- ['));
  assert.equal(links.length, expectDocs);
  for (const l of links) {
    const m = /^- \[((?:[^\]\\]|\\.)+)\]\(([^)\s]+)\)(: .+)?$/.exec(l);
    assert.ok(m, `entry shape: ${l}`);
    if (root) assert.ok(existsSync(join(root, decodeURI(m[2]!))), `${m[2]} exists in the package`);
  }
}

for (const format of ['octx', 'ctxpkg', 'acx']) {
  test(`llms.txt of the ${format} example, as a source tree and as a built artifact`, async () => {
    const src = join(repoRoot, 'working-dir-example', format);
    let r = await runCli(['export', 'llms-txt', src]);
    assert.equal(r.code, 0, r.stderr);
    const docs = { octx: 4, ctxpkg: 6, acx: 3 }[format]!;
    checkShape(r.stdout, src, docs);
    const root = tmpDir();
    r = await runCli(['build', src, '--out', root, '--source-date-epoch', '1767225600']);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    const art = join(root, readdirSync(root).find((f) => f.endsWith(`.${format}`))!);
    r = await runCli(['export', 'llms-txt', art, '--out', join(root, 'site', 'llms.txt'), '--json']);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.equal(j.documents, docs);
    const text = readFileSync(join(root, 'site', 'llms.txt'), 'utf8');
    checkShape(text, undefined, docs);
    assert.deepEqual(readdirSync(join(root, 'site')), ['llms.txt'], 'no temp file left beside it');
  });
}

test('llms.txt: descriptions from frontmatter or the first sentence, --base-url, hostile titles stay one line; bad input exits 1 or 2', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'README.md': '# Tool\n\nThe tool does things.\n',
    'guide/a b.md': '---\ntitle: "Weird ] [title]\\nsplit"\ndescription: Set it up.\n---\n\nBody.\n',
    'guide/b.md': '# B\n\n```\ncode first\n```\n\nB explains the flags. More text here.\n',
  });
  let r = await runCli(['sync', 'docs', 'pkg'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://example.com/kb'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^- \[Weird \\\] \\\[title\\\] split\]\(https:\/\/example\.com\/kb\/knowledge\/guide\/a-b\.md\): Set it up\.$/m);
  assert.match(r.stdout, /^- \[B\]\(https:\/\/example\.com\/kb\/knowledge\/guide\/b\.md\): B explains the flags\.$/m);
  assert.match(r.stdout, /^## Guide$/m);
  r = await runCli(['export', 'llms-txt', 'nowhere'], { cwd: root });
  assert.equal(r.code, 2);
  writeTree(root, { 'junk.octx': 'not a zip' });
  r = await runCli(['export', 'llms-txt', 'junk.octx'], { cwd: root });
  assert.equal(r.code, 1, r.stderr);
});
