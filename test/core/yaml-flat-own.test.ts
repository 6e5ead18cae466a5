// run-tests: alone — measures this process's heap between two points; another file's leftovers would count.
// The values parseFlatYaml gives are strings of their own, not slices of the text they were read
// from: a reader that keeps a title or an id from each of many large documents keeps only those
// (the slices of 50 texts of 1 MB held them all: ~50 MB of V8's heap).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseFlatYaml } from '../../src/core/yaml-flat.js';

test('values kept from large frontmatter texts do not keep the texts', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
  const before = used();
  const kept: unknown[] = [];
  for (let i = 0; i < 50; i++) {
    // Latin-1 text of ~1 MB (one byte a character in V8's heap), its values at the end.
    const text = `description: ${'Filler words. '.repeat(75_000).trim()}\ntitle: A title long enough to be sliced ${i}\nid: 019b76da-c164-74c9-bfdd-a72b8031e835\n`;
    const v = parseFlatYaml(text.slice(text.indexOf('\n') + 1));
    assert.ok(v, 'the flat path reads it');
    kept.push(v.title, v.id);
  }
  const grown = used() - before;
  assert.equal(kept.length, 100);
  assert.ok(grown < 16e6, `${(grown / 1e6).toFixed(1)} MB kept for 100 short values`);
});
