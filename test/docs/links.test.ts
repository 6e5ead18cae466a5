// Every relative link in README.md and docs/ resolves: the file exists inside the repository, and an
// #anchor names a heading of the page it points at (GitHub's anchors). A page moved or a heading
// renamed fails here, not in a reader's browser. The check itself is shown to fail on a broken link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/cli.js';
import { headingAnchors, isExternal, markdownLinks, resolveLink, splitTarget } from '../../src/links/markdown.js';

function pages(): string[] {
  const docs = readdirSync(join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** The broken links of `file` (repository-relative), given a reader for other pages. */
function brokenLinks(file: string, read: (rel: string) => string | undefined): string[] {
  const text = read(file);
  if (text === undefined) return [`${file}: missing`];
  const bad: string[] = [];
  for (const l of markdownLinks(text)) {
    if (isExternal(l.target)) continue;
    const { path, anchor } = splitTarget(l.target);
    const target = path === '' ? file : resolveLink(file, path);
    if (target === undefined) { bad.push(`${file}:${l.line}: ${l.target} climbs out of the repository`); continue; }
    const body = read(target);
    if (body === undefined) { bad.push(`${file}:${l.line}: ${l.target} → ${target} does not exist`); continue; }
    if (anchor !== undefined && anchor !== '' && target.endsWith('.md') && !headingAnchors(body).has(decodeURIComponent(anchor))) {
      bad.push(`${file}:${l.line}: ${l.target} → no heading #${anchor} in ${target}`);
    }
  }
  return bad;
}

const fromDisk = (rel: string): string | undefined => {
  const abs = join(repoRoot, rel);
  if (!existsSync(abs)) return undefined;
  return statSync(abs).isDirectory() ? '' : readFileSync(abs, 'utf8');
};

test('every relative link in README.md and docs/*.md resolves, anchors included', () => {
  const files = pages();
  assert.ok(files.length >= 8, `README and the docs pages: ${files.join(', ')}`);
  const bad = files.flatMap((f) => brokenLinks(f, fromDisk));
  assert.deepEqual(bad, []);
});

test('the README links every page under docs/, and stays a first page (≤ 300 lines)', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const linked = new Set(markdownLinks(readme).map((l) => splitTarget(l.target).path));
  for (const f of pages().slice(1)) assert.ok(linked.has(f), `README does not link ${f}`);
  assert.ok(readme.split('\n').length <= 300, `README has ${readme.split('\n').length} lines`);
  // A bare `npx ctxforge <cmd>` fetches whatever is published under the name at that moment.
  for (const f of pages()) {
    const text = readFileSync(join(repoRoot, f), 'utf8');
    assert.doesNotMatch(text, /^\s*(?:\$ )?npx ctxforge\b|`npx ctxforge [a-z]/m, `${f} tells users to run a bare npx ctxforge`);
  }
});

test('the check finds a missing file, a missing anchor and a link out of the repository', () => {
  const fake: Record<string, string> = {
    'README.md': '# Top\n\n[a](docs/a.md#there) [b](docs/gone.md) [c](docs/a.md#nowhere) [d](../outside.md) [e](#top) [f](https://x.test/y.md)\n\n```\n[g](not-checked.md)\n```\n',
    'docs/a.md': '# A\n\n## There\n',
  };
  const bad = brokenLinks('README.md', (r) => fake[r]);
  assert.equal(bad.length, 3, bad.join('\n'));
  assert.match(bad[0]!, /docs\/gone\.md does not exist/);
  assert.match(bad[1]!, /no heading #nowhere in docs\/a\.md/);
  assert.match(bad[2]!, /climbs out/);
});
