// One copy each of small helpers several modules need: the UTF-8 byte-order mark (utf8.ts), an
// in-memory tree from an importer's text-or-bytes map (tree.ts), and the key an Agent Skills finding
// is about (agent-skill.ts), so no caller recovers it from a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasBom, withoutBom, stripBom, decodeUtf8 } from '../../src/core/utf8.js';
import { MemoryTree } from '../../src/core/tree.js';
import { checkSkillMd, readSkillMd } from '../../src/core/agent-skill.js';

test('BOM: recognised only as the three bytes EF BB BF at the start, dropped by every reader alike', () => {
  const bom = Buffer.from([0xef, 0xbb, 0xbf, 0x41]);
  assert.equal(hasBom(bom), true);
  assert.equal(hasBom(Buffer.from([0xef, 0xbb])), false);
  assert.equal(hasBom(Buffer.from('A\uFEFF')), false);
  assert.deepEqual(withoutBom(bom), Buffer.from('A'));
  assert.deepEqual(withoutBom(Buffer.from('B')), Buffer.from('B'));
  assert.equal(stripBom('\uFEFFx'), 'x');
  assert.equal(decodeUtf8(bom), 'A');
});

test('MemoryTree takes a map of text and bytes (what an artifact importer returns) and reads both as bytes', async () => {
  const t = new MemoryTree(new Map<string, string | Buffer>([['a.md', 'é'], ['b.bin', Buffer.from([1, 2])]]));
  assert.deepEqual(await t.read('a.md'), Buffer.from('é', 'utf8'));
  assert.deepEqual(await t.read('b.bin'), Buffer.from([1, 2]));
  assert.deepEqual((await t.list()).map((e) => [e.path, e.size]), [['a.md', 2], ['b.bin', 2]]);
});

test('an unknown-key finding names its key (was only in the message text)', () => {
  const r = readSkillMd(Buffer.from('---\nname: x\ndescription: y\nmodel: "sonnet"\n---\n'));
  const f = checkSkillMd(r.md!, { folder: 'x', names: 'agentskills' }).filter((x) => x.rule === 'unknown-key');
  assert.deepEqual(f.map((x) => [x.key, x.line]), [['model', 4]]);
});

test('one set of Windows device names: COM0/LPT0 and the superscript forms, any case or extension; install and a cartridge refuse the same names (install let COM0 through)', async () => {
  const { WINDOWS_DEVICE_NAME } = await import('../../src/core/paths.js');
  const { portablePathProblem } = await import('../../src/install/portable.js');
  const { sqlarNameProblem } = await import('../../src/acx/sqlar.js');
  for (const n of ['CON', 'nul.tar.gz', 'com0', 'COM9', 'lpt¹', 'Lpt0.txt', 'aux']) {
    assert.ok(WINDOWS_DEVICE_NAME.test(n), n);
    assert.ok(portablePathProblem(`skills/x/${n}`), `install: ${n}`);
  }
  for (const n of ['console', 'com10', 'nul_', 'lpt', 'xcon']) assert.ok(!WINDOWS_DEVICE_NAME.test(n), n);
  assert.match(sqlarNameProblem('rom/skills/COM0') ?? '', /Windows device name/);
  assert.equal(portablePathProblem('skills/x/console.md'), null);
});
