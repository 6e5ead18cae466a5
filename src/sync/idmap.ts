// The ID map a synced source tree commits (.ctxforge-sync.json): upstream path → stable ID, content
// digest and the file it became, plus every ID ever retired, so identity survives upstream files
// that carry none and a removed ID is never handed out again.
import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { TextBytes } from '../core/text-bytes.js';
import { parseJson } from '../core/strict-json.js';
import { unsafePathReason } from '../core/paths.js';
import type { TargetFormat } from './model.js';
import { TARGET_FORMATS } from './model.js';
import { routesRecordOf, type SiteRoutesRecord } from '../links/generators.js';

export const ID_MAP_FILE = '.ctxforge-sync.json';

export interface MapEntry {
  id: string;
  digest: string;
  /** The document's portable path below the format's document folder. */
  path: string;
  /**
   * The pieces the page's includes put into it: the file (relative to the docs folder, `../` when
   * outside it), its lines, and the digest of the text taken — so a change to an included file
   * alone changes the document.
   */
  includes?: IncludedPiece[];
}

export interface IncludedPiece { file: string; lines: [number, number][]; digest: string }

export interface IdMap {
  version: 1;
  format: TargetFormat;
  documents: Record<string, MapEntry>;
  /** upstream asset path → portable path */
  assets: Record<string, string>;
  /** Managed files the last sync wrote (so the next one removes those it no longer writes). */
  files: string[];
  retired: string[];
  /** The site generator the upstream folder was written for and the folder `/` maps to, so the link check judges the tree as that site serves it. */
  site?: { generator: string; root: string; routes?: SiteRoutesRecord };
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function readIdMap(dir: string): Promise<ReadIdMap | undefined> {
  let bytes: Buffer;
  try { bytes = await readFile(join(dir, ID_MAP_FILE)); } catch { return undefined; }
  const text = bytes.toString('utf8');
  return { map: parseIdMap(text), text, utf8: isUtf8(bytes) };
}

/** A map as read from a folder: its text kept for line numbers, and whether its bytes were UTF-8. */
export interface ReadIdMap { map: IdMap; text: string; utf8: boolean }

/** The map's text checked for shape (SYNC_ID_MAP_INVALID, exit 2, otherwise). */
export function parseIdMap(text: string): IdMap {
  const bad = (m: string): never => fail('SYNC_ID_MAP_INVALID', `${ID_MAP_FILE}: ${m}`, { file: ID_MAP_FILE, hint: 'restore it from git; without it every document would get a new ID' }, 2);
  let v: unknown;
  try { v = parseJson(text); } catch (e) { return bad((e as Error).message); }
  if (!isMap(v) || v.version !== 1n && v.version !== 1) return bad('must be {"version": 1, …}');
  if (!TARGET_FORMATS.includes(v.format as TargetFormat)) return bad(`format must be one of ${TARGET_FORMATS.join(', ')}`);
  if (!isMap(v.documents) || !isMap(v.assets ?? {}) || !Array.isArray(v.retired ?? []) || !Array.isArray(v.files ?? [])) return bad('documents, assets, files and retired have the wrong shape');
  // Without a prototype: a key such as `__proto__` or `constructor` is an entry like any other.
  const documents: Record<string, MapEntry> = Object.create(null) as Record<string, MapEntry>;
  for (const [k, e] of Object.entries(v.documents)) {
    if (!isMap(e) || typeof e.id !== 'string' || typeof e.digest !== 'string' || typeof e.path !== 'string') return bad(`documents[${JSON.stringify(k)}] must be {id, digest, path}`);
    // Keys become links (llms.txt) and paths become files: `//host/x`, `/x` or `../x` is no page of the site.
    // (An upstream file's name is kept as found, so a key may be in NFD: only its form, not its spelling, is judged.)
    const why = upstreamKeyProblem(k) ?? unsafePathReason(e.path);
    if (why) {
      const line = documentKeyLines(text).get(k);
      fail('SYNC_ID_MAP_INVALID', `documents[${JSON.stringify(k)}]: ${upstreamKeyProblem(k) ? 'the upstream key' : `the document ${JSON.stringify(e.path)}`} is not a safe relative path (${why})`, {
        file: ID_MAP_FILE, ...(line ? { line } : {}), hint: 'restore it from git, or sync again: a sync writes only relative paths',
      }, 2);
    }
    const includes = e.includes === undefined ? undefined : includedPieces(e.includes);
    if (includes === null) return bad(`documents[${JSON.stringify(k)}].includes must be a list of {file, lines: [[from, to], …], digest}`);
    documents[k] = { id: e.id, digest: e.digest, path: e.path, ...(includes ? { includes } : {}) };
  }
  const strings = (a: unknown[], what: string) => a.map((x) => (typeof x === 'string' ? x : bad(`${what} must hold strings`)));
  const assets: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, p] of Object.entries((v.assets ?? {}) as Record<string, unknown>)) assets[k] = typeof p === 'string' ? p : bad('assets must map paths to paths');
  const out: IdMap = { version: 1, format: v.format as TargetFormat, documents, assets, files: strings((v.files ?? []) as unknown[], 'files'), retired: strings((v.retired ?? []) as unknown[], 'retired') };
  if (v.site !== undefined) {
    if (!isMap(v.site) || typeof v.site.generator !== 'string' || typeof v.site.root !== 'string') return bad('site must be {"generator": "…", "root": "…"}');
    const routes = routesRecordOf(v.site.routes);
    out.site = { generator: v.site.generator, root: v.site.root, ...(routes ? { routes } : {}) };
  }
  return out;
}

