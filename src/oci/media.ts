// The media types ctxforge pushes, one table. Cartridges are exactly ACX SPEC §11. CTXPKG and OCTX
// follow the same pattern, since neither spec names one: `application/vnd.<format>.<thing>.v<major>`
// for the artifactType (the spec's own name for its format and its major version) and, for the one
// layer, `…layer.v<major>+<syntax>` with the structured-syntax suffix of the bytes (RFC 6838 §4.2.8:
// +json for the CTXPKG JSON document, +zip for the OCTX ZIP), uncompressed and untarred as §11 asks.
// Release files ride as referrers with ctxforge's own vendor tree.
import type { FormatName } from '../format.js';

export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
export const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';
export const EMPTY_MEDIA_TYPE = 'application/vnd.oci.empty.v1+json';
export const EMPTY_BLOB = Buffer.from('{}');
export const EMPTY_DIGEST = 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a';

export interface PackageMedia { artifactType: string; layer: string }

export const PACKAGE_MEDIA: Record<FormatName, PackageMedia> = {
  acx: { artifactType: 'application/vnd.acx.cartridge.v1', layer: 'application/vnd.acx.cartridge.layer.v1+sqlite' },
  ctxpkg: { artifactType: 'application/vnd.ctxpkg.package.v2', layer: 'application/vnd.ctxpkg.package.layer.v2+json' },
  octx: { artifactType: 'application/vnd.octx.package.v0', layer: 'application/vnd.octx.package.layer.v0+zip' },
};

/** The format a package manifest's artifactType and layer name, or undefined. */
export function formatOfMedia(artifactType: unknown, layer: unknown): FormatName | undefined {
  for (const [name, m] of Object.entries(PACKAGE_MEDIA) as [FormatName, PackageMedia][]) {
    if (m.artifactType === artifactType && m.layer === layer) return name;
  }
  return undefined;
}

/** The release's SHA256SUMS and its minisign signature: one referrer, two layers (the signature signs the first). */
export const CHECKSUMS_ARTIFACT = 'application/vnd.ctxforge.release.checksums.v1';
export const CHECKSUMS_LAYER = 'text/plain; charset=utf-8';
export const MINISIG_LAYER = 'application/vnd.ctxforge.minisign.signature.v1';
/** The release's in-toto provenance statement (SLSA v1), as sigstore and oras name it. */
export const PROVENANCE_ARTIFACT = 'application/vnd.in-toto+json';
export const PROVENANCE_LAYER = 'application/vnd.in-toto+json';
/** §11: a cartridge's DSSE envelope as a referrer. */
export const DSSE_LAYER = 'application/vnd.dsse.envelope.v1+json';

export const TITLE = 'org.opencontainers.image.title';
