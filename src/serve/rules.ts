// Diagnostic codes of `ctxforge serve`, in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_SERVE_TAMPERED', format: 'core', summary: 'serve --lock: an installed knowledge file differs from ctxforge.lock; nothing is served.' },
  { code: 'CTXFORGE_SERVE_NOTHING', format: 'core', summary: 'serve was given no package (name artifacts, or --lock with packages installed).' },
  { code: 'CTXFORGE_SERVE_INDEX_CACHE', format: 'core', summary: 'The search index cache is not used (its folder is a symbolic link, another user\'s, or writable by group or others) or could not be written; the index is kept in memory for this run (warning).' },
]);
