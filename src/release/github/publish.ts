// Draft-first publishing of one GitHub release: find (drafts included) or create a draft, upload what
// is missing, re-list and compare digests, then publish. Safe to re-run on the same tag.
import { sha256File, sha256Hex } from '../../core/hash.js';
import { DiagnosticError, error } from '../../core/diagnostics.js';
import type { GitHubApi, GhAsset, GhRelease } from './api.js';
import { fileBody } from './file-body.js';
import { GitHubError, UploadSourceError } from './http.js';

export interface LocalAsset {
  name: string;
  path: string;
  sha256: string;
  size: number;
  contentType?: string;
}

export interface PublishRequest {
  tag: string;
  commit: string | null;
  name: string;
  body: string;
  assets: LocalAsset[];
  /** Stay a draft after uploading. */
  draft: boolean;
  prerelease: boolean;
  makeLatest?: 'true' | 'false' | 'legacy';
  overwrite: boolean;
  log?: (s: string) => void;
}

export interface PublishOutcome {
  id: number;
  url: string;
  draft: boolean;
  prerelease: boolean;
  uploaded: string[];
  kept: string[];
  replaced: string[];
}

function failure(code: string, message: string, hint?: string): DiagnosticError {
  return new DiagnosticError(error(code, message, hint ? { hint } : {}), 1);
}

/** Published by tag first (cheap); drafts only appear in the list. The oldest draft wins a race. */
export async function findRelease(api: GitHubApi, tag: string): Promise<GhRelease | null> {
  const published = await api.releaseByTag(tag);
  if (published) return published;
  const drafts = (await api.listReleases()).filter((r) => r.tag_name === tag).sort((a, b) => a.id - b.id);
  return drafts[0] ?? null;
}

function remoteSha(a: GhAsset): string | null {
  return typeof a.digest === 'string' && a.digest.startsWith('sha256:') ? a.digest.slice(7) : null;
}

/** Same bytes? GitHub's digest when it gives one; else size, then a download to be sure. */
async function sameBytes(api: GitHubApi, remote: GhAsset, local: LocalAsset): Promise<boolean> {
  if (remote.state !== 'uploaded') return false;
  const d = remoteSha(remote);
  if (d) return d === local.sha256;
  if (remote.size !== local.size) return false;
  return sha256Hex(await api.downloadAsset(remote)) === local.sha256;
}

function isAlreadyExists(e: unknown): boolean {
  return e instanceof GitHubError && e.status === 422 && e.codes.includes('already_exists');
}

async function createDraft(api: GitHubApi, req: PublishRequest): Promise<GhRelease> {
  try {
    return await api.createRelease({
      tag_name: req.tag, ...(req.commit ? { target_commitish: req.commit } : {}), name: req.name, body: req.body,
      draft: true, prerelease: req.prerelease,
    });
  } catch (e) {
    // Another run created it between our lookup and our create: use theirs.
    if (!isAlreadyExists(e)) throw e;
    const found = await findRelease(api, req.tag);
    if (!found) throw e;
    return found;
  }
}

/**
 * Two runs releasing one tag at once can each create a draft (GitHub refuses a second release of a
 * tag only once one is published). After creating, list again: a published release of the tag wins,
 * else the oldest; a draft of ours that lost is deleted, so one release is left and no stray draft.
 */
