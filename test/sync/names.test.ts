// Sync's portable names ask each registered format what it cannot hold (FormatModule.nameProblem)
// instead of keeping a copy of OCTX's reserved names or the cartridge's device-name rule: a format
// that reserves a name is heard without sync knowing it (review 2, finding 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { portablePath } from '../../src/sync/names.js';
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
