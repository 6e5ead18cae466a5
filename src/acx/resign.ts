// Signs an existing cartridge: a fresh DSSE row over its (verified intact) ROM manifest replaces any old one.
import { isoSeconds, parseEpoch } from '../core/time.js';
import type { SigningKey } from '../core/keys.js';
import type { ArtifactInput, BuiltArtifact, CommonOptions } from '../format.js';
import { rewriteVerified } from './strip.js';
import { signatureRow } from './sign.js';
import { selfCheck } from './build.js';

export async function signCartridge(input: ArtifactInput, key: SigningKey, outPath: string, opts: CommonOptions): Promise<BuiltArtifact> {
  const env = opts.env ?? process.env;
  const r = await rewriteVerified(input, outPath, { limits: opts.limits, env }, 'sign', (c) => {
    const meta = c.check.meta;
    const hash = c.check.report.manifestHash;
    // The signing time is the cartridge's own created_at, as `build --key` takes it, so signing after
    // building gives the bytes `build --key` gives. Only a cartridge without one falls back to
    // SOURCE_DATE_EPOCH (a committed input either way, so re-signing is reproducible).
    const created = meta.get('acx.created_at');
    const signedAt = created ?? (env.SOURCE_DATE_EPOCH ? isoSeconds(parseEpoch(env.SOURCE_DATE_EPOCH, 'SOURCE_DATE_EPOCH')) : isoSeconds(0));
    const row = signatureRow(key, c.check.romSummary(), hash, meta, signedAt);
    return {
      result: { hash, name: meta.get('acx.artifact_id') ?? '', version: meta.get('acx.artifact_version') ?? '' },
      mutate: (db) => {
        db.prepare('DELETE FROM signatures').run();
        // Both DDLs are normative: the SPEC §3.2 table has no public_key_pem column, so the key stays out.
        const pem = (db.prepare("SELECT count(*) AS n FROM pragma_table_info('signatures') WHERE name = 'public_key_pem'").get() as { n: number }).n > 0;
        if (pem) {
          db.prepare("INSERT INTO signatures (sig_id, target, manifest_hash, envelope, keyid, public_key_pem, alg, created_at) VALUES (?, 'rom-manifest', ?, ?, ?, ?, 'ed25519', ?)")
            .run(row.sig_id, row.manifest_hash, row.envelope, row.keyid, row.public_key_pem, row.created_at);
        } else {
          db.prepare("INSERT INTO signatures (sig_id, target, manifest_hash, envelope, keyid, alg, created_at) VALUES (?, 'rom-manifest', ?, ?, ?, 'ed25519', ?)")
            .run(row.sig_id, row.manifest_hash, row.envelope, row.keyid, row.created_at);
        }
        if (!meta.has('acx.rom_manifest_hash')) db.prepare("INSERT INTO cartridge (key, value) VALUES ('acx.rom_manifest_hash', ?)").run(hash);
      },
    };
  }, (tmp, res) => selfCheck(tmp, res.hash, true, key.publicKey));
  return { path: outPath, format: 'acx', sha256: r.sha256, size: r.size, name: r.result.name, version: r.result.version };
}
