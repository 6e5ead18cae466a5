// Tree, commit and tag objects parsed directly, for the fields ctxforge reads. Anything unusual
// gives undefined, and the caller asks isomorphic-git. Tree entry names that git's verify_path()
// — and so isomorphic-git — refuse, or that need its Unicode and NTFS folding to be judged, are
// left to the library, which rejects them with its own error: this parser only accepts what is
// plainly safe.
import { isUtf8 } from 'node:buffer';
import { sortUtf8 } from '../core/paths.js';
import type { RawTreeEntry } from './repo.js';

export const MODES: Record<string, [string, RawTreeEntry['type']]> = {
  '40000': ['040000', 'tree'],
  '100644': ['100644', 'blob'],
  '100755': ['100755', 'blob'],
  '120000': ['120000', 'blob'],
  '160000': ['160000', 'commit'],
};

/** Characters HFS+ ignores, plus separators and NTFS stream colons: any of them needs the library. */
const DOUBTFUL = /[\\/:\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/;

/**
 * A tree entry name this parser accepts without the library: not refused by git's verify_path()
 * and needing none of its folding to be judged. Also the rule for names git itself prints (diff's
 * `git diff-tree --raw`), so that what is taken from git's output is what a tree read would give.
 */
export function plainlySafe(name: string): boolean {
  if (!name || DOUBTFUL.test(name)) return false;
  const folded = name.toLowerCase().replace(/[. ]+$/, '');
  return folded !== '' && !folded.startsWith('.git') && !/^git~\d/.test(folded);
}

/**
 * The entries by name in code point order — the order isomorphic-git gives, which callers (package
 * discovery) see; git's own order puts a tree `a` after `a-b` — or undefined when the library
 * must judge them.
 */
export function parseTreeObject(body: Buffer): RawTreeEntry[] | undefined {
  const out: RawTreeEntry[] = [];
  let i = 0;
  while (i < body.length) {
    const sp = body.indexOf(0x20, i);
    const nul = sp < 0 ? -1 : body.indexOf(0, sp + 1);
    if (nul < 0 || nul + 21 > body.length) return undefined;
    const mode = MODES[body.toString('latin1', i, sp)];
    if (!mode) return undefined;
    // Most names are plain ASCII without a separator: read without a UTF-8 check or a folding
    // (a diff parses every entry of each folder that changed: 100 000 of them on the no-records bench).
    let plain = nul > sp + 1;
    for (let k = sp + 1; plain && k < nul; k++) { const c = body[k]!; plain = c < 0x80 && c !== 0x5c && c !== 0x2f && c !== 0x3a; }
    let path: string;
    if (plain) {
      path = body.toString('latin1', sp + 1, nul);
      const first = path.charCodeAt(0) | 0x20;
      const last = path.charCodeAt(path.length - 1);
      if ((first === 0x2e || first === 0x67 || last === 0x2e || last === 0x20) && !plainlySafe(path)) return undefined;
    } else {
      if (!isUtf8(body.subarray(sp + 1, nul))) return undefined;
      path = body.toString('utf8', sp + 1, nul);
      if (!plainlySafe(path)) return undefined;
    }
    out.push({ mode: mode[0], path, oid: body.toString('hex', nul + 1, nul + 21), type: mode[1] });
    i = nul + 21;
  }
  return sortUtf8(out, (e) => e.path);
}

/** What ctxforge reads of a commit. */
export interface CommitInfo {
  tree: string;
  parent: string[];
  committer: { timestamp: number };
}

/** A full object id as git writes it. */
export const OID = /^[0-9a-f]{40}$/;

/** The header lines of a commit or tag (continuation lines of multi-line headers, like gpgsig, skipped). */
function headers(body: Buffer): string[] {
  const end = body.indexOf('\n\n');
  const head = body.toString('utf8', 0, end < 0 ? body.length : end);
  return head.split('\n').filter((l) => !l.startsWith(' '));
}

export function parseCommitObject(body: Buffer): CommitInfo | undefined {
  const lines = headers(body);
  let tree: string | undefined;
  const parent: string[] = [];
  let timestamp: number | undefined;
  for (const l of lines) {
    const sp = l.indexOf(' ');
    const key = l.slice(0, sp);
    const value = l.slice(sp + 1);
    if (key === 'tree') tree = value;
    else if (key === 'parent') parent.push(value);
    else if (key === 'committer') {
      const m = / (\d{1,15}) [+-]\d{4}$/.exec(value);
      if (m) timestamp = Number(m[1]);
    }
  }
  if (!tree || !OID.test(tree) || !parent.every((p) => OID.test(p)) || timestamp === undefined) return undefined;
  return { tree, parent, committer: { timestamp } };
}

/** The object an annotated tag points to. */
export function parseTagTarget(body: Buffer): string | undefined {
  const line = headers(body).find((l) => l.startsWith('object '));
  const oid = line?.slice(7);
  return oid && OID.test(oid) ? oid : undefined;
}
