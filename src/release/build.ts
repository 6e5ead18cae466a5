// Step "build": each package into its artifact, deterministically (the tag's commit time as epoch),
// with the format's embedded signature when a key is given (ctxpkg, acx).
import { basename } from 'node:path';
import { fail } from '../core/diagnostics.js';
import type { Step } from './context.js';

export const build: Step = {
  name: 'build',
  async run(ctx) {
    for (const p of ctx.packages) {
      const a = await p.module.build(p.tree, { outDir: ctx.outDir, epoch: ctx.epoch, sourceDir: p.dir, key: ctx.key, env: ctx.env, warnings: ctx.warnings });
      const name = basename(a.path);
      if (ctx.artifacts.some((x) => x.name === name)) fail('CTXFORGE_RELEASE_NAME_CLASH', `two packages build ${name}; asset names must be unique`, {}, 1);
      ctx.artifacts.push({ name, path: a.path, kind: 'package', sha256: a.sha256, size: a.size, format: a.format, package: p.name, version: a.version });
      ctx.log(`built ${name}  sha256 ${a.sha256}`);
    }
  },
};
