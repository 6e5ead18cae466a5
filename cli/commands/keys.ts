// `ctxforge keygen` and `ctxforge sign`.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { printDiagnostics, printJson, withRefInputs, type Io } from '../shared.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

export function registerKeygen(program: Command, io: Io): void {
  program.command('keygen')
    .description('Generate an Ed25519 signing key: PREFIX.key (PKCS#8 PEM, mode 0600) and PREFIX.pub (SPKI PEM)')
    .requiredOption('--out <prefix>', '(required) path prefix for the two files')
    .option('--json', 'print {"key", "pub", "public_key_hex", "key_id", "diagnostics"}')
    .addHelpText('after', `
The key's identity is shown in both forms ctxforge uses: the hex public key (ctxpkg signatures) and
the key id ed25519:<sha256 of the SPKI DER> (cartridge signatures and trust registries).
Inside a git work tree a warning says when git would not ignore the private key.
Examples:
  ctxforge keygen --out release          # writes release.key and release.pub
  ctxforge keygen --out keys/ci --json`)
    .action(async (o: Record<string, unknown>) => {
      const [{ generateSigningKey, spkiKeyId, writeKeyPair }, { uncommittedSecretWarning }] = await Promise.all([import('../../src/core/keys.js'), import('../../src/repo/ignored.js')]);
      const key = generateSigningKey();
      const { keyPath, pubPath } = await writeKeyPair(resolve(io.cwd, o.out as string), key);
      const warn = uncommittedSecretWarning(keyPath, 'the private key');
      const diagnostics = warn ? [warn] : [];
      if (o.json) printJson(io, { key: keyPath, pub: pubPath, public_key_hex: key.publicKey.hex, key_id: spkiKeyId(key.publicKey), diagnostics });
      else {
        printDiagnostics(io, diagnostics);
        io.out(`wrote ${keyPath} (private, 0600) and ${pubPath}\npublic key: ${key.publicKey.hex}\nkey id:     ${spkiKeyId(key.publicKey)}`);
      }
    });
}

export function registerSign(program: Command, io: Io): void {
  program.command('sign')
    .description('Sign an existing package (.ctxpkg, .acx) in place, replacing any old signature')
    .argument('<file>', 'package file')
    .requiredOption('--key <key>', '(required) Ed25519 key: PKCS#8 PEM file, 64-hex seed, or env:VAR')
    .option('-o, --out <file>', 'write the signed package here instead of in place')
    .option('--json', 'print {"artifacts":[{path, format, sha256}]}')
    .addHelpText('after', `
Examples:
  ctxforge sign dist/acme-payments-service-1.3.0.ctxpkg --key release.key
  ctxforge sign dist/research-assistant-1.2.0.acx --key env:CTXFORGE_KEY --out dist/signed.acx
  ctxforge sign dist/acme-payments-service-1.3.0.ctxpkg --key release.key --json`)
    .action(async (file: string, o: Record<string, unknown>) => {
      const [{ loadSigningKey }, { signPath }] = await Promise.all([import('../../src/core/keys.js'), withRefInputs(import('../../src/sign.js'))]);
      const warnings: Diagnostic[] = [];
      const key = loadSigningKey(o.key as string, { env: io.env, warnings });
      printDiagnostics(io, warnings);
      const a = await signPath(file, key, { cwd: io.cwd, env: io.env, out: o.out as string | undefined });
      if (o.json) printJson(io, { artifacts: [{ path: a.path, format: a.format, sha256: a.sha256 }] });
      else io.out(`signed ${a.path}  (public key ${key.publicKey.hex}, sha256 ${a.sha256})`);
    });
}
