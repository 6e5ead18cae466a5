// What a ctxpkg signature vouches for: the document with its `signature` member taken out, every
// other byte as written. A signed release and its unsigned rebuild have the same digest.
import { readFile } from 'node:fs/promises';
import { fail } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import type { ArtifactInput } from '../format.js';
import { parseArtifactText } from './artifact.js';

export async function unsignedDigest(input: ArtifactInput): Promise<{ signed: boolean; digest: string }> {
  const bytes = input.bytes ?? (await readFile(input.path!));
  const parsed = parseArtifactText(bytes, input.label);
  if (!parsed.doc) fail(parsed.diags[0]!.code, parsed.diags[0]!.message, { file: input.label }, 1);
  const doc = parsed.doc;
  const mnode = doc.manifestNode();
  if (mnode.t !== 'obj') fail('CTXPKG_MANIFEST_FIELD_TYPE', `${input.label}: the manifest is not an object`, { file: input.label }, 1);
  const kept = mnode.members.filter((m) => m.key !== 'signature').map((m) => `${JSON.stringify(m.key)}:${doc.text.slice(m.value.start, m.value.end)}`);
  const m = `"manifest":{${kept.join(',')}}`;
  const c = `"content":${doc.text.slice(doc.contentRange.valueStart, doc.contentRange.valueEnd)}`;
  const manifestFirst = doc.manifestRange.keyStart < doc.contentRange.keyStart;
  return { signed: kept.length !== mnode.members.length, digest: sha256Hex(Buffer.from(`{${manifestFirst ? `${m},${c}` : `${c},${m}`}}`, 'utf8')) };
}
