// Step "validate": every released package's source must be valid before anything is built.
import { DiagnosticError, error } from '../core/diagnostics.js';
import type { Step } from './context.js';

export const validate: Step = {
  name: 'validate',
  async run(ctx) {
    for (const p of ctx.packages) {
      const r = await p.module.validateSource(p.tree, { env: ctx.env });
      ctx.validation.push({ ...r, path: p.relPath || '.' });
    }
    const bad = ctx.validation.filter((r) => !r.valid);
    if (bad.length) {
      const n = bad.reduce((s, r) => s + r.diagnostics.filter((d) => d.severity === 'error').length, 0);
      throw new DiagnosticError(error('CTXFORGE_RELEASE_INVALID', `${bad.map((r) => r.path).join(', ')} ${bad.length > 1 ? 'are' : 'is'} invalid (${n} error${n === 1 ? '' : 's'}); nothing was built`, {
        hint: 'run `ctxforge validate` on the package for the full list',
      }), 1);
    }
  },
};
