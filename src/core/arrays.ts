// Appending one list to another without spreading it into a call: `a.push(...b)` passes every
// element as an argument and throws RangeError beyond about 120,000 of them, a size that findings
// from hostile content (broken links, ID-map entries, secrets) reach easily.

/** Appends every item of `items` to `to` (in order) and returns `to`. */
export function pushAll<T>(to: T[], items: Iterable<T>): T[] {
  for (const x of items) to.push(x);
  return to;
}

/** `a`, or a copy at least `need` long (double the length, at the least) holding its elements. */
export function grow<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}
