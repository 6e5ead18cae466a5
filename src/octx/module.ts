// Placeholder while the OCTX module is written.
import type { FormatModule } from '../format.js';
export const octx = { name: 'octx', title: 'OCTX v0.1', extension: '.octx' } as unknown as FormatModule;
