// Step "detect": which tag is released, which package(s) its tag pattern names, the version, the
// commit and the epoch (the tag's commit time).
import { fail, warning } from '../core/diagnostics.js';
import { isPrerelease } from '../core/semver.js';
import { resolveEpoch } from '../core/time.js';
import { tagName, tagVersion } from '../git/tags.js';
import { eventTag } from '../git/event-sha.js';
import type { Context, ReleasePackage, Step } from './context.js';
import { commitOf, commitTime, isGitRepo, tagsAtHead } from './gitcli.js';
import { uncommittedPaths } from '../repo/ignored.js';
import { discoverPackages } from './packages.js';
import { tagNoteDiagnostic } from '../repo/tag-patterns.js';

/** The tag being released: explicit, else the pushed ref, else the one release tag at HEAD. */
async function findTag(ctx: Context, pkgs: ReleasePackage[]): Promise<string | null> {
  if (ctx.opts.tag) return eventTag(ctx.opts.tag, '--tag');
  const ref = ctx.env.GITHUB_REF ?? '';
  if (ref.startsWith('refs/tags/')) return eventTag(ref.slice('refs/tags/'.length), 'GITHUB_REF');
  const here = (await tagsAtHead(ctx.root)).filter((t) => pkgs.some((p) => tagVersion(t, p.tagPattern)));
  return here.length === 1 ? here[0]! : null;
}

export const detect: Step = {
  name: 'detect',
  async run(ctx) {
    const { root, config: repoCfg, packages: all } = await discoverPackages({ cwd: ctx.opts.cwd, path: ctx.opts.path, config: ctx.opts.config });
    ctx.root = root;
    let tag = await findTag(ctx, all);
    if (!tag) {
      if (!ctx.opts.dryRun) fail('CTXFORGE_RELEASE_TAG', 'no tag to release: HEAD has no release tag and none was given', { hint: 'pass --tag v1.2.3, or rehearse with --dry-run' }, 2);
      if (all.length > 1) fail('CTXFORGE_RELEASE_TAG', `${all.length} packages: name the one to rehearse with --tag (e.g. ${tagName(all[0]!.version, all[0]!.tagPattern)}) or --path`, {}, 2);
      tag = tagName(all[0]!.version, all[0]!.tagPattern);
      ctx.tagIsVirtual = true;
    }
    const chosen = all.filter((p) => tagVersion(tag!, p.tagPattern) !== undefined);
    if (!chosen.length) {
      fail('CTXFORGE_RELEASE_TAG', `tag ${tag} matches no package's tag pattern`, {
        hint: `patterns: ${all.map((p) => `${p.relPath || '.'} → ${p.tagPattern}`).join(', ')}`,
      }, 2);
    }
    const version = tagVersion(tag, chosen[0]!.tagPattern)!;
    for (const p of chosen) {
      if (p.version !== version) {
        fail('CTXFORGE_RELEASE_VERSION_MISMATCH', `tag ${tag} says ${version}, but ${p.relPath || '.'} declares version ${p.version}`, {
          hint: 'bump the version in the package and tag that commit, or tag the version the package declares',
        });
      }
    }
    for (const p of chosen) if (p.tagNote) ctx.warnings.push(tagNoteDiagnostic(p.tagNote, repoCfg?.file));
    ctx.tag = tag;
    if (repoCfg?.oci) ctx.ociRepository = repoCfg.oci.repository;
    ctx.version = version;
    ctx.packages = chosen;
    ctx.prerelease = isPrerelease(version);

    const inGit = await isGitRepo(root);
    const tagCommit = inGit && !ctx.tagIsVirtual ? await commitOf(root, `refs/tags/${tag}`) : null;
    const head = inGit ? await commitOf(root, 'HEAD') : null;
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
      const dirty = inGit ? await uncommittedPaths(root, p.relPath) : [];
      if (dirty.length) ctx.warnings.push(warning('CTXFORGE_RELEASE_DIRTY', `${p.relPath || '.'} has ${dirty.length} uncommitted change(s); the release will not be reproducible from git`));
    }
    // The tag's commit time, not the clock: rebuilding the tag later gives the same bytes.
    const t = ctx.commit ? await commitTime(root, ctx.commit) : null;
    ctx.epoch = t ?? (await resolveEpoch({ env: ctx.env }));
    ctx.log(`release ${tag}: ${chosen.map((p) => `${p.name} ${p.version} (${p.format})`).join(', ')} at ${ctx.commit?.slice(0, 12) ?? 'no commit'}, epoch ${ctx.epoch}${ctx.prerelease ? ', prerelease' : ''}`);
  },
};
