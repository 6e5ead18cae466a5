// ctxforge walks an archive's central directory itself (src/core/zip-tree.ts) instead of through
// yauzl's per-entry callbacks (issue 28). yauzl stays the oracle: whatever ZipTree accepts, yauzl
// must read too, with the same files, sizes and bytes; whatever yauzl refuses (open, an entry, or an
// entry's data), ZipTree must refuse at open or on reading that entry. ZipTree may refuse more (its
// own policy: duplicates, unsafe names, file types, limits). Held on every archive of the hostile
// corpus and on seeded one- and two-byte mutations of a small archive with STORED and DEFLATE entries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ZipTree } from '../../src/core/zip-tree.js';

interface Read { files: Map<string, Buffer> }

/** Every file entry yauzl reads (directories skipped), or the error it stopped with. */
function readWithYauzl(buf: Buffer): Promise<Read | Error> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) { resolve(err ?? new Error('no zipfile')); return; }
      const files = new Map<string, Buffer>();
      let done = false;
      const fail = (e: Error): void => { if (!done) { done = true; resolve(e); } };
      zip.on('error', fail);
      zip.on('end', () => { if (!done) { done = true; resolve({ files }); } });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) { zip.readEntry(); return; }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) { fail(e ?? new Error('no stream')); return; }
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', fail);
          stream.on('end', () => { files.set(entry.fileName, Buffer.concat(parts)); zip.readEntry(); });
        });
      });
      zip.readEntry();
    });
  });
}

/** What ZipTree makes of the archive: its files and bytes, or the first refusal (open or a read). */
async function readWithZipTree(buf: Buffer): Promise<Read | Error> {
  let tree: ZipTree;
  try { tree = await ZipTree.open(buf, { label: 'x.zip' }); } catch (e) { return e as Error; }
  const files = new Map<string, Buffer>();
  try {
    for (const e of await tree.list()) if (e.kind === 'file') files.set(e.path, await tree.read(e.path));
  } catch (e) {
    return e as Error;
  } finally {
    tree.close?.();
  }
  return { files };
}

async function agree(buf: Buffer, what: string): Promise<'both' | 'ours' | 'neither'> {
  const ours = await readWithZipTree(buf);
  const theirs = await readWithYauzl(buf);
  if (ours instanceof Error) return theirs instanceof Error ? 'neither' : 'ours';
  assert.ok(!(theirs instanceof Error), `${what}: ZipTree accepted what yauzl refuses (${(theirs as Error).message})`);
  assert.deepEqual([...ours.files.keys()].sort(), [...theirs.files.keys()].sort(), `${what}: the same files`);
  for (const [name, bytes] of ours.files) assert.ok(bytes.equals(theirs.files.get(name)!), `${what}: ${name} has the same bytes`);
  return 'both';
}

function sample(): Promise<Buffer> {
  const z = new yazl.ZipFile();
  z.addBuffer(Buffer.from('---\ntitle: A\n---\n# A\n'), 'docs/a.md', { compress: false, mtime: new Date(0) });
  z.addBuffer(Buffer.from('x'.repeat(3000)), 'docs/b.md', { compress: true, mtime: new Date(0) });
  z.addEmptyDirectory('assets/', { mtime: new Date(0) });
  z.addBuffer(Buffer.from([0, 1, 2, 3, 255]), 'assets/c.bin', { compress: false, mtime: new Date(0) });
  z.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
  });
}

test('every archive of the hostile corpus: what ZipTree accepts yauzl reads alike, what yauzl refuses ZipTree refuses', async () => {
  const dir = join('test', 'corpus', 'octx');
  const names = readdirSync(dir).filter((n) => n.endsWith('.octx')).sort();
  assert.ok(names.length > 100, 'the corpus is there');
  const seen = { both: 0, ours: 0, neither: 0 };
  for (const n of names) seen[await agree(readFileSync(join(dir, n)), n)]++;
  // The corpus holds both accepted archives and ones refused by each reader.
  assert.ok(seen.both > 10 && seen.neither > 5 && seen.ours > 5, JSON.stringify(seen));
});

test('seeded mutations of a small archive: ZipTree never accepts what yauzl refuses, and never reads other bytes', async () => {
  const base = await sample();
  assert.equal(await agree(base, 'the sample'), 'both');
  let seed = 0x2c0ffee;
  const rand = (n: number): number => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n; };
  const seen = { both: 0, ours: 0, neither: 0 };
  for (let i = 0; i < 1500; i++) {
    const m = Buffer.from(base);
    const k = 1 + rand(2);
    const where: string[] = [];
    for (let j = 0; j < k; j++) {
      const at = rand(m.length);
      const v = rand(256);
      m[at] = v;
      where.push(`${at}=${v}`);
    }
    seen[await agree(m, `mutation ${i} (${where.join(', ')})`)]++;
  }
  assert.ok(seen.both > 50 && seen.neither > 50, JSON.stringify(seen));
});
