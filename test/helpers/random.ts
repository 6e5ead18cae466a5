// A small seeded generator for tests that build inputs from a seed. An LCG in doubles
// (`r * 1103515245 + 12345`) loses its low bits once the product passes 2^53, and then
// `next() % n` is almost always even: half of a pool is never drawn. This stays in 32-bit integers.

/** `next()` is a uniform 24-bit integer; `below(n)` one in [0, n). */
export function seeded(seed: number): { next: () => number; below: (n: number) => number } {
  let r = seed >>> 0;
  const next = () => {
    r = (Math.imul(r, 1103515245) + 12345) >>> 0;
    return r >>> 8;
  };
  return { next, below: (n: number) => next() % n };
}

/**
 * mulberry32: a uniform double in [0, 1) a call, from a 32-bit state — for tests whose inputs are
 * drawn from a seed, so a failure names a reproducible case.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
