// The shared state the release steps read and extend, and the shape of one step.
import type { Diagnostic } from '../core/diagnostics.js';
import type { SigningKey } from '../core/keys.js';
import type { FormatModule, FormatName, ValidationResult } from '../format.js';
import type { Tree } from '../core/tree.js';
import type { RetryOptions } from './github/http.js';
import type { DiffSummary } from './collab.js';
import type { PolicyTable } from '../diff/policy.js';
import type { PublishOutcome } from './github/publish.js';
import type { TagPatternNote } from '../repo/tag-patterns.js';

export interface GitHubPublishOptions {
  token: string;
  /** "owner/name". */
  repository: string;
  /** REST base, e.g. https://api.github.com (from GITHUB_API_URL). */
  apiUrl: string;
  /** Leave the release as a draft after uploading. */
  draft?: boolean;
  /** Force prerelease on/off; undefined = from the SemVer of the tag. */
  prerelease?: boolean;
  makeLatest?: 'true' | 'false' | 'legacy';
  /** Replace same-name assets whose bytes differ (never on an immutable release). */
  overwrite?: boolean;
  retry?: Partial<RetryOptions>;
}

export interface ReleaseOptions {
  /** Repository root (the git work tree). */
  cwd: string;
  /** Output directory, relative to cwd. Default "dist". */
  outDir?: string;
  tag?: string;
  dryRun?: boolean;
  /** Key spec for loadSigningKey (file, hex seed, env:VAR) … */
  keySpec?: string;
  /** … or an already loaded key (the Action passes one so the secret never touches disk). */
  key?: SigningKey;
  /** Only the package at this path (relative to cwd). */
  path?: string;
  /** Config file instead of the root's ctxforge.yaml (relative to cwd); it must exist. */
  config?: string;
  env?: NodeJS.ProcessEnv;
  github?: GitHubPublishOptions;
  /** Credentials for the `oci:` registry (the Action passes GITHUB_TOKEN for ghcr.io); else Docker's config.json. */
  ociCredentials?: { username: string; password: string; host: string };
  log?: (line: string) => void;
}

export interface ReleasePackage {
  name: string;
  /** Tag pattern with `{name}` expanded, e.g. "v*" or "guide@v*" (src/repo). */
  tagPattern: string;
  /** What must be said about the pattern (kept `v*` tags, unclaimed ones): src/repo/tag-patterns.ts. */
  tagNote?: TagPatternNote;
  /** Merged change policy for diffs. */
  policy: PolicyTable;
  /** Path relative to the repository root ('' for the root itself). */
  relPath: string;
  dir: string;
  format: FormatName;
  version: string;
  module: FormatModule;
  tree: Tree;
}

export type ArtifactKind = 'package' | 'provenance' | 'checksums' | 'signature' | 'public-key' | 'notes';

export interface ReleaseArtifact {
  /** File name (also the asset name on GitHub). */
  name: string;
  path: string;
  kind: ArtifactKind;
  sha256: string;
  size: number;
  format?: FormatName;
  package?: string;
  version?: string;
}

export interface StepReport {
  name: string;
  status: 'ran' | 'skipped';
  reason?: string;
}

/** What publishing did: the GitHub client's own outcome type. */
export type PublishedRelease = PublishOutcome;

export interface Context {
  opts: ReleaseOptions;
  env: NodeJS.ProcessEnv;
  outDir: string;
  log: (line: string) => void;
  key?: SigningKey;
  /** Repository root. */
  root: string;
  tag: string;
  /** True when the tag does not exist yet (a local rehearsal). */
  tagIsVirtual: boolean;
  version: string;
  commit: string | null;
  epoch: number;
  prerelease: boolean;
  packages: ReleasePackage[];
  validation: ValidationResult[];
  artifacts: ReleaseArtifact[];
  warnings: Diagnostic[];
  previousTag: string | null;
  diffs: DiffSummary[];
  notes?: string;
  release?: PublishedRelease;
  /** ctxforge.yaml's `oci.repository`, when it names one. */
  ociRepository?: string;
  /** What the oci step pushed. */
  ociPushed?: Array<{ package: string; reference: string; manifest_digest: string }>;
}

export interface Step {
  readonly name: string;
  /** A reason to skip, or false to run. */
  skip?(ctx: Context): string | false;
  run(ctx: Context): Promise<void>;
}
