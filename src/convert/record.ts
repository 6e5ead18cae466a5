// What a conversion wrote into its --out tree (`.ctxforge-convert.json`: the files below the target's
// document and skills folders), so that converting again removes only those of its own files the
// source no longer gives and never a file a person added. The record sits in a repository and is
// hostile like everything there: an entry is honoured only when it is a safe relative path inside
// a folder the target's writer writes into (never the manifest, never the record).
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { unsafePathReason } from '../core/paths.js';
import { decodeUtf8Strict, parseJson } from '../core/strict-json.js';
import type { FormatModule } from '../format.js';

export const CONVERT_RECORD_FILE = '.ctxforge-convert.json';
/** A record far larger than any real one is refused unread. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/** The folders of the target's source tree a conversion writes into: its documents and its skills. */
export function convertedFolders(target: FormatModule): string[] {
  return [target.documentRoot, ...(target.skills?.folders ?? [])];
}

/** Whether a conversion into `target` could have written `path` (and so may remove it). */
export function isConvertedPath(target: FormatModule, path: string): boolean {
  if (unsafePathReason(path) !== null || path === target.manifestFile || path === CONVERT_RECORD_FILE) return false;
  return convertedFolders(target).some((f) => (f === '' ? !path.startsWith('.') : path.startsWith(f)));
}

/**
 * The files an earlier conversion recorded in `out`, or undefined when there is no record. A record
 * that is not a regular file or not `{"files": [string…]}` is refused (exit 2): a tree whose record
 * cannot be read is nobody's earlier conversion.
 */
export function readConvertRecord(out: string, target: FormatModule, label: string): Set<string> | undefined {
  const abs = join(out, CONVERT_RECORD_FILE);
  let st;
  try { st = lstatSync(abs); } catch { return undefined; }
  const bad = (why: string): never => fail('CONVERT_OUTPUT_NOT_EMPTY', `${label}/${CONVERT_RECORD_FILE} ${why}, so what an earlier conversion wrote is unknown`, { file: CONVERT_RECORD_FILE, hint: 'restore it from git, or pick an empty or new directory' }, 2);
  if (!st.isFile()) bad('is not a regular file');
  if (st.size > MAX_RECORD_BYTES) bad(`is ${st.size} bytes`);
  let v: unknown;
  try { v = parseJson(decodeUtf8Strict(readFileSync(abs), CONVERT_RECORD_FILE)); } catch (e) { bad(`is not valid JSON (${(e as Error).message})`); }
  const files = (v as { files?: unknown } | null)?.files;
  if (typeof v !== 'object' || v === null || !Array.isArray(files) || files.some((f) => typeof f !== 'string')) bad('is not {"files": [paths]}');
  return new Set((files as string[]).filter((f) => isConvertedPath(target, f)));
}

/** The record of what this conversion wrote (the manifest aside): sorted, one path a line, ending in a newline. */
export function convertRecordText(written: Iterable<string>, target: FormatModule): string {
  const files = [...new Set(written)].filter((p) => isConvertedPath(target, p)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${JSON.stringify({ files }, null, 2)}\n`;
}
