// A rename rewrites the `href`/`src` of raw HTML exactly where it is written, inside any nesting of
// quotes and lists (issue 33, finding 5): the HTML block's text is the source with its container
// prefixes cut off, and reading an offset in it as an offset in the source put the value 2(k+1)
// characters early on the k-th line of a quoted block — onto a decoy in the visible text, which was
// rewritten while the real link was left pointing at the old name. Generated nestings (quotes with
// and without their space or with a tab, bullet and ordered lists of every marker and width, depth
// 1–4, tabs in continuation indents, lazy lines) are each rewritten and compared byte for byte with
// the text that has exactly the links' values replaced; the scan stays linear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanMarkdown } from '../../src/links/parse.js';
import { htmlLinkValues } from '../../src/links/html-links.js';
import { rewriteLinks } from '../../src/links/rewrite.js';
import { SiteIndex } from '../../src/links/site.js';
import { siteFor } from '../../src/links/generators.js';
import { observeSteps } from '../helpers/steps.js';
import { mulberry32 } from '../helpers/random.js';

const files = ['Old Note.md', 'page.md'];
const moves = new Map([['Old Note.md', 'Old-Note.md']]);
const site = siteFor('github', '');
const renamed = files.map((f) => moves.get(f) ?? f);
const ctx = { before: new SiteIndex(files, files, site), after: new SiteIndex(renamed, renamed, site), moves };
const rewrite = (text: string) => rewriteLinks(text, 'page.md', 'page.md', ctx);

/** Each form a value is written in, and what the rename makes of it. */
const NEW: Record<string, string> = { 'Old Note.md': 'Old-Note.md', './Old Note.md': './Old-Note.md', 'Old%20Note.md': 'Old-Note.md' };

/** A document under construction: every real link value's offset is noted as it is written. */
class Doc {
  text = '';
  slots: { at: number; value: string; html: boolean }[] = [];
  /** Appends `line`; `{h:value}` marks an HTML link value, `{m:value}` a Markdown link target. */
  line(prefix: string, line: string): void {
    this.text += prefix;
    for (const part of line.split(/(\{[hm]:[^}]*\})/)) {
      const m = /^\{([hm]):([^}]*)\}$/.exec(part);
      if (m) { this.slots.push({ at: this.text.length, value: m[2]!, html: m[1] === 'h' }); this.text += m[2]; } else this.text += part;
    }
    this.text += '\n';
  }
  /** The text with exactly the noted values replaced, every other byte as it was. */
  expected(): string {
    let out = '';
    let pos = 0;
    for (const s of this.slots) { out += this.text.slice(pos, s.at) + NEW[s.value]!; pos = s.at + s.value.length; }
    return out + this.text.slice(pos);
  }
}

type Container = { kind: 'quote'; after: '' | ' ' | '\t'; col: number } | { kind: 'list'; marker: string; spaces: number; col: number; content: number };

const nextTab = (col: number) => col + 4 - (col % 4);

/** Blanks from column `col` to column `to`: spaces, or a tab first when `tabs` and one fits. */
function pad(col: number, to: number, tabs: boolean): string {
  let s = '';
  if (tabs && nextTab(col) <= to) { s = '\t'; col = nextTab(col); }
  return s + ' '.repeat(Math.max(0, to - col));
}

/** A random nesting of 1–4 containers and the prefix of its first line. */
function nesting(rnd: () => number): { containers: Container[]; first: string } {
  const depth = 1 + Math.floor(rnd() * 4);
  const containers: Container[] = [];
  let first = '';
  let col = 0;
  const kinds = Array.from({ length: depth }, () => rnd());
  for (let d = 0; d < depth; d++) {
    const r = kinds[d]!;
    if (r < 0.4) {
      // A bare `>` would eat the first blank of a continuation line's indent (it takes one as its
      // own where there is one): only quotes follow it, or the content.
      const bareOk = kinds.slice(d + 1).every((k) => k < 0.4);
      const after = (bareOk ? (['', ' ', '\t'] as const) : ([' ', '\t'] as const))[Math.floor(rnd() * (bareOk ? 3 : 2))]!;
      containers.push({ kind: 'quote', after, col });
      first += `>${after}`;
      // What follows starts after the tab's columns (the one past `>` is the quote's, the rest indent).
      col = after === '' ? col + 1 : after === ' ' ? col + 2 : nextTab(col + 1);
    } else {
      const ordered = r >= 0.7;
      const marker = ordered ? `${['1', '7', '10', '123'][Math.floor(rnd() * 4)]}${rnd() < 0.5 ? '.' : ')'}` : '-*+'[Math.floor(rnd() * 3)]!;
      const spaces = 1 + Math.floor(rnd() * 4);
      const c: Container = { kind: 'list', marker, spaces, col, content: col + marker.length + spaces };
      containers.push(c);
      first += marker + ' '.repeat(spaces);
      col = c.content;
    }
  }
  return { containers, first };
}

