// Machinery shared by the property tests and `npm run fuzz`: the bounded validation worker, the
// Python oracle client, builders for generated source trees, and the byte / structure mutators.
import { Worker } from 'node:worker_threads';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { MemoryTree } from '../../src/core/tree.js';
import { formatByName } from '../../src/formats.js';
import { openOctx } from '../../src/octx/archive.js';
import type { FormatName } from '../../src/format.js';
import { buildZip, type RawEntry } from '../helpers/rawzip.js';
import type { Files } from './gen.js';
import type { Job, Outcome } from './validate-worker.js';

export const EPOCH = 1767225600;
const here = new URL('.', import.meta.url).pathname;
const tsxApi = import.meta.resolve('tsx/esm/api');
const workerUrl = new URL('./validate-worker.ts', import.meta.url).href;

// ------------------------------------------------------------------ bounded validation

export interface GuardOptions {
  /** Hang guard per case: generous, since CI runs on two busy cores; a real hang never ends. */
  timeoutMs?: number;
  /** Heap ceiling of the worker: a memory blow-up fails the case instead of the machine. */
  maxOldMb?: number;
}

export type GuardResult = Outcome | { id: number; hang: true } | { id: number; oom: string };

/** One worker thread at a time runs cases; a hung or exhausted worker is replaced. */
export class Guard {
  private worker: Worker | undefined;
  private next = 1;
  private pending = new Map<number, (r: GuardResult) => void>();
  constructor(private readonly opts: GuardOptions = {}) {}

