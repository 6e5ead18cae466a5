// The suite's CLI bundle is ASCII (test/helpers/built.ts, asciiOnly): V8 then holds its source as a
// one-byte string. The rewrite must not change what the code does: a character in a regular
// expression, with and without the u flag, an astral one included, matches what it matched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { asciiOnly, builtCli } from '../helpers/built.js';
import { tmpDir } from '../helpers/tmp.js';

const isAscii = (s: string) => !/[^\0-\x7f]/.test(s);

test('the CLI bundle the suite runs is ASCII', { skip: process.env.CTXFORGE_TEST_FROM_SOURCE === '1' && 'tests run from source' }, () => {
  const text = readFileSync(join(dirname(builtCli()), 'cli-main.cjs'), 'utf8');
  assert.ok(text.length > 1_000_000, 'the whole CLI');
  assert.ok(isAscii(text), `not ASCII at ${text.search(/[^\0-\x7f]/)}`);
});

test('escaping a bundle keeps its regular expressions and strings; a character after a backslash leaves the file as it is', () => {
  const dir = tmpDir();
  const file = join(dir, 'm.cjs');
  const source = [
    '// a comment: 1 µs — “quoted”',
    "exports.device = /^(com[0-9¹²³])$/i;",
    "exports.emoji = /^[😀✓]+$/u;",
    "exports.pair = /^😀$/;",
    "exports.dash = /[\\s\\-–—:|]+$/;",
    "exports.s = 'ü';",
  ].join('\n');
  writeFileSync(file, source);
  asciiOnly(file);
  const rewritten = readFileSync(file, 'utf8');
  assert.ok(isAscii(rewritten));
  const m = createRequire(file)(file) as Record<string, RegExp | string>;
  const re = (k: string) => m[k] as RegExp;
  assert.ok(re('device').test('COM²') && !re('device').test('com4x'));
  assert.ok(re('emoji').test('😀✓😀') && !re('emoji').test('\ud83d'), 'u flag: the pair is one code point');
  assert.ok(re('pair').test('😀'));
  assert.equal('a –'.replace(re('dash'), ''), 'a');
  assert.equal(m.s, 'ü');
  const escaped = join(dir, 'e.cjs');
  writeFileSync(escaped, 'exports.r = /\\é/;\n');
  asciiOnly(escaped);
  assert.equal(readFileSync(escaped, 'utf8'), 'exports.r = /\\é/;\n');
});
