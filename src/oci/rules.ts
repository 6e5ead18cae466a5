// Diagnostic codes of OCI distribution (push, pull, install oci://…), in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_OCI_REFERENCE', format: 'core', summary: 'An oci:// or oci-layout: reference is not valid (registry host, repository name, tag or sha256 digest).' },
  { code: 'CTXFORGE_OCI_MANIFEST', format: 'core', summary: 'A manifest, index or referrer read from a registry or layout is not one ctxforge accepts (too large, too deep, not strict JSON, a digest that is not sha256, not a package of one layer): nothing is fetched from it.' },
  { code: 'CTXFORGE_OCI_DIGEST', format: 'core', summary: 'A registry or layout served bytes whose sha256 or size is not what the digest naming them says: nothing is installed.' },
  { code: 'CTXFORGE_OCI_AUTH', format: 'core', summary: 'The registry refused the credentials (or anonymous access), or its challenge would send them where they may not go (plain http, a realm on another host).' },
  { code: 'CTXFORGE_OCI_CREDENTIALS', format: 'core', summary: 'Docker\'s config.json or its credential helper could not be read.' },
  { code: 'CTXFORGE_OCI_HTTP', format: 'core', summary: 'The registry answered an error (after retries for 429 and 5xx) or an answer outside the distribution spec.' },
  { code: 'CTXFORGE_OCI_NOT_FOUND', format: 'core', summary: 'The registry or layout has no such manifest or blob.' },
  { code: 'CTXFORGE_OCI_UNREACHABLE', format: 'core', summary: 'The registry could not be reached, or dropped the connection, on every attempt.' },
  { code: 'CTXFORGE_OCI_LAYOUT', format: 'core', summary: 'An OCI image layout folder cannot be used (not a folder, a symbolic link on the way, a file that is not regular).' },
]);
