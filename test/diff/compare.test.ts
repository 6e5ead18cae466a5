// The format-agnostic compare on Item lists: change detection, policy, fingerprints, SemVer
// verdicts, the exact JSON shape and the Markdown notes (golden file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import type { Item, PackageSummary } from '../../src/format.js';
import { checkPolicy, diffJson, diffSummaries, failingFindings, renderDiffMarkdown, requiredBump } from '../../src/diff/index.js';

const here = dirname(fileURLToPath(import.meta.url));

function pkg(version: string, items: Item[], over: Partial<PackageSummary> = {}): PackageSummary {
  return { format: 'octx', identity: 'asset-1', name: 'Guide', version, items, ...over };
}
const doc = (id: string, path: string, digest: string, type = 'Reference', title?: string): Item =>
  ({ kind: 'document', id, path, digest, attrs: { type }, ...(title ? { title } : {}) });

const OLD = [
  doc('d1', 'knowledge/a.md', 'h1', 'Reference', 'Alpha'),
  doc('d2', 'knowledge/b.md', 'h2', 'Reference', 'Beta'),
  doc('d3', 'knowledge/c.md', 'h3', 'Reference', 'Gamma'),
  doc('d4', 'knowledge/d.md', 'h4', 'Reference', 'Delta | pipes'),
  { kind: 'dependency', id: 'base', digest: 'x', attrs: { version: '^1.2.0' } },
  { kind: 'chunk', id: 'c1', path: 'data/chunks.jsonl', digest: 'k1' },
];
const NEW = [
  doc('d1', 'knowledge/a.md', 'h1', 'Reference', 'Alpha'),                 // unchanged
  doc('d2', 'knowledge/guides/b.md', 'h2b', 'Reference', 'Beta'),          // edited and moved
  doc('d3', 'knowledge/c.md', 'h3', 'Concept', 'Gamma'),                   // retyped
  doc('d5', 'knowledge/e.md', 'h5', 'Reference', 'Epsilon'),               // added (d4 removed)
  { kind: 'dependency', id: 'base', digest: 'y', attrs: { version: '^2.0.0' } },
  { kind: 'chunk', id: 'c1', path: 'data/chunks.jsonl', digest: 'k1' },
];

test('changes by (kind, id): added, removed, modified, moved, retyped, major_bump — in a stable order', () => {
  const r = diffSummaries(pkg('1.0.0', OLD), pkg('2.0.0', NEW));
  assert.deepEqual(r.changes.map((c) => `${c.change} ${c.kind} ${c.id}`), [
    'modified dependency base',
    'major_bump dependency base',
    'modified document d2',
    'moved document d2',
    'retyped document d3',
    'removed document d4',
    'added document d5',
  ]);
  const moved = r.changes.find((c) => c.change === 'moved')!;
  assert.deepEqual([moved.from, moved.to, moved.path], ['knowledge/b.md', 'knowledge/guides/b.md', 'knowledge/guides/b.md']);
  const retyped = r.changes.find((c) => c.change === 'retyped')!;
  assert.deepEqual([retyped.from, retyped.to, retyped.severity], ['Reference', 'Concept', 'breaking']);
  assert.equal(r.changes.find((c) => c.change === 'removed')!.path, 'knowledge/d.md');
  assert.equal(r.breaking, true);
  assert.equal(r.required_bump, 'major');
  assert.equal(r.version_ok, true);
  assert.deepEqual(r.severities, { breaking: 3, feature: 2, fix: 2, none: 0 });
});

test('fingerprints are sha256 of kind|id|change and do not depend on the versions', () => {
  const a = diffSummaries(pkg('1.0.0', OLD), pkg('2.0.0', NEW));
  const b = diffSummaries(pkg('1.0.0', OLD), pkg('3.1.4', NEW));
  const removed = a.changes.find((c) => c.change === 'removed')!;
  assert.equal(removed.fingerprint, createHash('sha256').update('document|d4|removed').digest('hex'));
  assert.deepEqual(a.changes.map((c) => c.fingerprint), b.changes.map((c) => c.fingerprint));
  assert.equal(new Set(a.changes.map((c) => c.fingerprint)).size, a.changes.length);
});

