// Every module that defines diagnostic codes. The CLI loads a command's code only when the command
// runs, so the codes are defined here at start-up instead: `ctxforge rules` lists them all, and a code
// is known wherever it is reported. test/cli/lazy-commands.test.ts checks that no definer is missing.
import './core/rules.js';
import './doc-rules.js';
import './octx/codes.js';
import './acx/rules.js';
import './ctxpkg/rules.js';
import './links/rules.js';
import './diff/rules.js';
import './git/rules.js';
import './repo/rules.js';
import './release/rules.js';
import './sync/rules.js';
import './export/rules.js';
import './skills/rules.js';
import './install/rules.js';
import './oci/rules.js';
import './serve/rules.js';
import './registry/rules.js';
