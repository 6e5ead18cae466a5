// One-pass tests for scanners over content: count the steps a scanner reports (src/core/steps.ts),
// never the time it takes. A scanner is linear when, for every pathological input family, (1) its
// steps on an input of n characters stay below `perChar`·n — a fixed number of passes, whatever n
// is — and (2) doubling n no more than doubles the steps (with a little slack for per-call
// overhead). A quadratic scanner fails both on a 1 MB input: its steps are ~n² / 2.
//
// The scanner under test reports its work through the sink: each loop over characters adds the
// characters it examined; a regular expression may only be run anchored on a bounded span (that
// span is added) or as a search for literals (the characters it advanced are added). Anything else
// — an unbounded regex over the text — is not countable, which is the point: write it as a loop.
import assert from 'node:assert/strict';
import type { StepSink } from '../../src/core/steps.js';

export type Scanner = (input: string, steps: StepSink) => unknown;

/** The steps `scan` reports on `input`. */
export function countSteps(scan: Scanner, input: string): number {
  let n = 0;
  scan(input, (k) => { n += k; });
  return n;
}

export interface OnePassOptions {
  /** Input size in characters (default 1 MiB). */
  size?: number;
  /** Most steps per input character (default 8: a handful of passes). */
  perChar?: number;
}

/** `unit` repeated to exactly `size` characters (an empty unit is refused). */
export function repeatTo(unit: string, size: number): string {
  assert.ok(unit.length > 0);
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/**
 * Asserts that `scan` handles each input family in one pass: `families` maps a name to a function
 * giving an input of (about) n characters. Returns the steps per family at the full size, for a
 * message or a bench table.
 */
export function assertOnePass(what: string, scan: Scanner, families: Record<string, (n: number) => string>, o: OnePassOptions = {}): Record<string, number> {
  const size = o.size ?? 1 << 20;
  const perChar = o.perChar ?? 8;
  const out: Record<string, number> = {};
  for (const [name, make] of Object.entries(families)) {
    const half = make(size / 2);
    const full = make(size);
    const a = countSteps(scan, half);
    const b = countSteps(scan, full);
    out[name] = b;
    // A scanner that reports nothing is not instrumented: no claim about it can be made.
    assert.ok(b > 0, `${what}, ${name}: no steps reported for ${full.length} characters: the scanner does not count the characters it reads`);
    assert.ok(b <= perChar * full.length, `${what}, ${name}: ${b} steps for ${full.length} characters (more than ${perChar} a character)`);
    assert.ok(b <= 2.1 * a + 1000, `${what}, ${name}: ${a} steps for ${half.length} characters but ${b} for ${full.length}: it grows faster than the input`);
  }
  return out;
}

/** The pathological families every content scanner is run against: long runs and dense repeats. */
export const PATHOLOGICAL: Record<string, (n: number) => string> = {
  'one long line of "["': (n) => repeatTo('[', n),
  'one long line of "("': (n) => repeatTo('(', n),
  'one long line of backticks': (n) => repeatTo('`', n),
  'one long line of backslashes': (n) => repeatTo('\\', n),
  '"[a](" repeated': (n) => repeatTo('[a](', n),
  '"![x](<" repeated': (n) => repeatTo('![x](<', n),
  'letters and dashes': (n) => repeatTo('a-', n),
  'spaces then text': (n) => `${' '.repeat(n - 1)}x`,
  '"---" lines': (n) => repeatTo('---\n', n),
};

// For code that cannot report its own steps (a third-party parser such as markdown-it): counts the
// work a computation does on strings, without a clock: every character read through
// charCodeAt/codePointAt is one step, an indexOf/includes costs the characters it passes, a regular
// expression execution costs one step plus what it matched. Parsers (markdown-it included) read
// text through these, so a scanner that goes over its input once costs a fixed number of steps per
// character however long the input is, and a quadratic one shows at once.
export function observeSteps<T>(fn: () => T): { steps: number; result: T } {
  const S = String.prototype;
  const R = RegExp.prototype;
  const saved = { charCodeAt: S.charCodeAt, codePointAt: S.codePointAt, indexOf: S.indexOf, includes: S.includes, exec: R.exec };
  let steps = 0;
  S.charCodeAt = function (this: string, i: number) { steps++; return saved.charCodeAt.call(this, i); };
  S.codePointAt = function (this: string, i: number) { steps++; return saved.codePointAt.call(this, i); };
  S.indexOf = function (this: string, search: string, from?: number) {
    const start = Math.max(0, from ?? 0);
    const r = saved.indexOf.call(this, search, from);
    steps += 1 + (r < 0 ? Math.max(0, this.length - start) : r - start);
    return r;
  };
  S.includes = function (this: string, search: string, from?: number) {
    const start = Math.max(0, from ?? 0);
    const r = saved.indexOf.call(this, search, from);
    steps += 1 + (r < 0 ? Math.max(0, this.length - start) : r - start);
    return r >= 0;
  };
  R.exec = function (this: RegExp, s: string) {
    const m = saved.exec.call(this, s);
    steps += 1 + (m ? m[0].length : 0);
    return m;
  };
  try {
    const result = fn();
    return { steps, result };
  } finally {
    S.charCodeAt = saved.charCodeAt; S.codePointAt = saved.codePointAt; S.indexOf = saved.indexOf; S.includes = saved.includes; R.exec = saved.exec;
  }
}
