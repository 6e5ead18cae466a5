// The frontmatter emitter moved to src/core/yaml-emit.ts (the format writers use it); this name is
// kept for the skills folder code that still imports it from here.
export { frontmatter, yamlLines } from '../core/yaml-emit.js';
