// Names an agent host reads as its own configuration, and the one rename that keeps knowledge out of
// them. Knowledge comes from package publishers and upstream docs owners; written under such a name
// (`knowledge/.claude/skills/evil/SKILL.md`, a `CLAUDE.md` in a synced docs folder) it would reach an
// agent as instructions or a skill, not as a document. Install, sync and convert write it under a
// host-safe name and record the package's own (the lock's original_path, the ID map, the converted
// document's kept path); unpack and import, whose tree must build into the same package again, cannot
// rename a path the package's manifest and signature name, so they refuse it (hostConfigEntries).

import { error, type Diagnostic } from './diagnostics.js';
import { foldedKey, unsafePathReason } from './paths.js';
import { freeSuffixed } from './suffixed.js';

/**
 * File names hosts read as instructions wherever they find them (nested folders included), by the
 * hosts' own documentation. Compared case-insensitively after NFC (foldedKey): Windsurf reads
 * `agents.md` as well as `AGENTS.md`, and macOS and Windows serve either spelling.
 */
export const HOST_CONFIG_FILES: ReadonlyArray<{ name: string; read: string }> = [
  // The AGENTS.md convention: Codex, Amp, Cursor, Windsurf, Copilot, Jules, Android Studio; every folder from the root down, nested ones too.
  { name: 'AGENTS.md', read: 'the AGENTS.md convention (Codex, Cursor, Windsurf, Copilot, Amp …)' },
  // Codex reads AGENTS.override.md before AGENTS.md in each folder.
  { name: 'AGENTS.override.md', read: 'Codex' },
  // Android Studio's Gemini agent (and early Amp) read AGENT.md.
  { name: 'AGENT.md', read: 'Android Studio\'s Gemini agent' },
  // Claude Code memory: CLAUDE.md in a subfolder is loaded when Claude reads a file below it; CLAUDE.local.md beside it.
  { name: 'CLAUDE.md', read: 'Claude Code' },
  { name: 'CLAUDE.local.md', read: 'Claude Code' },
  // Gemini CLI loads GEMINI.md just in time from the folder of any file a tool touches, and its ancestors.
  { name: 'GEMINI.md', read: 'Gemini CLI' },
  // Agent Skills: a folder holding SKILL.md is a skill to every host that scans for skills.
  { name: 'SKILL.md', read: 'Agent Skills hosts' },
  // GitHub Copilot's repository instructions (.github/copilot-instructions.md; Copilot CLI also in nested folders).
  { name: 'copilot-instructions.md', read: 'GitHub Copilot' },
  // Rule and server files of Cursor, Windsurf, Cline and Claude Code (.mcp.json: project MCP servers).
  // Each starts with "." and so is caught by the dot rule too; listed so the docs name them.
  { name: '.cursorrules', read: 'Cursor' },
  { name: '.windsurfrules', read: 'Windsurf' },
  { name: '.clinerules', read: 'Cline' },
  { name: '.mcp.json', read: 'Claude Code' },
];

const BY_KEY = new Map(HOST_CONFIG_FILES.map((f) => [foldedKey(f.name), f]));

/** The infix a renamed instruction file gets before its extension: `AGENTS.md` → `AGENTS.knowledge.md`. */
export const KNOWLEDGE_INFIX = '.knowledge';
/** The prefix a segment starting with "." gets instead of its dots: `.claude` → `dot-claude`. */
export const DOT_PREFIX = 'dot-';

/**
 * Why `path` (relative, "/"-separated) is a place an agent host reads as configuration, or undefined.
 * Any segment starting with "." (`.claude`, `.agents`, `.github`, `.cursor`: hosts keep skills, rules
 * and settings in hidden folders, and a hidden file is no document anyone browses), and a file named
 * as one of HOST_CONFIG_FILES.
 */
export function hostConfigProblem(path: string): string | undefined {
  const segs = path.split('/');
  for (const seg of segs) {
    if (seg.startsWith('.')) return `${JSON.stringify(seg)} starts with "." (agent hosts keep their configuration in hidden files and folders)`;
  }
  const base = segs[segs.length - 1]!;
  const hit = BY_KEY.get(foldedKey(base));
  return hit ? `${base === hit.name ? hit.name : `${JSON.stringify(base)} (${hit.name} where case does not count)`} is read as instructions by ${hit.read}` : undefined;
}

