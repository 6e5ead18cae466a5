// Scaffolds a small, valid ctxpkg source tree that shows the layout: manifest, typed nodes, an edge.
import { writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { nameProblem } from './model.js';
import { makeDirs } from '../core/dirs.js';

export async function initSource(dir: string, opts: { name?: string }): Promise<string[]> {
  const fallback = basename(dir).toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[-_]+/, '') || 'my-context';
  const name = opts.name ?? `@local/${nameProblem(fallback) ? 'my-context' : fallback}`;
  const files: Record<string, string> = {
    'ctxpkg.yaml': `# ctxpkg source manifest. Build with: ctxforge build . --out dist
name: ${JSON.stringify(name)}
version: 0.1.0
description: Project knowledge for coding agents
conformance_level: 2
dependencies: []
tags:
  - example
`,
    'nodes/fact-build-command.md': `---
id: fact-build-command
type: fact
category: build
edges:
  - to: convention-tests-first
    type: related_to
---
The project builds with \`npm run build\`; the output goes to lib/.
`,
    'nodes/convention-tests-first.md': `---
id: convention-tests-first
type: convention
confidence: 0.9
---
Every change comes with a test that fails without it.
`,
    'README.md': `# Context package source

- \`ctxpkg.yaml\`: name, version, description, dependencies, conflicts …
- \`nodes/*.md\`: one node per file. Frontmatter: \`id\`, \`type\`, optional \`activation\`, \`category\`,
  \`confidence\`, \`supersedes\`, \`decay_half_life_days\`, \`edges: [{to, type, weight?}]\`; the body is the content.
`,
  };
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(dir, ...rel.split('/'));
    makeDirs(dirname(abs));
    await writeFile(abs, text, { flag: 'wx' });
  }
  return Object.keys(files).sort();
}
