// Public surface of the release module: the pipeline, its steps, and the PR check.
export { pipeline, runRelease, ReleaseFailure, type ReleaseResult } from './pipeline.js';
export type { ReleaseOptions, Context, Step, ReleaseArtifact, GitHubPublishOptions } from './context.js';
export { sha256sums } from './checksums.js';
export { minisignPublicKey, minisignSign, minisignVerify } from '../core/minisign.js';
export { provenanceStatement } from './provenance.js';
export { runCheck, type CheckResult, type CheckOptions } from './check.js';
