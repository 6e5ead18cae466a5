// Diagnostic codes of the documents model (each format's documents reader and source writer), in the one rule registry.
import { defineRules } from './core/rules.js';

defineRules([
  { code: 'CONVERT_LEFT_OUT', format: 'core', summary: 'Part of the source has no place in the target format and was left out of the conversion (info).' },
  { code: 'CONVERT_LINKS_UNRESOLVED', format: 'core', summary: 'A built .ctxpkg holds no file paths: read from one, documents are placed at nodes/<id>.md and the relative links between them no longer resolve (warning; convert the source tree instead).' },
  { code: 'SYNC_ASSETS_LEFT_OUT', format: 'core', summary: 'Asset files (images …) were left out: the target format packages no such files (info).' },
]);