test('verdicts: required bump vs the actual one; unchanged versions with changes fail', () => {
  const minorOnly = [...OLD.slice(0, 5), { kind: 'chunk', id: 'c1', path: 'data/chunks.jsonl', digest: 'k1' }, doc('d9', 'knowledge/z.md', 'h9')];
  const feat = diffSummaries(pkg('1.2.0', OLD), pkg('1.3.0', minorOnly));
  assert.equal(feat.required_bump, 'minor');
  assert.equal(feat.version_ok, true);
  assert.equal(diffSummaries(pkg('1.2.0', OLD), pkg('1.2.1', minorOnly)).version_ok, false);
  const same = diffSummaries(pkg('1.2.0', OLD), pkg('1.2.0', minorOnly));
  assert.equal(same.version_ok, false);
  assert.match(same.version_message!, /stayed 1\.2\.0/);
  const none = diffSummaries(pkg('1.2.0', OLD), pkg('1.2.0', OLD));
  assert.deepEqual([none.changes.length, none.required_bump, none.version_ok], [0, 'none', true]);
  const lower = diffSummaries(pkg('1.2.0', OLD), pkg('1.1.0', OLD));
  assert.equal(lower.version_ok, false);
  // Along one release's prereleases (and on to the release) any change is fine.
  assert.equal(diffSummaries(pkg('2.0.0-rc.1', OLD), pkg('2.0.0-rc.2', NEW)).version_ok, true);
  assert.equal(diffSummaries(pkg('2.0.0-rc.2', OLD), pkg('2.0.0', NEW)).version_ok, true);
  assert.equal(diffSummaries(pkg('1.9.0', OLD), pkg('2.0.0-rc.1', NEW)).version_ok, true);
  assert.equal(diffSummaries(pkg('1.9.0', OLD), pkg('1.10.0-rc.1', NEW)).version_ok, false);
});

test('0.y.z: breaking needs a minor bump, features and fixes a patch', () => {
  assert.equal(requiredBump('breaking', '0.3.1'), 'minor');
  assert.equal(requiredBump('feature', '0.3.1'), 'patch');
  assert.equal(requiredBump('fix', '0.3.1'), 'patch');
  assert.equal(requiredBump('breaking', '1.0.0'), 'major');
  const r = diffSummaries(pkg('0.3.1', OLD), pkg('0.4.0', NEW));
  assert.deepEqual([r.required_bump, r.version_ok], ['minor', true]);
  assert.equal(diffSummaries(pkg('0.3.1', OLD), pkg('0.3.2', NEW)).version_ok, false);
});

