// `site:` of the ctxforge.yaml of the repository the command runs in: the generator, address and
// locales of the documentation site that sync reads and llms.txt links. An invalid file is refused
// (CTXFORGE_REPO_CONFIG_INVALID), never read as "no settings"; flags win over it key by key.
import { findRepo } from '../git/repo.js';
import { DiskTree } from '../core/tree.js';
import { readRepoConfig, type SiteSettings } from '../repo/config.js';

export async function repoSiteSettings(cwd: string): Promise<(SiteSettings & { file: string }) | undefined> {
  const repo = await findRepo(cwd).catch(() => undefined);
  if (!repo) return undefined;
  const cfg = await readRepoConfig(new DiskTree(repo.dir));
  return cfg?.site ? { ...cfg.site, file: cfg.file } : undefined;
}
