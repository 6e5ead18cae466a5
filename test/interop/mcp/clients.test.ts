// `ctxforge serve` against two MCP clients nobody here wrote, offline: the MCP Inspector's CLI
// (`--strict`: every tool schema portable to other clients' dialects, 0 errors, 0 warnings; each
// tool called) and the SDK's v1 client (1.x: tools listed, each called, its structured output
// validated against the tool's output schema by the client itself, resources paged and read).
// Run by scripts/ci-mcp.sh, which installs both into $CTXFORGE_MCP_CLIENTS and runs this under
// Node ≥ 22.19 (the Inspector needs it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { project } from './project.js';

const tools = process.env.CTXFORGE_MCP_CLIENTS ?? '';
const modules = join(tools, 'node_modules');
const inspector = join(modules, '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

test('the clients are installed and Node is ≥ 22.19 (scripts/ci-mcp.sh sets them up)', () => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  assert.ok(major > 22 || (major === 22 && minor >= 19), `Node ${process.versions.node}: the Inspector needs ≥ 22.19`);
  assert.ok(existsSync(inspector), `no MCP Inspector under ${modules} (set CTXFORGE_MCP_CLIENTS)`);
  assert.ok(existsSync(join(modules, '@modelcontextprotocol', 'sdk', 'package.json')), 'no @modelcontextprotocol/sdk 1.x');
});

function inspect(p: Awaited<ReturnType<typeof project>>, args: string[]) {
  const env = Object.entries(p.env).filter(([k]) => k === 'XDG_CACHE_HOME' || k === 'CTXFORGE_FROM_SOURCE' || k === 'HOME' || k === 'PATH').flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const r = spawnSync(process.execPath, [inspector, '--cli', '--cwd', p.dir, ...env, ...args, '--', ...p.command], {
    cwd: p.dir, encoding: 'utf8', env: { ...p.env, MCP_CATALOG_PATH: join(p.dir, '.inspector.json'), NO_COLOR: '1' }, timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, all: `exit ${r.status}\n${r.stdout}\n${r.stderr}` };
}

test('Inspector CLI --strict: tools/list has 0 errors and 0 warnings; each tool answers', async () => {
  const p = await project();
  const list = inspect(p, ['--method', 'tools/list', '--strict']);
  assert.equal(list.status, 0, list.all);
  // The server's own standard error (its start line, lock-only warnings) passes through; the
  // Inspector's findings are its `Warning: tool …` / `Error: tool …` blocks and its count.
  assert.doesNotMatch(list.stderr, /^(Warning|Error): tool /m, list.all);
  assert.doesNotMatch(list.stderr, /\b[1-9]\d* (errors?|warnings?)\b/, list.all);
  const names = (JSON.parse(list.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name).sort();
  assert.deepEqual(names, ['context', 'get', 'list_packages', 'search']);
  const calls: [string, string[]][] = [
    ['search', ['query=signing keys', 'limit=3']],
    ['context', ['query=key rotation', 'max_tokens=500']],
    ['get', ['id=acme-kit@1.0.0#doc-keys']],
    ['list_packages', []],
  ];
  for (const [name, args] of calls) {
    const r = inspect(p, ['--method', 'tools/call', '--tool-name', name, ...(args.length ? ['--tool-arg', ...args] : [])]);
    assert.equal(r.status, 0, `${name}: ${r.all}`);
    const out = JSON.parse(r.stdout) as { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] };
    assert.notEqual(out.isError, true, `${name}: ${r.all}`);
    assert.ok(out.structuredContent, name);
    if (name === 'context') {
      const size = [...out.content[0]!.text].length + [...JSON.stringify(out.structuredContent)].length;
      assert.ok(size <= 2000, `context within 4 × 500 characters: ${size}`);
      assert.equal(out.structuredContent.used_tokens, Math.ceil(size / 4));
    }
  }
  const res = inspect(p, ['--method', 'resources/list']);
  assert.equal(res.status, 0, res.all);
  assert.ok((JSON.parse(res.stdout) as { resources: unknown[] }).resources.length >= 40);
});

test('SDK v1 client: tools listed and called, structured output validated by the client against each output schema', async () => {
  const p = await project();
  const esm = join(modules, '@modelcontextprotocol', 'sdk', 'dist', 'esm', 'client');
  const { Client } = await import(pathToFileURL(join(esm, 'index.js')).href) as { Client: new (...a: unknown[]) => V1Client };
  const { StdioClientTransport } = await import(pathToFileURL(join(esm, 'stdio.js')).href) as { StdioClientTransport: new (o: unknown) => unknown };
  interface V1Client {
    connect(t: unknown): Promise<void>; close(): Promise<void>;
    listTools(): Promise<{ tools: { name: string; outputSchema?: unknown }[] }>;
    callTool(a: { name: string; arguments: Record<string, unknown> }): Promise<{ isError?: boolean; structuredContent?: Record<string, unknown>; content: { text?: string }[] }>;
    listResources(a?: { cursor?: string }): Promise<{ resources: { uri: string }[]; nextCursor?: string }>;
    readResource(a: { uri: string }): Promise<{ contents: { text?: string }[] }>;
    getServerVersion(): { name: string } | undefined;
  }
  const client = new Client({ name: 'ctxforge-interop', version: '1.0.0' });
  const [command, ...args] = p.command;
  await client.connect(new StdioClientTransport({ command, args, cwd: p.dir, env: p.env, stderr: 'pipe' }));
  try {
    assert.equal(client.getServerVersion()?.name, 'ctxforge');
    const listed = (await client.listTools()).tools;
    assert.deepEqual(listed.map((t) => t.name).sort(), ['context', 'get', 'list_packages', 'search']);
    assert.ok(listed.every((t) => t.outputSchema), 'every tool has an output schema the client validates against');
    const search = await client.callTool({ name: 'search', arguments: { query: 'signing keys' } });
    const first = (search.structuredContent!.results as { citation: string }[])[0]!;
    assert.equal(first.citation, 'acme-kit@1.0.0#doc-keys');
    const got = await client.callTool({ name: 'get', arguments: { id: first.citation } });
    assert.equal(got.structuredContent!.description === null || typeof got.structuredContent!.description === 'string', true);
    for (const max of [200, 300, 1000]) {
      const c = await client.callTool({ name: 'context', arguments: { query: 'key rotation storage', max_tokens: max } });
      const size = [...c.content[0]!.text!].length + [...JSON.stringify(c.structuredContent)].length;
      assert.ok(size <= 4 * max, `${max}: ${size}`);
      assert.equal(c.structuredContent!.used_tokens, Math.ceil(size / 4));
    }
    await client.callTool({ name: 'list_packages', arguments: {} });
    let cursor: string | undefined;
    let n = 0;
    do { const page = await client.listResources(cursor ? { cursor } : undefined); n += page.resources.length; cursor = page.nextCursor; } while (cursor);
    assert.equal(n, 42);
    const bad = await client.callTool({ name: 'context', arguments: { query: 'x', max_tokens: 5 } }).catch((e: Error) => ({ isError: true, content: [{ text: e.message }] }));
    assert.equal(bad.isError, true, 'a budget below the minimum is refused');
  } finally {
    await client.close();
  }
});