async function settleDuplicates(api: GitHubApi, tag: string, ours: GhRelease, log: (s: string) => void): Promise<GhRelease> {
  const same = (await api.listReleases()).filter((r) => r.tag_name === tag);
  if (!same.some((r) => r.id === ours.id)) same.push(ours);
  const winner = same.find((r) => !r.draft) ?? same.sort((a, b) => a.id - b.id)[0]!;
  if (winner.id === ours.id) return ours;
  await api.deleteRelease(ours.id);
  log(`another run created release ${winner.id} for ${tag} at the same time: removed our draft ${ours.id} and continued with it`);
  return winner;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export async function publishRelease(api: GitHubApi, req: PublishRequest): Promise<PublishOutcome> {
  const log = req.log ?? (() => {});
  let rel = await findRelease(api, req.tag);
  const existed = !!rel;
  if (rel) log(`found ${rel.draft ? 'draft' : 'published'} release ${rel.id} for ${req.tag}`);
  else {
    const created = await createDraft(api, req);
    log(`created draft release ${created.id} for ${req.tag}`);
    rel = await settleDuplicates(api, req.tag, created, log);
  }
  const locked = !rel.draft && rel.immutable === true;

  // A release made from another commit than the tag now names (the tag was moved): its notes
  // describe other bytes. Only overwrite may take it over, and then notes and target are replaced.
  const target = rel.target_commitish ?? '';
  const moved = existed && !!req.commit && SHA.test(target) && target !== req.commit;
  if (moved && (locked || !req.overwrite)) {
    throw failure('CTXFORGE_RELEASE_TARGET_MOVED', `release ${req.tag} was made from commit ${target.slice(0, 12)}, but the tag now points at ${req.commit!.slice(0, 12)}`,
      locked ? 'the release is immutable: tag a new version' : 'tag a new version, or set overwrite to replace its assets, notes and target with this build');
  }

  // Plan every asset before changing anything, so a conflict leaves the release as it was.
  const remote = await api.listAssets(rel.id);
  const kept: string[] = [];
  const toUpload: LocalAsset[] = [];
  const toReplace: Array<{ local: LocalAsset; remote: GhAsset }> = [];
  const conflicts: string[] = [];
  for (const local of [...req.assets].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const r = remote.find((x) => x.name === local.name);
    if (!r) toUpload.push(local);
    else if (await sameBytes(api, r, local)) kept.push(local.name);
    else if (r.state !== 'uploaded') toReplace.push({ local, remote: r }); // a broken earlier upload
    else if (req.overwrite && !locked) toReplace.push({ local, remote: r });
    else conflicts.push(local.name);
  }
  if (locked && (toUpload.length || toReplace.length || conflicts.length)) {
    throw failure('CTXFORGE_RELEASE_IMMUTABLE', `release ${req.tag} is published and immutable, and its assets differ from this build (${[...conflicts, ...toUpload.map((a) => a.name), ...toReplace.map((a) => a.local.name)].join(', ')})`,
      'an immutable release is never changed: tag a new version');
  }
  if (conflicts.length) {
    throw failure('CTXFORGE_RELEASE_ASSET_CONFLICT', `release ${req.tag} already has ${conflicts.join(', ')} with different bytes`,
      'a rebuild of the same tag should be byte-identical; find out why it is not, or set overwrite to replace them');
  }

  const uploaded: string[] = [];
  const replaced: string[] = [];
  for (const { local, remote: r } of toReplace) {
    await api.deleteAsset(r.id);
    await uploadOne(api, rel, local, log);
    replaced.push(local.name);
  }
  for (const local of toUpload) {
    await uploadOne(api, rel, local, log);
    uploaded.push(local.name);
  }

  // Trust nothing we were told during upload: list again and compare every digest.
  const after = await api.listAssets(rel.id);
  for (const local of req.assets) {
    const r = after.find((x) => x.name === local.name);
    if (!r || !(await sameBytes(api, r, local))) {
      throw failure('CTXFORGE_RELEASE_VERIFY', `asset ${local.name} on release ${req.tag} does not match the local file after upload`, 're-run the release; the draft is left unpublished');
    }
  }

  const target_ = req.commit ? { target_commitish: req.commit } : {};
  if (rel.draft && !req.draft) {
    rel = await api.updateRelease(rel.id, {
      draft: false, prerelease: req.prerelease, name: req.name, body: req.body, ...target_,
      ...(req.makeLatest ? { make_latest: req.makeLatest } : {}),
    });
    log(`published release ${rel.id}: ${rel.html_url}`);
  } else if (existed && req.overwrite && !locked && (rel.body !== req.body || moved)) {
    // Overwritten assets get the notes that describe them.
    rel = await api.updateRelease(rel.id, { name: req.name, body: req.body, ...target_ });
    log(`updated the notes${moved ? ' and target' : ''} of release ${rel.id}`);
  }
  if (!rel.draft) await verifyPublished(api, rel, req, log);
  return { id: rel.id, url: rel.html_url, draft: rel.draft, prerelease: rel.prerelease, uploaded, kept, replaced };
}

/**
 * What users download now is what was built: each asset fetched again from the published release
 * and hashed (goreleaser's verify step). A digest GitHub reports is not enough here — the point is the
 * bytes served. The release is public by now, so a difference is a loud failure, never a warning.
 */
async function verifyPublished(api: GitHubApi, rel: GhRelease, req: PublishRequest, log: (s: string) => void): Promise<void> {
  const listed = await api.listAssets(rel.id);
  const bad: string[] = [];
  for (const local of req.assets) {
    const r = listed.find((x) => x.name === local.name);
    const got = r ? sha256Hex(await api.downloadAsset(r)) : null;
    if (got !== local.sha256) bad.push(`${local.name} (built ${local.sha256.slice(0, 12)}, served ${got ? got.slice(0, 12) : 'nothing'})`);
  }
  if (bad.length) {
    throw failure('CTXFORGE_RELEASE_PUBLISHED_MISMATCH', `release ${req.tag} is published, but what it serves differs from what was built: ${bad.join(', ')}`,
      'do not announce this release: download and compare the assets with SHA256SUMS, then delete the release (or mark it broken) and tag a new version');
  }
  log(`verified ${req.assets.length} published asset(s) of ${req.tag} by downloading them again`);
}

async function uploadOne(api: GitHubApi, rel: GhRelease, local: LocalAsset, log: (s: string) => void): Promise<void> {
  const changed = () => failure('CTXFORGE_RELEASE_CHANGED', `${local.path} changed on disk during the release`, 'nothing else may write to the output directory while a release runs');
  // Hashed by streaming too: checking the file must not cost the memory that streaming saves.
  const now = await sha256File(local.path).catch(() => null);
  if (!now || now.sha256 !== local.sha256 || now.size !== local.size) throw changed();
  for (let round = 0; round < 3; round++) {
    try {
      await api.uploadAsset(rel, local.name, fileBody(local.path, local.size), local.contentType ?? 'application/octet-stream');
      log(`uploaded ${local.name} (${local.size} bytes)`);
      return;
    } catch (e) {
      if (e instanceof UploadSourceError) throw changed();
      // The asset exists: our own earlier attempt that landed after a dropped connection, or a
      // half-finished upload ("starter") GitHub keeps around. Decide from the listing.
      if (!isAlreadyExists(e)) throw e;
      const r = (await api.listAssets(rel.id)).find((x) => x.name === local.name);
      if (r && (await sameBytes(api, r, local))) return;
      if (r && r.state !== 'uploaded') {
        await api.deleteAsset(r.id);
        continue;
      }
      throw failure('CTXFORGE_RELEASE_ASSET_CONFLICT', `another upload of ${local.name} with different bytes appeared on release ${rel.tag_name}`);
    }
  }
  throw failure('CTXFORGE_RELEASE_UPLOAD', `could not upload ${local.name} to release ${rel.tag_name}`);
}
