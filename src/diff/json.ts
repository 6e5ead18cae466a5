// The JSON form of a diff: the documented keys first, in a fixed order, then the extras.
import type { DiffResult } from './compare.js';

/** `{"format","old":{"version"},"new":{"version"},"changes":[…],"breaking","required_bump","version_ok", …}` */
export function diffJson(r: DiffResult): Record<string, unknown> {
  const { format, old, new: neu, changes, breaking, required_bump, version_ok, ...rest } = r;
  return {
    format,
    old,
    new: neu,
    changes: changes.map(({ change, kind, id, path, from, to, ...more }) => ({
      change, kind, id,
      ...(path !== undefined ? { path } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      ...more,
    })),
    breaking,
    required_bump,
    version_ok,
    ...rest,
  };
}
