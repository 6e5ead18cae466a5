// Pages with under 20 readable words are never taken for one page moved by their content alone
// (issue 34: two empty Hugo section pages swapped a stable ID); the word count is one pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MIN_MOVE_WORDS, movableByContent, pageName, readableWords } from '../../src/sync/move-evidence.js';
import { assertOnePass, PATHOLOGICAL, repeatTo } from '../helpers/steps.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const words = (n: number, w = 'word') => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');

test('readable words leave out shortcodes, Liquid, comments, HTML tags and directive lines', () => {
  assert.equal(readableWords('one two three', Infinity), 3);
  assert.equal(readableWords("it's a well-known name_with under", Infinity), 5);
  assert.equal(readableWords('{{< include "a b c d e" >}}\n{{% note %}}x{{% /note %}}\n{% include x.md %}\n{{ .Site.Title }}', Infinity), 1);
  assert.equal(readableWords('<!-- a b c --><div class="a b">inside</div>', Infinity), 1);
  assert.equal(readableWords('```{note}\n:class: tip\n:name: label-x\nThe body counts.\n```', Infinity), 3);
  assert.equal(readableWords(':::{tab-item} A\nshown\n:::', Infinity), 1);
  // An opener never closed hides the rest: fewer words, never more.
  assert.equal(readableWords('three words here {{< never closed a b c d', Infinity), 3);
  assert.equal(readableWords(words(500)), MIN_MOVE_WORDS, 'counting stops at the cap');
});

test('page names: the file, or the folder of an index page; moves by content need words or the same name', () => {
  assert.equal(pageName('commands/_index.md'), 'commands');
  assert.equal(pageName('a/b/README.md'), 'b');
  assert.equal(pageName('a/setup.md'), 'setup');
  assert.equal(movableByContent('', 'maintenance/_index.md', 'commands/_index.md'), false);
  assert.equal(movableByContent('', 'old/setup.md', 'new/Setup.md'), true);
  assert.equal(movableByContent(words(20), 'maintenance/_index.md', 'commands/_index.md'), true);
});

test('the word count is one pass over any input', () => {
  const count = (input: string, steps: (n: number) => void) => readableWords(input, Infinity, steps);
  assertOnePass('readableWords', count, {
    ...PATHOLOGICAL,
    'unclosed shortcode openers': (n) => repeatTo('{{< ', n),
    'unclosed tags': (n) => repeatTo('<a ', n),
    'option-like lines': (n) => repeatTo(':name\n', n),
    'fence-like lines': (n) => repeatTo('```{\n', n),
    'one long line of spaces then a fence': (n) => `${' '.repeat(n - 8)}\`\`\`{note}`,
  });
});

test('sync: an emptied section page that vanished is not the new empty one; a wordy page or a same-named stub keeps its ID', async () => {
  const root = tmpDir('move-evidence-');
  const up = join(root, 'up');
  const put = (p: string, text: string) => { mkdirSync(dirname(join(up, p)), { recursive: true }); writeFileSync(join(up, p), text); };
  put('maintenance/_index.md', '---\ntitle: Maintenance\n---\n');
  put('guide/long.md', `# Long\n\n${words(60, 'w')}\n`);
  put('old/setup.md', '# Setup\n\nRun it.\n');
  let r = await runCli(['sync', up, 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const ids = (): Record<string, string> => {
    const m = JSON.parse(readFileSync(join(root, 'pkg', '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { id: string }> };
    return Object.fromEntries(Object.entries(m.documents).map(([p, e]) => [p, e.id]));
  };
  const before = ids();
  rmSync(join(up, 'maintenance'), { recursive: true });
  rmSync(join(up, 'guide'), { recursive: true });
  rmSync(join(up, 'old'), { recursive: true });
  put('commands/_index.md', '---\ntitle: Commands\n---\n');
  put('reference/long.md', `# Long\n\n${words(60, 'w')}\n`);
  put('new/setup.md', '# Setup\n\nRun it.\n');
  r = await runCli(['sync', up, 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { moved: { from: string; upstream: string }[]; removed: { upstream: string }[]; added: { path: string }[] };
  const after = ids();
  assert.notEqual(after['commands/_index.md'], before['maintenance/_index.md'], 'an empty section page is no evidence of a move');
  assert.deepEqual(j.removed.map((x) => x.upstream), ['maintenance/_index.md']);
  assert.equal(after['reference/long.md'], before['guide/long.md']);
  assert.equal(after['new/setup.md'], before['old/setup.md']);
  assert.deepEqual(j.moved.map((m) => `${m.from} → ${m.upstream}`).sort(), ['guide/long.md → reference/long.md', 'old/setup.md → new/setup.md']);
});
