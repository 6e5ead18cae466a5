// The MCP SDK's own client over stdio against `ctxforge serve` run as a real process (built from the
// current sources, helpers/built.ts).
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { builtCli } from '../helpers/built.js';

export type Era = 'legacy' | 'modern';

/** `timeoutMs` bounds the handshake (the server answers only once every index is open); the server is stopped if it passes. */
export async function connect(args: string[], o: { cwd: string; env?: NodeJS.ProcessEnv; era?: Era; timeoutMs?: number }): Promise<{ client: Client; stderr: () => string }> {
  const client = new Client({ name: 'ctxforge-test', version: '1.0.0' }, o.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  const transport = new StdioClientTransport({
    command: process.execPath, args: [builtCli(), 'serve', ...args], cwd: o.cwd,
    env: { ...(o.env ?? process.env), CTXFORGE_FROM_SOURCE: '1' } as Record<string, string>, stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (b: Buffer) => { err += b.toString(); });
  try {
    await client.connect(transport, o.timeoutMs ? { timeout: o.timeoutMs } : undefined);
  } catch (e) {
    await client.close().catch(() => undefined);
    throw new Error(`the server did not answer: ${(e as Error).message}; its standard error: ${err.slice(-2000)}`);
  }
  return { client, stderr: () => err };
}

/** A whole session: tools listed and each called, resources listed page by page and one read. */
export async function session(client: Client, query: string) {
  const tools = (await client.listTools()).tools;
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    return r as { structuredContent?: Record<string, unknown>; isError?: boolean; content: { type: string; text?: string }[] };
  };
  const list = await call('list_packages', {});
  const search = await call('search', { query, limit: 5 });
  const results = (search.structuredContent?.results ?? []) as { id: string; citation: string; uri: string }[];
  const get = results[0] ? await call('get', { id: results[0].citation }) : undefined;
  const context = await call('context', { query, max_tokens: 400 });
  const resources = (await client.listResources()).resources;
  const read = resources[0] ? await client.readResource({ uri: resources[0].uri }) : undefined;
  return { tools: byName, list, search, results, get, context, resources, read };
}
