// run-tests: alone — measures this process's heap between two points; another file's leftovers would count.
// The term tally keeps every distinct piece of text it has tokenized (a run between white space)
// for the whole pass, to find it again by its hash. A piece cut from a document with slice() is, in
// V8, a view of the document's text when it is 13 characters or longer: held, it kept that whole
// text alive until the pass ended (issue 39). Each piece is now a copy of its own: fails without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TermTally } from '../../src/serve/term-scores.js';
import { FtsTokens } from '../../src/serve/fts-tokens.js';

test('the pieces a tally keeps do not keep their documents\' texts alive', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const tokens = new FtsTokens();
  const tally = new TermTally(tokens);
  // A warm-up block, so that the measure below holds only the pieces the next blocks bring.
  tally.addBlock([['warm', '', 'up words here']]);
  gc();
  const before = process.memoryUsage().heapUsed;
  // 40 blocks of 5 documents of ~256 KB: one common word repeated, and one long word of its own each.
  for (let b = 0; b < 40; b++) {
    const block: [string, string, string][] = [];
    for (let d = 0; d < 5; d++) block.push([`title ${b}`, '', `${'word '.repeat(52_000)}distinctiveword${b}x${d} end`]);
    tally.addBlock(block);
  }
  gc();
  const held = process.memoryUsage().heapUsed - before;
  tokens.close();
  assert.ok(held < 8 * 1024 * 1024, `${(held / 1048576).toFixed(1)} MB held after 200 documents of 256 KB`);
});
