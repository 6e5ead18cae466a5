// Safe YAML: core schema only, no anchors or aliases (not even an unused anchor), no custom tags,
// unique scalar keys, bounded depth. Any violation is an error with its line.
import { parseDocument, isScalar, visit, type Document } from 'yaml';

export class YamlSafetyError extends Error {
  constructor(message: string, readonly line?: number) {
    super(line ? `${message} (line ${line})` : message);
    this.name = 'YamlSafetyError';
    this.reason = message;
  }
  readonly reason: string;
}

export interface SafeYamlOptions {
  maxDepth?: number;
  /** Added to reported line numbers (e.g. frontmatter starting on line 2 of a file). */
  lineOffset?: number;
  /** Integers as bigint, so callers can tell `1` from `1.0` (floats stay numbers). */
  intAsBigInt?: boolean;
}

function lineOf(doc: Document, offset: number | undefined, lineOffset: number): number | undefined {
  if (offset === undefined) return undefined;
  const src = (doc as unknown as { _src?: string })._src;
  if (src === undefined) return undefined;
  let line = 1;
  for (let i = 0; i < offset && i < src.length; i++) if (src.charCodeAt(i) === 10) line++;
  return line + lineOffset;
}

export function parseYamlSafe(text: string, opts: SafeYamlOptions = {}): unknown {
  const lineOffset = opts.lineOffset ?? 0;
  const maxDepth = opts.maxDepth ?? 100;
  const doc = parseDocument(text, { uniqueKeys: true, merge: false, strict: true, schema: 'core', prettyErrors: false, intAsBigInt: opts.intAsBigInt ?? false });
  (doc as unknown as { _src: string })._src = text;
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const line = problem.linePos?.[0]?.line;
    const msg = problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new YamlSafetyError(msg.includes('tag') ? `unsupported YAML tag: ${msg}` : msg, line !== undefined ? line + lineOffset : undefined);
  }
  visit(doc, {
    Alias(_k, node) {
      throw new YamlSafetyError('YAML aliases are not allowed', lineOf(doc, node.range?.[0], lineOffset));
    },
    Node(_k, node, path) {
      if ((node as { anchor?: string }).anchor) throw new YamlSafetyError('YAML anchors are not allowed', lineOf(doc, node.range?.[0], lineOffset));
      if ((node as { tag?: string }).tag && !String((node as { tag?: string }).tag).startsWith('tag:yaml.org,2002:')) {
        throw new YamlSafetyError(`custom YAML tag ${(node as { tag?: string }).tag} is not allowed`, lineOf(doc, node.range?.[0], lineOffset));
      }
      if (path.length > maxDepth * 2) throw new YamlSafetyError(`YAML nested deeper than ${maxDepth}`, lineOf(doc, node.range?.[0], lineOffset));
    },
    Pair(_k, pair) {
      if (pair.key !== null && !isScalar(pair.key)) {
        const k = pair.key as { range?: [number, number, number] };
        throw new YamlSafetyError('YAML keys must be scalars', lineOf(doc, k.range?.[0], lineOffset));
      }
    },
  });
  return doc.toJS({ maxAliasCount: 0 });
}

export interface Frontmatter {
  /** The YAML text between the fences ('' when absent). */
  yaml: string;
  /** 1-based line of the first YAML line in the file. */
  yamlLine: number;
  /** Text after the closing fence. */
  body: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
  present: boolean;
}

/** Splits `---` fenced frontmatter from a Markdown text (BOM already stripped). */
export function splitFrontmatter(text: string): Frontmatter {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return { yaml: '', yamlLine: 1, body: text, bodyLine: 1, present: false };
  const rest = text.slice(open[0].length);
  // The closing fence is the first `---` or `...` line.
  const m = /(^|\n)((?:---|\.\.\.)[ \t]*)(\r?\n|$)/.exec(rest);
  const idx = m ? m.index + m[1]!.length : -1;
  const fenceLen = m ? m[2]!.length + m[3]!.length : 0;
  if (idx < 0) return { yaml: '', yamlLine: 2, body: text, bodyLine: 1, present: false };
  const yaml = rest.slice(0, idx);
  const yamlLines = yaml.split('\n').length - (yaml.endsWith('\n') || yaml === '' ? 1 : 0);
  return { yaml, yamlLine: 2, body: rest.slice(idx + fenceLen), bodyLine: 2 + yamlLines + 1, present: true };
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
