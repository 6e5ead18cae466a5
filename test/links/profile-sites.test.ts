// The generators with a profile, on sites shaped like the real ones: detected with the evidence
// named (markers up to the repository root, never beyond it nor through a symbolic link), every
// planted finding reported at its line and nothing else, navigation files not documents, and the
// links that cannot be judged counted by reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSite } from '../../src/links/generators.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { readUpstream } from '../../src/sync/upstream.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { PROFILE_SITES, hugo, zola, type ProfileSite } from './profile-sites.js';

const lineOf = (text: string, needle: string) => {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `${needle} is in the text`);
  return text.slice(0, i).split('\n').length;
};
const found = (diags: Diagnostic[]) => diags.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort();

function make(s: ProfileSite): string {
  const root = tmpDir(`ctxforge-profile-${s.name}-`);
  writeTree(root, s.files);
  git(root, ['init', '-q']);
  return root;
}

for (const mk of PROFILE_SITES) {
  const s = mk();
  test(`${s.name}: detected by ${s.marker}; the check finds every planted link and nothing else`, async () => {
    const docs = join(make(s), s.docs);
    const site = await detectSite(docs);
    assert.equal(site.generator, s.generator);
    assert.equal(site.marker, s.marker);
    const up = await readUpstream(docs);
    for (const n of s.navigation) assert.ok(!up.docs.some((d) => d.path === n), `${n} is navigation, not a document`);
    // The site as sync reads it: what the files beside the pages add (served .html pages, data files that are code).
    const r = await checkTreeLinks(new DiskTree(docs), [''], { site: up.site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
    const want = s.planted.map((p) => `${p.file}:${lineOf(readFileSync(join(docs, p.file), 'utf8'), p.needle)}:${p.code}`).sort();
    assert.deepEqual(found(r.diagnostics), want, JSON.stringify(r.diagnostics, null, 1));
    const nj = r.diagnostics.find((d) => d.code === 'LINK_NOT_JUDGED')?.message ?? '';
    assert.match(nj, s.notJudged, nj);
  });
}

test('hugo: a marker above the repository root, or reached through a symbolic link, is not evidence', async () => {
  const s = hugo();
  const outer = tmpDir('ctxforge-profile-outer-');
  writeTree(outer, { 'hugo.toml': 'baseURL = "/"\n' });
  const repo = join(outer, 'repo');
  mkdirSync(repo);
  writeTree(repo, Object.fromEntries(Object.entries(s.files).filter(([p]) => p.startsWith('content/'))));
  git(repo, ['init', '-q']);
  assert.equal((await detectSite(join(repo, 'content/en'))).generator, 'github');
  // The same content reached through a link from inside a Hugo repository.
  const other = make(s);
  const linked = tmpDir('ctxforge-profile-linked-');
  writeTree(linked, { 'hugo.toml': 'baseURL = "/"\n' });
  git(linked, ['init', '-q']);
  symlinkSync(join(other, 'content'), join(linked, 'content'));
  assert.equal((await detectSite(join(linked, 'content/en'))).generator, 'github');
});

test('zola: a synced site keeps its @/ links working — one to a renamed section page is rewritten, the others still name their files', async () => {
  const { syncDocs } = await import('../../src/sync/index.js');
  const root = make(zola());
  const out = join(root, 'pkg');
  const r = await syncDocs(join(root, 'content'), out, { cache: false });
  assert.equal(r.site.generator, 'zola');
  const home = readFileSync(join(out, 'knowledge', 'index-page.md'), 'utf8');
  assert.match(home, /\[the blog\]\(blog\/index-page\.md\)/, 'the link to blog/_index.md follows its rename');
  assert.match(home, /\[the first post\]\(@\/blog\/first\.md\)/, 'a link to a page that kept its name is as written');
  const v = await checkTreeLinks(new DiskTree(out), ['knowledge/'], { site: (await import('../../src/links/generators.js')).siteRules({ generator: 'zola', root: 'knowledge/' }), level: 'error' });
  assert.deepEqual(found(v.diagnostics), ['knowledge/blog/first.md:10:LINK_ANCHOR_MISSING', 'knowledge/index-page.md:8:LINK_BROKEN']);
});
