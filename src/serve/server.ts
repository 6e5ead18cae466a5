// `ctxforge serve`: a Model Context Protocol server on stdio (the official TypeScript SDK, v2:
// serveStdio answers the 2025-era initialize handshake current clients open with and the
// 2026-07-28 revision, from one factory). Read-only tools with JSON Schemas and structured output,
// and every document as a resource. Nothing is served that was not verified at start.
import type { Diagnostic } from '../core/diagnostics.js';
import { DiagnosticError, error } from '../core/diagnostics.js';
import { loadLocked, type LoadOptions, type ServedPackage } from './corpus.js';
import { loadServedArtifact } from './load-served.js';
import { openIndex } from './search-index.js';
import { reply } from './reply.js';
import { readBodiesFromIndex } from './served-bodies.js';
import { StdioWire } from './stdio-wire.js';
import * as tools from './tools.js';
import type { Served } from './tools.js';

export interface ServeOptions extends LoadOptions {
  specs: string[];
  lock?: boolean;
}

export interface Prepared { served: Served[]; notes: Diagnostic[] }

/**
 * Verifies every package and opens (or builds) its index; throws before anything is served. An
 * artifact's index is built in its verification's pass (load-served.ts); a locked package's from
 * the documents its check read.
 */
export async function prepareServe(o: ServeOptions): Promise<Prepared> {
  const notes: Diagnostic[] = [];
  const env = o.env ?? process.env;
  const served: Served[] = [];
  try {
    for (const spec of o.specs) served.push(await loadServedArtifact(spec, o, notes));
    const locked: ServedPackage[] = o.lock ? await loadLocked(o, notes) : [];
    if (!served.length && !locked.length) throw new DiagnosticError(error('CTXFORGE_SERVE_NOTHING', 'nothing to serve: name artifacts, or --lock with packages installed', { hint: 'ctxforge serve dist/kb-1.0.0.octx --key minisign.pub' }), 2);
    // Several versions of one package are served side by side (each cited by its own version); the
    // same name and version twice is a mistake.
    const names = new Map<string, number>();
    for (const p of [...served.map((s) => s.pkg), ...locked]) { const k = `${p.name}@${p.version ?? 'unversioned'}`; names.set(k, (names.get(k) ?? 0) + 1); }
    const twice = [...names].filter(([, n]) => n > 1).map(([k]) => k);
    if (twice.length) throw new DiagnosticError(error('CTXFORGE_USAGE', `package ${twice.map((t) => JSON.stringify(t)).join(', ')} is given more than once`), 2);
    for (const pkg of locked) served.push({ pkg, index: await openIndex(pkg, env, notes) });
  } catch (e) {
    for (const s of served) s.index.close();
    throw e;
  }
  // From here each text is read back from the index's file when asked, checked against the digest
  // taken at start; the second stage's fields are made from them (read once each, not kept).
  const reading = served.map((s) => readBodiesFromIndex(s.pkg, s.index));
  tools.warm(served);
  for (const r of reading) r.forget();
  return { served, notes };
}

const str = { type: 'string' } as const;
/** A string or null, as `anyOf`: a type array (`["string","null"]`) is not portable to every client's schema dialect. */
const strOrNull = { anyOf: [str, { type: 'null' }] } as const;
/** Present when a cap on a search's cost cut the query (words dropped, shortened or not searched). */
const notes = { type: 'array', items: str, description: 'What the search limits cut from the query, if anything.' } as const;
const resultItem = {
  type: 'object',
  properties: { id: str, title: str, citation: str, uri: str, score: { type: 'number' }, snippet: str },
  required: ['id', 'title', 'citation', 'uri', 'score', 'snippet'],
} as const;
/** Each package results come from, once: `name@version` and its artifact's SHA-256. */
const packageRefs = { type: 'array', items: { type: 'object', required: ['package', 'artifact_sha256'], properties: { package: str, artifact_sha256: str } } } as const;

