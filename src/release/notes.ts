// Step "notes": RELEASE_NOTES.md from the diff of each package against the previous release tag
// ("Initial release." when there is none), plus how to verify the download.
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { compareSemver, isPrerelease } from '../core/semver.js';
import { diffPackage } from './collab.js';
import type { Context, Step } from './context.js';
import { parseTag } from './detect.js';
import { GitCliTree, isGitRepo, mergedTags, tryGit } from './gitcli.js';
import { PUBLIC_KEY_NAME, SIGNATURE_NAME } from './sign.js';

export const NOTES_NAME = 'RELEASE_NOTES.md';

/** The highest earlier version tag of the same package (same prefix) reachable from the release. */
export async function previousTag(cwd: string, tag: string, commit: string | null): Promise<string | null> {
  const cur = parseTag(tag);
  if (!cur || !(await isGitRepo(cwd))) return null;
  const tags = commit ? await mergedTags(cwd, commit) : (await tryGit(cwd, ['tag']))?.split('\n').filter(Boolean) ?? [];
  let best: { tag: string; version: string } | null = null;
  for (const t of tags) {
    const p = parseTag(t);
    if (!p || t === tag || p.prefix !== cur.prefix) continue;
    if (compareSemver(p.version, cur.version) >= 0) continue;
    // A stable release is compared with the previous stable one, not with its own release candidates.
    if (!isPrerelease(cur.version) && isPrerelease(p.version)) continue;
    if (!best || compareSemver(p.version, best.version) > 0) best = { tag: t, version: p.version };
  }
  return best?.tag ?? null;
}

function verifySection(ctx: Context): string {
  const signed = ctx.artifacts.some((a) => a.name === SIGNATURE_NAME);
  const lines = ['## Verify', '', '```sh', 'sha256sum -c SHA256SUMS'];
  if (signed) lines.push(`minisign -Vm SHA256SUMS -x ${SIGNATURE_NAME} -p ${PUBLIC_KEY_NAME}   # use a copy of ${PUBLIC_KEY_NAME} you trust`);
  lines.push('```', '');
  return lines.join('\n');
}

export const notes: Step = {
  name: 'notes',
  async run(ctx) {
    const cwd = ctx.opts.cwd;
    ctx.previousTag = ctx.tagIsVirtual ? await previousTag(cwd, ctx.tag, null) : await previousTag(cwd, ctx.tag, ctx.commit);
    const parts = [`# ${ctx.packages.map((p) => p.name).join(', ')} ${ctx.version}`, ''];
    if (!ctx.previousTag) parts.push('Initial release.', '');
    else parts.push(`Changes since ${ctx.previousTag}.`, '');
    for (const p of ctx.packages) {
      const oldTree = ctx.previousTag ? new GitCliTree(cwd, `refs/tags/${ctx.previousTag}`, p.relPath) : null;
      const present = oldTree ? await oldTree.exists().catch(() => false) : false;
      const d = await diffPackage({
        cwd, module: p.module, name: p.name, relPath: p.relPath, oldRef: present ? ctx.previousTag : null,
        oldTree: present ? oldTree : null, newTree: p.tree, newDir: p.dir, opts: { env: ctx.env },
      });
      ctx.diffs.push(d);
      if (ctx.previousTag) parts.push(d.markdown.trimEnd(), '');
    }
    parts.push('## Assets', '', '| file | sha256 |', '|---|---|');
    for (const a of ctx.artifacts.filter((x) => x.kind === 'package' || x.kind === 'provenance')) parts.push(`| ${a.name} | \`${a.sha256}\` |`);
    parts.push('', verifySection(ctx));
    const text = parts.join('\n');
    ctx.notes = text;
    const path = join(ctx.outDir, NOTES_NAME);
    await writeFileAtomic(path, text);
    ctx.artifacts.push({ name: NOTES_NAME, path, kind: 'notes', sha256: sha256Hex(text), size: Buffer.byteLength(text) });
  },
};
