// Installs `<ref>:<path>` support into input resolution. Lives here rather than in src/git so that
// the git layer never imports the format registry that src/inputs.ts pulls in.
import { setRefResolver } from '../inputs.js';
import { resolveRefSpec } from '../git/ref-spec.js';

setRefResolver(resolveRefSpec);

/** Importing this module installs the resolver; calling this makes the dependency explicit. */
export function installGitInputs(): void {
  setRefResolver(resolveRefSpec);
}
