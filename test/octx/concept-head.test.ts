// checkConcept decodes only a document's first KiB (HEAD_BYTES) when no caller wants its whole text (issue 39):
// the document it makes and the findings must be those of the whole text's check, whatever the
// frontmatter's length, where the head's end falls (inside a character, on a fence, in a CRLF), lines
// that start like a fence and are none, and wherever the first heading is when the frontmatter gives no title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { checkConcept, HEAD_BYTES } from '../../src/octx/documents.js';
import { seeded } from '../helpers/random.js';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';

function documentOf(r: ReturnType<typeof seeded>): Buffer {
  const nl = r.below(4) === 0 ? '\r\n' : '\n';
  const pick = <T>(xs: T[]): T => xs[r.below(xs.length)]!;
  const words = ['alpha', 'é', '✓', '😀', 'beta gamma', 'ü'];
  // Filler that puts the frontmatter's end, or the first heading, anywhere around the head's end.
  const filler = (n: number) => { let s = ''; while (s.length < n) s += `${pick(words)} `; return s.trimEnd(); };
  const fm: string[] = [];
  if (r.below(2)) fm.push(`type: ${pick(['Guide', 'Reference', '"quoted"'])}`);
  const title = r.below(3);
  if (title === 1) fm.push(`title: ${pick(['Page one', 'Ünïcode ✓', "''"])}`);
  if (title === 2) fm.push('title: "  "');
  if (r.below(2)) fm.push(`description: ${filler(r.below(2) ? HEAD_BYTES - 150 + r.below(300) : 40)}`);
  if (r.below(5)) fm.push('octx:', `  document_id: ${r.below(6) ? ID : 'nope'}`);
  // A line that starts like a closing fence but is none: the head is cut after it and then split whole.
  if (r.below(6) === 0) fm.splice(r.below(fm.length + 1), 0, pick(['----', '---x: 1', '... and more', '...:', '---\tfence?']));
  const fence = pick(['---', '---  ', '...']);
  const opening = r.below(12) ? '---' : 'no frontmatter';
  const before = r.below(3) === 0 ? filler(HEAD_BYTES - 150 + r.below(600)) + nl + nl : '';
  const body = `${before}${pick(['# Heading ✓', '## Second level', 'Setext' + nl + '======', 'no heading at all'])}${nl}${nl}${filler(r.below(3 * HEAD_BYTES))}${nl}`;
  const text = `${opening}${nl}${fm.join(nl)}${nl}${fence}${nl}${body}`;
  return Buffer.from((r.below(8) === 0 ? '\ufeff' : '') + text);
}

test('a concept document checked from its head is the one checked from its whole text', () => {
  const r = seeded(39);
  let headOnly = 0;
  let titleFromBody = 0;
  for (let i = 0; i < 1500; i++) {
    const bytes = documentOf(r);
    const path = `knowledge/d${i}.md`;
    const whole: Diagnostic[] = [];
    let text: string | undefined;
    const expected = checkConcept(path, bytes, 64, whole, (t) => { text = t; });
    const diags: Diagnostic[] = [];
    const got = checkConcept(path, bytes, 64, diags);
    assert.deepEqual(got, expected, `document ${i}`);
    assert.deepEqual(diags, whole, `findings of document ${i}`);
    if (bytes.length > HEAD_BYTES && text !== undefined && text.indexOf('\n---', 4) < HEAD_BYTES - 100) headOnly++;
    if (expected.title !== undefined && !text!.includes(`title: ${expected.title}`)) titleFromBody++;
  }
  // The cases that matter were drawn: heads that held the frontmatter, titles taken from a heading.
  assert.ok(headOnly > 100, `${headOnly} documents checked from their head`);
  assert.ok(titleFromBody > 100, `${titleFromBody} titles from the body`);
});

test('a document that is not UTF-8 is reported once, with no frontmatter read', () => {
  const bytes = Buffer.concat([Buffer.from(`---\ntype: Guide\noctx:\n  document_id: ${ID}\n---\n# T\n`), Buffer.from([0xff])]);
  const diags: Diagnostic[] = [];
  assert.deepEqual(checkConcept('knowledge/x.md', bytes, 64, diags), { path: 'knowledge/x.md', idLine: 1 });
  assert.deepEqual(diags.map((d) => d.code), ['OCTX_DOCUMENT_ENCODING']);
});
