// The contract every format module implements. Commands, diff and release reach a format only
// through this surface (via the registry in formats.ts), so a new format is a new folder.
import type { LinkFactsSink } from './links/facts.js';
import type { Diagnostic } from './core/diagnostics.js';
import type { Limits } from './core/limits.js';
import type { SigningKey } from './core/keys.js';
import type { Tree } from './core/tree.js';
import type { SkillFolder } from './core/agent-skill.js';
import type { SiteRecord } from './links/generators.js';

export type { SiteRecord };

export type FormatName = 'octx' | 'ctxpkg' | 'acx';

/** A built artifact as input: a file on disk, or bytes (e.g. a blob read from git). */
export interface ArtifactInput {
  label: string;
  path?: string;
  bytes?: Buffer;
}

export interface CommonOptions {
  limits?: Partial<Limits>;
  env?: NodeJS.ProcessEnv;
  /**
   * items() of a diff: only these paths differ from the other side, so items of other files may be
   * left out of both summaries (they would compare equal). A module may ignore it.
   */
  only?: ReadonlySet<string>;
  /** With `only`: the other side's tree, so a module may also leave out unchanged parts of a file. */
  other?: Tree;
}

export interface ValidateOptions extends CommonOptions {
  /** Pinned public key (spec accepted by loadPublicKey): signatures must be made by it. */
  key?: string;
  /** Trust registry file (acx). */
  trust?: string;
  /** Local key (acx `local` trust). */
  localKey?: string;
  /** Directory of packages to resolve dependencies against (ctxpkg). */
  packagesDir?: string;
  /** Require a signature (verify). */
  requireSignature?: boolean;
  /**
   * Validate of a source tree: the link check under way, handed each file as the format's checks
   * read it, so the documents are read once. A file the checks did not read the link check reads.
   */
  linkFacts?: LinkFactsSink;
}

export interface ValidationResult {
  /** What was validated, as the user named it. */
  path: string;
  /** 'unknown' when the input matched no format (its diagnostic says so). */
  format: FormatName | 'unknown';
  /** 'artifact' for a built package, 'source' for a source tree / working directory. */
  kind: 'artifact' | 'source';
  valid: boolean;
  diagnostics: Diagnostic[];
  /** Format-specific facts for --json and inspect: capabilities, coverage, trust, level, digest … */
  details?: Record<string, unknown>;
}

export interface BuildOptions extends CommonOptions {
  outDir: string;
  /** Seconds since 1970; else SOURCE_DATE_EPOCH, else the git commit time of the source. */
  epoch?: number | string;
  /** Directory on disk the source came from (for git commit time and provenance), when known. */
  sourceDir?: string;
  /** When the source was last committed, for a source read from git (`<ref>:<path>`): the default epoch. */
  sourceTime?: () => Promise<number | null>;
  key?: SigningKey;
  allowSecrets?: boolean;
  compress?: boolean;
  /** Warnings produced while building (e.g. secrets allowed). */
  warnings?: Diagnostic[];
}

export interface BuiltArtifact {
  path: string;
  format: FormatName;
  sha256: string;
  size: number;
  name: string;
  version: string;
}

/** One stable identity of a package, compared across versions by diff. */
export interface Item {
  /** e.g. "document", "chunk", "event", "entity", "relation", "capability", "extension", "node", "edge", "skill", "memory" … */
  kind: string;
  /** Stable ID, unique within its kind. */
  id: string;
  /** Where it lives (file path), when it has one: a changed path with the same ID is a move. */
  path?: string;
  /** Digest of its content: a changed digest with the same ID is a modification. */
  digest: string;
  /** Human title for release notes. */
  title?: string;
  /** Attributes whose change is classified separately (e.g. {type: "Reference"}). */
  attrs?: Record<string, string | number | boolean | null>;
}

export interface PackageSummary {
  format: FormatName;
  /** Stable identity of the package (asset id, package name, artifact id). */
  identity: string;
  name: string;
  version: string;
  items: Item[];
  /** Set when items() honoured `CommonOptions.only`: the items of the other files are left out. */
  partial?: boolean;
}

