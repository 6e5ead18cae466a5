// Safe YAML: core schema only, no anchors or aliases (not even an unused anchor), no custom tags,
// unique scalar keys, bounded depth. Any violation is an error with its line.
//
// Two parsers, one verdict. The `yaml` package is the reference: it sees anchors, tags and key
// nodes, and gives every error a line. It costs ~100-150 µs for a six-line frontmatter, which
// dominates validating 50k documents (issue 7), so text that cannot hold an anchor, alias, tag or
// complex key goes first through js-yaml 4 (~10 µs) with a schema holding exactly YAML 1.2's core
// resolution rules (the same regular expressions the reference uses). Anything js-yaml rejects,
// and any text the gate lets by, goes to the reference, so errors and their lines are the same.
import type { Document } from 'yaml';
import type * as JsYaml from 'js-yaml';
import { lazyRequire } from './lazy.js';
import { NO_STEPS, type StepSink } from './steps.js';
import { parseFlatYaml } from './yaml-flat.js';

// A command that parses no YAML never pays for either parser at start-up.
const reference = lazyRequire<typeof import('yaml')>('yaml');
const jsYaml = lazyRequire<typeof JsYaml>('js-yaml');

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
  /**
   * Anchors and aliases allowed, expanded up to this many nodes in all (the reference's
   * `maxAliasCount`: a document whose aliases would expand beyond it — a billion laughs — is an
   * error). For configuration written by hand that names a value once and reuses it (Docsy's
   * hugo.yaml); manifests and frontmatter keep the default, none.
   */
  aliases?: number;
}

function lineOf(doc: Document, offset: number | undefined, lineOffset: number): number | undefined {
  if (offset === undefined) return undefined;
  const src = (doc as unknown as { _src?: string })._src;
  if (src === undefined) return undefined;
  let line = 1;
  for (let i = 0; i < offset && i < src.length; i++) if (src.charCodeAt(i) === 10) line++;
  return line + lineOffset;
}

/**
 * Characters without which no anchor (&), alias (*), tag (!), explicit key (? ) or flow-collection
 * key (]: or }:) can be written, and a `#` right after a closing bracket, brace, quote or comma,
 * which js-yaml takes for a comment where YAML requires white space first (`[a]#x` is an error to
 * the reference), and a colon with nothing before it on its line or after `{`, `[` or `,` (an
 * empty key: the reference names it "", js-yaml "null"). Prose that merely contains one ("R&D", "Why?") just takes the reference path.
 */
const NEEDS_REFERENCE = /[&*!%]|\?(?:[ \t\r\n]|$)|[\]}][ \t]*:|[\]}"',]#|(?:^|[\n{[,])[ \t-]*:/;

interface FastParser { load: typeof JsYaml.load; schemas: Map<boolean, JsYaml.Schema> }
let fast: FastParser | undefined;

/** js-yaml with YAML 1.2 core resolution exactly as the reference package applies it. */
function fastParser(): FastParser {
  if (fast) return fast;
  const js = jsYaml();
  const scalar = (tag: string, resolve: (s: string) => boolean, construct: (s: string) => unknown) => new js.Type(`tag:yaml.org,2002:${tag}`, { kind: 'scalar', resolve, construct });
  const schemaFor = (bigInt: boolean): JsYaml.Schema => js.FAILSAFE_SCHEMA.extend({
    implicit: [
      scalar('null', (s) => /^(?:~|[Nn]ull|NULL)?$/.test(s), () => null),
      scalar('bool', (s) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s), (s) => s[0] === 't' || s[0] === 'T'),
      scalar('int', (s) => /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(s), (s) => {
        if (bigInt) return BigInt(s);
        return s.startsWith('0o') ? parseInt(s.slice(2), 8) : s.startsWith('0x') ? parseInt(s.slice(2), 16) : parseInt(s, 10);
      }),
      scalar('float', (s) => /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/.test(s), (s) => {
        const l = s.toLowerCase();
        if (l.endsWith('nan')) return NaN;
        if (l.endsWith('inf')) return s[0] === '-' ? -Infinity : Infinity;
        return parseFloat(s);
      }),
    ],
  });
  fast = { load: js.load, schemas: new Map([[false, schemaFor(false)], [true, schemaFor(true)]]) };
  return fast;
}

