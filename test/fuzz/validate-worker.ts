// Runs one untrusted input through every reading entry point, inside a worker thread, so the parent
// can bound it: terminate() stops even a synchronous endless loop, and resourceLimits turn runaway
// allocation into a reported failure instead of an exhausted test process.
import { parentPort } from 'node:worker_threads';
import { DiagnosticError, type Diagnostic } from '../../src/core/diagnostics.js';
import { detectArtifact, formatByName } from '../../src/formats.js';
import type { ArtifactInput, ValidationResult } from '../../src/format.js';
import { MemoryTree } from '../../src/core/tree.js';

export interface Job {
  id: number;
  /** 'artifact': bytes (or path) of a package; 'source': a file map of a source tree. */
  kind: 'artifact' | 'source';
  format: 'octx' | 'ctxpkg' | 'acx';
  name: string;
  bytes?: Uint8Array;
  path?: string;
  files?: Record<string, Uint8Array>;
}

export interface Outcome {
  id: number;
  /** Each entry point: 'result' (returned a ValidationResult), 'diagnostic' (threw DiagnosticError), 'ok'. */
  steps: Array<{ step: string; outcome: 'result' | 'diagnostic' | 'ok'; valid?: boolean; codes?: string[] }>;
  /** The first exception that is not a DiagnosticError: a bug. */
  crash?: { step: string; message: string; stack?: string };
  /** A result that contradicts itself (e.g. valid with an error diagnostic). */
  inconsistent?: string;
}

const hasError = (ds: Diagnostic[]) => ds.some((d) => d.severity === 'error');

async function run(job: Job): Promise<Outcome> {
  const out: Outcome = { id: job.id, steps: [] };
  const step = async (name: string, f: () => Promise<unknown>): Promise<boolean> => {
    try {
      const r = await f();
      if (r && typeof r === 'object' && 'valid' in r && 'diagnostics' in r) {
        const v = r as ValidationResult;
        out.steps.push({ step: name, outcome: 'result', valid: v.valid, codes: v.diagnostics.map((d) => d.code) });
        if (!Array.isArray(v.diagnostics) || typeof v.valid !== 'boolean') out.inconsistent ??= `${name}: malformed result`;
        else if (v.valid && hasError(v.diagnostics)) out.inconsistent ??= `${name}: valid with an error diagnostic (${v.diagnostics.find((d) => d.severity === 'error')!.code})`;
        // A rejection must say why; ACX's one exception is the trust verdict "tampered", reported in details.
        else if (!v.valid && !hasError(v.diagnostics) && v.details?.trust !== 'tampered') out.inconsistent ??= `${name}: invalid without an error diagnostic`;
      } else out.steps.push({ step: name, outcome: 'ok' });
      return true;
    } catch (e) {
      if (e instanceof DiagnosticError) {
        out.steps.push({ step: name, outcome: 'diagnostic', codes: e.all.map((d) => d.code) });
        return false;
      }
      out.crash ??= { step: name, message: String((e as Error)?.message ?? e), stack: (e as Error)?.stack };
      return false;
    }
  };
  const m = formatByName(job.format)!;
  if (job.kind === 'source') {
    const tree = new MemoryTree(new Map(Object.entries(job.files ?? {}).map(([k, v]) => [k, Buffer.from(v)])), job.name);
    await step('isSource', () => m.isSource(tree));
    await step('validateSource', () => m.validateSource(tree, {}));
    await step('items(source)', () => m.items(tree, {}));
    return out;
  }
  const input: ArtifactInput = job.path ? { label: job.name, path: job.path } : { label: job.name, bytes: Buffer.from(job.bytes!) };
  // The CLI path: detect by content and name, then validate and verify with whatever was detected.
  let detected: Awaited<ReturnType<typeof detectArtifact>>;
  await step('detect', async () => { detected = await detectArtifact(input); });
  if (detected!) {
    await step(`validate(${detected.name})`, () => detected!.validateArtifact(input, {}));
    if (detected.verifyArtifact) await step(`verify(${detected.name})`, () => detected!.verifyArtifact!(input, { requireSignature: true }));
  }
  // The format the bytes came from, forced: reaches deeper than detection would let a broken header.
  await step('validate', () => m.validateArtifact(input, {}));
  await step('items', () => m.items(input, {}));
  await step('inspect', () => m.inspect(input, {}));
  return out;
}

parentPort!.on('message', (job: Job) => {
  void run(job).then((o) => parentPort!.postMessage(o), (e) => parentPort!.postMessage({ id: job.id, steps: [], crash: { step: 'worker', message: String(e) } }));
});