/** The recorded pieces of an entry (data to compare, never a path to read), or null when they are not that shape. */
function includedPieces(v: unknown): IncludedPiece[] | null {
  if (!Array.isArray(v)) return null;
  const int = (x: unknown) => (typeof x === 'bigint' ? Number(x) : typeof x === 'number' && Number.isInteger(x) ? x : NaN);
  const out: IncludedPiece[] = [];
  for (const p of v) {
    if (!isMap(p) || typeof p.file !== 'string' || typeof p.digest !== 'string' || !Array.isArray(p.lines)) return null;
    const lines: [number, number][] = [];
    for (const r of p.lines) {
      if (!Array.isArray(r) || r.length !== 2) return null;
      const [a, b] = [int(r[0]), int(r[1])];
      if (!(a >= 1 && b >= a)) return null;
      lines.push([a, b]);
    }
    out.push({ file: p.file, lines, digest: p.digest });
  }
  return out;
}

/** The same pieces, in the same order? */
export function samePieces(a: readonly IncludedPiece[] | undefined, b: readonly IncludedPiece[] | undefined): boolean {
  const key = (x: readonly IncludedPiece[] | undefined) => JSON.stringify((x ?? []).map((p) => [p.file, p.lines, p.digest]));
  return key(a) === key(b);
}

const sorted = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));

/** Why an upstream key is no relative path of the docs folder (absolute, `//host`, `..`, `c:` …), else null. */
export function upstreamKeyProblem(k: string): string | null {
  return unsafePathReason(k.normalize('NFC'));
}

export function idMapText(m: IdMap): string {
  return idMapBytes(m).toString('utf8');
}

/**
 * The map's bytes: `JSON.stringify` of it with its keys and lists sorted, two-space indent, and a
 * newline — encoded entry by entry, so that no string of the whole map (15 MB at 50k pages), no
 * sorted copy of its documents and no list of their entries is made (text-bytes.ts).
 */
