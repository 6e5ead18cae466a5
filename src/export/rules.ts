// Diagnostic codes of the export commands, in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'EXPORT_URLS_FROM_IDS', format: 'core', summary: 'The package holds no file paths (a built .ctxpkg), so the exported links are made from document IDs and name no page of the site the documents came from (warning).' },
]);
