// The tags of a repository read the way git itself stores them: packed-refs parsed once (with the
// peel lines `git pack-refs` writes after each annotated tag) and loose refs/tags/** on top, which
// win over a packed entry of the same name. Asking the library for each tag instead re-reads and
// re-parses packed-refs per tag: quadratic, 16,000 tags took minutes.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface TagRef {
  name: string;
  /** What refs/tags/<name> points to: a commit, or an annotated tag object. */
  oid: string;
  /** The commit (or other object) an annotated tag peels to, when packed-refs recorded it. */
  peeled?: string;
}

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** Parses packed-refs text: refs/tags/* entries and their `^<oid>` peel lines. */
export function parsePackedTags(text: string): Map<string, TagRef> {
  const out = new Map<string, TagRef>();
  let last: TagRef | undefined;
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('^')) {
      const peeled = line.slice(1).trim();
      if (last && OID.test(peeled)) last.peeled = peeled;
      continue;
    }
    last = undefined;
    const sp = line.indexOf(' ');
    const oid = line.slice(0, sp);
    const ref = line.slice(sp + 1).trim();
    if (sp < 0 || !OID.test(oid) || !ref.startsWith('refs/tags/')) continue;
    last = { name: ref.slice('refs/tags/'.length), oid };
    out.set(last.name, last);
  }
  return out;
}

async function walkLoose(dir: string, prefix: string, out: Map<string, TagRef>): Promise<void> {
  let entries;
  try { entries = await readdir(dir, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const name = prefix + e.name;
    if (e.isDirectory()) await walkLoose(join(dir, e.name), `${name}/`, out);
    else if (e.isFile()) {
      const oid = (await readFile(join(dir, e.name), 'utf8').catch(() => '')).trim();
      // A loose ref replaces its packed entry, and with it the packed peel line.
      if (OID.test(oid)) out.set(name, { name, oid });
    }
  }
}

/** Every tag ref of the repository at `gitdir`, sorted by name; `onPackedRead` counts reads (tests). */
export async function readTagRefs(gitdir: string, onPackedRead?: () => void): Promise<TagRef[]> {
  const packed = await readFile(join(gitdir, 'packed-refs'), 'utf8').then((t) => (onPackedRead?.(), t), () => '');
  const refs = parsePackedTags(packed);
  await walkLoose(join(gitdir, 'refs', 'tags'), '', refs);
  return [...refs.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
