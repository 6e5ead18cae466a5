// Hostile archives are rejected with a stable code, in bounded memory, and unpack writes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildZip, type RawEntry } from '../helpers/rawzip.js';
import { loadCases, materialize } from '../helpers/octx-cases.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

const base = materialize(loadCases().find((c) => c.id === 'zip-unlisted-regular-file')!);
// Entries of a valid package to which each attack is added.
function validEntries(): RawEntry[] {
  return [...base.files ?? new Map()].map(([name, data]) => ({ name, data }));
}
function baseEntries(): RawEntry[] {
  const m = materialize({ id: 'x', base: 'minimal-valid', expect: {}, rehash: false });
  return [...m.files!].sort(([a], [b]) => (a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : 0)).map(([name, data]) => ({ name, data }));
}
void validEntries;

const attacks: { name: string; code: string; entries: () => RawEntry[] }[] = [
  { name: 'zip slip ../', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: '../../etc/passwd', data: 'x' }] },
  { name: 'zip slip in a subdirectory', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: 'knowledge/../../x', data: 'x' }] },
  { name: 'absolute path', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: '/tmp/x', data: 'x' }] },
  { name: 'drive letter', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: 'C:/x', data: 'x' }] },
  { name: 'backslash traversal', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: '..\\..\\x', data: 'x' }] },
  { name: 'NUL in name', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: 'a\0b', data: 'x' }] },
  { name: 'symlink', code: 'OCTX_ZIP_SPECIAL_FILE', entries: () => [...baseEntries(), { name: 'link', data: '/etc/passwd', mode: 0o120777 }] },
  { name: 'character device', code: 'OCTX_ZIP_SPECIAL_FILE', entries: () => [...baseEntries(), { name: 'dev', data: '', mode: 0o020644 }] },
  { name: 'FIFO', code: 'OCTX_ZIP_SPECIAL_FILE', entries: () => [...baseEntries(), { name: 'fifo', data: '', mode: 0o010644 }] },
  { name: 'encrypted entry', code: 'OCTX_ZIP_ENCRYPTED', entries: () => [...baseEntries(), { name: 'secret.bin', data: 'x', flags: 1 }] },
  { name: 'unsupported method (LZMA)', code: 'OCTX_ZIP_METHOD_UNSUPPORTED', entries: () => [...baseEntries(), { name: 'x.bin', data: 'x', method: 14 }] },
  { name: 'duplicate NFC names', code: 'OCTX_ZIP_PATH_UNSAFE', entries: () => [...baseEntries(), { name: 'knowledge/caf\u00e9.md', data: 'a' }, { name: 'knowledge/cafe\u0301.md', data: 'b' }] },
  { name: 'exact duplicate names', code: 'OCTX_ZIP_DUPLICATE', entries: () => [...baseEntries(), { name: 'knowledge/guide.md', data: 'evil' }] },
  { name: 'non-ASCII name without the UTF-8 flag', code: 'OCTX_ZIP_NAME_ENCODING', entries: () => [...baseEntries(), { name: Buffer.from([0x6b, 0xe9, 0x2e, 0x6d, 0x64]), data: 'x', flags: 0 }] },
  { name: 'local/central method mismatch', code: 'OCTX_ZIP_HEADER_MISMATCH', entries: () => { const e = baseEntries(); e[1] = { ...e[1]!, localMethod: 8 }; return e; } },
  { name: 'deflate bomb (ratio)', code: 'OCTX_ZIP_LIMIT', entries: () => [...baseEntries(), { name: 'bomb.bin', data: Buffer.alloc(20 * 1024 * 1024), method: 8 }] },
  { name: 'size lie (declared smaller than the data)', code: 'OCTX_ZIP_CORRUPT', entries: () => [...baseEntries(), { name: 'lie.bin', data: Buffer.alloc(1000, 1), declaredSize: 10 }] },
  {
    name: 'overlapping entries', code: 'OCTX_ZIP_OVERLAP', entries: () => {
      // B's whole local record is the stored data of A; B's central entry points inside A.
      const e = baseEntries();
      const inner = buildZip([{ name: 'b.txt', data: 'hello' }]).subarray(0, 30 + 5 + 5);
      const before = buildZip(e).length - 22 - e.reduce((n, x) => n + 46 + Buffer.byteLength(x.name as string), 0);
      return [...e, { name: 'a.bin', data: inner }, { name: 'b.txt', data: 'hello', phantomOffset: before + 30 + 5 }];
    },
  },
];

for (const a of attacks) {
  test(`hostile archive: ${a.name} → ${a.code}, and unpack writes nothing`, async () => {
    const dir = tmpDir();
    const file = join(dir, 'evil.octx');
    writeFileSync(file, buildZip(a.entries()));
    const v = await runCli(['validate', file, '--json']);
    assert.equal(v.code, 1, v.stdout + v.stderr);
    const res = JSON.parse(v.stdout).results[0];
    assert.equal(res.valid, false);
    const codes = res.diagnostics.map((d: { code: string }) => d.code);
    assert.ok(codes.includes(a.code), `${a.code} expected, got ${codes}`);
    const target = join(dir, 'out');
    const u = await runCli(['unpack', file, target]);
    assert.equal(u.code, 1, u.stderr);
    assert.ok(!existsSync(target) || readdirSync(target).length === 0, 'nothing written');
    assert.deepEqual(readdirSync(dir), ['evil.octx']);
  });
}

test('a corrupt (truncated) archive gets OCTX_ZIP_CORRUPT, not a crash', async () => {
  const dir = tmpDir();
  const good = buildZip(baseEntries());
  for (const cut of [0, 10, good.length - 30, good.length - 5]) {
    const file = join(dir, `t${cut}.octx`);
    writeFileSync(file, good.subarray(0, cut));
    const v = await runCli(['validate', file, '--json', '--format', 'octx']);
    assert.equal(v.code, 1, `cut ${cut}: ${v.stderr}`);
    assert.match(v.stdout, /OCTX_ZIP_CORRUPT/);
  }
});

test('entry-count limit is enforced before reading entries', async () => {
  const dir = tmpDir();
  const file = join(dir, 'many.octx');
  const e = baseEntries();
  for (let i = 0; i < 50; i++) e.push({ name: `junk/${i}`, data: '' });
  writeFileSync(file, buildZip(e));
  const v = await runCli(['validate', file, '--max-entries', '20', '--json']);
  assert.equal(v.code, 1);
  assert.match(v.stdout, /OCTX_ZIP_LIMIT/);
  const ok = await runCli(['validate', file, '--json']);
  assert.equal(ok.code, 0, ok.stdout);
});
