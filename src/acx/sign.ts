// Produces the signatures row for a ROM manifest: in-toto Statement, DSSE envelope, keyid, PEM.
import type { SigningKey } from '../core/keys.js';
import { signStatement, makeStatement } from './dsse.js';
import type { SignatureInsert } from './writer.js';

/** What the statement says of the ROM objects besides the manifest hash (a build's: BuildRows.summary; a check's: CheckResult.romSummary). */
export interface RomSummary {
  checksumHash: string;
  fileCount: number;
}

export function signatureRow(key: SigningKey, rom: RomSummary, manifestHash: string, meta: Map<string, string>, signedAt: string): SignatureInsert {
  let engine: unknown = null;
  try { engine = JSON.parse(meta.get('acx.embedding_engine') ?? 'null'); } catch { /* validated before signing */ }
  const statement = makeStatement({
    cartridgeId: meta.get('acx.cartridge_id') ?? '',
    manifestHash,
    checksumHash: rom.checksumHash,
    fileCount: rom.fileCount,
    publisherId: meta.get('acx.publisher_id') ?? '',
    embeddingEngine: engine,
    signedAt,
  });
  const { envelope, keyid } = signStatement(statement, key);
  return {
    sig_id: `sig-rom-${manifestHash.replace(/^sha256:/, '').slice(0, 12)}`,
    manifest_hash: manifestHash,
    envelope: JSON.stringify(envelope),
    keyid,
    public_key_pem: key.publicKey.spkiPem,
    created_at: signedAt,
  };
}
