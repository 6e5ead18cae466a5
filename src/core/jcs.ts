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
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function assertJcsSafe(value: unknown, path = ''): void {
  const at: (string | number)[] = [];
  // The path is built only for the error: a manifest of 50 000 files has 150 000 values.
  const where = () => path + at.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
  const walk = (v: unknown): void => {
    switch (typeof v) {
      case 'string':
        if (LONE_SURROGATE.test(v)) throw new JcsError('JCS cannot encode a string with a lone surrogate', where());
        return;
      case 'boolean':
        return;
      case 'number':
        if (!Number.isFinite(v)) throw new JcsError('JCS cannot encode a non-finite number', where());
        return;
      case 'bigint':
        throw new JcsError('JCS cannot encode an integer outside the IEEE-754 double range exactly', where());
      case 'object':
        if (v === null) return;
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) { at.push(i); walk(v[i]); at.pop(); }
          return;
        }
        for (const k in v) {
          if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
          if (LONE_SURROGATE.test(k)) throw new JcsError('JCS cannot encode a key with a lone surrogate', where());
          at.push(k);
          walk((v as Record<string, unknown>)[k]);
          at.pop();
        }
        return;
      default:
        throw new JcsError(`JCS cannot encode a value of type ${typeof v}`, where());
    }
  };
  walk(value);
}

export function jcs(value: unknown): string {
  assertJcsSafe(value);
  const out = canonicalize(value);
  if (out === undefined) throw new JcsError('value has no JSON form', '');
  return out;
}