export const TOOL_SCHEMAS = {
  search: {
    input: { type: 'object', additionalProperties: false, required: ['query'], properties: {
      query: { type: 'string', minLength: 1, maxLength: 4096, description: 'Words to look for: an exact page name or title ranks first, then pages by title, lead, headings and text.' },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Most results (default 10).' },
      package: { type: 'string', description: 'Only this package: a name (every version served), name@version, or name@1.2 (the versions 1.2 and 1.2.x).' },
    } },
    output: { type: 'object', required: ['query', 'packages', 'results'], properties: { query: str, packages: packageRefs, results: { type: 'array', items: resultItem }, notes } },
  },
  get: {
    input: { type: 'object', additionalProperties: false, required: ['id'], properties: {
      id: { type: 'string', minLength: 1, description: 'A document id, or a citation package@version#id.' },
      package: { type: 'string', description: 'The package (name, name@version or name@1.2), when several have a document with this id.' },
    } },
    output: { type: 'object', required: ['id', 'title', 'package', 'version', 'path', 'uri', 'citation', 'artifact_sha256', 'links', 'text'], properties: {
      id: str, title: str, package: str, version: str, path: str, uri: str, citation: str, artifact_sha256: str,
      type: strOrNull, description: strOrNull, tags: { type: 'array', items: str }, links: { type: 'array', items: str }, text: str,
    } },
  },
  context: {
    input: { type: 'object', additionalProperties: false, required: ['query', 'max_tokens'], properties: {
      query: { type: 'string', minLength: 1, maxLength: 4096, description: 'What the context is for.' },
      max_tokens: { type: 'integer', minimum: tools.MIN_CONTEXT_TOKENS, maximum: 1000000, description: `Token budget of the whole reply (its text and structured content together), estimated as ${tools.TOKEN_ESTIMATE}.` },
      package: { type: 'string', description: 'Only this package: a name, name@version or name@1.2.' },
    } },
    output: { type: 'object', required: ['max_tokens', 'used_tokens', 'token_estimate', 'packages', 'documents'], properties: {
      max_tokens: { type: 'integer' }, used_tokens: { type: 'integer', description: 'The estimate of this whole reply: its text and this structured content together.' }, token_estimate: str, notes, packages: packageRefs,
      documents: { type: 'array', items: { type: 'object', required: ['citation', 'title', 'sections'], properties: {
        citation: str, title: str,
        sections: { type: 'array', items: { type: 'object', required: ['heading', 'text'], properties: { heading: strOrNull, text: str } } },
      } } },
    } },
  },
  list_packages: {
    input: { type: 'object', additionalProperties: false, properties: {} },
    output: { type: 'object', required: ['packages'], properties: { packages: { type: 'array', items: { type: 'object', required: ['name', 'version', 'format', 'artifact_sha256', 'documents'], properties: {
      name: str, version: str, format: str, artifact_sha256: str, source: str, documents: { type: 'integer' },
      signer: { type: 'object', properties: { key_id: strOrNull, trust: str } },
    } } } } },
  },
} as const;

const DESCRIPTIONS: Record<keyof typeof TOOL_SCHEMAS, string> = {
  search: 'Search the verified knowledge packages; returns ranked documents with their stable id, title, package@version, citation and a snippet.',
  get: 'One document\'s full text and metadata (with its links), by id or citation.',
  context: 'The best documents, or their best sections, for a query, the whole reply within a token budget; each document with its citation (package@version#id), each package with its artifact\'s SHA-256.',
  list_packages: 'The packages served: name, version, format, artifact SHA-256, signer.',
};

/** Starts the server on this process's stdio (or the streams given); resolves once it is listening. */
export async function serveStdio(p: Prepared, info: { version: string }, io: { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream } = {}): Promise<{ close(): Promise<void> }> {
  const sdk = await import('@modelcontextprotocol/server');
  const stdio = await import('@modelcontextprotocol/server/stdio');
  const run = <V>(fn: () => V, text: (v: V) => string) => {
    try {
      const v = fn();
      return reply(text(v), v as Record<string, unknown>);
    } catch (e) {
      if (e instanceof tools.ToolError) return { content: [{ type: 'text' as const, text: e.message }], isError: true };
      throw e;
    }
  };
  const handlers = {
    search: (a: Record<string, unknown>) => run(() => tools.search(p.served, a as never), tools.TEXT.search),
    get: (a: Record<string, unknown>) => run(() => tools.get(p.served, a as never), tools.TEXT.get),
    context: (a: Record<string, unknown>) => run(() => tools.context(p.served, a as never), tools.TEXT.context),
    list_packages: () => run(() => tools.listPackages(p.served), tools.TEXT.list_packages),
  };
  const factory = () => {
    const mcp = new sdk.McpServer({ name: 'ctxforge', version: info.version }, {
      capabilities: { resources: {} },
      instructions: 'Verified knowledge packages. Use search to find documents, get to read one, context to assemble a token-budgeted answer base with citations; cite package@version#id.',
    });
    for (const name of Object.keys(TOOL_SCHEMAS) as (keyof typeof TOOL_SCHEMAS)[]) {
      mcp.registerTool(name, {
        description: DESCRIPTIONS[name],
        inputSchema: sdk.fromJsonSchema(TOOL_SCHEMAS[name].input as never),
        outputSchema: sdk.fromJsonSchema(TOOL_SCHEMAS[name].output as never),
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      }, (async (args: Record<string, unknown>) => handlers[name](args ?? {})) as never);
    }
    const protocolError = (e: unknown) => {
      if (e instanceof tools.ToolError) throw new sdk.ProtocolError(-32602, e.message);
      throw e;
    };
    mcp.server.setRequestHandler('resources/list', async (req: { params?: { cursor?: string } }) => {
      try { return tools.listResources(p.served, req.params?.cursor); } catch (e) { return protocolError(e); }
    });
    mcp.server.setRequestHandler('resources/read', async (req: { params: { uri: string } }) => {
      try { return tools.readResource(p.served, req.params.uri); } catch (e) { return protocolError(e); }
    });
    mcp.server.setRequestHandler('resources/templates/list', async () => ({
      resourceTemplates: [{ uriTemplate: 'ctxforge://{package}@{version}/{id}', name: 'document', title: 'A document of a served package', mimeType: 'text/markdown' }],
    }));
    return mcp;
  };
  const handle = stdio.serveStdio(factory as never, { transport: new StdioWire((io.stdin ?? process.stdin) as never, (io.stdout ?? process.stdout) as never) as never });
  return { close: () => handle.close() };
}
