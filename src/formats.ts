// The format registry: detects what a path or tree holds and hands back its module.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FormatModule, FormatName, ArtifactInput } from './format.js';
import type { Tree } from './core/tree.js';
import { octx } from './octx/module.js';
import { acx } from './acx/module.js';
import { ctxpkg } from './ctxpkg/module.js';

const modules: FormatModule[] = [octx, acx, ctxpkg];

export function registerFormat(m: FormatModule): void {
  if (!modules.some((x) => x.name === m.name)) modules.push(m);
}

export function allFormats(): readonly FormatModule[] {
  return modules;
}

export function formatByName(name: string): FormatModule | undefined {
  return modules.find((m) => m.name === name);
}

export async function readHead(input: ArtifactInput, n = 4096): Promise<Buffer> {
  if (input.bytes) return input.bytes.subarray(0, n);
  const fh = await open(input.path!, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** The format of a built artifact, by content first and extension second. */
export async function detectArtifact(input: ArtifactInput): Promise<FormatModule | undefined> {
  const head = await readHead(input);
  const name = basename(input.path ?? input.label);
  return modules.find((m) => name.endsWith(m.extension) && m.sniffArtifact(head, name)) ?? modules.find((m) => m.sniffArtifact(head, name));
}

/** The format of a source tree. */
export async function detectSource(tree: Tree): Promise<FormatModule | undefined> {
  for (const m of modules) if (await m.isSource(tree)) return m;
  return undefined;
}

export type { FormatName };
