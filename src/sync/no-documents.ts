// A folder with no Markdown page is not a docs folder sync can read: it fails, naming the kinds
// of documents it did find (an Antora site's AsciiDoc, a Sphinx site's reStructuredText), instead
// of syncing "0 added" and exiting 0.
import { error, type Diagnostic } from '../core/diagnostics.js';

const KINDS: [RegExp, string][] = [
  [/\.(adoc|asciidoc|asc)$/i, 'AsciiDoc'],
  [/\.(rst|rest)$/i, 'reStructuredText'],
  [/\.ipynb$/i, 'Jupyter notebooks'],
  [/\.(org)$/i, 'Org mode'],
  [/\.(txt)$/i, 'plain text'],
  [/\.(html?)$/i, 'HTML'],
];

export function noDocuments(dir: string, files: readonly string[]): Diagnostic {
  const found = new Map<string, number>();
  for (const f of files) for (const [re, kind] of KINDS) if (re.test(f)) { found.set(kind, (found.get(kind) ?? 0) + 1); break; }
  const what = [...found].map(([k, n]) => `${n} ${k} file${n === 1 ? '' : 's'}`).join(', ');
  return error('SYNC_NO_DOCUMENTS', `${dir} holds no Markdown page${what ? ` (it holds ${what}, which sync does not read)` : files.length ? ` (only ${files.length} other file${files.length === 1 ? '' : 's'})` : ' (it is empty)'}: nothing to sync`, {
    hint: 'point sync at the folder of Markdown pages (.md, .mdx, .markdown)',
  });
}
