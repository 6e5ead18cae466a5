// Portable names: every document and asset path is made to fit every format's source tree (each
// format says through its nameProblem what it cannot hold — a cartridge's sqlar segment, OCTX's
// reserved navigation names), so a converted tree needs no renames. Each change is reported; case
// collisions get a numbered suffix.
import { info, error, warning, type Diagnostic } from '../core/diagnostics.js';
import { foldedKey } from '../core/paths.js';
import { freeSuffixed, isSuffixedForm } from '../core/suffixed.js';
import { hostConfigProblem, hostSafePath } from '../core/host-config-names.js';
import { allFormats } from '../formats.js';

/**
 * A segment in the characters every format's names allow: accents dropped, anything else one `-`,
 * starting with a letter or digit, no trailing dot or dash, at most 120 characters.
 */
export function portableSegment(seg: string): string {
  let s = seg.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
  s = s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-{2,}/g, '-');
  s = s.replace(/^[^A-Za-z0-9]+/, '').replace(/[.-]+$/, '');
  if (s === '') s = 'x';
  return s.slice(0, 120);
}

/** Does some format refuse this name (a folder probed with a document inside it)? */
function refused(name: string, kind: 'document' | 'asset' | 'folder'): boolean {
  const probe = kind === 'folder' ? `${name}/x.md` : name;
  return allFormats().some((m) => m.nameProblem?.(probe, kind === 'asset' ? 'asset' : 'document') !== undefined);
}

/** A name some format refuses (a reserved `index.md`, a Windows device `con`) gets `-page` after its stem. */
function allowed(name: string, kind: 'document' | 'asset' | 'folder'): string {
  if (!refused(name, kind)) return name;
  const dot = kind === 'folder' ? -1 : name.indexOf('.');
  return dot < 0 ? `${name}-page` : `${name.slice(0, dot)}-page${name.slice(dot)}`;
}

/**
 * The portable form of a relative path, under a name no agent host reads as configuration: Markdown
 * pages end in .md, README/index pages become site pages, and a page named as a host's instruction
 * file (`CLAUDE.md`, `AGENTS.md` …) gets `.knowledge` before its extension (src/core/host-config-names.ts;
 * portable segments never start with ".", so the dot rule is met already).
 */
export function portablePath(path: string, markdown: boolean): string {
  return hostSafePath(portableForm(path, markdown)).path;
}

/** The portable form of a relative path alone. */
function portableForm(path: string, markdown: boolean): string {
  const segs = path.split('/');
  let base = segs.pop()!;
  if (markdown) {
    base = base.replace(/\.(md|markdown|mdx)$/i, '');
    base = `${portableSegment(base)}.md`;
  } else {
    const dot = base.lastIndexOf('.');
    base = dot > 0 ? `${portableSegment(base.slice(0, dot))}.${portableSegment(base.slice(dot + 1))}` : portableSegment(base);
  }
  return [...segs.map((s) => allowed(portableSegment(s), 'folder')), allowed(base, markdown ? 'document' : 'asset')].join('/');
}

export interface Renames {
  /** upstream path → portable path */
  map: Map<string, string>;
  diagnostics: Diagnostic[];
}

/**
 * Portable paths for every upstream path, unique even on case-insensitive file systems. A path that
 * had a portable name before (`previous`, from the ID map) keeps it, so a page renamed for
 * portability keeps its name when upstream later adds a colliding one: the newcomer gets the
 * suffix. With `refuse`, a path that would change is an error naming the rename instead.
 */
export function portableNames(paths: { path: string; markdown: boolean }[], refuse: boolean, previous: ReadonlyMap<string, string> = new Map()): Renames {
  const map = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const taken = new Set<string>();
  // A name given before is still this path's when it is still a portable form of it (its own, or
  // its own with a collision suffix).
  const kept = (p: { path: string; markdown: boolean }, own: string): string | undefined => {
    const was = previous.get(p.path);
    return was !== undefined && isSuffixedForm(was, own) ? was : undefined;
  };
  // Each path's portable form and kept name once (the sort compared them anew in every comparison:
  // some 50 portablePath calls a page on 10,000 pages).
  const named = paths.map((p) => {
    const own = portablePath(p.path, p.markdown);
    const was = kept(p, own);
    return { p, own, was, rank: was !== undefined ? 0 : own === p.path ? 1 : 2 };
  });
  // Names kept from the last sync first, then unchanged names, so a colliding rename never displaces either.
  const order = named.sort((a, b) => a.rank - b.rank || (a.p.path < b.p.path ? -1 : a.p.path > b.p.path ? 1 : 0));
  for (const { p, own, was } of order) {
    const out = freeSuffixed(was ?? own, taken);
    taken.add(foldedKey(out));
    // A name kept as it is shares the upstream path's string: one copy a page (issue 39).
    map.set(p.path, out === p.path ? p.path : out);
    if (out !== p.path) {
      // A host's instruction name is a warning of its own: upstream planted (or happens to hold) a file an agent would obey.
      const host = hostConfigProblem(portableForm(p.path, p.markdown));
      if (host !== undefined) {
        if (refuse) diagnostics.push(error('SYNC_NAME_HOST_CONFIG', `${p.path}: ${host}; it would become ${out}`, { file: p.path, hint: 'rename it upstream, or sync without --no-rename to let ctxforge rename it' }));
        else diagnostics.push(warning('SYNC_NAME_HOST_CONFIG', `${p.path} → ${out}: ${host}, and an agent working in the source tree would take the page for its own configuration`, { file: p.path, hint: 'rename it upstream to end the warning; every link to it follows the rename' }));
      } else if (refuse) diagnostics.push(error('SYNC_NAME_NOT_PORTABLE', `${p.path} is not a portable name; it would become ${out}`, { file: p.path, hint: 'rename it upstream, or sync without --no-rename to let ctxforge normalise it' }));
      else diagnostics.push(info('SYNC_NAME_NORMALISED', `${p.path} → ${out}`, { file: p.path }));
    }
  }
  return { map, diagnostics };
}
