// What GitHub would render from a Markdown text, judged: only ctxforge's own tags, balanced
// <details>, table rows of one width, no mention or issue reference outside code spans.
import assert from 'node:assert/strict';

/** Code spans as CommonMark reads them: a run of n backticks up to the next run of exactly n. */
export function codeSpans(line: string): { spans: string[]; rest: string } {
  const spans: string[] = [];
  let rest = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] !== '`' || (i > 0 && line[i - 1] === '\\' && !(i > 1 && line[i - 2] === '\\'))) { rest += line[i]; i++; continue; }
    let n = 0;
    while (line[i + n] === '`') n++;
    const closeRe = new RegExp(`(?<!\`)\`{${n}}(?!\`)`, 'g');
    closeRe.lastIndex = i + n;
    const m = closeRe.exec(line);
    if (!m) { rest += line.slice(i, i + n); i += n; continue; }
    let body = line.slice(i + n, m.index);
    if (body.startsWith(' ') && body.endsWith(' ') && body.trim()) body = body.slice(1, -1);
    spans.push(body);
    rest += '\u0000';
    i = m.index + n;
  }
  return { spans, rest };
}

const OURS = new Set(['<details>', '<details open>', '<summary>', '</summary>', '</details>', '<!-- ctxforge:check -->']);

/** What a renderer would make of it, checked: only our tags, balanced blocks, tables of one width, no pings. */
export function assertInert(md: string, where: string): string[] {
  const allSpans: string[] = [];
  let width = 0;
  let opened = 0;
  // A fenced block (ours are backtick fences) is shown as written: nothing in it renders, links or
  // pings; it ends only at a fence at least as long as the one that opened it.
  let fence = '';
  for (const line of md.split('\n')) {
    const f = /^(`{3,})/.exec(line)?.[1];
    if (fence) {
      if (f && f.length >= fence.length && line.slice(f.length).trim() === '') fence = '';
      continue;
    }
    if (f) { fence = f; width = 0; continue; }
    const isRow = line.startsWith('|');
    // GFM splits a row on every `|` not after a backslash, before it reads code spans.
    if (isRow) {
      const cells = line.split(/(?<!\\)\|/).length;
      if (/^\|(---\|)+$/.test(line) || width === 0) width = cells;
      assert.equal(cells, width, `${where}: a row of another width: ${line}`);
    } else width = 0;
    const { spans, rest } = codeSpans(isRow ? line.replace(/\\\|/g, '|') : line);
    allSpans.push(...spans);
    for (const tag of rest.match(/<[^>]*>?/g) ?? []) assert.ok(OURS.has(tag), `${where}: raw HTML ${tag} in: ${line}`);
    opened += (rest.match(/<details/g) ?? []).length - (rest.match(/<\/details>/g) ?? []).length;
    assert.doesNotMatch(rest, /(^|[^\w`])@[A-Za-z]/, `${where}: a mention in: ${line}`);
    assert.doesNotMatch(rest, /(?<!&)#\d|GH-\d/i, `${where}: a reference in: ${line}`);
  }
  assert.equal(fence, '', `${where}: a fenced block is never closed`);
  assert.equal(opened, 0, `${where}: unbalanced <details>`);
  return allSpans;
}

