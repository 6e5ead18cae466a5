// The stdio wire `serve` speaks on, in place of the SDK's StdioServerTransport, for two things a
// client is owed that the SDK's does not give:
//   - a line that is not JSON is answered with JSON-RPC's -32700 (Parse error), and JSON that is not
//     a JSON-RPC message with -32600 (Invalid Request), id null unless the message had a usable
//     one; the SDK's reader skips such lines silently, leaving the client to time out;
//   - backpressure without a listener per reply: the SDK adds a `drain` and an `error` listener to
//     stdout for every reply written while the pipe is full, so a client that stops reading
//     stdout while it sends requests passes Node's 10-listener warning. Here a reply is handed to
//     stdout's own buffer at once, and while that buffer is full stdin is paused (one `drain`
//     listener at a time): a client that does not read is sent no more work to answer.
// A line is at most MAX_LINE_BYTES; a longer one is answered with -32600 and skipped to its end.
import { parseJSONRPCMessage } from '@modelcontextprotocol/server';

export const MAX_LINE_BYTES = 16 << 20;
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

type Message = ReturnType<typeof parseJSONRPCMessage>;

interface Readable {
  on(e: string, f: (...a: never[]) => void): unknown;
  off(e: string, f: (...a: never[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  readableEnded?: boolean;
  destroyed?: boolean;
}
interface Writable {
  write(s: string): boolean;
  once(e: string, f: () => void): unknown;
  on(e: string, f: (err: Error) => void): unknown;
  off(e: string, f: (err: Error) => void): unknown;
}

/** The id of a JSON value that claims to be a request, when it is one JSON-RPC allows (string or number). */
function idOf(v: unknown): string | number | null {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const id = (v as { id?: unknown }).id;
    if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) return id;
  }
  return null;
}

export class StdioWire {
  onclose?: () => void;
  onerror?: (e: Error) => void;
  onmessage?: (m: Message) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Skipping the rest of an over-long line. */
  private skipping = false;
  private closed = false;
  private waiting = false;

  constructor(private readonly stdin: Readable = process.stdin as never, private readonly stdout: Writable = process.stdout as never) {}

  private readonly ondata = (chunk: Buffer) => {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0 && !this.closed; nl = chunk.indexOf(10, from)) {
      const part = chunk.subarray(from, nl);
      from = nl + 1;
      if (this.skipping) { this.skipping = false; continue; }
      const line = this.size ? Buffer.concat([...this.chunks, part]) : part;
      this.chunks = [];
      this.size = 0;
      this.line(line.toString('utf8').replace(/\r$/, ''));
    }
    if (this.skipping || from >= chunk.length) return;
    const rest = chunk.subarray(from);
    if (this.size + rest.length > MAX_LINE_BYTES) {
      this.chunks = [];
      this.size = 0;
      this.skipping = true;
      this.reply(null, INVALID_REQUEST, `a message is longer than ${MAX_LINE_BYTES} bytes; it is skipped`);
      return;
    }
    this.chunks.push(Buffer.from(rest));
    this.size += rest.length;
  };

  private line(text: string) {
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.reply(null, PARSE_ERROR, 'Parse error: the line is not JSON');
      return;
    }
    let message: Message;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.reply(idOf(value), INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(message);
  }

  private reply(id: string | number | null, code: number, message: string) {
    this.send({ jsonrpc: '2.0', id, error: { code, message } } as never).catch((e: Error) => this.onerror?.(e));
  }

  private readonly onclosed = () => { void this.close(); };
  private readonly onreaderror = (e: Error) => this.onerror?.(e);
  private readonly onwriteerror = (e: Error) => {
    if (this.closed) return;
    this.onerror?.(e);
    void this.close();
  };
  private readonly ondrain = () => {
    this.waiting = false;
    if (!this.closed) this.stdin.resume();
  };

  async start(): Promise<void> {
    this.stdin.on('data', this.ondata);
    this.stdin.on('error', this.onreaderror);
    this.stdin.on('end', this.onclosed);
    this.stdin.on('close', this.onclosed);
    this.stdout.on('error', this.onwriteerror);
    if (this.stdin.readableEnded || this.stdin.destroyed) setImmediate(this.onclosed);
  }

  async send(message: Message): Promise<void> {
    if (this.closed) throw new Error('the stdio wire is closed');
    if (!this.stdout.write(`${JSON.stringify(message)}\n`) && !this.waiting) {
      this.waiting = true;
      this.stdin.pause();
      this.stdout.once('drain', this.ondrain);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.ondata);
    this.stdin.off('error', this.onreaderror);
    this.stdin.off('end', this.onclosed);
    this.stdin.off('close', this.onclosed);
    // Late write failures (the client went away) are swallowed, not thrown as unhandled.
    this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }
}
