// Diagnostic codes of `ctxforge install` / `uninstall` and the lockfile, in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_INSTALL_TAMPERED', format: 'core', summary: 'The package does not verify (content changed after signing, a broken signature, or an invalid artifact): it is never installed.' },
  { code: 'CTXFORGE_INSTALL_CHECKSUM', format: 'core', summary: 'The artifact\'s SHA-256 differs from the release\'s SHA256SUMS or from the lock: it is never installed.' },
  { code: 'CTXFORGE_INSTALL_RELEASE_SIGNATURE', format: 'core', summary: 'SHA256SUMS.minisig does not verify with the pinned key: the release is never trusted.' },
  { code: 'CTXFORGE_INSTALL_UNSIGNED', format: 'core', summary: 'The package carries no signature that can be checked; it is installed only with --allow-unsigned.' },
  { code: 'CTXFORGE_INSTALL_UNVERIFIED', format: 'core', summary: 'The package is signed, but no key was pinned (--key, --trust or the lock) to check who signed it; it is installed only with --allow-unsigned.' },
  { code: 'CTXFORGE_INSTALL_UNTRUSTED', format: 'core', summary: 'The signer is not the pinned key, or not trusted by the trust registry.' },
  { code: 'CTXFORGE_INSTALL_KEY_CHANGED', format: 'core', summary: 'ctxforge.lock pins the package to a signing key that does not verify it (another key, no signature, no signed release), or --key names another: refused whatever --allow-unsigned or --trust say.' },
  { code: 'CTXFORGE_INSTALL_UNSIGNED_META', format: 'core', summary: 'A signed package whose name could come from metadata its signature does not cover (a cartridge meta row outside the ROM manifest; an identity-only ctxpkg naming itself otherwise): refused, so it cannot take another package\'s place.' },
  { code: 'CTXFORGE_INSTALL_UNBOUND', format: 'core', summary: 'A cartridge file the signature does not bind to its path would be installed (only when named with --allow-unbound) or served (never).' },
  { code: 'CTXFORGE_INSTALL_PATH_UNSAFE', format: 'core', summary: 'A package path is absolute, climbs out with "..", is not portable, or collides with another: nothing of the package is written.' },
  { code: 'CTXFORGE_INSTALL_MODIFIED', format: 'core', summary: 'An installed file was edited since install; it is never overwritten or removed without --force.' },
  { code: 'CTXFORGE_INSTALL_FOREIGN', format: 'core', summary: 'A file the lock does not record is where the package would write; it is never overwritten without --force.' },
  { code: 'CTXFORGE_INSTALL_RENAMED', format: 'core', summary: 'A knowledge document or asset has a path an agent host reads as configuration (a segment starting with ".", or AGENTS.md, CLAUDE.md, GEMINI.md, SKILL.md … — src/core/host-config-names.ts): it is installed under a name no host reads (AGENTS.knowledge.md, dot-claude/…), the package\'s path kept as original_path in ctxforge.lock (warning).' },
  { code: 'CTXFORGE_INSTALL_CONFLICT', format: 'core', summary: 'Two packages would install the same skill or knowledge folder.' },
  { code: 'CTXFORGE_INSTALL_DRIFT', format: 'core', summary: 'install --frozen: an installed file is missing, differs from ctxforge.lock or is not in it; or the locked artifact cannot be reached, no longer verifies, or would not install exactly what the lock records.' },
  { code: 'CTXFORGE_INSTALL_LOCK_ONLY', format: 'core', summary: 'install --frozen --offline, serve --lock --offline: a locked artifact was not checked; only the installed files were compared with the lock (warning).' },
  { code: 'CTXFORGE_INSTALL_INTERRUPTED', format: 'core', summary: 'An earlier install was interrupted; the next install or uninstall completes it (warning) when the journal belongs to the lock; --frozen and serve --lock report it and stop.' },
  { code: 'CTXFORGE_INSTALL_REDIRECT', format: 'core', summary: 'A download redirected to a URL its source may not reach (https to http; for a lock\'s URL, anything but https or http to this machine): not followed.' },
  { code: 'CTXFORGE_INSTALL_NOT_INSTALLED', format: 'core', summary: 'uninstall: the lock records no package of that name.' },
  { code: 'CTXFORGE_INSTALL_DOCUMENTS_UNAVAILABLE', format: 'core', summary: 'This format module cannot yet read a package as documents (format.documents()), so nothing of it can be installed or served.' },
  { code: 'CTXFORGE_INSTALL_INSECURE_URL', format: 'core', summary: 'The artifact was downloaded over plain http; it is still verified before anything is written (warning).' },
  { code: 'CTXFORGE_LOCK_INVALID', format: 'core', summary: 'ctxforge.lock is not valid JSON or does not match schemas/ctxforge.lock.schema.json.' },
]);
