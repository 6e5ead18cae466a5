// The OCTX manifest (§5): parse manifest.json strictly and check every field's exact form.
import { error, warning, showValue, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError, decodeUtf8Strict } from '../core/strict-json.js';
import { isUuidV7 } from '../core/uuid.js';
import { isSemver } from '../core/semver.js';
import { HEX64 } from '../core/hash.js';
import { unsafePathReason } from '../core/paths.js';

export const MANIFEST = 'manifest.json';
export const FORMAT_VERSION = '0.1';
export const SUPPORTED_CAPABILITIES: Record<string, string> = { 'sag-structured': '0.1', vectors: '0.1' };

export interface FileEntry {
  path: string;
  sha256: string;
}

export interface Manifest {
  format: string;
  format_version: string;
  asset: { id: string; name: string; derived_from?: { asset_id: string; version: string; package_digest: string }; [k: string]: unknown };
  release: { version: string; created_at?: string; package_digest?: string; [k: string]: unknown };
  capabilities?: Record<string, { version: string }>;
  files?: FileEntry[];
  [k: string]: unknown;
}

export interface ManifestCheck {
  manifest?: Manifest;
  raw?: Record<string, unknown>;
  text?: string;
  diagnostics: Diagnostic[];
  /** The manifest could not be read at all (open error). */
  openError?: string;
  /** format_version unsupported: nothing else is interpreted. */
  unsupportedVersion?: boolean;
  /** Declared capability name → supported? (null when unsupported) */
  capabilities: Record<string, boolean | null>;
}

const CREATED_AT = /^(\d{4})-(\d\d)-(\d\d)T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d+)?Z$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const CAP_VERSION = /^\d+\.\d+$/;

