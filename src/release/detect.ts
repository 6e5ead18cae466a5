// Step "detect": which tag is released, which package it names, its version, commit and epoch.
import { fail, warning } from '../core/diagnostics.js';
import { isPrerelease, isSemver } from '../core/semver.js';
import { resolveEpoch } from '../core/time.js';
import type { Context, ReleasePackage, Step } from './context.js';
import { commitOf, commitTime, dirtyFiles, isGitRepo, tagsAtHead } from './gitcli.js';
import { discoverPackages } from './packages.js';

export interface ParsedTag {
  tag: string;
  /** Package name of a prefixed tag (`name@v1.2.3`), else null. */
  prefix: string | null;
  version: string;
}

/** `v1.2.3`, `1.2.3` or `<pkg>@v1.2.3` (the last `@` splits, so scoped names like `@org/x@v1` work). */
export function parseTag(tag: string): ParsedTag | null {
  const at = tag.lastIndexOf('@');
  const prefix = at > 0 ? tag.slice(0, at) : null;
  const rest = at > 0 ? tag.slice(at + 1) : tag;
  const version = rest.startsWith('v') ? rest.slice(1) : rest;
  return isSemver(version) ? { tag, prefix, version } : null;
}

/** The tag being released: explicit, else the pushed ref, else a tag at HEAD. */
async function findTag(ctx: Context): Promise<string | null> {
  if (ctx.opts.tag) return ctx.opts.tag;
  const ref = ctx.env.GITHUB_REF ?? '';
  if (ref.startsWith('refs/tags/')) return ref.slice('refs/tags/'.length);
  const here = (await tagsAtHead(ctx.opts.cwd)).filter((t) => parseTag(t));
  return here.length === 1 ? here[0]! : null;
}

function selectPackages(all: ReleasePackage[], parsed: ParsedTag): ReleasePackage[] {
  if (parsed.prefix) {
    const hit = all.filter((p) => p.name === parsed.prefix || p.aliases.includes(parsed.prefix!));
    if (!hit.length) {
      fail('CTXFORGE_RELEASE_TAG', `tag ${parsed.tag} names package ${JSON.stringify(parsed.prefix)}, which is not in this repository`, {
        hint: `packages: ${all.map((p) => p.name).join(', ')}`,
      });
    }
    return hit.slice(0, 1);
  }
  if (all.length > 1) {
    fail('CTXFORGE_RELEASE_TAG', `tag ${parsed.tag} has no package prefix, but the repository has ${all.length} packages`, {
      hint: `tag one package, e.g. ${all[0]!.name}@v${parsed.version}`,
    });
  }
  return all;
}

export const detect: Step = {
  name: 'detect',
  async run(ctx) {
    const cwd = ctx.opts.cwd;
    const all = await discoverPackages({ cwd, config: ctx.opts.config, path: ctx.opts.path });
    let tag = await findTag(ctx);
    if (!tag) {
      if (!ctx.opts.dryRun) fail('CTXFORGE_RELEASE_TAG', 'no tag to release: HEAD has no version tag and none was given', { hint: 'pass --tag v1.2.3, or rehearse with --dry-run' }, 2);
      if (all.length > 1) fail('CTXFORGE_RELEASE_TAG', 'several packages: name the one to rehearse with --tag <name>@v<version>', {}, 2);
      tag = `v${all[0]!.version}`;
      ctx.tagIsVirtual = true;
    }
    const parsed = parseTag(tag);
    if (!parsed) fail('CTXFORGE_RELEASE_TAG', `tag ${JSON.stringify(tag)} is not a version tag`, { hint: 'use v1.2.3, or <package>@v1.2.3 in a repository with several packages' }, 2);
    const chosen = selectPackages(all, parsed);
    for (const p of chosen) {
      if (p.version !== parsed.version) {
        fail('CTXFORGE_RELEASE_VERSION_MISMATCH', `tag ${tag} says ${parsed.version}, but ${p.relPath || '.'} declares version ${p.version}`, {
          hint: 'bump the version in the package and tag that commit, or tag the version the package declares',
        });
      }
    }
    ctx.tag = tag;
    ctx.version = parsed.version;
    ctx.packages = chosen;
    ctx.prerelease = isPrerelease(parsed.version);

    const inGit = await isGitRepo(cwd);
    const tagCommit = inGit && !ctx.tagIsVirtual ? await commitOf(cwd, `refs/tags/${tag}`) : null;
    const head = inGit ? await commitOf(cwd, 'HEAD') : null;
    if (!tagCommit && !ctx.tagIsVirtual) {
      if (!ctx.opts.dryRun) fail('CTXFORGE_RELEASE_TAG', `tag ${tag} does not exist in this repository`, { hint: 'create and push the tag first, or rehearse with --dry-run' }, 2);
      ctx.tagIsVirtual = true;
    }
    if (tagCommit && head && tagCommit !== head) {
      const msg = `the work tree is at ${head.slice(0, 12)}, but tag ${tag} is ${tagCommit.slice(0, 12)}; the artifacts would not match the tag`;
      if (!ctx.opts.dryRun) fail('CTXFORGE_RELEASE_NOT_AT_TAG', msg, { hint: `git checkout ${tag}` }, 2);
      ctx.warnings.push(warning('CTXFORGE_RELEASE_NOT_AT_TAG', msg));
    }
    ctx.commit = tagCommit ?? head;
    for (const p of chosen) {
      const dirty = inGit ? await dirtyFiles(cwd, p.relPath) : [];
      if (dirty.length) ctx.warnings.push(warning('CTXFORGE_RELEASE_DIRTY', `${p.relPath || '.'} has ${dirty.length} uncommitted change(s); the release will not be reproducible from git`));
    }
    // The tag's commit time, not the clock: rebuilding the tag later gives the same bytes.
    const t = ctx.commit ? await commitTime(cwd, ctx.commit) : null;
    ctx.epoch = t ?? (await resolveEpoch({ env: ctx.env }));
    ctx.log(`release ${tag}: ${chosen.map((p) => `${p.name} ${p.version} (${p.format})`).join(', ')} at ${ctx.commit?.slice(0, 12) ?? 'no commit'}, epoch ${ctx.epoch}${ctx.prerelease ? ', prerelease' : ''}`);
  },
};