/** The prefix of a continuation line (`blank`: with no trailing blanks, for a blank line). */
function continuation(containers: Container[], tabs: boolean, blank: boolean): string {
  let s = '';
  let col = 0;
  for (const c of containers) {
    if (c.kind === 'quote') {
      s += pad(col, c.col, tabs) + '>' + c.after;
      col = c.after === '' ? c.col + 1 : c.after === ' ' ? c.col + 2 : nextTab(c.col + 1);
    } else {
      s += pad(col, c.content, tabs);
      col = c.content;
    }
  }
  return blank ? s.replace(/[ \t]+$/, '') : s;
}

/** One generated page: an HTML block and a paragraph (its last line lazy, sometimes), in the nesting. */
function page(rnd: () => number): Doc {
  const { containers, first } = nesting(rnd);
  const tabs = rnd() < 0.5;
  const doc = new Doc();
  const cont = () => continuation(containers, tabs, false);
  doc.line('', 'Intro: visible href="Old Note.md" text before the nesting.');
  doc.line('', '');
  doc.line(first, '<div class="box">');
  const lines = 1 + Math.floor(rnd() * 4);
  for (let k = 0; k < lines; k++) doc.line(cont(), `<p>see href="Old Note.md" here</p> <a href="{h:Old Note.md}">line ${k}</a>`);
  doc.line(cont(), '<img title=\' href="Old Note.md"\' src=\'{h:./Old Note.md}\'> <!-- <a href="Old Note.md">a comment</a> -->');
  doc.line(cont(), '<a\thref = {h:Old%20Note.md}>unquoted</a><script>x = \'<a href="Old Note.md">\'</script>');
  doc.line(cont(), '</div>');
  doc.line(continuation(containers, tabs, true), '');
  doc.line(cont(), 'Visible href="Old Note.md" and `<a href="Old Note.md">code</a>`, <a href="{h:Old Note.md}">inline</a>');
  doc.line(cont(), 'and [md]({m:Old%20Note.md}) <img alt=\' src="Old Note.md"\' src=\'{h:./Old Note.md}\'>');
  // A lazy line continues the paragraph without the prefixes (so it ends the page's nesting).
  if (rnd() < 0.4) doc.line('', 'lazy <b>href="Old Note.md"</b> <a href={h:Old%20Note.md}>lazy</a>');
  doc.line('', '');
  doc.line('', 'After: <code>href="Old Note.md"</code>');
  return doc;
}

const show = (s: string) => JSON.stringify(s);

test('generated nestings: every HTML href/src (and Markdown link) is placed exactly and rewritten, every other byte kept', () => {
  const rnd = mulberry32(0x33_05);
  for (let i = 0; i < 400; i++) {
    const doc = page(rnd);
    const scan = scanMarkdown(doc.text);
    // The parser sees exactly the links written, each at the offset it was written at.
    assert.deepEqual(scan.htmlLinks.map((h) => [h.at, h.target]), doc.slots.filter((s) => s.html).map((s) => [s.at, s.value]), `case ${i}: ${show(doc.text)}`);
    const r = rewrite(doc.text);
    assert.deepEqual(r.failures, [], `case ${i}: ${show(doc.text)}`);
    assert.equal(r.text, doc.expected(), `case ${i}: ${show(doc.text)}`);
    assert.equal(r.rewritten, doc.slots.length, `case ${i}`);
    // Read again by the same parser: every link now reaches the new name, in the same places.
    const again = scanMarkdown(r.text);
    assert.equal(again.htmlLinks.length, scan.htmlLinks.length, `case ${i}`);
    for (const h of again.htmlLinks) {
      assert.ok(Object.values(NEW).includes(h.target), `case ${i}: ${h.target}`);
      assert.equal(r.text.slice(h.at, h.at + h.target.length), h.target);
    }
    assert.equal(rewrite(r.text).rewritten, 0, `case ${i}: a second rewrite changes nothing`);
  }
});

