// Step "notes": RELEASE_NOTES.md from the diff of each package against the previous release tag
// ("Initial release." when there is none), plus how to verify the download.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { warning } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { mdCodeCell, mdText } from '../core/markdown-safe.js';
import { diffPackage, previousTagOf, repoOf, treeAt } from './collab.js';
import type { Context, Step } from './context.js';
import { PUBLIC_KEY_NAME, SIGNATURE_NAME } from './sign.js';

export const NOTES_NAME = 'RELEASE_NOTES.md';

function verifySection(ctx: Context): string {
  const signed = ctx.artifacts.some((a) => a.name === SIGNATURE_NAME);
  const lines = ['## Verify', '', '```sh', 'sha256sum -c SHA256SUMS'];
  if (signed) lines.push(`minisign -Vm SHA256SUMS -x ${SIGNATURE_NAME} -p ${PUBLIC_KEY_NAME}   # use a copy of ${PUBLIC_KEY_NAME} you trust`);
  lines.push('```', '');
  // Attestations (issue 19): made by actions/attest in the release workflow, checked by gh. Only a
  // repository and tag of plain characters go into the commands; anything else stays a placeholder.
  const repo = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(ctx.opts.github?.repository ?? '') ? ctx.opts.github!.repository : 'OWNER/REPO';
  const tag = /^[A-Za-z0-9._@+\/-]+$/.test(ctx.tag) ? ctx.tag : 'TAG';
  lines.push('Provenance, when the release workflow attests its files (actions/attest):', '', '```sh',
    `gh attestation verify FILE --repo ${repo}   # FILE: any downloaded asset`,
    `gh release verify-asset ${tag} FILE --repo ${repo}   # the asset is the one this (immutable) release holds`, '```', '');
  return lines.join('\n');
}

export const notes: Step = {
  name: 'notes',
  async run(ctx) {
    const repo = await repoOf(ctx.root);
    const first = ctx.packages[0]!;
    // Tags on the release commit are the release itself, never its predecessor.
    ctx.previousTag = repo ? await previousTagOf(repo, first.tagPattern, ctx.version, ctx.tagIsVirtual ? null : ctx.commit) : null;
    // A shallow clone (actions/checkout's default depth of 1) has neither the earlier tags nor
    // their commits: "Initial release." would be said of a package released before.
    if (repo && !ctx.previousTag && existsSync(join(repo.gitdir, 'shallow'))) {
      ctx.warnings.push(warning('CTXFORGE_RELEASE_SHALLOW', 'this clone is shallow: an earlier release tag or its commit may be missing, so the notes may call this an initial release', {
        hint: 'check out the full history (actions/checkout with fetch-depth: 0) so the notes compare with the previous release',
      }));
    }
    // Package names, tags and versions come from the repository: inert text in the notes and the body.
    const parts = [`# ${mdText(`${ctx.packages.map((p) => p.name).join(', ')} ${ctx.version}`)}`, ''];
    parts.push(ctx.previousTag ? `Changes since ${mdText(ctx.previousTag)}.` : 'Initial release.', '');
    for (const p of ctx.packages) {
      const oldTree = repo && ctx.previousTag ? await treeAt(repo, `refs/tags/${ctx.previousTag}`, p.relPath) : null;
      const d = await diffPackage({
        module: p.module, name: p.name, relPath: p.relPath, policy: p.policy, oldTree, newTree: p.tree,
        ...(ctx.previousTag ? { oldLabel: ctx.previousTag } : {}), ...(ctx.commit ? { newCommit: ctx.commit } : {}),
        tag: { name: ctx.tag, pattern: p.tagPattern, version: ctx.version }, opts: { env: ctx.env }, level: 2,
        ...(p.tagNote ? { tagNote: p.tagNote } : {}),
      });
      ctx.diffs.push(d);
      parts.push(d.markdown.trimEnd(), '');
    }
    parts.push('## Assets', '', '| file | sha256 |', '|---|---|');
    for (const a of ctx.artifacts.filter((x) => x.kind === 'package' || x.kind === 'provenance')) parts.push(`| ${mdCodeCell(a.name)} | \`${a.sha256}\` |`);
    parts.push('', verifySection(ctx));
    const text = parts.join('\n');
    ctx.notes = text;
    const path = join(ctx.outDir, NOTES_NAME);
    await writeFileAtomic(path, text);
    ctx.artifacts.push({ name: NOTES_NAME, path, kind: 'notes', sha256: sha256Hex(text), size: Buffer.byteLength(text) });
  },
};
