// The JSON Schema validators compiled ahead of time (scripts/gen-validators.mjs) are fresh, and judge
// exactly as ajv.compile of the same schema with the same options: the same verdict and the same
// error objects (so the same messages) on real documents and on every one-step mutation of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openFile } from '../../src/core/sqlite.js';
import { repoRoot, vectorsDir } from '../helpers/cli.js';
import * as acx from '../../src/acx/schemas/validators.js';
import { validateConfig } from '../../src/repo/config-validator.js';
import { validateCheckReport } from '../../src/release/check-report-validator.js';
import { validateLock } from '../../src/install/lock-validator.js';

interface GenModule { out: string; options: Record<string, unknown>; formats?: boolean; schemas: Record<string, string> }
const gen = createRequire(import.meta.url)('../../scripts/gen-validators.mjs') as { MODULES: GenModule[]; stale(): string[] };

test('the generated validators are what scripts/gen-validators.mjs makes of the schemas now', () => {
  assert.deepEqual(gen.MODULES.map((m) => m.out).sort(), ['src/acx/schemas/validators.ts', 'src/install/lock-validator.ts', 'src/release/check-report-validator.ts', 'src/repo/config-validator.ts']);
  assert.deepEqual(gen.stale(), []);
});

/** The document and every one-step change of it: each key removed, nulled, made a number, a string, an empty list; an unknown key added; the same one level down. */
function mutations(doc: unknown): unknown[] {
  const out: unknown[] = [doc, null, 0, 'x', [], {}];
  const step = (v: unknown, depth: number): unknown[] => {
    if (depth > 2 || typeof v !== 'object' || v === null) return [];
    const res: unknown[] = [];
    if (Array.isArray(v)) {
      v.slice(0, 3).forEach((item, i) => {
        for (const m of [null, 1, 'x', ...step(item, depth + 1)]) res.push(v.map((x, j) => (j === i ? m : x)));
      });
      res.push([...v, v[0]], []);
      return res;
    }
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const { [k]: _, ...without } = o;
      res.push(without);
      for (const m of [null, 12, 'not-it', '', [], {}, true, ...step(o[k], depth + 1)]) res.push({ ...o, [k]: m });
    }
    res.push({ ...o, unexpected_key: 1 });
    return res;
  };
  out.push(...step(doc, 0));
  return out;
}

