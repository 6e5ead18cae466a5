// Step "provenance": an in-toto Statement v1 with a SLSA v1 provenance predicate naming every
// artifact with its digest and the source commit it was built from.
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { isoSeconds } from '../core/time.js';
import type { Context, Step } from './context.js';

export const PROVENANCE_NAME = 'provenance.intoto.json';
export const BUILD_TYPE = 'https://github.com/ctxforge/ctxforge/blob/main/docs/action.md#provenance';

function sourceUri(ctx: Context): string | null {
  const repo = ctx.env.GITHUB_REPOSITORY;
  if (!repo) return null;
  const server = (ctx.env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/$/, '');
  return `git+${server}/${repo}@refs/tags/${ctx.tag}`;
}

export function provenanceStatement(ctx: Context): Record<string, unknown> {
  const subjects = ctx.artifacts.filter((a) => a.kind === 'package').map((a) => ({ name: a.name, digest: { sha256: a.sha256 } }));
  const uri = sourceUri(ctx) ?? `git+file:.@refs/tags/${ctx.tag}`;
  const runId = ctx.env.GITHUB_RUN_ID;
  const server = (ctx.env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/$/, '');
  return {
    _type: 'https://in-toto.io/Statement/v1',
    subject: subjects,
    predicateType: 'https://slsa.dev/provenance/v1',
    predicate: {
      buildDefinition: {
        buildType: BUILD_TYPE,
        externalParameters: {
          tag: ctx.tag,
          packages: ctx.packages.map((p) => ({ name: p.name, path: p.relPath || '.', format: p.format, version: p.version })),
          ...(ctx.env.GITHUB_WORKFLOW_REF ? { workflow: ctx.env.GITHUB_WORKFLOW_REF } : {}),
        },
        internalParameters: { source_date_epoch: ctx.epoch, signed: !!ctx.key },
        resolvedDependencies: ctx.commit ? [{ uri, digest: { gitCommit: ctx.commit } }] : [],
      },
      runDetails: {
        builder: { id: runId && ctx.env.GITHUB_REPOSITORY ? `${server}/${ctx.env.GITHUB_REPOSITORY}/actions/runs/${runId}` : 'ctxforge release (local)' },
        // The build time is the source's time, never the clock, so the statement is reproducible locally.
        metadata: { ...(runId ? { invocationId: `${runId}-${ctx.env.GITHUB_RUN_ATTEMPT ?? '1'}` } : {}), startedOn: isoSeconds(ctx.epoch) },
      },
    },
  };
}

export const provenance: Step = {
  name: 'provenance',
  async run(ctx) {
    const text = `${JSON.stringify(provenanceStatement(ctx), null, 2)}\n`;
    const path = join(ctx.outDir, PROVENANCE_NAME);
    await writeFileAtomic(path, text);
    ctx.artifacts.push({ name: PROVENANCE_NAME, path, kind: 'provenance', sha256: sha256Hex(text), size: Buffer.byteLength(text) });
  },
};
