// Whether a page carries enough of its own text for "same content" to mean "same page". Two Hugo
// section pages with empty bodies, or two stubs that are one include line each, are identical
// without being one page: taking one for the other moved a stable ID to the wrong page
// (`maintenance/_index.md → commands/_index.md`, issue 34). Such pages keep their ID only on their
// own path or where they moved under the same name.
import { basename, dirname } from 'node:path/posix';
import { NO_STEPS, type StepSink } from '../core/steps.js';

/** Pages with fewer readable words than this are never matched as moved by content alone. */
export const MIN_MOVE_WORDS = 20;

// What a reader never sees as words: shortcodes and Liquid/Jinja tags (whatever they hold), HTML
// comments and tags, MyST/Sphinx directive fences and their option lines. Each opener hides up to
// its closer (an opener never closed hides the rest: fewer words, so fewer matches, never more).
const HIDDEN: [string, string][] = [['{{<', '>}}'], ['{{%', '%}}'], ['{%', '%}'], ['{{', '}}'], ['<!--', '-->']];
const WORD_CHAR = /[\p{L}\p{N}]/u;

const isName = (c: string | undefined) => c !== undefined && /[\w-]/.test(c);

/**
 * Whether the line at `i` is a MyST/Sphinx directive fence (```{note}, :::{tab}) or option line
 * (`:name: x`), read with counted loops (each character at most once here).
 */
function directiveLine(body: string, i: number, steps: StepSink): boolean {
  let j = i;
  while (body[j] === ' ' || body[j] === '\t') j++;
  const c = body[j];
  if (c === ':' && isName(body[j + 1])) {
    let k = j + 1;
    while (isName(body[k])) k++;
    steps(k - i + 1);
    return body[k] === ':';
  }
  if (c !== '`' && c !== '~' && c !== ':') { steps(j - i + 1); return false; }
  let k = j;
  while (body[k] === c) k++;
  if (k - j < 3) { steps(k - i + 1); return false; }
  while (body[k] === ' ' || body[k] === '\t') k++;
  if (body[k] !== '{') { steps(k - i + 1); return false; }
  k++;
  const name = k;
  while (isName(body[k])) k++;
  steps(k - i + 1);
  return k > name && body[k] === '}';
}

/**
 * Readable words in a page body (frontmatter already removed), counting at most `cap`: one pass over
 * the characters with a fixed set of openers and closers, so linear in the text however it is made.
 */
export function readableWords(body: string, cap = MIN_MOVE_WORDS, steps: StepSink = NO_STEPS): number {
  let n = 0;
  let closer = '';
  let inWord = false;
  let lineStart = true;
  for (let i = 0; i < body.length && n < cap; i++) {
    steps(1);
    const c = body[i]!;
    if (lineStart) {
      lineStart = false;
      if (!closer && directiveLine(body, i, steps)) {
        const nl = body.indexOf('\n', i);
        steps((nl < 0 ? body.length : nl) - i);
        i = nl < 0 ? body.length : nl; inWord = false; lineStart = true; continue;
      }
    }
    if (c === '\n') lineStart = true;
    if (closer) {
      if (c === closer[0] && body.startsWith(closer, i)) { i += closer.length - 1; closer = ''; }
      else if (closer === '>' && c === '\n') closer = '';
      continue;
    }
    const open = c === '{' || c === '<' ? HIDDEN.find(([o]) => body.startsWith(o, i)) : undefined;
    if (open) { closer = open[1]; i += open[0].length - 1; inWord = false; continue; }
    if (c === '<' && /[A-Za-z/]/.test(body[i + 1] ?? '')) { closer = '>'; inWord = false; continue; }
    const w = WORD_CHAR.test(c);
    if (w && !inWord) n++;
    inWord = w || (inWord && /['’_-]/.test(c));
  }
  return n;
}

/** The name a page goes by in its site: its file name, or its folder's for an index page. */
export function pageName(path: string): string {
  const file = basename(path).replace(/\.[^.]+$/, '');
  return /^(_?index|readme)$/i.test(file) ? basename(dirname(path)) : file;
}

/** Whether `from` may be taken for `to` moved, where their contents alone say so. */
export function movableByContent(body: string, from: string, to: string): boolean {
  return readableWords(body) >= MIN_MOVE_WORDS || pageName(from).toLowerCase() === pageName(to).toLowerCase();
}
