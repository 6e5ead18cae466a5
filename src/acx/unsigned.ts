// What an acx signature vouches for: the cartridge without its signature rows. Both sides go
// through the same rewrite (delete, VACUUM), so a signed release and its unsigned rebuild have the
// same digest exactly when every other row, the ROM manifest hash included, is the same. A hostile
// trigger on `signatures` could rewrite rows during the delete, but it stays in the schema, so the
// stripped copy then differs from the rebuild (which has none) and nothing is confirmed.
import { readFile } from 'node:fs/promises';
import { sha256Hex } from '../core/hash.js';
import type { ArtifactInput } from '../format.js';
import { rewriteCartridge } from './writer.js';

export async function unsignedDigest(input: ArtifactInput): Promise<{ signed: boolean; digest: string }> {
  const bytes = input.bytes ?? (await readFile(input.path!));
  let signed = false;
  const stripped = rewriteCartridge(bytes, (db) => {
    signed = (db.prepare('SELECT count(*) AS n FROM signatures').get() as { n: number }).n > 0;
    db.prepare('DELETE FROM signatures').run();
  });
  return { signed, digest: sha256Hex(stripped) };
}
