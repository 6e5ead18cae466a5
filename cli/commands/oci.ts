// `ctxforge push` and `ctxforge pull`: packages to and from OCI registries and image layouts.
import type { Command } from 'commander';
import '../../src/oci/rules.js';
import { printJson, type Io } from '../shared.js';

export function registerPush(program: Command, io: Io): void {
  program.command('push')
    .description('Push a package (and the release files beside it) to an OCI registry or image layout')
    .argument('<artifact>', 'a .acx, .ctxpkg or .octx file, or a release folder whose SHA256SUMS lists one')
    .argument('<target>', 'oci://<registry>/<repository>:<tag> or oci-layout:<DIR>:<tag>')
    .option('--source <url>', 'org.opencontainers.image.source (the repository URL)')
    .option('--revision <sha>', 'org.opencontainers.image.revision (the commit)')
    .option('--version <v>', 'org.opencontainers.image.version')
    .option('--created <rfc3339>', 'org.opencontainers.image.created (default: from $SOURCE_DATE_EPOCH; never the clock)')
    .option('--no-referrers', 'do not push SHA256SUMS, its signature and the provenance found beside the package')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', `
Credentials come from Docker's config.json (docker login) and its credential helpers, for exactly the
registry they are stored for. Plain http is used only for a registry on this machine (127.0.0.1).
The same package and annotations give the same manifest digest on every push.
Examples:
  ctxforge push dist/handbook-1.2.0.acx oci://ghcr.io/acme/handbook:1.2.0
  ctxforge push dist/ oci-layout:./transfer:1.2.0`)
    .action(async (artifact: string, target: string, o: Record<string, unknown>) => {
      const { pushPath } = await import('../../src/oci/push.js');
      const r = await pushPath(artifact, target, {
        cwd: io.cwd, env: io.env, noReferrers: o.referrers === false,
        annotations: { source: o.source as string | undefined, revision: o.revision as string | undefined, version: o.version as string | undefined, created: o.created as string | undefined },
      });
      if (o.json) printJson(io, r);
      else io.out(`pushed ${r.reference} (${r.format}, ${r.size} bytes): manifest ${r.manifest_digest}, layer ${r.layer_digest}; ${r.uploaded} blobs uploaded, ${r.already_present} already there${r.referrers.length ? `; referrers: ${r.referrers.map((x) => x.artifactType).join(', ')}` : ''}`);
    });
}

export function registerPull(program: Command, io: Io): void {
  program.command('pull')
    .description('Pull a package from an OCI registry or image layout into a folder, verified first')
    .argument('<reference>', 'oci://<registry>/<repository>[:<tag>|@sha256:<hex>] or oci-layout:<DIR>[:<tag>|@sha256:<hex>]')
    .requiredOption('--out <dir>', 'the folder to write the package (and its SHA256SUMS, signature) into')
    .option('--key <key>', 'the publisher\'s public key (minisign, PEM or 64 hex): the trust root, never the registry')
    .option('--trust <file>', 'cartridges: a trust registry (acx.trust-registry/1)')
    .option('--allow-unsigned', 'write a package that no pinned key checks')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', `
The layer is checked against its digest, then the package is verified as install verifies it; the
release's signature from the referrers is checked against --key. Nothing is written otherwise.
Examples:
  ctxforge pull oci://ghcr.io/acme/handbook:1.2.0 --out vendor --key minisign.pub
  ctxforge pull oci-layout:./transfer@sha256:<hex> --out vendor --key minisign.pub`)
    .action(async (reference: string, o: Record<string, unknown>) => {
      const { pullPackage } = await import('../../src/install/oci-pull.js');
      const r = await pullPackage(reference, { cwd: io.cwd, env: io.env, outDir: o.out as string, key: o.key as string | undefined, trust: o.trust as string | undefined, allowUnsigned: !!o.allowUnsigned });
      if (o.json) printJson(io, r);
      else io.out(`pulled ${r.reference} (${r.format}, sha256 ${r.sha256}, ${r.signer.trust === 'unsigned' || r.signer.trust === 'unverified' ? `${r.signer.trust.toUpperCase()} (--allow-unsigned)` : `signed by ${r.signer.key_id} (${r.signer.trust})`}) into ${o.out as string}`);
    });
}
