// Merge (§6), dependency resolution, v1 import (§10) and budget assembly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { integrityOf } from '../../src/ctxpkg/integrity.js';

const EPOCH = '1767225600';

async function pkg(dir: string, name: string, version: string, nodes: Record<string, string>, extra = ''): Promise<string> {
  const src = tmpDir();
  writeTree(src, { 'ctxpkg.yaml': `name: "${name}"\nversion: ${version}\ndescription: test\n${extra}`, ...Object.fromEntries(Object.entries(nodes).map(([k, v]) => [`nodes/${k}.md`, v])) });
  const r = await runCli(['build', src, '--out', dir, '--source-date-epoch', EPOCH, '--json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return JSON.parse(r.stdout).artifacts[0].path;
}

const A = {
  shared: '---\nid: shared\ntype: fact\nactivation: 0.8\nedges:\n  - to: a-only\n    type: supports\n    weight: 1.0\n---\nShared fact.\n',
  'a-only': '---\nid: a-only\ntype: fact\nactivation: 0.6\nedges:\n  - to: shared\n    type: contradicts\n---\nA says no.\n',
  old: '---\nid: old-way\ntype: procedure\nactivation: 0.9\n---\nThe old way.\n',
};
const B = {
  shared: '---\nid: shared\ntype: fact\nactivation: 0.8\nedges:\n  - to: a-only\n    type: supports\n    weight: 0.5\n---\nShared fact.\n',
  'a-only': '---\nid: a-only\ntype: fact\nactivation: 0.6\n---\nA says no.\n',
  'new': '---\nid: new-way\ntype: procedure\nactivation: 1.0\nsupersedes: old-way\nedges:\n  - to: shared\n    type: related_to\n---\nThe new way.\n',
};

test('merge: union by id, averaged weights, contradicts warned, supersedes deactivates; argument order does not matter', async () => {
  const dir = tmpDir();
  const a = await pkg(dir, '@t/a', '1.0.0', A);
  const b = await pkg(dir, '@t/b', '2.0.0', B);
  const o1 = join(dir, 'm1.ctxpkg'); const o2 = join(dir, 'm2.ctxpkg');
  const r1 = await runCli(['merge', a, b, '--out', o1, '--name', '@t/merged', '--json']);
  const r2 = await runCli(['merge', b, a, '--out', o2, '--name', '@t/merged', '--json']);
  assert.equal(r1.code, 0, r1.stdout + r1.stderr);
  assert.ok(readFileSync(o1).equals(readFileSync(o2)), 'same bytes whatever the order');
  const j = JSON.parse(r1.stdout);
  assert.equal(j.artifacts[0].format, 'ctxpkg');
  assert.deepEqual(j.contradictions, [{ from: 'a-only', to: 'shared' }]);
  assert.ok(j.warnings.some((w: { code: string }) => w.code === 'CTXPKG_MERGE_CONTRADICTION'));
  assert.deepEqual(j.deactivated, ['old-way']);
  const g = JSON.parse(readFileSync(o1, 'utf8')).content.context_graph;
  assert.deepEqual(g.nodes.map((n: { id: string }) => n.id), ['a-only', 'new-way', 'old-way', 'shared']);
  assert.equal(g.nodes.find((n: { id: string }) => n.id === 'old-way').activation, 0, 'kept, deactivated');
  const sup = g.edges.find((e: { from: string; type: string }) => e.from === 'shared' && e.type === 'supports');
  assert.equal(sup.weight, 0.75);
  assert.ok(g.nodes.find((n: { id: string }) => n.id === 'a-only'), 'both sides of a contradiction kept');
  const v = await runCli(['verify', o1]);
  assert.equal(v.code, 0, 'merged package is valid');
  assert.match(v.stdout, /✓ valid .*\(ctxpkg\) {2}\[integrity pass, signature none\]/, 'the text says what verification concluded');
  const imp = join(tmpDir(), 'src');
  assert.equal((await runCli(['import', o1, imp])).code, 0);
  assert.equal((await runCli(['build', imp, '--out', tmpDir(), '--source-date-epoch', EPOCH])).code, 0, 'and buildable');
});

test('merge --version names the merged package version (not the version of ctxforge); ctxforge --version still prints it', async () => {
  const dir = tmpDir();
  const a = await pkg(dir, '@t/a', '1.0.0', A);
  const b = await pkg(dir, '@t/b', '2.0.0', B);
  const out = join(dir, 'v.ctxpkg');
  const r = await runCli(['merge', a, b, '--out', out, '--name', '@t/combo', '--version', '2.0.0']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const m = JSON.parse(readFileSync(out, 'utf8')).manifest;
  assert.deepEqual([m.name, m.version], ['@t/combo', '2.0.0']);
  const v = await runCli(['--version']);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^\d+\.\d+\.\d+\s*$/);
});

test('merge refuses an invalid input', async () => {
  const dir = tmpDir();
  const a = await pkg(dir, '@t/a', '1.0.0', A);
  const bad = join(dir, 'bad.ctxpkg');
  writeFileSync(bad, readFileSync(a, 'utf8').replace('Shared fact.', 'Shared fakt.'));
  const r = await runCli(['merge', a, bad, '--out', join(dir, 'o.ctxpkg')]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /CTXPKG_MERGE_INPUT_INVALID/);
});

test('dependencies resolve against --packages; optional failures are warnings; conflicts are errors', async () => {
  const repo = tmpDir();
  await pkg(repo, '@t/base', '1.4.0', { x: '---\nid: x\ntype: fact\n---\nX\n' });
  await pkg(repo, '@t/base', '2.0.0', { x: '---\nid: x\ntype: fact\n---\nX2\n' });
  await pkg(repo, '@t/bad', '1.0.0', { x: '---\nid: x\ntype: fact\n---\nX\n' }, 'conflicts:\n  - "@t/app"\n');
  const out = tmpDir();
  const app = await pkg(out, '@t/app', '1.0.0', { y: '---\nid: y\ntype: fact\n---\nY\n' },
    'dependencies:\n  "@t/base": ^1.2.0\noptional_dependencies:\n  - name: "@t/missing"\n    version_req: ">=1.0.0, <2.0.0"\n');
  const r = await runCli(['validate', '--json', '--packages', repo, app]);
  assert.equal(r.code, 0, r.stdout);
  const res = JSON.parse(r.stdout).results[0];
  assert.deepEqual(res.details.dependencies.map((d: { name: string; resolved: { version: string } | null }) => [d.name, d.resolved?.version ?? null]), [['@t/base', '1.4.0'], ['@t/missing', null]]);
  assert.ok(res.diagnostics.some((d: { code: string; severity: string }) => d.code === 'CTXPKG_OPTIONAL_DEPENDENCY_UNRESOLVED' && d.severity === 'warning'));
  const app2 = await pkg(out, '@t/app', '1.1.0', { y: '---\nid: y\ntype: fact\n---\nY\n' }, 'dependencies:\n  - name: "@t/base"\n    version_req: ^3.0.0\n  - name: "@t/bad"\n    version_req: ^1.0.0\n');
  const r2 = await runCli(['validate', '--json', '--packages', repo, app2]);
  assert.equal(r2.code, 1);
  const codes = JSON.parse(r2.stdout).results[0].diagnostics.map((d: { code: string }) => d.code);
  assert.ok(codes.includes('CTXPKG_DEPENDENCY_UNRESOLVED'));
  assert.ok(codes.includes('CTXPKG_CONFLICT'));
  // A --packages directory that does not exist is a usage / I/O error (exit 2), not an invalid package.
  const r3 = await runCli(['validate', '--json', '--packages', join(out, 'no-such-dir'), app]);
  assert.equal(r3.code, 2, r3.stdout + r3.stderr);
  assert.equal(JSON.parse(r3.stdout).results[0].diagnostics[0].code, 'CTXFORGE_IO', 'one JSON shape: the I/O failure is the result of that path');
});

test('a v1 package imports losslessly into a v2 source tree that builds', async () => {
  const content = {
    knowledge: { facts: [{ category: 'build', key: 'cmd', value: 'npm run build', confidence: 0.9, source: 's1' }], patterns: [{ name: 'retry', description: 'Retry with backoff' }], insights: [{ summary: 'Caching matters' }], exported_at: '2026-01-01T00:00:00Z' },
    graph: { nodes: [{ kind: 'function', name: 'retry', file_path: 'src/r.ts', line_start: 3 }], edges: [{ source_path: 'src/r.ts', source_name: 'retry', target_path: 'src/h.ts', target_name: 'http', kind: 'calls' }], exported_at: '2026-01-01T00:00:00Z' },
    session: { task_description: 'Fix retries', findings: [{ summary: 'found' }], decisions: [], next_steps: ['ship'], files_touched: ['src/r.ts'], exported_at: '2026-01-01T00:00:00Z' },
    gotchas: { gotchas: [{ id: 'g1', category: 'net', severity: 'high', trigger: 'POST retried', resolution: 'only retry idempotent calls', file_patterns: [], confidence: 0.8 }], exported_at: '2026-01-01T00:00:00Z' },
  };
  const ct = JSON.stringify(content);
  const integ = integrityOf('legacy', '1.0.0', ct);
  const doc = `{"manifest":{"schema_version":1,"name":"legacy","version":"1.0.0","description":"v1","created_at":"2026-01-01T00:00:00Z","layers":["knowledge","graph","session","gotchas"],"integrity":${JSON.stringify(integ)},"provenance":{"tool":"lean-ctx","tool_version":"3.9.18"}},"content":${ct}}`;
  const dir = tmpDir();
  const p = join(dir, 'legacy.ctxpkg');
  writeFileSync(p, doc);
  const v = await runCli(['validate', '--json', p]);
  assert.equal(v.code, 0, v.stdout);
  assert.ok(JSON.parse(v.stdout).results[0].diagnostics.some((d: { code: string }) => d.code === 'CTXPKG_SCHEMA_V1'));
  const src = join(dir, 'src');
  assert.equal((await runCli(['import', p, src])).code, 0);
  const b = await runCli(['build', src, '--out', dir, '--source-date-epoch', EPOCH, '--json']);
  assert.equal(b.code, 0, b.stdout + b.stderr);
  const g = JSON.parse(readFileSync(JSON.parse(b.stdout).artifacts[0].path, 'utf8'));
  const types = g.content.context_graph.nodes.map((n: { type: string }) => n.type).sort();
  assert.deepEqual(types, ['code_function', 'code_symbol', 'fact', 'gotcha', 'insight', 'pattern', 'session']);
  const fact = g.content.context_graph.nodes.find((n: { type: string }) => n.type === 'fact');
  assert.equal(fact.content, 'npm run build');
  assert.equal(fact.activation, 1);
  assert.equal(fact.v1_key, 'cmd');
  const session = g.content.context_graph.nodes.find((n: { type: string }) => n.type === 'session');
  assert.match(session.blob_ref, /^sha256:[0-9a-f]{64}$/);
  assert.deepEqual(session.v1_session.next_steps, ['ship']);
  assert.equal(g.content.context_graph.edges[0].type, 'calls');
  assert.deepEqual(g.manifest.layers, ['knowledge', 'graph', 'session', 'gotchas']);
});

test('inspect --budget includes nodes by activation until the budget is spent', async () => {
  const dir = tmpDir();
  const p = await pkg(dir, '@t/budget', '1.0.0', {
    hi: `---\nid: hi\ntype: fact\nactivation: 0.9\nedges:\n  - to: lo\n    type: supports\n---\n${'h'.repeat(40)}\n`,
    mid: `---\nid: mid\ntype: fact\nactivation: 0.5\n---\n${'m'.repeat(400)}\n`,
    lo: `---\nid: lo\ntype: fact\nactivation: 0.2\n---\n${'l'.repeat(40)}\n`,
    off: `---\nid: off\ntype: fact\nactivation: 0.0\n---\nx\n`,
  }, 'conformance_level: 3\n');
  const r = await runCli(['inspect', p, '--budget', '30', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const b = JSON.parse(r.stdout).budget;
  assert.deepEqual(b.included.map((e: { id: string }) => e.id), ['hi', 'lo']);
  assert.deepEqual(b.excluded.map((e: { id: string; reason: string }) => [e.id, e.reason]), [['mid', 'over_budget'], ['off', 'deactivated']]);
  assert.equal(b.used, 20);
  const bad = await runCli(['inspect', p, '--budget', 'lots']);
  assert.equal(bad.code, 2);
  mkdirSync(join(dir, 'unused'), { recursive: true });
});

test('declared level above the one the content uses is a warning: the level states what a reader must support', async () => {
  const src = tmpDir();
  writeTree(src, { 'ctxpkg.yaml': 'name: "@t/l"\nversion: 1.0.0\ndescription: d\nconformance_level: 2\n', 'nodes/a.md': '---\nid: a\ntype: fact\n---\nA\n' });
  const r = await runCli(['validate', '--json', src]);
  assert.equal(r.code, 0);
  assert.ok(JSON.parse(r.stdout).results[0].diagnostics.some((d: { code: string; severity: string }) => d.code === 'CTXPKG_LEVEL_UNMET' && d.severity === 'warning'));
});
