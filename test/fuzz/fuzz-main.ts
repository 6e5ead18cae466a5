// `npm run fuzz`: the CI properties with unbounded run counts, round-robin, for --seconds. Every
// failure prints its seed and path (replay: --only NAME --seed S --path P) and is written to --out
// as the concrete input (package bytes or a source tree) plus a JSON record, ready to become a
// corpus case.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { allProps, closeContext, describeFailure, makeContext, runProp, type Prop } from './properties.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seconds = Number(arg('seconds') ?? 300);
const baseSeed = Number(arg('seed') ?? (Date.now() % 2 ** 31));
const only = arg('only');
const replayPath = arg('path');
const out = resolve(arg('out') ?? 'fuzz-failures');
const slice = Number(arg('slice') ?? 20);

async function save(p: Prop<any>, d: fc.RunDetails<[unknown]>): Promise<string> {
  const dir = join(out, `${p.name}-seed${d.seed}`);
  mkdirSync(dir, { recursive: true });
  const cx = d.counterexample?.[0];
  writeFileSync(join(dir, 'failure.json'), `${JSON.stringify({
    property: p.name, seed: d.seed, path: d.counterexamplePath,
    replay: `npm run fuzz -- --only ${p.name} --seed ${d.seed} --path "${d.counterexamplePath}"`,
    error: d.errorInstance instanceof Error ? d.errorInstance.message : String(d.errorInstance),
    counterexample: fc.stringify(cx),
  }, null, 2)}\n`);
  if (p.input && cx !== undefined) {
    const inp = await p.input(cx);
    if (inp.bytes) writeFileSync(join(dir, inp.name), inp.bytes);
    for (const [rel, data] of Object.entries(inp.files ?? {})) {
      const f = join(dir, inp.name, ...rel.split('/'));
      mkdirSync(join(f, '..'), { recursive: true });
      writeFileSync(f, data);
    }
  }
  return dir;
}

const ctx = makeContext();
const props = allProps(ctx).filter((p) => !only || p.name === only);
if (!props.length) { console.error(`no property named ${only}; known: ${allProps(ctx).map((p) => p.name).join(', ')}`); process.exit(2); }
console.log(`fuzz: ${props.length} properties, ${seconds}s, base seed ${baseSeed}, failures → ${out}`);
const end = Date.now() + seconds * 1000;
let round = 0;
let failures = 0;
const runs = new Map<string, number>();
while (Date.now() < end) {
  for (const p of props) {
    const left = end - Date.now();
    if (left <= 0) break;
    const seed = (baseSeed + round * 7919 + props.indexOf(p)) % 2 ** 31;
    const d = await runProp(p, replayPath
      ? { seed: baseSeed, path: replayPath, numRuns: 1, endOnFailure: true }
      : { seed, numRuns: 1_000_000, plugins: [fc.interruptAfterTimeLimit(Math.min(slice * 1000, left))] });
    runs.set(p.name, (runs.get(p.name) ?? 0) + d.numRuns);
    if (d.failed) {
      failures++;
      console.log(`\nFAIL ${describeFailure(p, d)}\n  saved to ${await save(p, d)}`);
    }
  }
  round++;
  if (replayPath) break;
}
await closeContext(ctx);
console.log(`\nfuzz: ${[...runs].map(([n, r]) => `${n} ${r}`).join(', ')}`);
console.log(`fuzz: ${failures} failure${failures === 1 ? '' : 's'} (base seed ${baseSeed})`);
process.exit(failures ? 1 : 0);
