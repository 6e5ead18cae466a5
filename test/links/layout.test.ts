// The link check knows no format's layout of its own and needs nothing from sync/ (which uses it):
// the folders it checks come from the format registry, its rule codes from src/links/rules.ts
// (review 2, finding 9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/cli.js';
import { allFormats } from '../../src/formats.js';
import { linkRoots } from '../../src/links/check.js';
import { ruleFor } from '../../src/core/rules.js';

test('no module of src/links imports from src/sync, and the LINK_* codes are registered by src/links/rules.ts', () => {
  const dir = join(repoRoot, 'src', 'links');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
    assert.doesNotMatch(readFileSync(join(dir, f), 'utf8'), /from '\.\.\/sync\/|import '\.\.\/sync\//, f);
  }
  const rules = readFileSync(join(dir, 'rules.ts'), 'utf8');
  for (const code of ['LINK_BROKEN', 'LINK_ANCHOR_MISSING', 'LINK_NOT_JUDGED']) {
    assert.match(rules, new RegExp(`code: '${code}'`));
    assert.ok(ruleFor(code)?.summary, code);
  }
  assert.doesNotMatch(readFileSync(join(repoRoot, 'src', 'sync', 'rules.ts'), 'utf8'), /'LINK_/);
});

test('the folders whose links are checked are each format\'s document root and its skills\' folders, from the registry', () => {
  for (const m of allFormats()) assert.deepEqual(linkRoots(m.name), [...new Set([m.documentRoot, ...(m.skills ? [m.skills.root] : [])])], m.name);
  assert.deepEqual(linkRoots('acx'), ['knowledge/', 'skills/']);
  assert.deepEqual(linkRoots('ctxpkg'), ['nodes/', 'documents/']);
  assert.deepEqual(linkRoots('octx'), ['knowledge/']);
  assert.deepEqual(linkRoots('no-such-format'), ['']);
});
