// Step "oci": each released package also goes to the OCI repository ctxforge.yaml names (`oci:`),
// tagged with the version, with SHA256SUMS, its signature and the provenance as referrers (ACX SPEC
// §11 for cartridges; docs/registries.md). Skipped on --dry-run and without `oci:`.
import { fail } from '../core/diagnostics.js';
import { pushPath } from '../oci/push.js';
import { parseOciRef } from '../oci/ref.js';
import { isoSeconds } from '../core/time.js';
import type { Step } from './context.js';

export const oci: Step = {
  name: 'oci',
  skip(ctx) {
    if (!ctx.ociRepository) return 'ctxforge.yaml names no oci repository';
    if (ctx.opts.dryRun) return 'dry run';
    return false;
  },
  async run(ctx) {
    ctx.ociPushed = [];
    for (const p of ctx.packages) {
      const artifact = ctx.artifacts.find((a) => a.kind === 'package' && a.package === p.name);
      if (!artifact) continue;
      const name = p.name.toLowerCase().replace(/^@/, '').replace(/[^a-z0-9._/-]+/g, '-');
      const target = `${ctx.ociRepository!.replaceAll('{name}', name)}:${ctx.version.replace(/\+/g, '_')}`;
      const ref = parseOciRef(target);
      if (ref.kind !== 'registry') fail('CTXFORGE_OCI_REFERENCE', `oci.repository must be an oci:// registry, not ${target}`, {}, 2);
      const c = ctx.opts.ociCredentials;
      const r = await pushPath(artifact.path, target, {
        cwd: ctx.root, env: ctx.env,
        ...(c && c.host === ref.host ? { credentials: { username: c.username, password: c.password, from: 'the release job' } } : {}),
        annotations: {
          version: ctx.version, created: isoSeconds(ctx.epoch), ...(ctx.commit ? { revision: ctx.commit } : {}),
          ...(ctx.opts.github ? { source: `https://github.com/${ctx.opts.github.repository}` } : {}),
        },
      });
      ctx.ociPushed.push({ package: p.name, reference: r.reference, manifest_digest: r.manifest_digest });
      ctx.log(`pushed ${p.name} to ${r.reference} (${r.manifest_digest})`);
    }
  },
};
