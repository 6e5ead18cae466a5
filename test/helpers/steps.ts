// Counts the work a computation does on strings, without a clock: every character read through
// charCodeAt/codePointAt is one step, an indexOf/includes costs the characters it passes, a regular
// expression execution costs one step plus what it matched. Parsers (markdown-it included) read
// text through these, so a scanner that goes over its input once costs a fixed number of steps per
// character however long the input is, and a quadratic one shows at once.
export function countSteps<T>(fn: () => T): { steps: number; result: T } {
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
