// This repository's own GitHub workflows (issue 33): every remote action is pinned by commit SHA, so
// a moved tag cannot change what runs; and a job holding release tokens (contents: write or
// id-token: write) installs no npm package and runs only the checkout's own `node scripts/*.mjs`,
// whose imports — followed to the end — reach `node:` modules and relative files, nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { build } from 'esbuild';
import { repoRoot } from '../helpers/cli.js';

type Step = { uses?: string; run?: string };
type Job = { permissions?: unknown; uses?: string; steps?: Step[] };
type Workflow = { permissions?: unknown; jobs: Record<string, Job> };

const DIR = join(repoRoot, '.github', 'workflows');
const FILES = readdirSync(DIR).filter((n) => /\.ya?ml$/.test(n)).sort();
const load = (n: string) => ({ name: n, text: readFileSync(join(DIR, n), 'utf8'), wf: parse(readFileSync(join(DIR, n), 'utf8')) as Workflow });

const PINNED = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(?:\/[^@\s]+)?@[0-9a-f]{40}$/;

test('the three workflows are here, and each says its token permissions at the top', () => {
  assert.deepEqual(FILES, ['check.yml', 'release.yml', 'self-release.yml']);
  // A workflow without `permissions:` gets the repository's default token, which may write.
  for (const n of FILES) assert.ok(load(n).wf.permissions !== undefined, `${n} has no top-level permissions`);
});

test('every remote action is pinned to a full commit SHA, with the tag it was in a comment', () => {
  const bad: string[] = [];
  for (const n of FILES) {
    const { text, wf } = load(n);
    for (const [id, job] of Object.entries(wf.jobs)) {
      for (const uses of [job.uses, ...(job.steps ?? []).map((s) => s.uses)]) {
        if (uses === undefined || uses.startsWith('./')) continue;
        if (!PINNED.test(uses)) bad.push(`${n} ${id}: ${uses}`);
        // The comment is what a reviewer (and Dependabot) reads: the version the SHA was.
        else if (!new RegExp(`uses: ${uses.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} # v\\d+(?:\\.\\d+){0,2}\\s*$`, 'm').test(text)) bad.push(`${n} ${id}: ${uses} has no "# vX.Y.Z" comment`);
      }
    }
  }
  assert.deepEqual(bad, []);
});

/** The write permissions a job's token has, its own block or else the workflow's. */
function holdsTokens(wf: Workflow, job: Job): string[] {
  const p = job.permissions ?? wf.permissions;
  if (p === 'write-all') return ['write-all'];
  if (!p || typeof p !== 'object') return [];
  return ['contents', 'id-token'].filter((k) => (p as Record<string, unknown>)[k] === 'write');
}

/**
 * Every file `entry` reaches by import (static and literal dynamic ones, as esbuild resolves them),
 * with each import that is not a relative file of scripts/ or a `node:` module. A dynamic import of a
 * computed name or a require() cannot be followed, so the source may have neither.
 */
async function importClosure(entry: string): Promise<{ files: string[]; foreign: string[] }> {
  const r = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', logLevel: 'silent' });
  const foreign: string[] = [];
  const files = Object.keys(r.metafile.inputs).map((p) => resolve(repoRoot, p)).sort();
  for (const [p, input] of Object.entries(r.metafile.inputs)) {
    const file = resolve(repoRoot, p);
    const at = relative(repoRoot, file);
    if (file.split(sep).includes('node_modules') || !at.startsWith(`scripts${sep}`)) foreign.push(`${at} (not a file of scripts/)`);
    for (const i of input.imports) {
      const ok = i.external ? i.path.startsWith('node:') : /^\.\.?\//.test(i.original ?? '');
      if (!ok) foreign.push(`${at} imports ${i.original ?? i.path}`);
    }
    const src = readFileSync(file, 'utf8');
    for (const [what, re] of [['import()', /\bimport\s*\(/], ['require()', /\brequire\s*\(/], ['createRequire', /\bcreateRequire\b/]] as const) {
      if (re.test(src)) foreign.push(`${at} uses ${what}, which is not followed`);
    }
  }
  return { files, foreign };
}

test('a job holding release tokens installs no npm package and runs only node scripts/*.mjs that import node: modules only', async () => {
  const holders: string[] = [];
  for (const n of FILES) {
    const { wf } = load(n);
    for (const [id, job] of Object.entries(wf.jobs)) {
      const held = holdsTokens(wf, job);
      if (!held.length) continue;
      holders.push(`${n}:${id}`);
      for (const s of job.steps ?? []) {
        if (s.uses?.startsWith('./')) {
          // The checked-in Action of this very commit (release.yml's example release): never where
          // the OIDC token signs provenance of ctxforge itself.
          assert.ok(!held.includes('id-token') && !held.includes('write-all'), `${n} ${id}: a local action in a job holding id-token: write`);
          continue;
        }
        if (s.run === undefined) continue;
        const run = s.run.trim();
        assert.doesNotMatch(run, /\b(?:npm|pnpm|yarn)\s+(?:ci|install|i|add|exec|run|rebuild)\b|\bnpx\b|\btsx\b/, `${n} ${id}: ${run}`);
        // One command, no shell composition: `node scripts/<name>.mjs <step> --options`.
        const m = /^node (scripts\/[\w.-]+\.mjs)(?: .*)?$/.exec(run);
        assert.ok(m && !/[;&|`\n]|\$\(/.test(run), `${n} ${id} runs something other than node scripts/*.mjs: ${run}`);
        const { files, foreign } = await importClosure(join(repoRoot, m[1]!));
        assert.deepEqual(foreign, [], `${m[1]} reaches beyond node: modules`);
        assert.ok(files.length >= 1);
      }
    }
  }
  // The two jobs that hold tokens: the example packages' release (contents: write) and ctxforge's own publish.
  assert.deepEqual(holders, ['release.yml:release', 'self-release.yml:publish']);
});

test('the publish steps reach exactly self-release.mjs and its GitHub client', async () => {
  const { files, foreign } = await importClosure(join(repoRoot, 'scripts', 'self-release.mjs'));
  assert.deepEqual(foreign, []);
  assert.deepEqual(files.map((f) => relative(repoRoot, f).split(sep).join('/')), ['scripts/github-release.mjs', 'scripts/self-release.mjs']);
});
