// `ctxforge keygen` and `ctxforge sign`.
import type { Command } from 'commander';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { generateSigningKey, loadSigningKey, writeKeyPair } from '../../src/core/keys.js';
import { signPath } from '../../src/sign.js';
import { printDiagnostics, printJson, type Io } from '../shared.js';
import { warning, type Diagnostic } from '../../src/core/diagnostics.js';

/** A private key inside a git work tree that git would not ignore is one `git add .` from a commit. */
function keyExposure(keyPath: string): Diagnostic[] {
  const cwd = dirname(keyPath);
  const inside = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd, encoding: 'utf8' });
  if (inside.status !== 0 || inside.stdout.trim() !== 'true') return [];
  if (spawnSync('git', ['check-ignore', '-q', '--', keyPath], { cwd }).status === 0) return [];
  return [warning('CTXFORGE_KEY_NOT_IGNORED', 'the private key is inside a git work tree and not ignored by git', {
    file: keyPath, hint: `add it to .gitignore (for example a line "*.key"), or write keys outside the repository`,
  })];
}

export function registerKeygen(program: Command, io: Io): void {
  program.command('keygen')
    .description('Generate an Ed25519 signing key: PREFIX.key (PKCS#8 PEM, mode 0600) and PREFIX.pub (SPKI PEM)')
    .requiredOption('--out <prefix>', '(required) path prefix for the two files')
    .option('--json', 'print {"key", "pub", "public_key_hex"}')
    .addHelpText('after', `
Examples:
  ctxforge keygen --out release          # writes release.key and release.pub
  ctxforge keygen --out keys/ci --json`)
    .action(async (o: Record<string, unknown>) => {
      const key = generateSigningKey();
      const { keyPath, pubPath } = await writeKeyPair(resolve(io.cwd, o.out as string), key);
      const diagnostics = keyExposure(keyPath);
      if (o.json) printJson(io, { key: keyPath, pub: pubPath, public_key_hex: key.publicKey.hex, diagnostics });
      else {
        printDiagnostics(io, diagnostics);
        io.out(`wrote ${keyPath} (private, 0600) and ${pubPath}\npublic key: ${key.publicKey.hex}`);
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
      const warnings: Diagnostic[] = [];
      const key = loadSigningKey(o.key as string, { env: io.env, warnings });
      printDiagnostics(io, warnings);
      const a = await signPath(file, key, { cwd: io.cwd, env: io.env, out: o.out as string | undefined });
      if (o.json) printJson(io, { artifacts: [{ path: a.path, format: a.format, sha256: a.sha256 }] });
      else io.out(`signed ${a.path}  (public key ${key.publicKey.hex}, sha256 ${a.sha256})`);
    });
}
