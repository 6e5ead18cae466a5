// The JSON Schema of ctxforge.lock. This object is the source: schemas/ctxforge.lock.schema.json is
// the same document for editors and SchemaStore (a test holds the two equal), and the lock is
// checked against it whenever it is read. After a change, rewrite the file with
//   node --import tsx -e "import('./src/install/lock-schema.ts').then((m) => require('node:fs').writeFileSync('schemas/ctxforge.lock.schema.json', JSON.stringify(m.LOCK_SCHEMA, null, 2) + '\n'))"
// and then `npm run gen-validators` (the lock's validator is compiled ahead of time from that file).

export const LOCK_SCHEMA_ID = 'https://raw.githubusercontent.com/ctxforge/ctxforge/main/schemas/ctxforge.lock.schema.json';

const HEX64 = '^[0-9a-f]{64}$';
// A root-relative POSIX path: no leading "/", no "." or ".." segment, no backslash (checked again in code).
const REL_PATH = '^(?!/)(?!.*(?:^|/)\\.{1,2}(?:/|$))[^\\\\\\u0000]+$';

export const LOCK_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: LOCK_SCHEMA_ID,
  title: 'ctxforge.lock',
  description: 'What `ctxforge install` wrote into agent host folders, from which verified artifact, signed by which key. Written by ctxforge; sorted and stable, meant to be committed and reviewed.',
  type: 'object',
  additionalProperties: false,
  required: ['lockfile_version', 'scope', 'packages'],
  properties: {
    $schema: { type: 'string' },
    lockfile_version: { enum: [1, 2], description: 'ctxforge writes 2. A version-1 lock (no modes, renames, links or registry fields) is read as version 2 without them and written back as 2.' },
    scope: { enum: ['project', 'user'], description: 'project: paths are relative to the project root; user: relative to the home folder.' },
    packages: {
      type: 'object',
      description: 'Installed packages by name.',
      additionalProperties: { $ref: '#/$defs/package' },
    },
  },
  $defs: {
    sha256: { type: 'string', pattern: HEX64 },
    path: { type: 'string', minLength: 1, maxLength: 4096, pattern: REL_PATH },
    package: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version', 'format', 'source', 'artifact', 'signer', 'hosts', 'folders', 'files'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 512 },
        version: { type: ['string', 'null'], maxLength: 256 },
        format: { enum: ['octx', 'ctxpkg', 'acx'] },
        source: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'location'],
          properties: {
            type: { enum: ['path', 'url', 'oci', 'registry'], description: 'path: a file; url: a download; oci: an OCI registry reference; registry: a git registry (version 2).' },
            location: { type: 'string', minLength: 1, maxLength: 8192, description: 'path: relative to the lock\'s root when inside it, else absolute; url: the artifact\'s URL; oci: the reference by digest.' },
            vendored_from: { type: 'string', minLength: 1, maxLength: 8192, description: 'Where a vendored artifact was copied from (informational: never read again).' },
            registry: { type: 'string', minLength: 1, maxLength: 8192, description: 'The registry the package was resolved from (oci://… or a git registry\'s URL or path).' },
            range: { type: 'string', minLength: 1, maxLength: 256, description: 'The SemVer range the package was asked for; the resolved version is the package\'s version.' },
            manifest_digest: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$', description: 'OCI: the digest of the image manifest that was pulled (the artifact\'s sha256 is its layer\'s digest).' },
            release: {
              type: 'object',
              additionalProperties: false,
              required: ['checksums_sha256', 'signature'],
              properties: {
                checksums_sha256: { $ref: '#/$defs/sha256', description: 'SHA-256 of the release\'s SHA256SUMS.' },
                signature: { enum: ['verified', 'unverified', 'unsigned'], description: 'SHA256SUMS.minisig: verified with the pinned key, present but not checked, or absent.' },
                key_id: { type: 'string', pattern: '^[0-9A-F]{16}$', description: 'The minisign key id of SHA256SUMS.minisig, as minisign prints it.' },
                tag: { type: 'string', maxLength: 256, description: 'The release tag, from the signed trusted comment.' },
              },
            },
          },
        },
        artifact: {
          type: 'object',
          additionalProperties: false,
          required: ['file', 'sha256', 'size'],
          properties: {
            file: { type: 'string', minLength: 1, maxLength: 1024 },
            sha256: { $ref: '#/$defs/sha256' },
            size: { type: 'integer', minimum: 0 },
          },
        },
        signer: {
          type: 'object',
          additionalProperties: false,
          required: ['method', 'key_id', 'public_key', 'trust', 'verdict'],
          properties: {
            method: { enum: ['acx-dsse', 'ctxpkg-ed25519', 'release-minisign', 'none'], description: 'What was verified: the cartridge DSSE signature, the ctxpkg Ed25519 signature, or (OCTX) the release\'s signed SHA256SUMS.' },
            key_id: { type: ['string', 'null'], pattern: '^(ed25519:[0-9a-f]{64}|[0-9A-F]{16})$', description: 'ed25519:<sha256 of the SPKI> for ACX and ctxpkg; the minisign key id for a release.' },
            public_key: { type: ['string', 'null'], pattern: HEX64, description: 'The pinned Ed25519 public key (raw, hex): later installs of the package must verify with it.' },
            trust: { enum: ['trusted', 'local', 'pinned', 'unverified', 'unsigned'], description: 'trusted/local: by the trust registry; pinned: by the key given with --key or the lock; unverified/unsigned: installed with --allow-unsigned.' },
            verdict: { type: 'string', maxLength: 64, description: 'The format\'s own verdict (an ACX trust level, a ctxpkg signature state).' },
          },
        },
        hosts: {
          type: 'array',
          uniqueItems: true,
          items: { enum: ['agents', 'claude', 'codex', 'cursor', 'copilot', 'gemini'] },
        },
        allow_unbound: { type: 'array', uniqueItems: true, items: { type: 'string', maxLength: 4096 } },
        links: {
          type: 'array',
          description: 'Host skill folders installed as a symbolic link to the package\'s canonical folder: the link\'s path and its target exactly as written (version 2).',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['path', 'target'],
            properties: { path: { $ref: '#/$defs/path' }, target: { type: 'string', minLength: 1, maxLength: 4096 } },
          },
        },
        adopted: {
          type: 'array',
          uniqueItems: true,
          description: 'Folders another installer wrote that ctxforge took over with --adopt (version 2).',
          items: { type: 'string', minLength: 1, maxLength: 4096, pattern: REL_PATH },
        },
        folders: {
          type: 'array',
          uniqueItems: true,
          description: 'The skill and knowledge folders the package owns (each swapped as a whole).',
          // The path schema written out, not a $ref: a validator knows then that the items are
          // strings and checks uniqueItems in one pass rather than comparing every pair.
          items: { type: 'string', minLength: 1, maxLength: 4096, pattern: REL_PATH },
        },
        files: {
          type: 'array',
          description: 'Every file written, by path, with its SHA-256.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['path', 'sha256', 'size', 'role'],
            properties: {
              path: { $ref: '#/$defs/path' },
              sha256: { $ref: '#/$defs/sha256' },
              size: { type: 'integer', minimum: 0 },
              role: { enum: ['skill', 'document', 'asset', 'index'] },
              mode: { type: 'string', pattern: '^0[0-7]{3}$', description: 'The file\'s mode as written (version 2; absent: 0644).' },
              original_path: { $ref: '#/$defs/path', description: 'The path the package gave this file, where install wrote it under another name: a name an agent host reads as configuration (version 2).' },
            },
          },
        },
      },
    },
  },
} as const;
