// Where each agent host reads Agent Skills, per scope, as its own documentation names it (cited in
// docs/install.md), and where installed knowledge documents go.

export const HOST_NAMES = ['agents', 'claude', 'codex', 'cursor', 'copilot', 'gemini'] as const;
export type HostName = (typeof HOST_NAMES)[number];
export type Scope = 'project' | 'user';

interface HostFolders {
  /** Relative to the project root. */
  project: string;
  /** Relative to the home folder. */
  user: string;
}

// Several hosts share a folder (Codex reads .agents/skills, as do Gemini CLI, Copilot and Cursor):
// a package installed for two of them is written there once.
const FOLDERS: Record<HostName, HostFolders> = {
  agents: { project: '.agents/skills', user: '.agents/skills' },
  claude: { project: '.claude/skills', user: '.claude/skills' },
  codex: { project: '.agents/skills', user: '.agents/skills' },
  cursor: { project: '.cursor/skills', user: '.cursor/skills' },
  copilot: { project: '.github/skills', user: '.copilot/skills' },
  gemini: { project: '.gemini/skills', user: '.gemini/skills' },
};

export function isHostName(s: string): s is HostName {
  return (HOST_NAMES as readonly string[]).includes(s);
}

/** The skills folder of `host` in `scope`, relative to the scope's root (project root or home). */
export function skillsFolder(host: HostName, scope: Scope): string {
  return FOLDERS[host][scope];
}

/** Knowledge documents of every package go below this folder (one subfolder per package), in either scope. */
export const KNOWLEDGE_FOLDER = '.agents/knowledge';

/** The knowledge index each package's folder carries (llmstxt.org). */
export const KNOWLEDGE_INDEX = 'llms.txt';
