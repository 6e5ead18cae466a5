// The `kind: skills` payload (lean-ctx context-package v2 §3.4): content.documents.files, each
// {path, sha256 of the plaintext, encoding "zstd+base64", body}, sorted by path, at most 256 files,
// 1 MiB a file and 8 MiB in all. Bodies are written as zstd frames of raw blocks (valid zstd any
// decoder reads, deterministic, no compressor needed); reading decodes raw and RLE blocks here and
// compressed ones through Node's zstd where the runtime has it. Each folder is an Agent Skill and is
// checked by the Agent Skills rules (core/skill-folder.ts).
import * as zlib from 'node:zlib';
import { error, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { checkSkillFolder } from '../core/skill-folder.js';
import { SKILL_FIELDS } from '../core/agent-skill.js';
import { groupSkillFiles } from '../doc-model.js';
import type { CheckContext } from './check.js';
import { isObject, type JsonObject } from './model.js';

/** kind: skills — in a source tree, every file below documents/ is one named blob, its path relative to documents/. */
export const DOCUMENTS_DIR = 'documents/';

export const DOCUMENT_ENCODING = 'zstd+base64';
export const DOCUMENT_CAPS = { files: 256, fileBytes: 1024 * 1024, totalBytes: 8 * 1024 * 1024 };
const MAGIC = 0xfd2fb528;
const MAX_BLOCK = 128 * 1024;

/** A zstd frame holding `data` in raw blocks, with its content size and no checksum. */
export function zstdRaw(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(4 + 1 + 8);
  head.writeUInt32LE(MAGIC, 0);
  // Frame header descriptor: 8-byte Frame_Content_Size, Single_Segment (no window descriptor).
  head[4] = 0b11100000;
  head.writeBigUInt64LE(BigInt(data.length), 5);
  parts.push(head);
  let at = 0;
  do {
    const n = Math.min(MAX_BLOCK, data.length - at);
    const last = at + n >= data.length ? 1 : 0;
    const h = (n << 3) | (0 << 1) | last;
    parts.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]), data.subarray(at, at + n));
    at += n;
  } while (at < data.length);
  return Buffer.concat(parts);
}

/** Decodes a zstd frame; undefined when it holds compressed blocks and this runtime has no zstd. */
export function zstdDecode(frame: Buffer): Buffer | undefined {
  const native = (zlib as unknown as { zstdDecompressSync?: (b: Buffer) => Buffer }).zstdDecompressSync;
  if (native) return native(frame);
  if (frame.length < 6 || frame.readUInt32LE(0) !== MAGIC) throw new Error('not a zstd frame');
  const fhd = frame[4]!;
  const fcsFlag = fhd >> 6, single = (fhd >> 5) & 1, dictFlag = fhd & 3, checksum = (fhd >> 2) & 1;
  let at = 5 + (single ? 0 : 1) + [0, 1, 2, 4][dictFlag]!;
  at += fcsFlag === 0 ? (single ? 1 : 0) : [0, 2, 4, 8][fcsFlag]!;
  const out: Buffer[] = [];
  for (;;) {
    if (at + 3 > frame.length) throw new Error('truncated zstd block');
    const h = frame[at]! | (frame[at + 1]! << 8) | (frame[at + 2]! << 16);
    at += 3;
    const last = h & 1, type = (h >> 1) & 3, size = h >>> 3;
    if (type === 0) { if (at + size > frame.length) throw new Error('truncated zstd block'); out.push(frame.subarray(at, at + size)); at += size; }
    else if (type === 1) { out.push(Buffer.alloc(size, frame[at]!)); at += 1; }
    else if (type === 2) return undefined;
    else throw new Error('reserved zstd block type');
    if (last) break;
  }
  if (checksum) at += 4;
  return Buffer.concat(out);
}

export function documentBlob(path: string, bytes: Buffer): JsonObject {
  return { path, sha256: sha256Hex(bytes), encoding: DOCUMENT_ENCODING, body: zstdRaw(bytes).toString('base64') };
}

export function documentsOf(files: { path: string; bytes: Buffer }[]): JsonObject {
  return { files: [...files].sort((a, b) => compareUtf8(a.path, b.path)).map((f) => documentBlob(f.path, f.bytes)) };
}

/** lean-ctx's document path rule: relative, '/'-separated, no '.', '..', ':' or control characters. */
export function documentPathProblem(p: string): string | null {
  if (p === '' || p.length > 512) return 'is empty or longer than 512 characters';
  if (p.startsWith('/') || p.includes('\\') || p.includes(':')) return 'must be relative with / separators';
  // eslint-disable-next-line no-control-regex
  if (p.split('/').some((c) => c === '' || c === '.' || c.startsWith('..')) || /[\u0000-\u001f\u007f]/.test(p)) return 'has an unsafe component';
  return null;
}

