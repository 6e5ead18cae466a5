// Diagnostic codes of `ctxforge serve`, in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_SERVE_TAMPERED', format: 'core', summary: 'serve --lock: an installed knowledge file differs from ctxforge.lock; nothing is served.' },
  { code: 'CTXFORGE_SERVE_UNREACHABLE', format: 'core', summary: 'serve --lock: a locked artifact cannot be read or fetched to verify it (outside the project, missing, offline); nothing is served, unless --offline serves the installed files on the lock\'s word.' },
  { code: 'CTXFORGE_SERVE_NOTHING', format: 'core', summary: 'serve was given no package (name artifacts, or --lock with packages installed).' },
  { code: 'CTXFORGE_SERVE_INDEX_CACHE', format: 'core', summary: 'The search index cache is not used (its folder is a symbolic link, another user\'s, or writable by group or others) or could not be written; the index is kept in memory for this run (warning).' },
]);