export interface InspectOptions extends ValidateOptions {
  /** ctxpkg: token budget for the activation-ordered assembly (`inspect --budget N`). */
  budget?: string;
}

export interface InspectResult {
  text: string;
  json: Record<string, unknown>;
}

export interface Attachment {
  /** The referrer's artifactType and its one layer's media type. */
  artifactType: string;
  mediaType: string;
  /** File name for the layer's org.opencontainers.image.title. */
  title: string;
  bytes: Buffer;
}

/** What a registry index card is made of (acx: `acx.registry-index/1`), read from a verified artifact. */
export interface RegistryFacts {
  meta: Record<string, string>;
  /** Capability rows in id order, their JSON as stored. */
  capabilities: Array<{ id: string; json: string }>;
  /** Embedded level credentials (their evidence is the reference's to resolve, not ctxforge's). */
  credentials: number;
  /** Rows in the SAVE zone: a public registry holds ROM-only cartridges. */
  save: Record<string, number>;
}

export interface FormatModule {
  readonly name: FormatName;
  readonly title: string;
  /** Extension of built artifacts, with the dot. */
  readonly extension: string;
  /** Does a file with these first bytes (≥ 512 when the file is that long) and this name look like an artifact? */
  sniffArtifact(head: Buffer, fileName: string): boolean;
  /** Is this tree a source tree (working directory) of this format? */
  isSource(tree: Tree): Promise<boolean>;
  validateArtifact(input: ArtifactInput, opts: ValidateOptions): Promise<ValidationResult>;
  validateSource(tree: Tree, opts: ValidateOptions): Promise<ValidationResult>;
  /**
   * Called with a source tree before anything else reads it for a validate (the link check lists it
   * first): a format may start work its check will want (OCTX: the documents' worker of a large
   * tree, whose start then overlaps the listing and the link check's setup).
   */
  prepareSource?(tree: Tree, opts: ValidateOptions): Promise<void>;
  /** Verification beyond validity (signatures, coverage, trust); defaults to validateArtifact. */
  verifyArtifact?(input: ArtifactInput, opts: ValidateOptions): Promise<ValidationResult>;
  build(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact>;
  inspect(input: ArtifactInput, opts: InspectOptions): Promise<InspectResult>;
  /** Stable-ID items for diff, from a source tree or a built artifact. */
  items(input: Tree | ArtifactInput, opts: CommonOptions): Promise<PackageSummary>;
  /** Scaffolds a valid source tree in `dir`; returns the files written (relative). */
  init(dir: string, opts: { name?: string; epochMs?: number }): Promise<string[]>;
  /** Turns a built artifact back into a source tree in `dir` (round trip: build gives the same content). */
  importArtifact?(input: ArtifactInput, dir: string, opts: CommonOptions): Promise<string[]>;
  /** Signs an existing artifact (replacing an old signature); writes `outPath` atomically. */
  sign?(input: ArtifactInput, key: SigningKey, outPath: string, opts: CommonOptions): Promise<BuiltArtifact>;
  /**
   * For `verify --reproduce` without the key: a digest of the artifact with its signatures taken
   * out (a signed release and its unsigned rebuild share it), and whether it carries any.
   */
  unsignedDigest?(input: ArtifactInput): Promise<{ signed: boolean; digest: string }>;
  /** The facts a registry index card is made of (acx); absent: the format has no registry card. */
  registryFacts?(input: ArtifactInput, opts: CommonOptions): Promise<RegistryFacts>;
  /** Stamps missing stable IDs (and types) into a source tree on disk; existing IDs never change. */
  stampIds?(dir: string, opts: { dryRun?: boolean }): Promise<StampResult>;

  // ── Documents in and out: the one place this format's layout is known to sync, convert,
  //    skills, export llms-txt, install and serve (none of them reads a layout of its own). ──

  /** The source tree's manifest file (`manifest.json`, `ctxpkg.yaml`, `cartridge.yaml`). */
  readonly manifestFile: string;
  /** The folder of the source tree that holds the knowledge documents, with its slash (`knowledge/`, `nodes/`). */
  readonly documentRoot: string;
  /**
   * Does this format hold a synced tree's assets (images …) beside its documents? When it does, no
   * link can point to an upstream file "the format left out", so a record naming such files counts
   * for nothing in the link check. Absent: the format packages only Markdown and drops assets.
   */
  readonly holdsAssets?: boolean;
  /**
   * A source tree or a built artifact as neutral documents: knowledge Markdown with stable IDs,
   * the assets beside it, Agent Skills folders, and the package identity. What has no neutral
   * form (records, vectors, memory …) is named in `notes`, never dropped silently.
   */
  documents?(input: Tree | ArtifactInput, opts: DocumentsOptions): Promise<Documents>;
  /**
   * verifyArtifact and then documents() from one reading of the artifact, for a format whose check
   * reads every byte (install and serve verify, then read the documents): `result` is what
   * verifyArtifact(input, opts) returns, and `documents()` what documents(input, opts) returns or
   * throws. Absent: the two are called one after the other.
   */
  verifyWithDocuments?(input: ArtifactInput, opts: ValidateOptions & DocumentsOptions): Promise<{ result: ValidationResult; documents(): Promise<Documents> }>;
  /**
   * Neutral documents as this format's source tree: the managed files (documents, assets, skills,
   * generated navigation) and the manifest a new tree starts with (an existing manifest is the
   * user's: `opts.existingManifest` is updated in place, never regenerated).
   */
  writeSource?(docs: Documents, opts: WriteSourceOptions): SourceFiles;
  /**
   * Why this format's source tree cannot hold a document or asset at `path` (below the document
   * root) — a reserved name, a character or leading dot its names cannot have — or undefined when it
   * can. `convert` renames such files (and every link that reaches them) before `writeSource`.
   */
  nameProblem?(path: string, kind: 'document' | 'asset'): string | undefined;
  /**
   * Where and how this format holds Agent Skills (a cartridge's skills/, a ctxpkg kind: skills pack's
   * documents/); absent for a format that holds none. The skills commands and convert reach skills
   * only through it.
   */
  readonly skills?: FormatSkills;
  /**
   * What a registry shows beside the artifact (OCI, ACX SPEC §11), from one reading of it: its
   * layer's annotations (a cartridge's ROM manifest hash and spec version) and the signed
   * statements it carries as referrers (each DSSE envelope of a cartridge's signatures table, each
   * level credential), their bytes as stored.
   */
  registryLayer?(input: ArtifactInput, opts: CommonOptions): Promise<{ annotations: Record<string, string>; attachments: Attachment[] }>;
}

/** A format's Agent Skills layout: the folders skills live in, and skill folders in and out. */
export interface FormatSkills {
  /** The source-tree folder holding one folder per skill, with its slash (`skills/`, `documents/`). */
  readonly root: string;
  /** Every source-tree folder the writer writes skill files into (the root first), each with its slash. */
  readonly folders: readonly string[];
  /** Unknown SKILL.md frontmatter keys: moved out of SKILL.md by the writer (a cartridge, ACX §5.4), or kept as written. */
  readonly movesUnknownKeys: boolean;
  /** Why this source tree of the format cannot take skills (a ctxpkg package not of kind: skills), or undefined when it can. */
  refuses?(tree: Tree): Promise<string | undefined>;
  /**
   * The skills of a source tree or of a built artifact, which is verified first: one that does not
   * verify gives no skills (a diagnostic error is thrown); its verification's warnings come back.
   */
  read(input: Tree | ArtifactInput, opts?: CommonOptions): Promise<SkillsRead>;
  /** Skill folders as source-tree files, with the format's normalisations (reported) and limits (refusals). */
  write(skills: SkillFolder[], opts?: SkillsWriteOptions): WrittenSkills;
}

export interface SkillsRead {
  skills: SkillFolder[];
  /** What verifying a built artifact warned about (nothing for a source tree). */
  diagnostics: Diagnostic[];
  /**
   * Files of the skills whose bytes the artifact's signature binds only under another path (a file
   * copied to a new path after signing would look the same): the skill, the file below its folder,
   * and the path the artifact and its verifier name it by.
   */
  unbound: Array<{ skill: string; rel: string; path: string }>;
}

export interface SkillsWriteOptions {
  /** A cartridge: the reverse-DNS namespace unknown frontmatter keys move into. */
  extNamespace?: string;
  /** Files the tree already holds below the skills root outside the skills written now, with their sizes (a ctxpkg pack's caps count them). */
  existing?: Map<string, number>;
}

export interface WrittenSkills {
  /** Source-tree path → bytes, for every skill the format can hold. */
  files: Map<string, Buffer>;
  /** What was changed on the way (info), and what was refused (errors, also in `refused`). */
  notes: Diagnostic[];
  /** Skills the format cannot hold, with the reasons. */
  refused: Map<string, Diagnostic[]>;
  /** The set as a whole over a limit of the format (a ctxpkg pack's caps): nothing should be written. */
  pack: Diagnostic[];
  /** What the written skills replace in the tree: a folder (ending in /) or a file path. */
  owned: string[];
}

/** A knowledge document in the format-neutral model. */
export interface Doc {
  /** Stable ID as the format names it: an OCTX document_id, a ctxpkg node id, a cartridge knowledge file's `id`. */
  id: string;
  /** Portable relative path below the format's document root, ending in .md. */
  path: string;
  title: string;
  /** OKF type (Concept, Guide …); absent for the default, Reference (OCTX writes that one, and reads it back as absent). */
  type?: string;
  description?: string;
  tags?: string[];
  /** Markdown after the frontmatter (and after the one blank line every writer puts between them). */
  body: string;
  /**
   * The body, given when it is needed instead of held (sync: the page read again): `body` is then
   * ''. A writer calls it only inside the render of this document's file (`FileContent`), so no
   * writer holds every text at once; `withBody` gives the document with its body in place. Called
   * as a method of the document (`this` is it, or a copy of it with the same fields): one function
   * can serve every document.
   */
  readBody?: (this: Doc) => string;
  /**
   * Fields of one format that no other has a place for, under the format's name, so a round trip
   * gives them back. A format's own block holds either its other frontmatter fields, or — when its
   * writer would have written other bytes (hand-written quoting, key order, no title) — the
   * document's whole head as read (`x-frontmatter`), written again while the document still says the same.
   */
  carried?: Record<string, Record<string, unknown>>;
  /**
   * Position in the navigation of the site the document came from (mdBook's SUMMARY.md, MkDocs
   * `nav`, Docusaurus `sidebar_position` …), when it has one: OCTX's generated index lists documents
   * in this order, then those without one by path. Each format keeps it as frontmatter `nav_order`.
   */
  order?: number;
}

/** A non-Markdown file beside the documents (an image …), relative to the document root. */
export interface Asset {
  path: string;
  bytes: Buffer;
}

export type { SkillFolder };

export interface PackageMeta {
  name: string;
  version?: string;
  description?: string;
  /**
   * The package identity and manifest fields of each format that the others cannot hold (an OCTX
   * asset id, a ctxpkg name, a cartridge publisher/artifact …), under the format's name: a
   * conversion A → B → A reads it back and gives the same identity. A reader leaves out what its
   * writer derives by itself from the neutral fields, so a round trip adds nothing. In a manifest
   * the blocks of the other formats travel in one `x-ctxforge` field (with the neutral name and
   * description where the format's own fields cannot hold them as given).
   */
  carried?: Record<string, Record<string, unknown>>;
  /** The doc site the documents were written for; in a manifest it travels in `x-ctxforge` as `site`. */
  site?: SiteRecord;
}

export interface Documents {
  format: FormatName;
  meta: PackageMeta;
  docs: Doc[];
  assets: Asset[];
  skills: SkillFolder[];
  /** What was left out or changed on the way (info / warning diagnostics). */
  notes: Diagnostic[];
  /**
   * The documents' paths were made from their IDs (a built .ctxpkg holds no file paths): they name
   * no page of the site the documents came from.
   */
  pathsFromIds?: boolean;
}

export interface DocumentsOptions extends CommonOptions {
  /**
   * Read only what is wanted (default: everything): given, what it does not set to true is not read —
   * `{skills: true}` reads no document, `{}` only the package identity and site record (`meta`).
   * Without docs, `docs` and `assets` are empty and `meta` leaves out what only the documents decide
   * (an OCTX index kept for them, a ctxpkg conformance level derived from edges). A built artifact is
   * verified all the same. `idsOnly` (with docs): each document's path and ID is all that is wanted
   * (the ID map's check) — a format may leave titles, fields and bodies empty and skip what only they
   * need; the same documents are read and the same failures thrown. A format may ignore it.
   */
  want?: { docs?: boolean; skills?: boolean; idsOnly?: boolean };
  /**
   * With docs, from a built artifact: each document handed over as soon as it is read and its bytes
   * are checked against the package's own record of them, instead of being returned, so no reader
   * holds every text (serve indexes each one and lets it go, issue 39). The call's verdict still
   * decides: a package that does not verify in the end is refused, and the caller drops what it was
   * given. Documents.docs then holds only what was not handed over, and an asset handed over is
   * listed with empty bytes. A format without a streaming reader ignores it (every document comes
   * back in docs).
   */
  documentSink?: (doc: Doc) => void;
}

/** Does a documents() call want this part? */
export function wants(opts: DocumentsOptions, part: 'docs' | 'skills'): boolean {
  return !opts.want || opts.want[part] === true;
}

export interface WriteSourceOptions {
  /** The manifest text the target tree already has, when it has one. */
  existingManifest?: string;
  /**
   * What an identity the format must invent (an OCTX asset id) is derived from when neither the
   * existing manifest nor `meta.carried` holds one. Default: the package name, so that converting
   * again gives the same identity; sync passes a fresh value, so unrelated doc sets never share one.
   */
  identitySeed?: string;
}

/**
 * A managed file's content: its bytes, or a render of them made when the file is written (a
 * document whose body is read then: `Doc.readBody`). A render may be called more than once (a
 * preview compares, then the write writes) and gives the same bytes each time.
 */
export type FileContent = Buffer | (() => Buffer);

/** The bytes of a file's content, rendered now when it is a render. */
export function contentBytes(c: FileContent): Buffer {
  return typeof c === 'function' ? c() : c;
}

/** A document with its body in place: read now when it is given by `readBody` (called on the document). */
export function withBody(d: Doc): Doc {
  if (!d.readBody) return d;
  const { readBody: _read, ...held } = d;
  return { ...held, body: d.readBody() };
}

/**
 * A document's file as `text` writes it: its bytes now, or — for a document whose body is read when
 * needed — a render made when the file is written. The render is the one function bound to the
 * document, not a closure a document (with its context, ~100 bytes more at each of 100,000 pages).
 */
export function documentFile(d: Doc, text: (d: Doc) => string): FileContent {
  return d.readBody ? renderDocument.bind(undefined, d, text) : Buffer.from(text(d), 'utf8');
}

function renderDocument(d: Doc, text: (d: Doc) => string): Buffer {
  return Buffer.from(text(withBody(d)), 'utf8');
}

export interface SourceFiles {
  /**
   * Managed files: path in the source tree → content. A document given with `readBody` is a render
   * (so the caller writes the tree file by file, never holding it whole); every other file is bytes.
   */
  files: Map<string, FileContent>;
  /** The manifest to write (the existing one updated, or a new one). */
  manifest: { path: string; text: string };
  notes: Diagnostic[];
}

export interface StampResult {
  /** Each file given an ID or type: `id` is what the format calls it (OCTX document_id, ctxpkg node id). */
  stamped: { path: string; id?: string; type?: string }[];
  diagnostics: Diagnostic[];
}

export function isTree(x: Tree | ArtifactInput): x is Tree {
  return typeof (x as Tree).list === 'function';
}
