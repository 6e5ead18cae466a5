// Manifest text as the reference writes it: two-space indented JSON with a final newline. Big
// integers (kept exact by the strict parser) are written as their digits.
export function stringifyManifest(m: unknown): string {
  // Without a replacer first: one called for each of a built manifest's 150 000 values costs more
  // than the rendering itself. JSON.stringify throws on a BigInt, and only then is one needed.
  try {
    return `${JSON.stringify(m, null, 2)}\n`;
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
  const marks = new Map<string, string>();
  let n = 0;
  const json = JSON.stringify(m, (_k, v) => {
    if (typeof v === 'bigint') {
      const mark = `\u0000bigint${n++}\u0000`;
      marks.set(mark, v.toString());
      return mark;
    }
    return v;
  }, 2);
  let out = json;
  for (const [mark, digits] of marks) out = out.replace(JSON.stringify(mark), digits);
  return `${out}\n`;
}
