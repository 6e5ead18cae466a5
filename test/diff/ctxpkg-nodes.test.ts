// ctxpkg diff as people read it (issue 25): an edited node is listed once — by its title (the
// `title` field, else its first heading) — with its attribute changes beneath, in the terminal
// text, the Markdown of `diff --format md`, and the release notes. Golden files pin all three.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.js';
import { writeTree } from '../helpers/tmp.js';
import { commitAll, newRepo, tag } from '../git/fixture.js';

const here = dirname(fileURLToPath(import.meta.url));

function node(id: string, type: string, body: string, extra = ''): string {
  return `---\nid: ${id}\ntype: ${type}\n${extra}---\n${body}\n`;
}

/** kb/ (ctxpkg) at v1.0.0, then 1.1.0: two nodes edited (content, activation), one added, one untouched. */
function history(): string {
  const dir = newRepo();
  writeTree(join(dir, 'kb'), {
    'ctxpkg.yaml': 'name: "@acme/kb"\nversion: 1.0.0\ndescription: Team knowledge\nconformance_level: 2\ndependencies: []\n',
    'nodes/retry.md': node('n-retry', 'fact', 'Retry three times, then give up.', 'title: Retry policy\n'),
    'nodes/cache.md': node('n-cache', 'convention', '# Cache keys {#keys}\n\nKeys are the sha256 of the request.'),
    'nodes/build.md': node('n-build', 'fact', 'Build with npm run build.'),
  });
  commitAll(dir, 'kb 1.0.0', 1767225600);
  tag(dir, 'v1.0.0');
  writeTree(join(dir, 'kb'), {
    'ctxpkg.yaml': 'name: "@acme/kb"\nversion: 1.1.0\ndescription: Team knowledge\nconformance_level: 2\ndependencies: []\n',
    'nodes/retry.md': node('n-retry', 'fact', 'Retry five times with backoff, then give up.', 'title: Retry policy\nactivation: 0.5\n'),
    'nodes/cache.md': node('n-cache', 'convention', '# Cache keys {#keys}\n\nKeys are the sha256 of the method and the URL.'),
    'nodes/timeouts.md': node('n-timeouts', 'fact', 'Every call has a 10 s timeout.', 'title: Timeouts\n'),
  });
  commitAll(dir, 'kb 1.1.0', 1767312000);
  tag(dir, 'v1.1.0');
  return dir;
}

function golden(name: string, actual: string): void {
  const file = join(here, 'golden', name);
  if (process.env.UPDATE_GOLDEN || !existsSync(file)) writeFileSync(file, actual);
  assert.equal(actual, readFileSync(file, 'utf8'), `${name} differs from the golden file`);
}

test('text: each edited node once, by its title, with its attribute changes beneath', async () => {
  const dir = history();
  const r = await runCli(['diff', 'v1.0.0:kb', 'v1.1.0:kb'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  // One headline per item; the findings under it are indented lines, not entries of their own.
  const headlines = lines.filter((l) => /^ {2}\S/.test(l));
  assert.deepEqual(headlines.map((l) => l.trim().split(/\s+/).slice(0, 2).join(' ')), ['fix modified', 'fix modified', 'feature added']);
  assert.equal(lines.filter((l) => l.includes('Retry policy')).length, 1);
  assert.equal(lines.filter((l) => l.includes('Cache keys')).length, 1, 'a node without a title field is named by its first heading');
  assert.ok(!r.stdout.includes('fact n-retry'), 'never by type and ID when it has a title');
  const retry = lines.findIndex((l) => l.includes('Retry policy (n-retry)'));
  assert.deepEqual(lines.slice(retry + 1, retry + 3).map((l) => l.trim()), ['- activation: 1 → 0.5', '- content edited']);
  assert.match(lines[0]!, /^@acme\/kb 1\.0\.0 → 1\.1\.0: 6 changes to 3 items$/);
  golden('ctxpkg-diff.txt', r.stdout);
});

test('Markdown (diff --format md): one row per edited node, its changes in the row', async () => {
  const dir = history();
  const r = await runCli(['diff', 'v1.0.0:kb', 'v1.1.0:kb', '--format', 'md'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.match(/\| Retry policy \|/g)?.length, 1);
  assert.equal(r.stdout.match(/\| Cache keys \|/g)?.length, 1);
  assert.match(r.stdout, /^\| modified \| node \| Retry policy \| `nodes\/retry\.md`<br>activation: `1` → `0\.5`<br>content edited \|$/m);
  assert.doesNotMatch(r.stdout, /[0-9a-f]{64}/, 'content digests are not shown');
  golden('ctxpkg-diff.md', r.stdout);
});

test('release notes: the same one row per node', async () => {
  const dir = history();
  const r = await runCli(['release', '--dry-run', '--tag', 'v1.1.0', '--out', 'rel'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const notes = readFileSync(join(dir, 'rel', 'RELEASE_NOTES.md'), 'utf8');
  rmSync(join(dir, 'rel'), { recursive: true });
  assert.match(notes, /Changes since v1\.0\.0\./);
  assert.equal(notes.match(/Retry policy/g)?.length, 1);
  assert.match(notes, /^\| modified \| node \| Retry policy \| `nodes\/retry\.md`<br>activation: `1` → `0\.5`<br>content edited \|$/m);
  assert.match(notes, /^\| added \| node \| Timeouts \| `nodes\/timeouts\.md` \|$/m);
});

test('a node\'s title is the first heading by the one title rule: a heading inside an HTML comment is no title (review 2, finding 10)', async () => {
  const { ctxpkg } = await import('../../src/ctxpkg/module.js');
  const { DiskTree } = await import('../../src/core/tree.js');
  const { tmpDir } = await import('../helpers/tmp.js');
  const dir = tmpDir();
  writeTree(dir, {
    'ctxpkg.yaml': 'name: "@acme/kb"\nversion: 1.0.0\ndescription: Team knowledge\nconformance_level: 2\ndependencies: []\n',
    'nodes/a.md': node('n-a', 'fact', '<!--\n# Old draft heading\n-->\n# Real Title\n\nText.'),
    'nodes/b.md': node('n-b', 'fact', 'Setext Title\n============\n\nText.'),
  });
  const items = (await ctxpkg.items(new DiskTree(dir), {})).items;
  assert.equal(items.find((i) => i.id === 'n-a')?.title, 'Real Title');
  assert.equal(items.find((i) => i.id === 'n-b')?.title, 'Setext Title');
});
