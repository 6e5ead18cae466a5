// Step "artifacts-file": GitHub's GITHUB_ARTIFACTS file command. When the runner names a file there,
// every file this release built is appended to it, one absolute path a line, so a later
// `actions/attest` step attests them without being told which. The same in the Action and in
// `ctxforge release` run as a workflow step (both run this pipeline).
import { appendFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { fail } from '../core/diagnostics.js';
import type { Step } from './context.js';

export const artifactsFile: Step = {
  name: 'artifacts-file',
  skip(ctx) {
    return ctx.env.GITHUB_ARTIFACTS ? false : 'GITHUB_ARTIFACTS is not set';
  },
  async run(ctx) {
    const file = ctx.env.GITHUB_ARTIFACTS!;
    // One path a line is the whole protocol: a path that would break a line would name another file.
    const paths = ctx.artifacts.map((a) => (isAbsolute(a.path) ? a.path : resolve(ctx.root, a.path))).filter((p) => !/[\r\n]/.test(p));
    try {
      await appendFile(file, paths.map((p) => `${p}\n`).join(''));
    } catch (e) {
      fail('CTXFORGE_IO', `cannot append the built files to GITHUB_ARTIFACTS (${file}): ${(e as Error).message}`, {}, 2);
    }
    ctx.log(`listed ${paths.length} built file(s) in GITHUB_ARTIFACTS`);
  },
};
