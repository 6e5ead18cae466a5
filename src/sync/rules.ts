// Diagnostic codes of sync, convert, llms.txt export and Agent Skills, in the one rule registry
// (link checking's are src/links/rules.ts).
import { defineRules } from '../core/rules.js';
// CONVERT_LEFT_OUT and SYNC_ASSETS_LEFT_OUT are the documents model's (src/doc-rules.ts): the format modules report them.
import '../doc-rules.js';

defineRules([
  { code: 'SYNC_ID_MAP_INVALID', format: 'core', summary: '.ctxforge-sync.json (the committed ID map of a synced source tree) cannot be read.' },
  { code: 'SYNC_ID_CLAIMED', format: 'core', summary: 'A page (or source document) claims a stable ID that another present page holds, or that an earlier claimant took: the holder keeps it, the claimant gets another ID (warning naming both).' },
  { code: 'SYNC_ID_MAP_CONTRADICTS', format: 'core', summary: 'An entry of .ctxforge-sync.json gives a document another ID than the document carries (validate, the PR check; sync refuses such a map).' },
  { code: 'SYNC_ID_MAP_DUPLICATE', format: 'core', summary: 'An ID, or a document, is mapped twice in .ctxforge-sync.json.' },
  { code: 'SYNC_ID_RETIRED_IN_USE', format: 'core', summary: 'An ID that .ctxforge-sync.json retired is mapped again or carried by a document; retired IDs are never handed out again.' },
  { code: 'SYNC_ID_MAP_CHANGED', format: 'core', summary: 'The PR changes .ctxforge-sync.json: what changed (info), or an error when a retired ID is un-retired or a document that neither moved nor changed gets another ID.' },
  { code: 'SYNC_NAME_NORMALISED', format: 'core', summary: 'An upstream file name was not portable and was renamed in the source tree (info).' },
  { code: 'SYNC_NAME_HOST_CONFIG', format: 'core', summary: 'An upstream page or asset is named as an agent host\'s instruction file (CLAUDE.md, AGENTS.md, GEMINI.md, SKILL.md … — src/core/host-config-names.ts): it is written as CLAUDE.knowledge.md and so on, its ID and every link following it (warning); with --no-rename, refused (error).' },
  { code: 'SYNC_NAME_NOT_PORTABLE', format: 'core', summary: 'An upstream file name is not portable and --no-rename refuses to rename it.' },
  { code: 'SYNC_MOVED', format: 'core', summary: 'A page vanished from one path and reappeared at another with the same or similar content: it keeps its ID (info).' },
  { code: 'SYNC_FRONTMATTER_DROPPED', format: 'core', summary: 'A site-generator frontmatter key has no place in the package and was left out (info).' },
  { code: 'SYNC_FRONTMATTER_INVALID', format: 'core', summary: 'An upstream page\'s --- block is not a YAML mapping (broken frontmatter, or a horizontal rule); the page was taken whole.' },
  { code: 'SYNC_SYMLINK_SKIPPED', format: 'core', summary: 'A symbolic link in the docs folder was left out; links are never followed.' },
  { code: 'SYNC_NOT_UTF8', format: 'core', summary: 'An upstream Markdown file is not UTF-8 and was left out.' },
  { code: 'SYNC_TARGET_SYMLINK', format: 'core', summary: 'A path in the target directory is a symbolic link; nothing is written through one.' },
  { code: 'SYNC_TARGET_CONFLICT', format: 'core', summary: 'sync would overwrite files in the source tree that an earlier sync did not write.' },
  { code: 'SYNC_PATH_UNSAFE', format: 'core', summary: 'A path to be written is not a safe relative path inside the target directory.' },
  { code: 'CONVERT_RENAMED', format: 'core', summary: 'A document or asset has a name the target format cannot hold (a reserved index.md, a leading dot …) and was renamed, every link to it rewritten; or it got back the name it had in that format (info).' },
  { code: 'CONVERT_NAME_HOST_CONFIG', format: 'core', summary: 'A document or asset is named as an agent host\'s configuration (a segment starting with ".", CLAUDE.md, AGENTS.md, SKILL.md … — src/core/host-config-names.ts): the converted tree holds it as CLAUDE.knowledge.md and so on, every link to it rewritten (warning).' },
  { code: 'CONVERT_LINK_NOT_REWRITTEN', format: 'core', summary: 'A link to a file convert must rename could not be rewritten to reach it, so nothing was converted.' },
  { code: 'CONVERT_OUTPUT_NOT_EMPTY', format: 'core', summary: 'The --out directory holds files that are not from an earlier conversion of the same kind.' },
  { code: 'SYNC_XREF_NOT_REWRITTEN', format: 'core', summary: 'A generator cross-reference (Hugo ref/relref, Jekyll link/post_url, MyST {doc}) to a renamed page cannot be written in the generator\'s syntax in the renamed tree (a {% post_url %} once _posts/ is posts/): kept as written (warning).' },
  { code: 'SYNC_LINK_UNSYNCED_PAGE', format: 'core', summary: 'A link reaches a page the site serves that this sync does not take (another locale) and no site address is known to write it as that page\'s URL: kept as written, so the synced tree\'s link check reports it (warning).' },
  { code: 'SYNC_LINK_NOT_REWRITTEN', format: 'core', summary: 'A link to a file sync renames could not be rewritten to reach it, so the sync wrote nothing.' },
  { code: 'SYNC_SKIPPED', format: 'core', summary: 'Upstream files sync leaves out (skipped folders, site configuration, dot-files that are no pages), each named (info).' },
  { code: 'SYNC_SITE_DETECTED', format: 'core', summary: 'The upstream folder is an mdBook, VitePress, Docusaurus or MkDocs site or an Obsidian/Foam vault, told from static marker files (info).' },
  { code: 'SYNC_NO_DOCUMENTS', format: 'core', summary: 'The upstream folder holds no Markdown page (it may hold AsciiDoc, reStructuredText or others, which are named): nothing to sync (exit 1).' },
  { code: 'SYNC_NAV_NOT_READ', format: 'core', summary: 'A site\'s navigation is code (.vitepress/config.*, sidebars.js, docusaurus.config.*) and was not read; it is never executed (info).' },
  { code: 'SYNC_INCLUDE_NOT_FOUND', format: 'core', summary: 'An include names a file that does not exist or is not a regular file: the include is kept as written (warning with its file and line).' },
  { code: 'SYNC_INCLUDE_OUTSIDE', format: 'core', summary: 'An include names a URL, an absolute path, a path that climbs out of the repository, or its .git folder: never read, kept as written (warning).' },
  { code: 'SYNC_INCLUDE_SYMLINK', format: 'core', summary: 'An include\'s path is, or passes through, a symbolic link: never followed, kept as written (warning).' },
  { code: 'SYNC_INCLUDE_CYCLE', format: 'core', summary: 'An include would include a file already being included (a → b → a): kept as written, the chain named (warning).' },
  { code: 'SYNC_INCLUDE_TOO_DEEP', format: 'core', summary: 'An include is the ninth in a chain; includes are followed 8 deep: kept as written (warning).' },
  { code: 'SYNC_INCLUDE_TOO_LARGE', format: 'core', summary: 'Expanding an include would grow the page beyond 10× its own size (at least 64 KiB), or the file is over 16 MiB: kept as written (warning naming the first such include and counting the rest).' },
  { code: 'SYNC_INCLUDE_RANGE', format: 'core', summary: 'An include\'s line range, anchor, region or marker is not in the file, or it has an option that changes the text which ctxforge does not apply (:pyobject:): kept as written (warning).' },
  { code: 'SYNC_INCLUDE_NOT_TEXT', format: 'core', summary: 'An include names a file that is not UTF-8 text: kept as written (warning).' },
]);