export function idMapBytes(m: IdMap, list?: DocumentList): Buffer {
  const out = new TextBytes().add(`{\n  "version": 1,\n  "format": ${JSON.stringify(m.format)},\n  "documents": `);
  if (list) {
    const keys = Array.from({ length: list.length }, (_, i) => list.key(i));
    jsonObject(out, keys, (i) => list.entry(i), 1);
  } else {
    const keys = Object.keys(m.documents);
    jsonObject(out, keys, (i) => m.documents[keys[i]!], 1);
  }
  out.add(`,\n  "assets": ${indented(JSON.stringify(sorted(m.assets), null, 2), 1)},\n  "files": `);
  jsonStrings(out, [...m.files].sort(), 1);
  out.add(',\n  "retired": ');
  jsonStrings(out, [...new Set(m.retired)].sort(), 1);
  if (m.site) out.add(`,\n  "site": ${indented(JSON.stringify(m.site, null, 2), 1)}`);
  return out.add('\n}\n').bytes();
}

/** JSON.stringify's text of a value (indent 2) placed `level` levels deep: its own lines indented as deep. */
const indented = (json: string, level: number): string => json.replace(/\n/g, `\n${'  '.repeat(level)}`);

/**
 * A map's documents given as a list instead of an object: sync makes each entry when the map is
 * rendered, from the pages and documents it holds anyway, rather than holding an object of every
 * page's entry through its write (issue 39: ~12 MB at 100,000 pages). Keys are unique.
 */
export interface DocumentList {
  readonly length: number;
  key(i: number): string;
  entry(i: number): MapEntry;
}

/** Positions of `keys` in the order JSON.stringify of `sorted(o)` lists them: array indexes first, by value (a JavaScript object's own order), then the rest sorted. */
function stringifyOrder(keys: readonly string[]): number[] {
  const index: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < keys.length; i++) (/^(?:0|[1-9]\d*)$/.test(keys[i]!) && Number(keys[i]) < 4294967295 ? index : rest).push(i);
  rest.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  return index.length ? [...index.sort((a, b) => Number(keys[a]) - Number(keys[b])), ...rest] : rest;
}

/** `JSON.stringify(sorted(o), null, 2)` at `level` of the object whose keys are `keys` and values `value(i)`, written entry by entry. */
function jsonObject(out: TextBytes, keys: readonly string[], value: (i: number) => unknown, level: number): void {
  const pad = '  '.repeat(level + 1);
  let first = true;
  for (const i of stringifyOrder(keys)) {
    const v = JSON.stringify(value(i), null, 2) as string | undefined;
    if (v === undefined) continue;
    out.add(first ? `{\n${pad}` : `,\n${pad}`).add(JSON.stringify(keys[i])).add(': ').add(indented(v, level + 1));
    first = false;
  }
  out.add(first ? '{}' : `\n${'  '.repeat(level)}}`);
}

/** `JSON.stringify(list, null, 2)` of strings at `level`, written one by one. */
function jsonStrings(out: TextBytes, list: readonly string[], level: number): void {
  const pad = '  '.repeat(level + 1);
  for (let i = 0; i < list.length; i++) out.add(i ? `,\n${pad}` : `[\n${pad}`).add(JSON.stringify(list[i]));
  out.add(list.length ? `\n${'  '.repeat(level)}]` : '[]');
}

/**
 * 1-based line of each upstream key of `documents` in the map's text (for annotations), in one pass
 * over the text: a map of 20,000 entries is as cheap to annotate as one.
 */
export function documentKeyLines(text: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!text) return out;
  let line = 1;
  let depth = 0;
  // The key each open object was opened under, so only keys directly inside top-level `documents` count.
  const under: (string | undefined)[] = [];
  let lastKey: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) line++;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) { under[depth++] = lastKey; lastKey = undefined; }
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) { depth = Math.max(0, depth - 1); lastKey = undefined; }
    else if (c === 0x22 /* " */) {
      const start = i;
      const at = line;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c) i++;
        else if (text.charCodeAt(i) === 0x0a) line++;
      }
      let j = i + 1;
      while (j < text.length && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r' || text[j] === '\n')) j++;
      if (text[j] !== ':') continue;
      let key: string;
      try { key = JSON.parse(text.slice(start, i + 1)) as string; } catch { continue; }
      lastKey = key;
      if (depth === 2 && under[0] === undefined && under[1] === 'documents' && !out.has(key)) out.set(key, at);
    }
  }
  return out;
}
