// Sync's portable names ask each registered format what it cannot hold (FormatModule.nameProblem)
// instead of keeping a copy of OCTX's reserved names or the cartridge's device-name rule: a format
// that reserves a name is heard without sync knowing it (review 2, finding 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { portableNames, portablePath } from '../../src/sync/names.js';
import { freeSuffixed, isSuffixedForm } from '../../src/core/suffixed.js';
import { foldedKey } from '../../src/core/paths.js';
import { registerFormat } from '../../src/formats.js';
import type { FormatModule } from '../../src/format.js';

test('the names every format refuses get -page: OCTX navigation (case-folded), Windows devices as files and folders', () => {
  assert.equal(portablePath('index.md', true), 'index-page.md');
  assert.equal(portablePath('guide/LOG.md', true), 'guide/LOG-page.md');
  assert.equal(portablePath('Index.mdx', true), 'Index-page.md');
  assert.equal(portablePath('con.txt', false), 'con-page.txt');
  assert.equal(portablePath('aux/x.md', true), 'aux-page/x.md');
  assert.equal(portablePath('My Note.md', true), 'My-Note.md');
  assert.equal(portablePath('guide/readme.md', true), 'guide/readme.md');
});

test('a format registered later is asked too: a name it reserves is renamed, with no change to sync', () => {
  assert.equal(portablePath('glossary.md', true), 'glossary.md');
  registerFormat({
    name: 'reserving', documentRoot: 'docs/', manifestFile: 'reserving.json',
    nameProblem: (p: string) => (p.slice(p.lastIndexOf('/') + 1) === 'glossary.md' ? 'reserved for the generated glossary' : undefined),
  } as unknown as FormatModule);
  assert.equal(portablePath('glossary.md', true), 'glossary-page.md');
  assert.equal(portablePath('terms/glossary.md', true), 'terms/glossary-page.md');
});

test('one collision suffix for every rename: sync and convert give -2, -3 … before the extension, case-folded, and recognise only that form', () => {
  const taken = new Set(['guide/a.md', 'guide/a-2.md'].map((p) => foldedKey(p)));
  assert.equal(freeSuffixed('guide/a.md', new Set()), 'guide/a.md');
  assert.equal(freeSuffixed('guide/A.md', taken), 'guide/A-3.md');
  // A dot in a folder name is not an extension.
  assert.equal(freeSuffixed('v1.2/notes', new Set([foldedKey('v1.2/notes')])), 'v1.2/notes-2');
  for (const name of ['guide/a.md', 'guide/A.md', 'v1.2/notes', 'x.tar.gz']) {
    const all = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const got = freeSuffixed(name, all);
      assert.ok(isSuffixedForm(got, name), `${got} is a suffixed form of ${name}`);
      all.add(foldedKey(got));
    }
  }
  assert.equal(isSuffixedForm('guide/a-x.md', 'guide/a.md'), false);
  assert.equal(isSuffixedForm('guide/a-2.txt', 'guide/a.md'), false);
  assert.equal(isSuffixedForm('guide/a-.md', 'guide/a.md'), false);
  // Sync's portable names use the same suffix, and keep one it gave before.
  const r = portableNames([{ path: 'A.md', markdown: true }, { path: 'a.md', markdown: true }], false);
  assert.equal(r.map.get('a.md'), 'a-2.md');
  const again = portableNames([{ path: 'A.md', markdown: true }, { path: 'a.md', markdown: true }], false, new Map([['A.md', 'A-2.md']]));
  assert.equal(again.map.get('A.md'), 'A-2.md');
  assert.equal(again.map.get('a.md'), 'a.md');
});