/** One segment under a name no host reads: dots at its start become `dot-`, an instruction file gets `.knowledge`. */
function safeSegment(seg: string, last: boolean): string {
  let s = seg.startsWith('.') ? `${DOT_PREFIX}${seg.replace(/^\.+/, '')}` : seg;
  if (last && BY_KEY.has(foldedKey(s))) {
    const dot = s.lastIndexOf('.');
    s = dot > 0 ? `${s.slice(0, dot)}${KNOWLEDGE_INFIX}${s.slice(dot)}` : `${s}${KNOWLEDGE_INFIX}`;
  }
  return s;
}

/**
 * `path` under a name no host reads as configuration, deterministically: `AGENTS.md` →
 * `AGENTS.knowledge.md`, `.claude/skills/x/SKILL.md` → `dot-claude/skills/x/SKILL.knowledge.md`; a
 * path that is none is returned as it is. Collisions are the caller's (hostSafeNames avoids them).
 */
export function hostSafePath(path: string): { path: string; changed: boolean } {
  // An unsafe path ("..", absolute, not NFC) is the caller's to refuse: renamed, it could pass for a safe one.
  if (unsafePathReason(path) !== null || hostConfigProblem(path) === undefined) return { path, changed: false };
  const segs = path.split('/');
  const out = segs.map((s, i) => safeSegment(s, i === segs.length - 1)).join('/');
  return { path: out, changed: out !== path };
}

/**
 * Host-safe names for every path of one output, each unique where case and Unicode form do not
 * count: paths that need no rename keep theirs (and so does every name in `taken`, folded with
 * foldedKey); a renamed path that meets one of them takes `-2`, `-3` … (freeSuffixed). Processed in
 * the order given, so the same paths always get the same names.
 */
export function hostSafeNames(paths: readonly string[], taken: Iterable<string> = []): Map<string, string> {
  const used = new Set<string>([...taken].map(foldedKey));
  const out = new Map<string, string>();
  const renamed: string[] = [];
  for (const p of paths) {
    if (!hostSafePath(p).changed) { out.set(p, p); used.add(foldedKey(p)); } else renamed.push(p);
  }
  for (const p of renamed) {
    const to = freeSuffixed(hostSafePath(p).path, used);
    used.add(foldedKey(to));
    out.set(p, to);
  }
  return out;
}

/**
 * The paths of a tree written exactly as the package holds them (unpack, import) that an agent host
 * would read as configuration. A skill's own SKILL.md (`<root><skill>/SKILL.md`, for a root in
 * `skillRoots`) is where hosts are meant to find it and is not one; anything else is, SKILL.md or
 * hidden folder inside a skill included.
 */
export function hostConfigEntries(paths: Iterable<string>, skillRoots: readonly string[] = []): Array<{ path: string; why: string }> {
  const out: Array<{ path: string; why: string }> = [];
  for (const p of paths) {
    const root = skillRoots.find((r) => p.startsWith(r));
    if (root !== undefined) {
      const segs = p.slice(root.length).split('/');
      if (segs.length === 2 && segs[1] === 'SKILL.md' && !segs[0]!.startsWith('.') && hostConfigProblem(root) === undefined) continue;
    }
    const why = hostConfigProblem(p);
    if (why !== undefined) out.push({ path: p, why });
  }
  return out;
}

/** CTXFORGE_HOST_CONFIG_NAME for each path of hostConfigEntries: what unpack and import refuse, before anything is written. */
export function hostConfigRefusals(paths: Iterable<string>, skillRoots: readonly string[], into: string): Diagnostic[] {
  return hostConfigEntries(paths, skillRoots).slice(0, 20).map((h) => error('CTXFORGE_HOST_CONFIG_NAME', `${JSON.stringify(h.path)}: ${h.why}; written into ${into}, an agent working there would take it for its own configuration`, {
    file: h.path, hint: 'the tree must build into the same package, so the file cannot be renamed: install the package (install writes such files under names no host reads), convert it to another format (which renames them), or ask the publisher to rename it',
  }));
}
