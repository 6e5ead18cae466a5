// Diagnostic codes of the link check, in the one rule registry (kept here so that links/ needs
// nothing from sync/, which uses links/).
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'LINK_BROKEN', format: 'core', summary: 'A link (inline, reference definition, image, wiki link, embed) points to nothing the package holds, resolved as the site serves it.' },
  { code: 'LINK_ANCHOR_MISSING', format: 'core', summary: 'A link names a heading anchor the target document does not have (anchors as the site generator writes them).' },
  { code: 'LINK_NOT_JUDGED', format: 'core', summary: 'Links the check could not judge — external, templated, inside HTML or JSX, root paths the docs do not serve — counted (info).' },
]);
