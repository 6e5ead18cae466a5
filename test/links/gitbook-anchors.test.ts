// GitBook's heading ids, as the links GitBook's own editor wrote show them in two real Git Sync
// repositories (0xn3va/cheat-sheets 1fe06f1, BeefreeSDK/beefree-sdk-docs 873fbe1; GitBook is not open
// source and not in Debian, so these links are the evidence): every pair below is a heading and the
// anchor a GitBook-written link uses for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gitbookAnchorSlugs } from '../../src/links/slugs.js';
import { anchorsOf, hasAnchor } from '../../src/links/site.js';
import { scanMarkdown } from '../../src/links/parse.js';

test('GitBook heading ids: `|` is "or", `/` a blank, `.` and `&` kept, other punctuation dropped, `id-` before a leading digit', () => {
  const seen: [string, string][] = [
    ['Abuse via .git/config', 'abuse-via-.git-config'],
    ['Mocks & webhooks', 'mocks-&-webhooks'],
    ['5. Set Up the Proxy Server (V2 Auth)', 'id-5.-set-up-the-proxy-server-v2-auth'],
    ['Video #2: Quickstart Guide: Vue.js No-code Email Builder (Part 2)', 'video-2-quickstart-guide-vue.js-no-code-email-builder-part-2'],
    ['Mobile Badge | Scheduled for March 2025', 'mobile-badge-or-scheduled-for-march-2025'],
  ];
  for (const [heading, id] of seen) assert.ok(gitbookAnchorSlugs(heading).includes(id), `${heading} → ${id}: ${gitbookAnchorSlugs(heading).join(', ')}`);
  // A changed heading is no longer reached (the stale links of the second repository).
  assert.ok(!gitbookAnchorSlugs('Mobile Badge | Released March 2025').includes('mobile-badge-or-scheduled-for-march-2025'));
});

test('GitBook numbers repeats of a heading id its editor wrote (`focus`, `focus-1`); GitHub\'s slug still counts; a missing anchor is still missing', () => {
  const page = '## Method <a href="#focus" id="focus"></a>\n\nText.\n\n## Focus <a href="#focus" id="focus"></a>\n\nMore.\n\n## **4. Set Up the Editor**\n';
  const a = anchorsOf(scanMarkdown(page), 'gitbook');
  for (const x of ['focus', 'focus-1', 'id-4.-set-up-the-editor', '4-set-up-the-editor']) assert.ok(hasAnchor(x, a, 'gitbook'), x);
  for (const x of ['focus-2', 'method-1', 'set-up-the-editor']) assert.ok(!hasAnchor(x, a, 'gitbook'), x);
  // Not another generator's rule: GitHub's numbering of explicit ids is not GitBook's.
  assert.ok(!hasAnchor('focus-1', anchorsOf(scanMarkdown(page), 'github'), 'github'));
});

test('GitBook gives an expandable block an id from its summary (links its editor wrote reach `<details><summary>Confirm Delete Single File</summary>`)', async () => {
  const { linkFactsOf } = await import('../../src/links/facts.js');
  const body = '# Dialogs\n\n<details>\n\n<summary>Confirm Delete Single File</summary>\n\nText.\n\n</details>\n\n[x](#confirm-delete-single-file)\n';
  const spec = { roots: [''], generator: 'gitbook' as const, wiki: false, admonitions: false };
  const f = linkFactsOf(spec, 'a.md', Buffer.from(body));
  assert.ok(f?.anchors && hasAnchor('confirm-delete-single-file', f.anchors.a, 'gitbook'));
  const g = linkFactsOf({ ...spec, generator: 'github' as const }, 'a.md', Buffer.from(body));
  assert.ok(g?.anchors && !hasAnchor('confirm-delete-single-file', g.anchors.a, 'github'), 'not another generator\'s rule');
});

test('an HTML href is judged as a browser reads it: character references decoded (GitBook\'s cards write `&#x27;` for an apostrophe); hostile references stay as written', async () => {
  const { decodeAttribute } = await import('../../src/links/html-links.js');
  assert.equal(decodeAttribute('a/Filice&#x27;s Talk.png'), "a/Filice's Talk.png");
  assert.equal(decodeAttribute('x&#39;y&amp;z&quot;&lt;&gt;'), 'x\'y&z"<>');
  for (const kept of ['a&#xD800;b', 'a&#0;b', 'a&#x110000;b', 'a&unknown;b', 'a&amp b', 'a&bogus;b']) assert.equal(decodeAttribute(kept), kept, kept);
  const root = (await import('../helpers/tmp.js')).tmpDir('gitbook-entity-');
  const { writeTree } = await import('../helpers/tmp.js');
  writeTree(root, { "assets/Filice's Talk.png": 'png', 'a.md': '# A\n\n<a href="assets/Filice&#x27;s Talk.png">talk</a> and <a href="assets/Gone&#x27;s.png">gone</a>\n' });
  const { DiskTree } = await import('../../src/core/tree.js');
  const { checkTreeLinks } = await import('../../src/links/check.js');
  const r = await checkTreeLinks(new DiskTree(root), [''], { level: 'error' });
  assert.deepEqual(r.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => /link to (.*?) points/.exec(d.message)?.[1]), ["assets/Gone's.png"]);
  // Linear on a long run of ampersands (no backtracking).
  assert.equal(decodeAttribute('&'.repeat(200_000) + '#x27;'), '&'.repeat(199_999) + "'");
});