  private spawn(): Worker {
    // A worker does not inherit the parent's `--import tsx` loader hooks on Node 20, so it
    // registers tsx itself before importing the TypeScript worker module.
    const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); })`;
    const w = new Worker(boot, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxOldMb ?? 512, maxYoungGenerationSizeMb: 64 },
    });
    let lastError = '';
    const fail = (why: string) => {
      for (const [id, r] of this.pending) r({ id, oom: why });
      this.pending.clear();
      if (this.worker === w) this.worker = undefined;
    };
    w.on('message', (o: Outcome) => { const r = this.pending.get(o.id); this.pending.delete(o.id); r?.(o); });
    w.on('error', (e) => { lastError = String((e as Error)?.stack ?? e); fail(lastError); });
    w.on('exit', (code) => fail(`worker exited with code ${code}${lastError ? `: ${lastError}` : ''}`));
    w.unref();
    return w;
  }

  run(job: Omit<Job, 'id'>): Promise<GuardResult> {
    const w = (this.worker ??= this.spawn());
    const id = this.next++;
    return new Promise<GuardResult>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        if (this.worker === w) this.worker = undefined;
        void w.terminate();
        resolve({ id, hang: true });
      }, this.opts.timeoutMs ?? 60_000);
      this.pending.set(id, (r) => { clearTimeout(timer); resolve(r); });
      w.postMessage({ ...job, id });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}

/** Why a guarded case failed, or undefined when it gave only results and diagnostics. */
export function problemOf(r: GuardResult): string | undefined {
  if ('hang' in r) return 'hang: no answer within the time bound';
  if ('oom' in r) return `worker died (memory bound?): ${r.oom}`;
  if (r.crash) return `uncaught ${r.crash.step}: ${r.crash.stack ?? r.crash.message}`;
  if (r.inconsistent) return `inconsistent result: ${r.inconsistent}`;
  return undefined;
}

// ------------------------------------------------------------------ the Python oracle

/** One long-lived python3 process answering requests in order over a pipe. */
export class Oracle {
  private proc: ChildProcessWithoutNullStreams;
  private waiting: Array<(line: string) => void> = [];
  constructor() {
    this.proc = spawn('python3', [join(here, 'oracle.py')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    this.proc.stderr.on('data', (d) => { stderr += String(d); });
    this.proc.on('exit', (code) => { for (const w of this.waiting.splice(0)) w(JSON.stringify({ crash: `oracle exited ${code}: ${stderr}` })); });
    createInterface({ input: this.proc.stdout }).on('line', (l) => this.waiting.shift()?.(l));
  }
  ask(op: 'jcs' | 'canonical_json', input: string): Promise<{ ok?: string; error?: string; crash?: string }> {
    return new Promise((resolve) => {
      this.waiting.push((l) => resolve(JSON.parse(l)));
      // JSON.stringify escapes lone surrogates, so the request line is always valid UTF-8.
      this.proc.stdin.write(`${JSON.stringify({ op, input })}\n`);
    });
  }
  close(): void {
    this.proc.stdin.end();
  }
}

// ------------------------------------------------------------------ building generated trees

export function scratch(prefix = 'ctxforge-fuzz-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Builds a file map with the project's own builder; returns the artifact bytes. */
export async function buildFiles(format: FormatName, files: Files, outDir?: string): Promise<{ path: string; bytes: Buffer; dir: string }> {
  const dir = outDir ?? scratch();
  const m = formatByName(format)!;
  const b = await m.build(new MemoryTree(files as Record<string, string | Uint8Array>, `(generated ${format})`), { outDir: dir, epoch: EPOCH });
  return { path: b.path, bytes: readFileSync(b.path), dir };
}

// ------------------------------------------------------------------ byte mutations

export type ByteOp =
  | { op: 'flip'; at: number; xor: number }
  | { op: 'set'; at: number; value: number }
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'delete'; at: number; len: number }
  | { op: 'duplicate'; at: number; len: number; to: number }
  | { op: 'splice'; other: number; from: number; len: number; at: number };

// Small positions hit headers (ZIP local header, SQLite header, the JSON prelude); large ones land
// anywhere, reduced modulo the length when applied.
const pos = fc.oneof(fc.nat(128), fc.nat());
export const byteOp: fc.Arbitrary<ByteOp> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('flip' as const), at: pos, xor: fc.integer({ min: 1, max: 255 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('set' as const), at: pos, value: fc.constantFrom(0, 0xff, 0x7f, 0x80, 0x22, 0x5c, 0x2f, 0x2e, 0x0a) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: pos }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('insert' as const), at: pos, bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), at: pos, len: fc.integer({ min: 1, max: 64 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('duplicate' as const), at: pos, len: fc.integer({ min: 1, max: 512 }), to: pos }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('splice' as const), other: fc.nat(), from: pos, len: fc.integer({ min: 1, max: 2048 }), at: pos }) },
);

export function applyBytes(base: Buffer, ops: ByteOp[], others: Buffer[]): Buffer {
  let b = Buffer.from(base);
  for (const o of ops) {
    const at = (n: number) => (b.length ? n % (b.length + 1) : 0);
    switch (o.op) {
      case 'flip': if (b.length) { const i = o.at % b.length; b[i] = b[i]! ^ o.xor; } break;
      case 'set': if (b.length) b[o.at % b.length] = o.value; break;
      case 'truncate': b = b.subarray(0, at(o.at)); break;
      case 'insert': { const i = at(o.at); b = Buffer.concat([b.subarray(0, i), Buffer.from(o.bytes), b.subarray(i)]); break; }
      case 'delete': { const i = at(o.at); b = Buffer.concat([b.subarray(0, i), b.subarray(i + o.len)]); break; }
      case 'duplicate': { const i = at(o.at); const piece = b.subarray(i, i + o.len); const j = at(o.to); b = Buffer.concat([b.subarray(0, j), piece, b.subarray(j)]); break; }
      case 'splice': {
        const src = others.length ? others[o.other % others.length]! : b;
        const f = src.length ? o.from % src.length : 0;
        const i = at(o.at);
        b = Buffer.concat([b.subarray(0, i), src.subarray(f, f + o.len), b.subarray(i)]);
        break;
      }
    }
  }
  return b;
}

// ------------------------------------------------------------------ JSON value mutations

// Lexemes JSON.stringify cannot write, placed by sentinel strings that hostileStringify replaces.
const LEXEMES: Record<string, string> = { '\u0001BIG': '123456789012345678901234567890', '\u0001NEGBIG': '-98765432109876543210987654321', '\u0001INF': '1e400', '\u0001NEG0': '-0.0', '\u0001EXP': '1E+2' };

/** JSON.stringify, then the sentinels become the raw number lexemes they stand for. */
export function hostileStringify(v: unknown): string {
  let t = JSON.stringify(v) ?? 'null';
  for (const [k, lex] of Object.entries(LEXEMES)) t = t.split(JSON.stringify(k)).join(lex);
  return t;
}

const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...Object.keys(LEXEMES)),
  fc.constantFrom<unknown>(null, '', -0, 1e308, 2 ** 53 + 1, '\u0000', 'A'.repeat(3000), [], {}, '../../etc/passwd', 'sha256:' + '0'.repeat(64), true, '01890000-0000-7000-8000-000000000000'),
);

export interface JsonEdit { path: number[]; action: 'set' | 'delete' | 'wrap'; value: unknown }
export const jsonEdit: fc.Arbitrary<JsonEdit> = fc.record({
  path: fc.array(fc.nat(), { minLength: 0, maxLength: 6 }),
  action: fc.constantFrom('set', 'set', 'delete', 'wrap') as fc.Arbitrary<JsonEdit['action']>,
  value: hostileJson,
});

/** Follows `path` (each step an index modulo the children) and edits the value found there. */
export function applyJsonEdit(root: unknown, e: JsonEdit): unknown {
  const kids = (v: unknown): [string | number, unknown][] => (Array.isArray(v) ? v.map((x, i) => [i, x]) : v && typeof v === 'object' ? Object.entries(v) : []);
  if (e.path.length === 0 || kids(root).length === 0) return e.action === 'wrap' ? [root] : e.action === 'set' ? e.value : root;
  let parent = root as Record<string | number, unknown>;
  let key: string | number = '';
  for (let i = 0; i < e.path.length; i++) {
    const ks = kids(i === 0 ? root : parent[key]);
    if (!ks.length) break;
    if (i > 0) parent = parent[key] as Record<string | number, unknown>;
    key = ks[e.path[i]! % ks.length]![0];
  }
  if (e.action === 'delete') {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key];
  } else if (e.action === 'wrap') parent[key] = [parent[key]];
  else parent[key] = e.value;
  return root;
}

/** Text-level JSON attacks that a value edit cannot express. */
export type TextOp = 'bom' | 'trailing' | 'dupkey' | 'deep' | 'nan' | 'bignum' | 'surrogate' | 'none';
export const textOp: fc.Arbitrary<TextOp> = fc.constantFrom('bom', 'trailing', 'dupkey', 'deep', 'nan', 'bignum', 'surrogate', 'none', 'none');

export function applyTextOp(text: string, op: TextOp, at: number): string {
  const i = text.length ? at % text.length : 0;
  const brace = text.indexOf('{', i) >= 0 ? text.indexOf('{', i) : text.indexOf('{');
  switch (op) {
    case 'bom': return `\ufeff${text}`;
    case 'trailing': return `${text} {"x":1}`;
    case 'dupkey': return brace < 0 ? text : `${text.slice(0, brace + 1)}"name":"dup",${text.slice(brace + 1)}`.replace(',}', '}');
    case 'deep': return brace < 0 ? text : `${text.slice(0, brace + 1)}"x_deep":${'['.repeat(5000)}${']'.repeat(5000)},${text.slice(brace + 1)}`.replace(',}', '}');
    case 'nan': return text.replace(/(:)(-?\d+(\.\d+)?)/, '$1NaN');
    case 'bignum': return text.replace(/(:)(-?\d+(\.\d+)?)/, `$1${'9'.repeat(400)}`);
    case 'surrogate': return brace < 0 ? text : `${text.slice(0, brace + 1)}"x_s":"\\ud800",${text.slice(brace + 1)}`.replace(',}', '}');
    case 'none': return text;
  }
}

// ------------------------------------------------------------------ ZIP structure mutations

export type ZipOp =
  | { op: 'duplicate'; i: number }
  | { op: 'drop'; i: number }
  | { op: 'rename'; i: number; name: string }
  | { op: 'swap'; i: number; j: number }
  | { op: 'method'; i: number; method: number }
  | { op: 'flags'; i: number; flags: number }
  | { op: 'mode'; i: number; mode: number }
  | { op: 'data'; i: number; data: Uint8Array }
  | { op: 'json'; i: number; edit: JsonEdit }
  | { op: 'jsonl'; i: number; line: number; edit: JsonEdit }
  | { op: 'bomb'; name: string };

const hostileName = fc.oneof(
  fc.constantFrom('../evil.md', '/abs.md', 'C:/drive.md', 'knowledge\\back.md', 'knowledge/./x.md', 'knowledge//x.md', 'knowledge/../manifest.json',
    'Manifest.json', 'manifest.json', 'knowledge/e\u0301.md', 'knowledge/\u00e9.md', 'knowledge/a\u0000b.md', 'knowledge/', 'data/chunks.jsonl', 'extensions/x/1.0/a', 'vectors/config.json',
    'knowledge/' + 'a'.repeat(300) + '.md', 'knowledge/\ud800.md'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
);

export const zipOp: fc.Arbitrary<ZipOp> = fc.oneof(
  fc.record({ op: fc.constant('duplicate' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('drop' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('rename' as const), i: fc.nat(), name: hostileName }),
  fc.record({ op: fc.constant('swap' as const), i: fc.nat(), j: fc.nat() }),
  fc.record({ op: fc.constant('method' as const), i: fc.nat(), method: fc.constantFrom(8, 12, 14, 99) }),
  fc.record({ op: fc.constant('flags' as const), i: fc.nat(), flags: fc.constantFrom(0x1, 0x8, 0x40, 0x800, 0x2000) }),
  fc.record({ op: fc.constant('mode' as const), i: fc.nat(), mode: fc.constantFrom(0o120777, 0o040755, 0o020644, 0o100755, 0o010644) }),
  fc.record({ op: fc.constant('data' as const), i: fc.nat(), data: fc.uint8Array({ maxLength: 64 }) }),
  { weight: 3, arbitrary: fc.record({ op: fc.constant('json' as const), i: fc.nat(), edit: jsonEdit }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('jsonl' as const), i: fc.nat(), line: fc.nat(), edit: jsonEdit }) },
  fc.record({ op: fc.constant('bomb' as const), name: fc.constantFrom('knowledge/bomb.md', 'data/chunks.jsonl', 'manifest.json') }),
);

/** The entries of a valid .octx, as name/data pairs a raw ZIP writer can re-pack. */
export async function octxEntries(bytes: Buffer): Promise<RawEntry[]> {
  const o = await openOctx({ label: 'base.octx', bytes });
  if (!o.tree) throw new Error(`base package does not open: ${o.diagnostics[0]?.message}`);
  try {
    const out: RawEntry[] = [];
    for (const e of await o.tree.list()) out.push({ name: e.path, data: await o.tree.read(e.path) });
    // manifest.json first, as the builder writes it
    out.sort((a, b) => (a.name === 'manifest.json' ? -1 : b.name === 'manifest.json' ? 1 : 0));
    return out;
  } finally {
    o.tree.close();
  }
}

export function applyZipOps(entries: RawEntry[], ops: ZipOp[]): Buffer {
  let es = entries.map((e) => ({ ...e }));
  const pick = (i: number) => (es.length ? i % es.length : -1);
  const textOf = (e: RawEntry) => (Buffer.isBuffer(e.data) ? e.data.toString('utf8') : String(e.data));
  for (const o of ops) {
    const k = 'i' in o ? pick(o.i) : -1;
    if ('i' in o && k < 0) continue;
    switch (o.op) {
      case 'duplicate': es.splice(k + 1, 0, { ...es[k]! }); break;
      case 'drop': es.splice(k, 1); break;
      case 'rename': es[k] = { ...es[k]!, name: o.name }; break;
      case 'swap': { const j = pick(o.j); [es[k], es[j]] = [es[j]!, es[k]!]; break; }
      case 'method': es[k] = { ...es[k]!, method: o.method }; break;
      case 'flags': es[k] = { ...es[k]!, flags: o.flags }; break;
      case 'mode': es[k] = { ...es[k]!, mode: o.mode }; break;
      case 'data': es[k] = { ...es[k]!, data: Buffer.from(o.data) }; break;
      case 'json': {
        // Prefer the manifest: it carries the digest, the file list and every field rule.
        const e = es.find((x) => x.name === 'manifest.json') ?? es[k]!;
        try { e.data = Buffer.from(hostileStringify(applyJsonEdit(JSON.parse(textOf(e)), o.edit))); } catch { /* not JSON: leave it */ }
        break;
      }
      case 'jsonl': {
        const jl = es.filter((x) => String(x.name).endsWith('.jsonl'));
        const e = jl.length ? jl[o.i % jl.length]! : es[k]!;
        const lines = textOf(e).split('\n');
        const n = o.line % Math.max(1, lines.length);
        try { lines[n] = hostileStringify(applyJsonEdit(JSON.parse(lines[n]!), o.edit)); } catch { lines[n] = '{"broken":'; }
        e.data = Buffer.from(lines.join('\n'));
        break;
      }
      case 'bomb':
        // 16 MiB of zeros deflate to ~16 KiB, over the ratio limit: it must be refused before inflating.
        es.push({ name: o.name, data: Buffer.alloc(16 << 20), method: 8 });
        break;
    }
  }
  return buildZip(es);
}

// ------------------------------------------------------------------ SQLite structure mutations

let bomb: Buffer | undefined;
const sqlarBomb = (): Buffer => (bomb ??= deflateSync(Buffer.alloc(32 << 20), { level: 9 }));

export interface SqlOp { sql: string; params: unknown[] }

const TABLES = ['cartridge', 'sqlar', 'memory', 'objects', 'signatures', 'attestations', 'acx_skill', 'capabilities', 'vectors'];
const randText = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', 'null', '{}', '[]', '{"a":1,"a":2}', 'sha256:00', 'rom/../../etc/passwd', '\u0000', 'x'.repeat(5000)));
export const sqlOp: fc.Arbitrary<SqlOp> = fc.oneof(
  fc.record({ t: fc.constantFrom(...TABLES), n: fc.nat(20) }).map(({ t, n }) => ({ sql: `DELETE FROM ${t} WHERE rowid IN (SELECT rowid FROM ${t} LIMIT 1 OFFSET ${n})`, params: [] })),
  fc.record({ v: randText, n: fc.nat(30) }).map(({ v, n }) => ({ sql: 'UPDATE cartridge SET value = ? WHERE rowid IN (SELECT rowid FROM cartridge LIMIT 1 OFFSET ?)', params: [v, n] })),
  fc.record({ v: fc.uint8Array({ maxLength: 64 }), n: fc.nat(10) }).map(({ v, n }) => ({ sql: 'UPDATE sqlar SET data = ? WHERE rowid IN (SELECT rowid FROM sqlar LIMIT 1 OFFSET ?)', params: [Buffer.from(v), n] })),
  fc.record({ v: fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 2 ** 31, 2 ** 40)), n: fc.nat(10) }).map(({ v, n }) => ({ sql: 'UPDATE sqlar SET sz = ? WHERE rowid IN (SELECT rowid FROM sqlar LIMIT 1 OFFSET ?)', params: [v, n] })),
  fc.record({ v: fc.oneof(randText, fc.constantFrom('../x', '/abs', 'rom/knowledge/../../x', 'rom/a\\b', 'ROM/x', 'rom/x/')), n: fc.nat(10) }).map(({ v, n }) => ({ sql: 'UPDATE sqlar SET name = ? WHERE rowid IN (SELECT rowid FROM sqlar LIMIT 1 OFFSET ?)', params: [v, n] })),
  fc.record({ v: randText, n: fc.nat(30) }).map(({ v, n }) => ({ sql: 'UPDATE objects SET oid = ? WHERE rowid IN (SELECT rowid FROM objects LIMIT 1 OFFSET ?)', params: [v, n] })),
  fc.record({ v: randText, n: fc.nat(10) }).map(({ v, n }) => ({ sql: 'UPDATE memory SET payload = ? WHERE rowid IN (SELECT rowid FROM memory LIMIT 1 OFFSET ?)', params: [v, n] })),
  fc.record({ v: randText }).map(({ v }) => ({ sql: 'UPDATE signatures SET envelope = ?', params: [v] })),
  fc.record({ v: randText, n: fc.nat(10) }).map(({ v, n }) => ({ sql: 'UPDATE acx_skill SET name = ? WHERE rowid IN (SELECT rowid FROM acx_skill LIMIT 1 OFFSET ?)', params: [v, n] })),
  fc.constantFrom<SqlOp>(
    { sql: 'CREATE TRIGGER t_evil AFTER INSERT ON cartridge BEGIN SELECT 1; END', params: [] },
    { sql: 'CREATE VIEW v_evil AS SELECT * FROM cartridge', params: [] },
    { sql: 'CREATE TABLE extra_table(x)', params: [] },
    { sql: 'DROP INDEX IF EXISTS memory_zone_fp', params: [] },
    { sql: 'PRAGMA user_version = 0', params: [] },
    { sql: 'PRAGMA user_version = 16777216', params: [] },
    { sql: 'PRAGMA application_id = 1', params: [] },
    { sql: 'INSERT INTO sqlar SELECT name || \'x\', mode, mtime, sz, data FROM sqlar LIMIT 1', params: [] },
    { sql: 'UPDATE sqlar SET mode = 41471', params: [] },
    { sql: 'INSERT INTO cartridge SELECT key, value FROM cartridge LIMIT 1', params: [] },
    { sql: 'UPDATE signatures SET public_key_pem = \'-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n\'', params: [] },
  ),
  // A deflate bomb in sqlar: 32 MiB of zeros in a few KiB, with its true size declared.
  fc.nat(10).map((n) => ({ sql: 'UPDATE sqlar SET data = ?, sz = ? WHERE rowid IN (SELECT rowid FROM sqlar LIMIT 1 OFFSET ?)', params: [sqlarBomb(), 32 << 20, n] })),
);

/** Applies SQL edits to a copy of a cartridge; an edit the schema refuses is skipped. */
export function applySql(bytes: Buffer, ops: SqlOp[]): Buffer {
  const dir = scratch('ctxforge-fuzz-sql-');
  try {
    const f = join(dir, 'm.acx');
    writeFileSync(f, bytes);
    const db = new Database(f);
    try {
      for (const o of ops) {
        try { db.prepare(o.sql).run(...o.params); } catch { /* the schema refused this edit: a no-op */ }
      }
    } finally {
      db.close();
    }
    return readFileSync(f);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function copyTo(src: string, dir: string, name: string): string {
  const p = join(dir, name);
  copyFileSync(src, p);
  return p;
}
