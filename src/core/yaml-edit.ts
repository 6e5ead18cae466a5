// YAML manifests written and edited as data through the `yaml` library: a new one from a mapping,
// and an existing one with a few values set or removed in place — its comments, order and the quoting
// of the values it keeps stay as the user wrote them, and it comes back unchanged when nothing changed.
import type * as Yaml from 'yaml';
import { fail } from './diagnostics.js';
import { lazyRequire } from './lazy.js';

const yaml = lazyRequire<typeof Yaml>('yaml');

export function yamlDocumentText(value: Record<string, unknown>, comment?: string): string {
  const doc = new (yaml().Document)(JSON.parse(JSON.stringify(value)) as unknown);
  if (comment) doc.commentBefore = comment;
  return doc.toString({ lineWidth: 0 });
}

export interface YamlEdit {
  /** Keys from the root, e.g. ['meta', 'acx.x-ctxforge']. */
  path: string[];
  /** The new value; undefined removes the key. */
  value: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `text` with each edit applied; the text itself when every value was already so. */
export function editYaml(text: string, file: string, edits: readonly YamlEdit[]): string {
  const Y = yaml();
  const doc = Y.parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) fail('CTXFORGE_IO', `${file} cannot be updated: ${doc.errors[0]!.message}`, { file, hint: 'fix it, or remove it to have a new one written' }, 2);
  if (!Y.isMap(doc.contents)) fail('CTXFORGE_IO', `${file} cannot be updated: it is not a YAML mapping`, { file }, 2);
  let changed = false;
  for (const e of edits) {
    const have = doc.getIn(e.path, true);
    const current = Y.isNode(have) ? have.toJSON() : have;
    if (e.value === undefined) {
      if (have !== undefined) { doc.deleteIn(e.path); changed = true; }
      continue;
    }
    if (same(current, e.value)) continue;
    // A scalar keeps its quoting style, so `version: "1.2.0"` stays quoted.
    if (Y.isScalar(have) && (e.value === null || typeof e.value !== 'object')) have.value = e.value;
    else doc.setIn(e.path, doc.createNode(e.value));
    changed = true;
  }
  return changed ? doc.toString({ lineWidth: 0 }) : text;
}