/** Kind coherence and the documents payload's rules (paths, caps, each body against its sha256). */
export function checkDocuments(manifest: unknown, content: unknown, ctx: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const kind = isObject(manifest) ? manifest.kind : undefined;
  const docs = isObject(content) ? content.documents : undefined;
  const at = ctx.locate(['content', 'documents']);
  if (kind !== 'skills') {
    if (docs !== undefined) out.push(error('CTXPKG_DOCUMENTS_INVALID', `content.documents requires kind: skills (the manifest declares ${kind === undefined ? 'context' : String(kind)})`, at));
    return out;
  }
  if (!isObject(docs) || !Array.isArray(docs.files)) return [error('CTXPKG_DOCUMENTS_INVALID', 'kind: skills requires content.documents {files: [...]}', at)];
  const files = docs.files;
  if (!files.length) return [error('CTXPKG_DOCUMENTS_INVALID', 'a skills package holds at least one document', at)];
  if (files.length > DOCUMENT_CAPS.files) return [error('CTXPKG_DOCUMENTS_INVALID', `a skills package holds at most ${DOCUMENT_CAPS.files} documents, this one ${files.length}`, at)];
  const seen = new Set<string>();
  const decoded: Array<{ path: string; bytes: Buffer }> = [];
  let total = 0;
  let prev = '';
  for (const f of files) {
    if (!isObject(f) || typeof f.path !== 'string' || typeof f.sha256 !== 'string' || typeof f.body !== 'string' || typeof f.encoding !== 'string') { out.push(error('CTXPKG_DOCUMENTS_INVALID', 'each document is {path, sha256, encoding, body}', at)); continue; }
    const where = `document ${JSON.stringify(f.path)}`;
    const p = documentPathProblem(f.path);
    if (p) { out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where}: the path ${p}`, at)); continue; }
    if (seen.has(f.path)) { out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where} appears twice`, at)); continue; }
    if (compareUtf8(prev, f.path) > 0) out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where} is out of order (documents are sorted by path)`, at));
    prev = f.path;
    seen.add(f.path);
    if (f.encoding !== DOCUMENT_ENCODING) { out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where}: encoding ${JSON.stringify(f.encoding)} is not ${DOCUMENT_ENCODING}`, at)); continue; }
    let plain: Buffer | undefined;
    try { plain = zstdDecode(Buffer.from(f.body, 'base64')); } catch (e) { out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where}: body does not decode (${(e as Error).message})`, at)); continue; }
    if (!plain) { out.push(warning('CTXPKG_DOCUMENTS_INVALID', `${where}: compressed zstd blocks need a runtime with zstd; its sha256 was not checked`, at)); continue; }
    if (plain.length > DOCUMENT_CAPS.fileBytes) out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where} is ${plain.length} bytes (at most ${DOCUMENT_CAPS.fileBytes})`, at));
    if (sha256Hex(plain) !== f.sha256) out.push(error('CTXPKG_DOCUMENTS_INVALID', `${where}: body does not match its sha256`, at));
    total += plain.length;
    decoded.push({ path: f.path, bytes: plain });
  }
  if (total > DOCUMENT_CAPS.totalBytes) out.push(error('CTXPKG_DOCUMENTS_INVALID', `the documents decode to ${total} bytes (at most ${DOCUMENT_CAPS.totalBytes})`, at));
  out.push(...skillFindings(decoded, ctx));
  return out;
}

/**
 * The Agent Skills rules on each folder of a skills pack, as `skills validate` applies them, but
 * for unknown frontmatter keys: a pack keeps a host's keys (Claude Code's `model` …) as written, so
 * they are warnings. A source tree's findings point into its files; a built package's name the
 * document inside it (`<package>:documents/<skill>/SKILL.md`).
 */
function skillFindings(files: Array<{ path: string; bytes: Buffer }>, ctx: CheckContext): Diagnostic[] {
  const base = ctx.mode === 'source' ? DOCUMENTS_DIR : `${ctx.locate(['content', 'documents']).file ?? 'package'}:${DOCUMENTS_DIR}`;
  const out: Diagnostic[] = [];
  for (const s of groupSkillFiles(files)) {
    for (const f of checkSkillFolder(s, `${base}${s.name}`).findings) {
      // Whether a cartridge could hold the name is no finding about the pack.
      if (f.rule === 'ascii-name') continue;
      out.push(f.rule === 'unknown-key' ? { ...f.diagnostic, severity: 'warning', message: `unknown frontmatter key ${JSON.stringify(f.key)} kept as written: the specification allows only ${SKILL_FIELDS.join(', ')} and skills-ref rejects it, but hosts such as Claude Code read it` } : f.diagnostic);
    }
  }
  return out;
}