test('policy overrides: most specific key wins; none drops a change from the verdict', () => {
  const policy = checkPolicy({ 'document.removed': 'feature', retyped: 'fix', 'dependency.major_bump': 'none', 'document.moved': 'fix' }, 'test');
  const r = diffSummaries(pkg('1.0.0', OLD), pkg('1.1.0', NEW), { policy });
  assert.equal(r.breaking, false);
  assert.equal(r.required_bump, 'minor');
  assert.equal(r.version_ok, true);
  assert.equal(r.changes.find((c) => c.change === 'major_bump')!.severity, 'none');
  assert.deepEqual(failingFindings(r, 'breaking'), []);
  assert.equal(failingFindings(r, 'any').length, r.changes.length - 1);
  assert.throws(() => checkPolicy({ 'document.deleted': 'breaking' }, 'ctxforge.yaml'), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_DIFF_POLICY_INVALID');
  assert.throws(() => checkPolicy({ removed: 'major' }, 'ctxforge.yaml'), /breaking, feature, fix, none/);
});

test('a changed package identity or format is an error, duplicates too', () => {
  assert.throws(() => diffSummaries(pkg('1.0.0', OLD), pkg('1.1.0', NEW, { identity: 'asset-2' })),
    (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_DIFF_IDENTITY_CHANGED' && e.exitCode === 1);
  assert.throws(() => diffSummaries(pkg('1.0.0', OLD), pkg('1.1.0', NEW, { format: 'ctxpkg' })), /different|ctxpkg/);
  assert.throws(() => diffSummaries(null, pkg('1.0.0', [doc('x', 'a.md', '1'), doc('x', 'b.md', '2')])),
    (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_DIFF_DUPLICATE_ID');
  // A new display name is a finding, not an error.
  const renamed = diffSummaries(pkg('1.0.0', OLD), pkg('1.0.1', OLD, { name: 'Handbook' }));
  assert.deepEqual(renamed.changes.map((c) => [c.change, c.kind, c.attr, c.from, c.to]), [['attr_changed', 'package', 'name', 'Guide', 'Handbook']]);
});

test('initial release: everything added, nothing breaking, any SemVer is fine', () => {
  const r = diffSummaries(null, pkg('0.1.0', NEW));
  assert.equal(r.initial, true);
  assert.equal(r.old.version, null);
  assert.ok(r.changes.every((c) => c.change === 'added'));
  assert.deepEqual([r.breaking, r.required_bump, r.version_ok], [false, 'none', true]);
  assert.equal(diffSummaries(null, pkg('one', NEW)).version_ok, false);
});

test('tag check: the tag name must carry the new version', () => {
  const ok = diffSummaries(pkg('1.0.0', OLD), pkg('2.0.0', NEW), { tag: { name: 'guide@v2.0.0', pattern: 'guide@v*', version: '2.0.0' } });
  assert.deepEqual(ok.tag, { name: 'guide@v2.0.0', pattern: 'guide@v*', version: '2.0.0', matches: true });
  const bad = diffSummaries(pkg('1.0.0', OLD), pkg('2.0.0', NEW), { tag: { name: 'v2.0.1', pattern: 'v*', version: '2.0.1' } });
  assert.equal(bad.tag!.matches, false);
});

test('JSON shape: documented keys first, exactly as specified', () => {
  const j = diffJson(diffSummaries(pkg('1.0.0', OLD), pkg('2.0.0', NEW)));
  assert.deepEqual(Object.keys(j).slice(0, 7), ['format', 'old', 'new', 'changes', 'breaking', 'required_bump', 'version_ok']);
  assert.equal(j.format, 'octx');
  assert.equal((j.old as { version: string }).version, '1.0.0');
  assert.equal((j.new as { version: string }).version, '2.0.0');
  const changes = j.changes as Array<Record<string, unknown>>;
  for (const c of changes) {
    assert.deepEqual(Object.keys(c).slice(0, 3), ['change', 'kind', 'id']);
    for (const k of ['change', 'kind', 'id']) assert.equal(typeof c[k], 'string');
  }
  assert.deepEqual(changes.find((c) => c.change === 'moved'), {
    change: 'moved', kind: 'document', id: 'd2', path: 'knowledge/guides/b.md', from: 'knowledge/b.md', to: 'knowledge/guides/b.md',
    title: 'Beta', severity: 'feature', fingerprint: createHash('sha256').update('document|d2|moved').digest('hex'),
  });
  assert.equal(Object.hasOwn(changes.find((c) => c.change === 'added')!, 'from'), false);
  assert.deepEqual([j.breaking, j.required_bump, j.version_ok], [true, 'major', true]);
  // Survives a JSON round trip unchanged (no undefined, no bigint).
  assert.deepEqual(JSON.parse(JSON.stringify(j)), j);
});

test('Markdown release notes match the golden file', () => {
  const r = diffSummaries(pkg('1.0.0', OLD), pkg('1.1.0', NEW), { oldLabel: 'v1.0.0:knowledge-pack/' });
  const md = renderDiffMarkdown(r);
  const golden = join(here, 'golden', 'notes.md');
  if (process.env.UPDATE_GOLDEN || !existsSync(golden)) writeFileSync(golden, md);
  assert.equal(md, readFileSync(golden, 'utf8'));
  // Titles, not raw IDs alone; pipes in titles do not break the table.
  assert.match(md, /\| removed \| document \| Delta \\\| pipes \|/);
  assert.doesNotMatch(md, /\| d4 \|/);
  const initial = renderDiffMarkdown(diffSummaries(null, pkg('1.0.0', NEW)));
  assert.equal(initial, '## Guide 1.0.0 — initial release\n\noctx: 1 chunk, 1 dependency, 4 documents.\n');
});
