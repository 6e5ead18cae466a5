// Resource limits, explicit and overridable, applied before and while reading untrusted input.

export interface Limits {
  /** Maximum number of archive entries / files. */
  maxEntries: number;
  /** Maximum expanded size of one file, bytes. */
  maxFileBytes: number;
  /** Maximum total expanded size, bytes. */
  maxTotalBytes: number;
  /** Maximum expanded/compressed ratio of one entry. */
  maxRatio: number;
  /** Maximum JSON / YAML nesting depth. */
  maxDepth: number;
  /** Maximum length of one JSONL line, bytes. */
  maxLineBytes: number;
  /** Maximum lines (records) of one JSONL file; empty lines count (the OCTX reference's max_jsonl_records). */
  maxJsonlRecords: number;
  /** Maximum vector dimension of an Arrow file (max_arrow_dimension). */
  maxArrowDimension: number;
  /** Maximum dictionary + record batches of one Arrow file (max_arrow_batches). */
  maxArrowBatches: number;
  /** Maximum rows of one Arrow file (max_arrow_rows). */
  maxArrowRows: number;
  /** Maximum rows × dimension of one Arrow file (max_arrow_values). */
  maxArrowValues: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxEntries: 200_000,
  maxFileBytes: 512 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  maxRatio: 200,
  maxDepth: 100,
  maxLineBytes: 16 * 1024 * 1024,
  // The OCTX reference's defaults (notes-octx-0.1.6.md §5).
  maxJsonlRecords: 1_000_000,
  maxArrowDimension: 65_536,
  maxArrowBatches: 100_000,
  maxArrowRows: 10_000_000,
  maxArrowValues: 100_000_000,
});

export function resolveLimits(partial: Partial<Limits> = {}): Limits {
  const out = { ...DEFAULT_LIMITS };
  for (const [k, v] of Object.entries(partial)) if (v !== undefined) (out as Record<string, number>)[k] = v as number;
  return out;
}
