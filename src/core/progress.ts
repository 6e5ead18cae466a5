// Progress of long operations (files done / total, bytes, rate) on an interactive terminal. The
// library only counts; whether and where anything is shown is the front end's choice (the CLI
// shows it on a TTY's stderr, never when piped, with --json, or in CI), so results stay clean.
import { escapeData } from './log-safe.js';

export interface ProgressSink {
  /** Called with a whole status line, at most every `intervalMs`; `final` once at the end. */
  show(line: string, final: boolean): void;
}

export interface Progress {
  /** One file (or item) done, of `bytes` bytes. */
  tick(bytes?: number): void;
  done(): void;
}

const NONE: Progress = { tick() {}, done() {} };
let sink: ProgressSink | null = null;
let intervalMs = 100;

export function setProgressSink(s: ProgressSink | null, opts: { intervalMs?: number } = {}): void {
  sink = s;
  intervalMs = opts.intervalMs ?? 100;
}

function mb(n: number): string {
  return n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : `${(n / 1e6).toFixed(1)} MB`;
}

export function formatProgress(label: string, done: number, total: number, bytes: number, seconds: number): string {
  const rate = seconds > 0 ? ` ${mb(bytes / seconds)}/s` : '';
  return `${label}: ${done}/${total} files, ${mb(bytes)}${rate}`;
}

/** Starts counting `total` units of work under `label`; a no-op when no sink is set. */
export function startProgress(label: string, total: number): Progress {
  const s = sink;
  if (!s) return NONE;
  const t0 = performance.now();
  let last = t0;
  let done = 0;
  let bytes = 0;
  let shown = false;
  return {
    tick(b = 0) {
      done++;
      bytes += b;
      const now = performance.now();
      if (now - last < intervalMs) return;
      last = now;
      shown = true;
      s.show(formatProgress(label, done, total, bytes, (now - t0) / 1000), false);
    },
    done() {
      // Operations too short to have shown anything leave the terminal untouched.
      if (shown) s.show(formatProgress(label, done, total, bytes, (performance.now() - t0) / 1000), true);
    },
  };
}

/** A sink for a terminal stream: one line rewritten in place, cleared at the end. */
export function terminalSink(stream: { write(s: string): unknown; columns?: number }): ProgressSink {
  return {
    show(line, final) {
      const width = Math.max(20, (stream.columns || 80) - 1);
      // The label can name a file: escaped, so a name cannot move the cursor or break the line.
      stream.write(final ? '\r\x1b[2K' : `\r\x1b[2K${escapeData(line).slice(0, width)}`);
    },
  };
}
