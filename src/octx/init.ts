// Scaffolding a new, valid OCTX working directory with fresh UUIDv7s.
import { writeFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { uuidv7 } from '../core/uuid.js';
import { stringifyManifest } from './serialize.js';
import { makeDirs } from '../core/dirs.js';

export async function initOctx(dir: string, opts: { name?: string; epochMs?: number }): Promise<string[]> {
  const now = opts.epochMs ?? Date.now();
  const assetId = uuidv7(now);
  const docId = uuidv7(now + 1);
  const name = opts.name ?? 'My Knowledge';
  const files: Record<string, string> = {
    'manifest.json': stringifyManifest({
      format: 'octx',
      format_version: '0.1',
      asset: { id: assetId, name },
      release: { version: '0.1.0' },
    }),
    'knowledge/index.md': `# ${name}\n\n- [Getting started](getting-started.md)\n`,
    'knowledge/log.md': `# Log\n\n## ${new Date(now).toISOString().slice(0, 10)}\n\n- Created the working directory.\n`,
    'knowledge/getting-started.md': `---\ntype: Reference\ntitle: Getting started\noctx:\n  document_id: ${docId}\n---\n\n# Getting started\n\nWrite one Markdown document per concept under knowledge/. Run \`ctxforge ids .\` to give new documents their stable IDs, then \`ctxforge build .\`.\n`,
  };
  for (const [p, c] of Object.entries(files)) {
    const abs = join(dir, ...p.split('/'));
    makeDirs(dirname(abs));
    await writeFile(abs, c, { flag: 'wx' });
  }
  return Object.keys(files);
}