function compiled(m: GenModule, name: string): ValidateFunction {
  const ajv = new Ajv2020(m.options);
  if (m.formats) (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv.compile(JSON.parse(readFileSync(join(repoRoot, m.schemas[name]!), 'utf8')));
}

function sameJudgement(m: GenModule, name: string, pre: ValidateFunction, docs: unknown[]): number {
  const v = compiled(m, name);
  let invalid = 0;
  for (const doc of docs) {
    const a = v(doc);
    const b = pre(doc);
    assert.equal(b, a, `${name}: verdict on ${JSON.stringify(doc).slice(0, 200)}`);
    assert.deepEqual(pre.errors ?? null, v.errors ?? null, `${name}: errors on ${JSON.stringify(doc).slice(0, 200)}`);
    if (!a) invalid++;
  }
  return invalid;
}

function romDocs(file: string): Map<string, unknown> {
  const db = openFile(file, { readonly: true });
  try {
    const docs = new Map<string, unknown>();
    for (const r of db.prepare("SELECT name, sz, data FROM sqlar WHERE name LIKE 'rom/%.json'").all() as Array<{ name: string; sz: number; data: Buffer }>) {
      const data = Buffer.from(r.data);
      const raw = data.length === r.sz ? data : (() => { try { return inflateSync(data); } catch { return inflateRawSync(data); } })();
      docs.set(r.name, JSON.parse(raw.toString('utf8')));
    }
    return docs;
  } finally { db.close(); }
}

test('ACX: the precompiled schemas judge the vector cartridges\' ROM documents and their mutations as ajv.compile does', () => {
  const m = gen.MODULES.find((x) => x.out === 'src/acx/schemas/validators.ts')!;
  const paths: Record<string, keyof typeof acx> = {
    'rom/package-spec.json': 'packageSpec',
    'rom/schema/lance-memory.json': 'lanceMemory',
    'rom/manifest/harness-requirements.json': 'harnessRequirements',
    'rom/policy/loop-context-policy.json': 'loopContextPolicy',
  };
  let accepted = 0;
  for (const cart of ['ada-ridge-1.0.0.acx', 'rex-calder-1.0.0.acx']) {
    const docs = romDocs(join(vectorsDir, 'acx', cart));
    for (const [path, name] of Object.entries(paths)) {
      const doc = docs.get(path);
      assert.ok(doc, `${cart}: ${path}`);
      const all = mutations(doc);
      const invalid = sameJudgement(m, name, acx[name] as unknown as ValidateFunction, all);
      // The mutations reach the schema. (The reference's harness manifest departs from the
      // published schema, see conformance.ts, so a document itself may be refused.)
      assert.ok(invalid > 5, `${cart} ${path}: ${invalid} of ${all.length} refused`);
      accepted += all.length - invalid;
    }
  }
  assert.ok(accepted > 50, `${accepted} accepted`);
});

test('ctxforge.yaml and the check report: the precompiled schemas judge as ajv.compile does, verbose errors (schema, data) included', () => {
  const config = {
    tag_pattern: '{name}@v*', policy: { 'document.removed': 'major' }, links: { level: 'error', root: 'docs' },
    packages: [{ name: 'guide', path: 'guide', format: 'octx', tag_pattern: 'guide@v*' }, { name: 'cart', path: 'cart', format: 'acx' }],
  };
  const cm = gen.MODULES.find((x) => x.out === 'src/repo/config-validator.ts')!;
  const configInvalid = sameJudgement(cm, 'validateConfig', validateConfig as unknown as ValidateFunction, [...mutations(config), { ...config, links: 'sometimes' }, { ...config, tag_pattern: 'v**' }]);
  assert.ok(configInvalid > 5, `config: ${configInvalid} refused`);
  const report = {
    report: 'ctxforge-check', schema_version: 2, tool_version: '0.1.0', truncated: false,
    result: {
      valid: true, failed: false, base: null, required_bump: 'none', fail_on: ['error'],
      packages: [{ name: 'guide', path: 'guide', format: 'octx', version: '1.0.0', valid: true, findings: ['f'], diagnostics: [{ severity: 'warning', code: 'X', message: 'm', file: 'a.md', hint: 'h' }], diff: null }],
      notes: [{ severity: 'info', code: 'Y', message: 'n' }], config_changes: [{ message: 'c', loosening: false }],
      lock: {
        base_lock: true, head_lock: true, failed: true, policy: { fail_on: ['unsigned', 'downgrade'], signers: [], from: 'default' },
        packages: [{ name: 'kit', change: 'downgraded', from: { version: '2.0.0', sha256: 'a'.repeat(64), format: 'acx', source: 'v/kit.acx', signer: null, trust: 'unsigned', hosts: ['claude'] }, to: null, notes: ['n'], artifact_check: null }],
        unclaimed: [{ path: '.claude/skills/x', kind: 'symlink', target: '/etc', claimed_by: 'skills-lock.json', changed: true }],
        skill_diffs: [{ package: 'kit', path: '.claude/skills/kit/SKILL.md', status: 'modified', lines: ['@@ -1,1 +1,1 @@', '-a', '+b'], binary: { from: null, to: { sha256: 'b'.repeat(64), size: 3 } } }],
        findings: [{ kind: 'downgrade', package: 'kit', path: 'ctxforge.lock', message: 'm', fails: true }],
      },
    },
  };
  const rm = gen.MODULES.find((x) => x.out === 'src/release/check-report-validator.ts')!;
  const reportInvalid = sameJudgement(rm, 'validateCheckReport', validateCheckReport as unknown as ValidateFunction, mutations(report));
  assert.ok(reportInvalid > 5, `report: ${reportInvalid} refused`);
  assert.equal(validateCheckReport(report), true);
});

test('ctxforge.lock: the precompiled schema judges a lock and its mutations as ajv.compile does', () => {
  const sha = 'c'.repeat(64);
  const lock = {
    lockfile_version: 1, scope: 'project',
    packages: {
      guide: {
        name: 'guide', version: '1.0.0', format: 'acx', source: { type: 'path', location: 'guide.acx' }, artifact: { file: 'guide.acx', sha256: sha, size: 1 },
        signer: { method: 'acx-dsse', key_id: `ed25519:${'b'.repeat(64)}`, public_key: null, trust: 'pinned', verdict: 'portable' },
        hosts: ['agents'], folders: ['.agents/skills/guide'], files: [{ path: '.agents/skills/guide/SKILL.md', sha256: sha, size: 1, role: 'skill' }],
      },
    },
  };
  assert.equal(validateLock(lock), true, JSON.stringify((validateLock as unknown as ValidateFunction).errors));
  const lm = gen.MODULES.find((x) => x.out === 'src/install/lock-validator.ts')!;
  const lockInvalid = sameJudgement(lm, 'validateLock', validateLock as unknown as ValidateFunction, [...mutations(lock), { ...lock, scope: 'everywhere' }]);
  assert.ok(lockInvalid > 5, `lock: ${lockInvalid} refused`);
});
