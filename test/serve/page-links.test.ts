// run-tests: alone — measures this process's heap between two points; another file's leftovers would count.
// The second stage's link facts (what pages call each other, how often each is named) gathered as
// the texts are taken in, in the verification's pass (issue 39): settled in path order whatever
// order the pages came in, a link to a page met later counted, a page not served counting for
// nothing; and serve's start reads no text back from the index to make them, and leaves each served
// document a plain object (not a dictionary) with its text a getter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { PackageIntake } from '../../src/serve/corpus.js';
import { PageLinks } from '../../src/serve/page-links.js';
import { loadServedArtifact } from '../../src/serve/load-served.js';
import { readBodiesFromIndex } from '../../src/serve/served-bodies.js';
import * as tools from '../../src/serve/tools.js';
import type { Doc } from '../../src/format.js';
import { buildCartridge, cartridgeSource, pemFile } from '../install/artifacts.js';
import { tmpDir } from '../helpers/tmp.js';

const meta = { name: 'kb', version: '1.0.0', format: 'acx' as const, sha256: 'c'.repeat(64), source: 'kb.acx', signer: { key_id: null, trust: 'pinned' } };
const docs: Doc[] = [
  { id: 'a', path: 'a.md', title: 'A', body: 'Use [the tar tool](tar.md) or `tar -x`; see [gone](nowhere.md).\n' },
  { id: 'b', path: 'b.md', title: 'B', body: 'Archives: [tar archiver] and `tar`.\n\n[tar archiver]: tar.md\n[self]: b.md\n' },
  { id: 'tar', path: 'tar.md', title: 'Tar', body: 'Packs files. Back to [page b](b.md#top).\n' },
  // The same id as b at a later path: not served, so its links count for nothing.
  { id: 'b', path: 'z.md', title: 'Not served', body: 'A [tar alias](tar.md) and `tar`.\n' },
];

test('link facts settle in path order whatever order the pages come in: a link to a page met later counts, a page not served counts for nothing', () => {
  for (const order of [docs, [...docs].reverse(), [docs[3]!, docs[1]!, docs[2]!, docs[0]!]]) {
    const intake = new PackageIntake();
    for (const d of order) intake.add(d);
    const pkg = intake.finish(meta, []);
    assert.deepEqual(pkg.docs.map((d) => d.path), ['a.md', 'b.md', 'tar.md']);
    // tar: named by a (link and code) and by b (code; a reference definition gives link text only); b by tar.
    assert.deepEqual([...pkg.links.mentions].sort(), [['b', 1], ['tar', 2]]);
    // Link texts in path order (a's inline link, then b's reference label), never z.md's; none to a page that is not there.
    assert.deepEqual([...pkg.links.anchors].sort(), [['b', 'page b\n'], ['tar', 'the tar tool\ntar archiver\n']]);
    assert.equal(pkg.links.chars, docs.slice(0, 3).reduce((n, d) => n + d.body.length, 0));
  }
});

test('serve\'s start makes the second stage\'s fields without reading a text back from the index', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`knowledge/p-${i}.md`] = `# Page ${i}\n\nSee [page ${(i + 1) % 40}](p-${(i + 1) % 40}.md) and \`p-${(i + 7) % 40}\`: signing keys.\n`;
  const acx = await buildCartridge(cartridgeSource(files));
  const { pkg, index } = await loadServedArtifact(acx, { key: pemFile(), env: { ...process.env, XDG_CACHE_HOME: tmpDir('links-cache-') }, cwd: tmpDir('links-cwd-') }, []);
  try {
    let reads = 0;
    const read = index.readBody;
    const counted = { ...index, readBody: (row: number) => { reads++; return read(row); } };
    const r = readBodiesFromIndex(pkg, counted);
    tools.warm([{ pkg, index }]);
    r.forget();
    assert.equal(reads, 0, 'no text read back to make the fields');
    // The texts' getters leave the documents plain objects: a data property made an accessor turns
    // each into a dictionary (~440 bytes more a document at rest).
    setFlagsFromString('--allow-natives-syntax');
    const fast = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
    assert.deepEqual(pkg.docs.filter((d) => !fast(d)).map((d) => d.id), [], 'every served document keeps fast properties');
    assert.ok(pkg.docs.every((d) => pkg.byId.get(d.id) === d && typeof Object.getOwnPropertyDescriptor(d, 'body')?.get === 'function'), 'the package\'s ids name the served copies, whose text is a getter');
    assert.equal(pkg.links.mentions.get('p 0'), 2, 'p-39 links to p-0, p-33 names it in code');
    assert.match(pkg.links.anchors.get('p 1') ?? '', /^page 1\n$/);
    // A search reads its candidates' texts, each checked: the facts did not replace that.
    assert.ok(tools.search([{ pkg, index }], { query: 'page 1 signing' }).results.length > 0);
    assert.ok(reads > 0, 'a search still reads its candidates back');
  } finally {
    index.close();
  }
});

test('the facts held until settle own their strings: a link text or key cut from a page does not keep its text alive', async () => {
  setFlagsFromString('--expose-gc');
  const gc = (await import('node:vm')).runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const links = new PageLinks();
  // 200 pages of ~256 KB each, one link and one inline name apiece (51 MB of text in all).
  for (let i = 0; i < 200; i++) {
    const filler = `${'lorem ipsum '.repeat(21_000)}${i}`;
    links.add(i, `${filler}\nSee [the reference page number ${i}](ref-page-${i}.md) and \`reference-name-${i}-long\`.\n${filler}`, `page-${i}`);
  }
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  assert.ok(grown < 8 * 1024 * 1024, `${(grown / 1048576).toFixed(1)} MB held for 200 pages' facts`);
  const summary = links.settle(Array.from({ length: 200 }, (_, i) => ({ path: `ref-page-${i}.md`, id: `x${i}`, title: `t${i}`, body: '' }) as unknown as Doc), Array.from({ length: 200 }, (_, i) => i));
  assert.equal(summary.anchors.size, 200);
});
