// RFC 8785 JSON Canonicalization Scheme, via the `canonicalize` package, after a walk that rejects
// what JCS cannot represent (NaN, ±Infinity, bigint, undefined, functions) instead of letting it
// serialise silently as null or throw a TypeError.
import canonicalizeLib from 'canonicalize';

const canonicalize = canonicalizeLib as unknown as (v: unknown) => string | undefined;

export class JcsError extends Error {
  constructor(message: string, readonly path: string) {
    super(`${message} at ${path || '(root)'}`);
    this.name = 'JcsError';
  }
}

// RFC 8785 §3.2.2.2 serialises strings as UTF-8, which a lone surrogate has no form in; the
// library throws a plain Error for it, which callers could not tell from a bug.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function assertJcsSafe(value: unknown, path = ''): void {
  switch (typeof value) {
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new JcsError('JCS cannot encode a string with a lone surrogate', path);
      return;
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new JcsError('JCS cannot encode a non-finite number', path);
      return;
    case 'bigint':
      throw new JcsError('JCS cannot encode an integer outside the IEEE-754 double range exactly', path);
    case 'object':
      if (value === null) return;
      if (Array.isArray(value)) {
        value.forEach((v, i) => assertJcsSafe(v, `${path}[${i}]`));
        return;
      }
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (LONE_SURROGATE.test(k)) throw new JcsError('JCS cannot encode a key with a lone surrogate', path);
        assertJcsSafe(v, `${path}.${k}`);
      }
      return;
    default:
      throw new JcsError(`JCS cannot encode a value of type ${typeof value}`, path);
  }
}

export function jcs(value: unknown): string {
  assertJcsSafe(value);
  const out = canonicalize(value);
  if (out === undefined) throw new JcsError('value has no JSON form', '');
  return out;
}
