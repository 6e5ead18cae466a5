// Every OCTX diagnostic code, registered once. Upstream's codes where it has one (notes-octx §1),
// ctxforge's own for what upstream reports only as an exception. Where octx 0.1.6 renamed a finding
// (notes-octx-0.1.6.md), the reference's name is reported and ctxforge's earlier code rides along
// as the diagnostic's alias (docs/octx-codes.md lists the mapping).
import { defineRules } from '../core/rules.js';

/** ctxforge's earlier code → the name octx 0.1.6 gives the same finding. */
export const REFERENCE_CODES: Readonly<Record<string, string>> = {
  // notes-octx-0.1.6.md §6: "the code is now OCTX_SAG_EVENT_IN_ENTITY_RELATION (test_octx_runtime.py:444)".
  OCTX_EVENT_WITHOUT_ENTITY: 'OCTX_SAG_EVENT_IN_ENTITY_RELATION',
};

/** The code to report for a finding ctxforge names `code`, with that name as the alias when they differ. */
export function referenceCode(code: string): { code: string; alias?: string } {
  const ref = REFERENCE_CODES[code];
  return ref ? { code: ref, alias: code } : { code };
}

const S = (n: string) => `OCTX §${n}`;

defineRules([
  { code: 'OCTX_ASSET_DERIVED_FROM_SELF', format: 'octx', summary: 'asset.derived_from names the asset itself.', spec: S('5.3') },
  { code: 'OCTX_CAPABILITY_DEPENDENCY_INVALID', format: 'octx', summary: 'A capability cannot be validated because what it depends on (the format, or sag-structured) is invalid.', spec: S('7') },
  { code: 'OCTX_CAPABILITY_FILE_REQUIRED', format: 'octx', summary: 'A declared capability lacks one of its required files in files[].', spec: S('7') },
  { code: 'OCTX_CAPABILITY_UNSUPPORTED', format: 'octx', summary: 'Unknown capability or version: not validated (warning; the package may still be valid).', spec: S('2, §11') },
  { code: 'OCTX_CONCEPT_REQUIRED', format: 'octx', summary: 'files[] lists no Concept Document under knowledge/ (other than index.md and log.md).', spec: S('5.1') },
  { code: 'OCTX_DOCUMENT_FRONTMATTER', format: 'octx', summary: 'A Concept Document lacks valid safe-YAML frontmatter with a non-empty type.', spec: S('6, §8') },
  { code: 'OCTX_DOCUMENT_ENCODING', format: 'octx', summary: 'A Markdown document is not valid UTF-8.', spec: S('8') },
  { code: 'OCTX_DOCUMENT_ID_INVALID', format: 'octx', summary: 'octx.document_id is missing or not a canonical lowercase UUIDv7.', spec: S('6, §9') },
  { code: 'OCTX_EVENT_HIERARCHY_CYCLE', format: 'octx', summary: 'Event parent_id links form a cycle.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_EVENT_LEVEL_INVALID', format: 'octx', summary: 'An event level does not equal its parent level + 1, or parent_id and level are not given together.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_EVENT_WITHOUT_CHUNK', format: 'octx', summary: 'An event is linked to no chunk.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_SAG_EVENT_IN_ENTITY_RELATION', format: 'octx', summary: 'An event is linked to no entity (octx 0.1.6\'s name; ctxforge reported OCTX_EVENT_WITHOUT_ENTITY before, kept as the alias).', spec: 'sag-structured/0.1' },
  { code: 'OCTX_ENTITY_WITHOUT_EVENT', format: 'octx', summary: 'An entity is linked to no event.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_DOCUMENT_WITHOUT_CHUNK', format: 'octx', summary: 'A Concept Document has no chunk in data/chunks.jsonl.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_RECORD_REFERENCE_UNKNOWN', format: 'octx', summary: 'A record refers to an ID that does not exist.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_RELATION_DUPLICATE', format: 'octx', summary: 'The same relation pair appears twice.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_CHUNK_ORDINAL_DUPLICATE', format: 'octx', summary: 'Two chunks of one document share an ordinal.', spec: 'sag-structured/0.1' },
  { code: 'OCTX_FILE_DIGEST_MISMATCH', format: 'octx', summary: 'A listed file is missing or its SHA-256 differs from files[].sha256.', spec: S('5.2') },
  { code: 'OCTX_FILE_DUPLICATE', format: 'octx', summary: 'files[] lists a path twice.', spec: S('5.2') },
  { code: 'OCTX_FILE_NOT_REGULAR', format: 'octx', summary: 'A payload path is a symlink, device or other special file.', spec: S('4') },
  { code: 'OCTX_FORMAT_VERSION_UNSUPPORTED', format: 'octx', summary: 'format_version is not 0.1: refused explicitly, never guessed.', spec: S('11') },
  { code: 'OCTX_ID_DUPLICATE', format: 'octx', summary: 'An ID is used twice in the shared asset/document/chunk/event/entity identity space.', spec: S('9, §13') },
  { code: 'OCTX_JSONL_EMPTY_LINE', format: 'octx', summary: 'A JSONL file has an empty line.', spec: S('8') },
  { code: 'OCTX_JSONL_LINE_TOO_LONG', format: 'octx', summary: 'A JSONL line is longer than the limit (--max-line-bytes).', spec: S('4') },
  { code: 'OCTX_JSON_DUPLICATE_KEY', format: 'octx', summary: 'A JSON object has a duplicate key.', spec: S('5.3') },
  { code: 'OCTX_JSON_INVALID', format: 'octx', summary: 'Not valid strict JSON (syntax, BOM, NaN/Infinity, invalid UTF-8, nesting).', spec: S('8') },
  { code: 'OCTX_MANIFEST_MISSING', format: 'octx', summary: 'manifest.json is missing.', spec: S('3, §13') },
  { code: 'OCTX_OKF_RESERVED_INVALID', format: 'octx', summary: 'index.md or log.md does not follow the OKF reserved-file structure.', spec: 'OKF §6–§7' },
  { code: 'OCTX_PACKAGE_DIGEST_MISMATCH', format: 'octx', summary: 'release.package_digest differs from the digest computed per §10.', spec: S('10') },
  { code: 'OCTX_RELEASE_CREATED_AT_INVALID', format: 'octx', summary: 'release.created_at is not a real UTC instant in YYYY-MM-DDTHH:MM:SS[.fraction]Z form.', spec: S('5.1') },
  { code: 'OCTX_SCHEMA_VALIDATION', format: 'octx', summary: 'A manifest field or record field is missing or has the wrong form.', spec: S('5, §7') },
  { code: 'OCTX_STANDARD_PATH_UNDECLARED', format: 'octx', summary: 'A standard capability path is present but its capability is not declared.', spec: S('7') },
  { code: 'OCTX_VECTORS_INVALID', format: 'octx', summary: 'vectors/config.json, vectors/profiles.json or an Arrow vectors file breaks the vectors/0.1 rules.', spec: 'vectors/0.1' },
  { code: 'OCTX_VECTOR_DIMENSION_INVALID', format: 'octx', summary: 'A vector dimension (Arrow list size or profile dimensions) is not positive.', spec: 'vectors/0.1' },
  { code: 'OCTX_RESOURCE_LIMIT', format: 'octx', summary: 'A record or Arrow limit is exceeded: records per JSONL file, vector dimension, batches, rows or values per Arrow file (--max-jsonl-records, --max-arrow-*).', spec: S('4') },
  { code: 'OCTX_EXTENSION_PATH_INVALID', format: 'octx', summary: 'An extensions/ path is not extensions/<reverse-domain>/<major.minor>/….', spec: S('12') },
  { code: 'OCTX_SIGNATURE_UNSUPPORTED', format: 'octx', summary: 'Warning: --key does not apply to an .octx, which carries no signature of its own; its release signs SHA256SUMS (minisign).', spec: S('10') },
  { code: 'OCTX_ZIP_CORRUPT', format: 'octx', summary: 'The archive is not a readable ZIP or an entry is damaged.', spec: S('4') },
  { code: 'OCTX_ZIP_NAME_ENCODING', format: 'octx', summary: 'An entry name is not UTF-8 (or non-ASCII without the UTF-8 flag).', spec: S('4') },
  { code: 'OCTX_ZIP_PATH_UNSAFE', format: 'octx', summary: 'An entry name is absolute, has ., .. or empty segments, a backslash, NUL, or is not NFC.', spec: S('4') },
  { code: 'OCTX_ZIP_DUPLICATE', format: 'octx', summary: 'Two entries share a name.', spec: S('4') },
  { code: 'OCTX_ZIP_ENCRYPTED', format: 'octx', summary: 'An entry is encrypted.', spec: S('4') },
  { code: 'OCTX_ZIP_METHOD_UNSUPPORTED', format: 'octx', summary: 'An entry uses a compression method other than STORE or DEFLATE.', spec: S('4') },
  { code: 'OCTX_ZIP_SPECIAL_FILE', format: 'octx', summary: 'An entry is a symlink, device or other special file.', spec: S('4') },
  { code: 'OCTX_ZIP_HEADER_MISMATCH', format: 'octx', summary: 'Local and central headers of an entry disagree.', spec: S('4') },
  { code: 'OCTX_ZIP_OVERLAP', format: 'octx', summary: 'Entries share or overlap their data in the archive.', spec: S('4') },
  { code: 'OCTX_ZIP_LIMIT', format: 'octx', summary: 'The archive exceeds a resource limit (entries, sizes, compression ratio).', spec: S('4') },
  { code: 'OCTX_ZIP_MULTI_DISK', format: 'octx', summary: 'Multi-disk archives are not supported.', spec: S('4') },
  { code: 'OCTX_PATH_UNSAFE', format: 'octx', summary: 'A working-directory payload path is not a safe relative NFC path.', spec: S('4') },
  { code: 'OCTX_UNPACK_CONFLICT', format: 'octx', summary: 'Unpacking would overwrite an unrelated file, escape the target or collide on the file system.', spec: S('4') },
]);
