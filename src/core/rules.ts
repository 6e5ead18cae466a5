// The one rule registry: every diagnostic code with its summary and spec section, so that
// `ctxforge rules` and the README's table come from the same data.

/** The groups a code belongs to (its prefix's format, or the layer that reports it). */
export const RULE_FORMATS = ['octx', 'ctxpkg', 'acx', 'core', 'git', 'diff', 'release'] as const;

export interface Rule {
  code: string;
  format: (typeof RULE_FORMATS)[number];
  summary: string;
  /** Spec reference, e.g. "OCTX §4" or "CTXPKG §8". */
  spec?: string;
}

const registry = new Map<string, Rule>();

export function defineRules(rules: readonly Rule[]): void {
  for (const r of rules) {
    const prev = registry.get(r.code);
    if (prev && prev.summary !== r.summary) throw new Error(`rule ${r.code} defined twice`);
    registry.set(r.code, r);
  }
}

export function allRules(): Rule[] {
  return [...registry.values()].sort((a, b) => a.format.localeCompare(b.format) || a.code.localeCompare(b.code));
}

export function ruleFor(code: string): Rule | undefined {
  return registry.get(code);
}

defineRules([
  { code: 'CTXFORGE_USAGE', format: 'core', summary: 'The command line is not valid.' },
  { code: 'CTXFORGE_IO', format: 'core', summary: 'A file could not be read or written.' },
  { code: 'CTXFORGE_IO_SYMLINK', format: 'core', summary: 'An output path is, or passes through, a symbolic link; nothing is written through one.' },
  { code: 'CTXFORGE_FORMAT_UNKNOWN', format: 'core', summary: 'The input is not a package or source tree of any supported format.' },
  { code: 'CTXFORGE_INTERNAL', format: 'core', summary: 'An unexpected internal error; please report it.' },
  { code: 'CTXFORGE_EPOCH_MISSING', format: 'core', summary: 'No build time: pass --source-date-epoch, set SOURCE_DATE_EPOCH, or build inside a git checkout.' },
  { code: 'CTXFORGE_HOST_CONFIG_NAME', format: 'core', summary: 'unpack or import: the package holds a file at a path an agent host reads as configuration (a segment starting with ".", AGENTS.md, CLAUDE.md, SKILL.md outside a skill\'s own … — src/core/host-config-names.ts). The tree must build into the same package, so nothing is renamed and nothing is written; install, sync and convert rename such files instead.' },
  { code: 'CTXFORGE_OUTPUT_EXISTS', format: 'core', summary: 'The output already exists with other content.' },
  { code: 'CTXFORGE_KEY_INVALID', format: 'core', summary: 'A signing or verification key could not be read.' },
  { code: 'CTXFORGE_KEY_PERMISSIONS', format: 'core', summary: 'A private key file is readable by other users.' },
  { code: 'CTXFORGE_SECRET_FOUND', format: 'core', summary: 'A credential-shaped string was found in content about to be packaged.' },
  // Reported by shared modules (core/sqlite.ts, core/skill-folder.ts, core/agent-skill.ts) that load
  // with the code using them; defined here so that the codes are known without loading them.
  { code: 'CTXFORGE_SQLITE_UNAVAILABLE', format: 'core', summary: 'No SQLite engine can be loaded on this Node.js (better-sqlite3 missing or built for another Node version, and no usable node:sqlite): cartridges cannot be read or written until it is fixed.' },
  { code: 'SKILL_INVALID', format: 'core', summary: 'An Agent Skill (SKILL.md and its folder) breaks the agentskills.io specification.' },
  { code: 'SKILL_NORMALISED', format: 'core', summary: 'An Agent Skill was changed on its way into a format (info), only ever in these ways: a byte-order mark removed; for a cartridge, a list allowed-tools written as one string and unknown frontmatter keys moved into the signed acx_skill.ext.' },
]);
