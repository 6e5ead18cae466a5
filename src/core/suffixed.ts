// The one collision suffix every rename uses (sync's portable names, a conversion's, install's and
// sync's host-configuration renames): `name-2`, `name-3` … before the extension, so a later run can
// recognise a suffixed name as the same file's.
import { foldedKey } from './paths.js';

/** A path split before its last extension (none when the last dot is in a folder name). */
function stemAndExt(path: string): [string, string] {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
}

/**
 * `name`, or where its case-folded form (foldedKey) is taken, the first of `name-2`, `name-3` …
 * (before the extension) that is free.
 */
export function freeSuffixed(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(foldedKey(name))) return name;
  const [stem, ext] = stemAndExt(name);
  let n = 2;
  while (taken.has(foldedKey(`${stem}-${n}${ext}`))) n++;
  return `${stem}-${n}${ext}`;
}

/** Is `name` the name `own`, or `own` with a collision suffix freeSuffixed could have given it? */
export function isSuffixedForm(name: string, own: string): boolean {
  if (name === own) return true;
  const [stem, ext] = stemAndExt(own);
  return name.startsWith(`${stem}-`) && name.endsWith(ext) && /^\d+$/.test(name.slice(stem.length + 1, name.length - ext.length));
}
