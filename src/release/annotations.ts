// Which findings become workflow annotations. GitHub shows at most 10 error, 10 warning and 10
// notice annotations per step and drops the rest unseen, so the most useful go first: errors before
// warnings, and the first finding of each file before a second one of any file (a PR touching ten
// files shows one line in each rather than ten in the first). Everything stays in the job summary.
export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** GitHub's per-step cap for each level. */
export const ANNOTATIONS_PER_LEVEL = 10;

export interface Candidate<T> {
  level: AnnotationLevel;
  /** The file the annotation points at; findings without one rank with the first of each file. */
  file?: string;
  item: T;
}

export interface Picked<T> {
  shown: Array<Candidate<T>>;
  omitted: Record<AnnotationLevel, number>;
}

const LEVEL_ORDER: Record<AnnotationLevel, number> = { error: 0, warning: 1, notice: 2 };

export function pickAnnotations<T>(all: ReadonlyArray<Candidate<T>>, perLevel = ANNOTATIONS_PER_LEVEL): Picked<T> {
  const seen = new Map<string, number>();
  const ranked = all.map((c, i) => {
    const key = c.file === undefined ? undefined : `${c.level}\0${c.file}`;
    const nth = key === undefined ? 0 : (seen.get(key) ?? 0);
    if (key !== undefined) seen.set(key, nth + 1);
    return { c, nth, i };
  });
  ranked.sort((a, b) => LEVEL_ORDER[a.c.level] - LEVEL_ORDER[b.c.level] || a.nth - b.nth || a.i - b.i);
  const used: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const omitted: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const shown: Array<Candidate<T>> = [];
  for (const { c } of ranked) {
    if (used[c.level] < perLevel) { used[c.level]++; shown.push(c); } else omitted[c.level]++;
  }
  return { shown, omitted };
}

/** The summary's line about what was not annotated, or '' when everything was. */
export function omittedNote(omitted: Record<AnnotationLevel, number>): string {
  const parts = (['error', 'warning', 'notice'] as const).filter((l) => omitted[l] > 0).map((l) => `${omitted[l]} ${l}${omitted[l] === 1 ? '' : 's'}`);
  if (!parts.length) return '';
  return `> ${parts.join(', ')} not annotated: GitHub shows at most ${ANNOTATIONS_PER_LEVEL} annotations of each level per step. Every finding is listed in this summary.\n`;
}
