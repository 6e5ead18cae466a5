// The format-neutral shape sync and convert move knowledge through: documents with a stable ID, a
// portable path, a title and a Markdown body, plus the assets beside them.
import type { Diagnostic } from '../core/diagnostics.js';

export type TargetFormat = 'octx' | 'ctxpkg' | 'acx';
export const TARGET_FORMATS: readonly TargetFormat[] = ['octx', 'ctxpkg', 'acx'];

export interface Doc {
  /** Stable ID: an OCTX document_id, a ctxpkg node id, a cartridge knowledge file's `id`. */
  id: string;
  /** Portable relative path below the format's document folder (knowledge/ or nodes/), ending in .md. */
  path: string;
  title: string;
  /** OKF type (Reference, Concept …). */
  type?: string;
  description?: string;
  tags?: string[];
  /** Markdown after the frontmatter. */
  body: string;
  /** Fields of one format that no other has a place for, carried so a round trip gives them back. */
  carried?: Record<string, Record<string, unknown>>;
}

export interface Asset {
  path: string;
  bytes: Buffer;
}

export interface Corpus {
  docs: Doc[];
  assets: Asset[];
}

export interface PackageMeta {
  name: string;
  version?: string;
  description?: string;
}

/** What a step left out or changed on the way, as info diagnostics (never silently dropped). */
export type Notes = Diagnostic[];