/** The fast path's result, or undefined when the reference parser must decide. */
function tryFast(text: string, opts: SafeYamlOptions, maxDepth: number): { value: unknown } | undefined {
  // The common frontmatter (two levels at most) without a parser at all. It answers only text it
  // gives the reference's value for, held to the reference itself (test/core/yaml-flat.test.ts), so
  // the gate below, js-yaml's, need not be searched first: that search was a quarter of the flat
  // path's time (issue 39's profile of a validate).
  if (maxDepth >= 3) {
    const flat = parseFlatYaml(text);
    if (flat) return { value: flat };
  }
  if (NEEDS_REFERENCE.test(text)) return undefined;
  const p = fastParser();
  try {
    const value = p.load(text, { schema: p.schemas.get(opts.intAsBigInt ?? false)!, json: false, maxDepth } as JsYaml.LoadOptions);
    // An empty document is null to the reference, undefined to js-yaml.
    return { value: value === undefined ? null : value };
  } catch {
    return undefined;
  }
}

export function parseYamlSafe(text: string, opts: SafeYamlOptions = {}): unknown {
  const maxDepth = opts.maxDepth ?? 100;
  const quick = tryFast(text, opts, maxDepth);
  if (quick) return quick.value;
  return parseReference(text, opts, maxDepth);
}

/** The reference parser: slower, sees every node, gives every error its line. */
export function parseReference(text: string, opts: SafeYamlOptions = {}, maxDepth = opts.maxDepth ?? 100): unknown {
  const { parseDocument, isScalar, visit } = reference();
  const lineOffset = opts.lineOffset ?? 0;
  const doc = parseDocument(text, { uniqueKeys: true, merge: false, strict: true, schema: 'core', prettyErrors: false, intAsBigInt: opts.intAsBigInt ?? false });
  (doc as unknown as { _src: string })._src = text;
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    // Warnings (an unresolved tag) carry an offset but no line position.
    const line = problem.linePos?.[0]?.line !== undefined ? problem.linePos[0].line + lineOffset : lineOf(doc, problem.pos?.[0], lineOffset);
    const msg = problem.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new YamlSafetyError(msg.includes('tag') ? `unsupported YAML tag: ${msg}` : msg, line);
  }
  const aliases = opts.aliases ?? 0;
  visit(doc, {
    Alias(_k, node) {
      if (!aliases) throw new YamlSafetyError('YAML aliases are not allowed', lineOf(doc, node.range?.[0], lineOffset));
    },
    Node(_k, node, path) {
      if (!aliases && (node as { anchor?: string }).anchor) throw new YamlSafetyError('YAML anchors are not allowed', lineOf(doc, node.range?.[0], lineOffset));
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
  if (!aliases) return doc.toJS({ maxAliasCount: 0 });
  try {
    return doc.toJS({ maxAliasCount: aliases });
  } catch (e) {
    throw new YamlSafetyError(`YAML aliases expand beyond ${aliases} nodes: ${(e as Error).message.split('\n')[0]}`);
  }
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

/** A closing fence line: `---` or `...`, then only spaces or tabs (a `\r` is the line end's). */
function isClosingFence(text: string, from: number, to: number): boolean {
  if (to - from < 3) return false;
  const head = text.slice(from, from + 3);
  if (head !== '---' && head !== '...') return false;
  for (let i = from + 3; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Splits `---` fenced frontmatter from a Markdown text (BOM already stripped), reading each line
 * once (`steps` counts them: a pathological file costs no more than its length).
 */
export function splitFrontmatter(text: string, steps: StepSink = NO_STEPS): Frontmatter {
  // The opening fence: `---`, spaces or tabs, and a line end.
  let i = 3;
  steps(3);
  if (!text.startsWith('---')) return { yaml: '', yamlLine: 1, body: text, bodyLine: 1, present: false };
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (text.charCodeAt(i) === 13) i++;
  steps(i - 2);
  if (text.charCodeAt(i) !== 10) return { yaml: '', yamlLine: 1, body: text, bodyLine: 1, present: false };
  const start = i + 1;
  // The closing fence is the first `---` or `...` line; its `\r` counts only before a `\n`.
  let lines = 0;
  for (let from = start; from <= text.length;) {
    const nl = text.indexOf('\n', from);
    const end = nl < 0 ? text.length : nl;
    steps(end - from + 1);
    const contentEnd = nl >= 0 && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (isClosingFence(text, from, contentEnd)) {
      const after = nl < 0 ? text.length : nl + 1;
      return { yaml: text.slice(start, from), yamlLine: 2, body: text.slice(after), bodyLine: 2 + lines + 1, present: true };
    }
    if (nl < 0) break;
    lines++;
    from = nl + 1;
  }
  return { yaml: '', yamlLine: 2, body: text, bodyLine: 1, present: false };
}

export { stripBom } from './utf8.js';
