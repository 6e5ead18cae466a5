// Tree entry names read on the parser's ASCII fast path are judged as the full path judges them
// (issue 28: a diff parses every entry of each changed folder, so most names skip the UTF-8 check
// and the folding): what git or HFS+/NTFS could read as something else still goes to the library.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTreeObject } from '../../src/git/object-parse.js';

const OID = Buffer.alloc(20, 0xab);
const tree = (names: string[]) => Buffer.concat(names.flatMap((n) => [Buffer.from(`100644 ${n}\0`, 'utf8'), OID]));

/** The rule as the full path states it: no separator, colon or ignorable character, nothing folding to `.git…` or `git~N`. */
function plainlySafe(name: string): boolean {
  if (!name || /[\\/:\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/.test(name)) return false;
  const folded = name.toLowerCase().replace(/[. ]+$/, '');
  return folded !== '' && !folded.startsWith('.git') && !/^git~\d/.test(folded);
}

test('every name: parsed when plainly safe, left to the library otherwise, on the ASCII path and off it', () => {
  const names = ['a.md', 'page-001.md', 'G', 'g', 'git', 'gitx', 'git~', 'git~1', 'GIT~2', 'Git~9x', '.git', '.GIT', '.Git ', '.gitignore', '.github', '.', '..', '...',
    'a.', 'a ', 'a. .', ' a', 'a:b', 'a\\b', 'x.md.', 'ü.md', '.gït', 'git~1ü', 'a\u200Cb', 'e\u0301', '.git\u200C', 'G.md', '.x', 'gz', '~', 'readme'];
  for (const n of names) {
    const parsed = parseTreeObject(tree([n]));
    if (plainlySafe(n)) assert.deepEqual(parsed, [{ mode: '100644', path: n, oid: OID.toString('hex'), type: 'blob' }], JSON.stringify(n));
    else assert.equal(parsed, undefined, JSON.stringify(n));
  }
  // One doubtful name among plain ones leaves the whole tree to the library.
  assert.equal(parseTreeObject(tree(['a.md', 'b.md', '.git', 'c.md'])), undefined);
  assert.deepEqual(parseTreeObject(tree(['b.md', 'a.md']))?.map((e) => e.path), ['a.md', 'b.md']);
  // A name that is not UTF-8 is the library's to judge.
  assert.equal(parseTreeObject(Buffer.concat([Buffer.from('100644 a\xff', 'latin1'), Buffer.from([0]), OID])), undefined);
});