export function isValidCreatedAt(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const m = CREATED_AT.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** Best-effort line of `"key"` in the manifest text, for pointing diagnostics at it. */
export function lineOfKey(text: string | undefined, key: string): number | undefined {
  if (!text) return undefined;
  const i = text.indexOf(`"${key}"`);
  if (i < 0) return undefined;
  let line = 1;
  for (let j = 0; j < i; j++) if (text.charCodeAt(j) === 10) line++;
  return line;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseManifestBytes(bytes: Buffer, maxDepth: number): { raw?: Record<string, unknown>; text?: string; diagnostics: Diagnostic[]; openError?: string } {
  const file = MANIFEST;
  let text: string;
  try {
    // "manifest must not contain a UTF-8 BOM" is the reference's open error, word for word.
    text = decodeUtf8Strict(bytes, 'manifest');
  } catch (e) {
    const msg = (e as JsonSyntaxError).reason;
    return { diagnostics: [error('OCTX_JSON_INVALID', msg, { file, line: 1, hint: msg.includes('BOM') ? 'save manifest.json as UTF-8 without a byte order mark' : undefined })], openError: msg };
  }
  try {
    const v = parseJson(text, { maxDepth });
    if (!isObj(v)) return { text, diagnostics: [error('OCTX_SCHEMA_VALIDATION', 'manifest.json must be a JSON object', { file, line: 1 })] };
    return { raw: v, text, diagnostics: [] };
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      const code = e.code === 'JSON_DUPLICATE_KEY' ? 'OCTX_JSON_DUPLICATE_KEY' : 'OCTX_JSON_INVALID';
      return { text, diagnostics: [error(code, `manifest.json: ${e.reason}`, { file, line: e.line, column: e.column })] };
    }
    throw e;
  }
}

/**
 * Checks the manifest's fields. `workdir` relaxes what a build fills in: files[] and
 * release.package_digest and release.created_at may be absent (checked when present). `text` is the
 * manifest's text, or what answers lineOfKey without it; `filesRead`: files[] was read apart and
 * found without fault (declared-files.ts), so `raw.files` is not looked at.
 */
export function checkManifest(raw: Record<string, unknown>, text: string | undefined | ((key: string) => number | undefined), workdir: boolean, filesRead = false): ManifestCheck {
  const diagnostics: Diagnostic[] = [];
  const capabilities: Record<string, boolean | null> = {};
  const at = (key: string) => ({ file: MANIFEST, line: typeof text === 'function' ? text(key) : lineOfKey(text, key) });
  const schema = (msg: string, key: string) => diagnostics.push(error('OCTX_SCHEMA_VALIDATION', msg, at(key)));

  if (raw.format !== 'octx') schema(`"format" must be "octx", got ${showValue(raw.format)}`, 'format');
  if (raw.format_version !== FORMAT_VERSION) {
    diagnostics.push(error('OCTX_FORMAT_VERSION_UNSUPPORTED',
      `format_version ${showValue(raw.format_version)} is not supported; ctxforge reads OCTX ${FORMAT_VERSION} only`, at('format_version')));
    for (const name of Object.keys(isObj(raw.capabilities) ? raw.capabilities : {})) capabilities[name] = false;
    return { raw, text: typeof text === 'string' ? text : undefined, diagnostics, unsupportedVersion: true, capabilities };
  }

  const asset = raw.asset;
  if (!isObj(asset)) schema('"asset" must be an object with "id" and "name"', 'asset');
  else {
    if (!isUuidV7(asset.id)) schema(`asset.id must be a lowercase canonical UUIDv7, got ${showValue(asset.id)}`, 'id');
    if (typeof asset.name !== 'string' || asset.name.trim() === '') schema('asset.name must be a non-empty string', 'name');
    if (asset.derived_from !== undefined) {
      const d = asset.derived_from;
      if (!isObj(d)) schema('asset.derived_from must be an object {asset_id, version, package_digest}', 'derived_from');
      else {
        if (!isUuidV7(d.asset_id)) schema('asset.derived_from.asset_id must be a UUIDv7', 'derived_from');
        if (!isSemver(d.version)) schema('asset.derived_from.version must be SemVer 2.0.0', 'derived_from');
        if (typeof d.package_digest !== 'string' || !DIGEST.test(d.package_digest)) schema('asset.derived_from.package_digest must be sha256:<64 lowercase hex>', 'derived_from');
        if (d.asset_id === asset.id) diagnostics.push(error('OCTX_ASSET_DERIVED_FROM_SELF', 'asset.derived_from.asset_id is the asset\'s own id; a derived asset needs a new asset.id', at('derived_from')));
      }
    }
  }

  const release = raw.release;
  if (!isObj(release)) schema('"release" must be an object with "version", "created_at" and "package_digest"', 'release');
  else {
    if (!isSemver(release.version)) schema(`release.version must be SemVer 2.0.0 (like 1.2.3), got ${showValue(release.version)}`, 'version');
    if (release.created_at !== undefined || !workdir) {
      if (!isValidCreatedAt(release.created_at)) {
        diagnostics.push(error('OCTX_RELEASE_CREATED_AT_INVALID',
          `release.created_at must be a UTC time YYYY-MM-DDTHH:MM:SS[.fraction]Z (seconds 00–59, a real date), got ${showValue(release.created_at)}`, at('created_at')));
      }
    }
    if (release.package_digest !== undefined || !workdir) {
      if (typeof release.package_digest !== 'string' || !DIGEST.test(release.package_digest)) {
        schema('release.package_digest must be "sha256:" followed by 64 lowercase hex digits', 'package_digest');
      }
    }
  }

  if (raw.capabilities !== undefined) {
    if (!isObj(raw.capabilities)) schema('"capabilities" must be an object {name: {version}}', 'capabilities');
    else {
      for (const [name, v] of Object.entries(raw.capabilities)) {
        if (!isObj(v) || typeof v.version !== 'string' || !CAP_VERSION.test(v.version)) {
          schema(`capabilities.${name} must be {"version": "<major>.<minor>"}`, name);
          capabilities[name] = false;
          continue;
        }
        if (SUPPORTED_CAPABILITIES[name] === v.version) capabilities[name] = true;
        else {
          capabilities[name] = null;
          diagnostics.push(warning('OCTX_CAPABILITY_UNSUPPORTED',
            `capability ${name}/${v.version} is not supported by ctxforge; it is not validated and the package is not fully validated`, at(name)));
        }
      }
    }
  }

  if (!filesRead && (raw.files !== undefined || !workdir)) {
    if (!Array.isArray(raw.files) || raw.files.length === 0) schema('"files" must be a non-empty array of {path, sha256}', 'files');
    else {
      const seen = new Set<string>();
      raw.files.forEach((f, i) => {
        if (!isObj(f) || typeof f.path !== 'string') { schema(`files[${i}].path must be a string`, 'files'); return; }
        if (typeof f.sha256 !== 'string' || !HEX64.test(f.sha256)) schema(`files[${i}].sha256 (${f.path}) must be 64 lowercase hex digits without a prefix`, 'files');
        const why = unsafePathReason(f.path);
        if (why) schema(`files[${i}].path ${showValue(f.path)} is not a safe relative path: ${why}`, 'files');
        if (f.path === MANIFEST) schema('files[] must not list manifest.json (the digest would include itself)', 'files');
        if (seen.has(f.path)) diagnostics.push(error('OCTX_FILE_DUPLICATE', `files[] lists ${showValue(f.path)} more than once`, at('files')));
        seen.add(f.path);
      });
    }
  }
  return { manifest: raw as unknown as Manifest, raw, text: typeof text === 'string' ? text : undefined, diagnostics, capabilities };
}
