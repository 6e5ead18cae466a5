// Diagnostic codes of the documents model (each format's documents reader and source writer), in the one rule registry.
import { defineRules } from './core/rules.js';

defineRules([
  { code: 'CONVERT_LEFT_OUT', format: 'core', summary: 'Part of the source has no place in the target format and was left out of the conversion (info).' },
  { code: 'SYNC_ASSETS_LEFT_OUT', format: 'core', summary: 'Asset files (images …) were left out: the target format packages no such files (info).' },
]);
