// The `checkpoint` layer newer lean-ctx versions append to a package (notes-ctxpkg.md §3): the
// object at content.checkpoint, announced by "checkpoint" in manifest.layers. ctxforge reads and
// preserves it as written (it is part of the content hash like every member) and checks what the
// reference's text pins down: an object, present exactly when its layers entry is. In a source tree
// it lives in checkpoint.json beside ctxpkg.yaml.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { JsonSyntaxError, decodeUtf8Strict, parseJson } from '../core/strict-json.js';
import type { CheckContext } from './check.js';
import { isObject, type JsonValue } from './model.js';
import { numberHook } from './artifact.js';
import { toJsonText } from './write.js';

export const CHECKPOINT_LAYER = 'checkpoint';
export const CHECKPOINT_FILE = 'checkpoint.json';

export function checkCheckpoint(manifest: unknown, content: unknown, ctx: CheckContext): Diagnostic[] {
  if (!isObject(manifest) || !isObject(content)) return [];
  const layers = Array.isArray(manifest.layers) ? manifest.layers : [];
  const listed = layers.includes(CHECKPOINT_LAYER);
  const cp = content.checkpoint;
  if (cp === undefined) {
    return listed ? [error('CTXPKG_CHECKPOINT_LAYER', `layers lists "${CHECKPOINT_LAYER}" but content has no checkpoint`, ctx.locate(['manifest', 'layers']))] : [];
  }
  const out: Diagnostic[] = [];
  if (!isObject(cp)) out.push(error('CTXPKG_CHECKPOINT_INVALID', 'content.checkpoint must be an object', ctx.locate(['content', 'checkpoint'])));
  if (!listed) out.push(error('CTXPKG_CHECKPOINT_LAYER', `content has a checkpoint but layers does not list "${CHECKPOINT_LAYER}"`, ctx.locate(['manifest', 'layers'])));
  return out;
}

/** checkpoint.json of a source tree, parsed as the artifact reader parses (integers exact). */
export function readCheckpointFile(bytes: Buffer, diags: Diagnostic[]): JsonValue | undefined {
  try {
    return parseJson(decodeUtf8Strict(bytes, CHECKPOINT_FILE), { number: numberHook }) as JsonValue;
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    diags.push(error('CTXPKG_CHECKPOINT_INVALID', `${CHECKPOINT_FILE}: ${e.reason}`, { file: CHECKPOINT_FILE, line: e.line || undefined, column: e.column || undefined }));
    return undefined;
  }
}

/** The text import writes back: the artifact's value, one line (what the build reads it as). */
export function checkpointFileText(v: JsonValue): string {
  return `${toJsonText(v)}\n`;
}
