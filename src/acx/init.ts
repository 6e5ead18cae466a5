// Scaffolds a small valid cartridge source tree (`ctxforge init acx DIR`).
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { makeDirs } from '../core/dirs.js';

export function scaffold(name: string, uuid: string): Record<string, string> {
  return {
    'cartridge.yaml': `# Agent Cartridge source: \`ctxforge build .\` turns this tree into ${name}-0.1.0.acx
publisher: io.github.example
artifact: ${name}
version: 0.1.0
# Fixes acx.cartridge_id across builds; keep it committed.
uuid: ${uuid}
description: A starter cartridge with one skill, one knowledge note and one portable memory.
license: Apache-2.0
authors:
  - name: Example Author
tags: [starter]
embedding_engine: {id: local-hash-128, dim: 128}
agent_name: Starter Agent
`,
    'skills/hello-world/SKILL.md': `---
name: hello-world
description: Greets the user and explains what this cartridge contains. Use when asked what the agent can do.
license: Apache-2.0
metadata:
  version: 0.1.0
---

# Hello world

Say hello, then list the skills and knowledge this cartridge carries.
`,
    'knowledge/overview.md': '# Overview\n\nWhat this agent knows, in one page.\n',
    'memory/first-lesson.yaml': `id: first-lesson
title: Keep answers short
summary: Users of this agent prefer short answers with one example.
sourceType: knowledge
impact: positive
xpAwarded: 5
tags: [style]
timestamp: "2026-01-01T00:00:00Z"
`,
  };
}

export async function initCartridge(dir: string, opts: { name?: string; epochMs?: number }): Promise<string[]> {
  const files = scaffold(opts.name ?? 'starter-cartridge', randomUUID());
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(dir, ...rel.split('/'));
    makeDirs(dirname(abs));
    await writeFile(abs, text, { flag: 'wx' });
  }
  return Object.keys(files).sort();
}
