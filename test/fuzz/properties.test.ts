// Property tests, modest run counts for CI (`npm run fuzz` runs the same properties for minutes):
// generated packages of all three formats survive build → validate → read back; JCS and
// canonical_json agree with an independent Python oracle; mutated packages and source trees give
// diagnostics only, each case bounded in time and memory by a worker thread.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { allProps, closeContext, describeFailure, makeContext, runProp } from './properties.js';

// A fixed seed keeps CI deterministic; set CTXFORGE_FUZZ_SEED to explore (the seed is in every failure).
const SEED = Number(process.env.CTXFORGE_FUZZ_SEED ?? 20260101);
const RUNS: Record<string, number> = {
  'roundtrip-octx': 12, 'roundtrip-ctxpkg': 12, 'roundtrip-acx': 10,
  'jcs-vs-oracle': 250, 'canonical-json-vs-oracle': 250,
  'mutate-bytes-octx': 40, 'mutate-bytes-ctxpkg': 40, 'mutate-bytes-acx': 40,
  'mutate-structure-octx': 40, 'mutate-structure-ctxpkg': 40, 'mutate-structure-acx': 25, 'mutate-source': 40,
};

const ctx = makeContext();
after(() => closeContext(ctx));

for (const p of allProps(ctx)) {
  test(`property ${p.name}`, async () => {
    assert.ok(RUNS[p.name], `no run count for ${p.name}`);
    const d = await runProp(p, { numRuns: RUNS[p.name], seed: SEED });
    if (d.failed) assert.fail(describeFailure(p, d));
    assert.equal(d.numRuns, RUNS[p.name], 'every run was executed');
  });
}