test('an HTML block in a quote: the decoy the old offset fell on stays, the link itself is rewritten (issue 33, finding 5)', () => {
  // The value on the 16th line of the block (k = 15) was read 2·(15+1) = 32 characters early: on the
  // `Old Note.md` of the visible text the line before, which was rewritten in its place.
  const doc = new Doc();
  doc.line('', '# Page');
  doc.line('', '');
  doc.line('> ', 'Write <code>href="Old Note.md"</code> to link it.');
  doc.line('>', '');
  doc.line('> ', '<div>');
  for (let k = 1; k <= 13; k++) doc.line('> ', `<p>${k}</p>`);
  doc.line('> ', '<code>href="Old Note.md"</code>.');
  doc.line('> ', '<a href="{h:Old Note.md}">the note</a>');
  doc.line('> ', '</div>');
  const decoy = doc.text.lastIndexOf('Old Note.md', doc.slots[0]!.at - 1);
  assert.equal(doc.slots[0]!.at - decoy, 32);
  const r = rewrite(doc.text);
  assert.deepEqual(r.failures, []);
  assert.equal(r.text, doc.expected());
  assert.equal(r.rewritten, 1);
  assert.match(r.text, /<code>href="Old Note\.md"<\/code>\.\n> <a href="Old-Note\.md">the note<\/a>/);
});

test('HTML links are attributes of tags: text, attribute values, comments, end tags and raw text are not', () => {
  const html = '<div><p>see href="a.md"</p> <b title=\' href="b.md"\' data-src="c.md" src=d.md>x</b> <!-- <a href="e.md"> --> </a href="f.md">'
    + '<script>s = \'<a href="g.md">\'</script><A HREF="h.md"><img\nsrc="i.md"/><a href="j.md"';
  assert.deepEqual(htmlLinkValues(html).map((v) => [v.value, html.slice(v.start, v.start + v.value.length)]), [['d.md', 'd.md'], ['h.md', 'h.md'], ['i.md', 'i.md']]);
  // As the scan reads an HTML block (and the rewrite with it).
  assert.deepEqual(scanMarkdown(`${html}\n`).htmlLinks.map((h) => h.target), ['d.md', 'h.md', 'i.md']);
});

test('a NUL in a quoted block (markdown-it reads it as U+FFFD) does not unplace the links beside it', () => {
  const text = '> a\0 <a href="Old Note.md">x</a> [m](Old%20Note.md)\n>\n> <div>\0\n> <img src="Old Note.md">\n';
  const r = rewrite(text);
  assert.deepEqual(r.failures, []);
  assert.equal(r.text, '> a\0 <a href="Old-Note.md">x</a> [m](Old-Note.md)\n>\n> <div>\0\n> <img src="Old-Note.md">\n');
});

/**
 * Steps (see test/helpers/steps.ts) plus every character a bounded slice copies out: a rewrite that
 * splices each edit into the whole text (slicing the text as edited so far, around every link)
 * shows at once. A slice to the end (`s.slice(pos)`, as markdown-it reads a tag at `pos` with an
 * anchored pattern) is left out: V8 makes it a view of the string, nothing is copied.
 */
function work(fn: () => unknown): number {
  const slice = String.prototype.slice;
  let copied = 0;
  String.prototype.slice = function (this: string, a?: number, b?: number) { const s = slice.call(this, a, b); if (b !== undefined) copied += s.length; return s; };
  try { return observeSteps(fn).steps + copied; } finally { String.prototype.slice = slice; }
}

const MB = 1 << 20;
const FAMILIES: [string, (n: number) => string][] = [
  ['an HTML block of links in a quote', (n) => `> <div>\n${'> <a href="Old Note.md">x</a> <b>href="y"</b>\n'.repeat(Math.floor(n / 44))}`],
  ['HTML four containers deep, tab-indented', (n) => `> - > 1. <div>\n${'>\t>   <a href="Old Note.md">x</a>\n'.repeat(Math.floor(n / 32))}`],
  ['comments between the links of one HTML block', (n) => `<div>\n${'<!-- c --> <a href="Old Note.md">x</a>\n'.repeat(Math.floor(n / 40))}`],
  ['a page of links rewritten', (n) => `<div>\n${'<a href="Old Note.md">x</a>\n'.repeat(Math.floor(n / 28))}`],
];

for (const [name, make] of FAMILIES) {
  test(`linear: ${name} — scanned and rewritten in one pass over 1 MB`, () => {
    const run = (t: string) => () => { scanMarkdown(t); rewrite(t); };
    const half = work(run(make(MB / 2)));
    const full = work(run(make(MB)));
    assert.ok(full <= 2.2 * half, `${name}: ${half} for 512 KB, ${full} for 1 MB`);
    assert.ok(full <= 400 * MB, `${name}: ${full} for 1 MB (${(full / MB).toFixed(1)} a character)`);
  });
}
