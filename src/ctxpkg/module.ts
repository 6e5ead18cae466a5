// The CTXPKG v2 format module: the FormatModule surface over the ctxpkg folder's pieces.
import { escapeData } from '../core/log-safe.js';
import { hasErrors, type Diagnostic } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import { isTree, type ArtifactInput, type FormatModule, type InspectOptions, type InspectResult, type PackageSummary, type ValidateOptions, type ValidationResult } from '../format.js';
import { fail } from '../core/diagnostics.js';
import { assemble } from './budget.js';
import { buildSource, checkSourcePackage, secretsIn } from './build.js';
import { resolveDependencies } from './deps.js';
import { importArtifact } from './import.js';
import { stampCtxpkgIds } from './ids.js';
import { initSource } from './init.js';
import { packageItems } from './items.js';
import { isObject } from './model.js';
import { readAndVerify } from './read.js';
import { resignArtifact } from './resign.js';
import { unsignedDigest } from './unsigned.js';
import { checkLevel, graphOf } from './check.js';
import { loadSource, MANIFEST_FILE, sourceIdentity } from './source.js';
import { isV1, v1ToV2 } from './v1.js';
import { readSkillMd } from '../core/agent-skill.js';
import { groupSkillFiles } from '../doc-model.js';
import { ctxpkgSkills, documentBlobs } from './skill-folders.js';
import { readCtxpkgDocuments } from './read-documents.js';
import { ctxpkgNameProblem, writeCtxpkgSource } from './write-source.js';
import './rules.js';

function sniff(head: Buffer, fileName: string): boolean {
  if (/\.(ctxpkg|lctxpkg)$/.test(fileName)) return true;
  const text = head.toString('utf8').replace(/^\s+/, '');
  return text.startsWith('{') && /"manifest"\s*:/.test(text) && /"schema_version"|"integrity"|"content_hash"|"context_graph"/.test(text);
}

async function validateArtifact(input: ArtifactInput, opts: ValidateOptions): Promise<ValidationResult> {
  const r = await readAndVerify(input, opts);
  const diagnostics: Diagnostic[] = [...r.diagnostics];
  if (r.doc && opts.packagesDir) {
    const deps = await resolveDependencies(r.doc.manifest, opts.packagesDir, r.doc.locate, opts);
    diagnostics.push(...deps.diagnostics);
    if (r.details) (r.details as unknown as Record<string, unknown>).dependencies = deps.resolutions;
  }
  return {
    path: input.label, format: 'ctxpkg', kind: 'artifact', valid: !hasErrors(diagnostics), diagnostics,
    details: (r.details ?? { integrity: 'fail', signature: 'none', coverage: null, conformance_level: null }) as unknown as Record<string, unknown>,
  };
}

async function validateSource(tree: Tree, opts: ValidateOptions): Promise<ValidationResult> {
  const { pkg, diags } = await loadSource(tree);
  const diagnostics = [...diags];
  let details: Record<string, unknown> = {};
  if (pkg) {
    diagnostics.push(...checkSourcePackage(pkg), ...secretsIn(pkg, false));
    if (opts.packagesDir) diagnostics.push(...(await resolveDependencies(pkg.manifest, opts.packagesDir, pkg.locate, opts)).diagnostics);
    const lv = checkLevel(pkg.manifest, pkg.content, { locate: pkg.locate, mode: 'source' });
    const g = graphOf(pkg.content);
    details = { name: pkg.manifest.name ?? null, version: pkg.manifest.version ?? null, conformance_level: lv.declared, satisfied_level: lv.satisfied, node_count: g.nodes.length, edge_count: g.edges.length };
  }
  return { path: tree.label, format: 'ctxpkg', kind: 'source', valid: !hasErrors(diagnostics), diagnostics, details };
}

/**
 * kind: skills — the skill folders of the documents payload (each <name>/ holding a SKILL.md), with
 * the description its SKILL.md gives, and how many files each holds.
 */
function skillsOf(content: unknown): { name: string; description: string | null; files: number }[] {
  return groupSkillFiles(documentBlobs(content).files).filter((s) => s.files.some((f) => f.rel === 'SKILL.md')).map((s) => {
    const md = readSkillMd(s.files.find((f) => f.rel === 'SKILL.md')!.bytes).md;
    const d = md?.data.description;
    return { name: s.name, description: typeof d === 'string' ? d.replace(/\s+/g, ' ').trim() : null, files: s.files.length };
  });
}

async function inspect(input: ArtifactInput, opts: InspectOptions): Promise<InspectResult> {
  const r = await readAndVerify(input, opts);
  if (!r.doc || !r.details) {
    const d = r.diagnostics[0]!;
    fail(d.code, d.message, { file: d.file, line: d.line });
  }
  const m = isObject(r.doc.manifest) ? r.doc.manifest : {};
  const content = isV1(m) ? v1ToV2(m, r.doc.content as never).content : r.doc.content;
  const g = graphOf(content);
  const types = new Map<string, number>();
  for (const n of g.nodes) types.set(String(n.type), (types.get(String(n.type)) ?? 0) + 1);
  const d = r.details;
  const kind = typeof m.kind === 'string' ? m.kind : 'context';
  const skills = kind === 'skills' ? skillsOf(r.doc.content) : undefined;
  const json: Record<string, unknown> = { ...d, valid: r.valid, kind, description: m.description ?? null, created_at: m.created_at ?? null, node_types: Object.fromEntries([...types].sort()),
    ...(skills ? { skills } : {}), diagnostics: r.diagnostics };
  const lines = [
    `${d.name}@${d.version}  (ctxpkg v${String(d.schema_version)}, level ${d.conformance_level} declared, ${d.satisfied_level ?? '?'} satisfied)  ${r.valid ? 'valid' : 'INVALID'}`,
    `  ${String(m.description ?? '')}`,
    `  created ${String(m.created_at)}; ${g.nodes.length} nodes, ${g.edges.length} edges; package hash (integrity.sha256) ${d.sha256}`,
    `  integrity ${d.integrity}; signature ${d.signature}${d.coverage ? ` (coverage: ${d.coverage}${d.coverage === 'identity_only' ? ' — other manifest fields are NOT covered' : ''})` : ''}${d.public_key ? `, key ${d.public_key}` : ''}`,
    `  node types: ${[...types].sort().map(([t, c]) => `${t} ${c}`).join(', ') || '—'}`,
  ];
  if (m.kind !== undefined) lines.push(`  kind ${kind}${skills ? `: ${skills.length} skill${skills.length === 1 ? '' : 's'}` : ''}`);
  for (const s of skills ?? []) lines.push(`    ${s.name} (${s.files} file${s.files === 1 ? '' : 's'})${s.description ? `: ${s.description}` : ''}`);
  if (opts.budget !== undefined) {
    if (!/^[1-9]\d*$/.test(opts.budget)) fail('CTXPKG_BUDGET_INVALID', `--budget needs a positive whole number of tokens, got ${JSON.stringify(opts.budget)}`, {}, 2);
    const b = assemble(content, Number(opts.budget), typeof m.created_at === 'string' ? m.created_at : undefined);
    json.budget = b;
    lines.push(`  budget ${b.budget} tokens: ${b.included.length} nodes included, ${b.used} tokens used`);
    for (const e of b.included) lines.push(`    + ${e.id} (${e.type}, activation ${e.effective}, ${e.tokens} tokens)`);
    for (const e of b.excluded) lines.push(`    - ${e.id} (${e.reason === 'deactivated' ? 'deactivated' : `over budget, ${e.tokens} tokens`})`);
  }
  for (const x of r.diagnostics) lines.push(`  ${x.severity} ${x.code}: ${x.message}`);
  // One element per line; names, titles and descriptions inside come from the package.
  return { text: lines.map(escapeData).join('\n'), json };
}

async function items(input: Tree | ArtifactInput, opts: ValidateOptions): Promise<PackageSummary> {
  // No file differs (`only` empty, as a release asks for a package's version): its identity alone.
  const named = isTree(input) && opts.only?.size === 0 ? await sourceIdentity(input) : undefined;
  if (named) return { format: 'ctxpkg', identity: named.name, name: named.name, version: named.version, items: [], partial: true };
  if (isTree(input)) {
    const { pkg, diags } = await loadSource(input);
    if (!pkg) fail(diags[0]!.code, diags[0]!.message, { file: diags[0]!.file, line: diags[0]!.line });
    const paths = new Map(pkg.nodes.map((n) => [String(n.node.id), n.file]));
    const name = String(pkg.manifest.name);
    return { format: 'ctxpkg', identity: name, name, version: String(pkg.manifest.version), items: packageItems(pkg.manifest, pkg.content, paths) };
  }
  const r = await readAndVerify(input, opts);
  if (!r.doc) fail(r.diagnostics[0]!.code, r.diagnostics[0]!.message, { file: r.diagnostics[0]!.file, line: r.diagnostics[0]!.line });
  // A document whose manifest is not an object (null, a list …) still has items: none of its own.
  const m = (isObject(r.doc.manifest) ? r.doc.manifest : {}) as Record<string, never>;
  const content = isV1(m) ? v1ToV2(m, r.doc.content as never).content : r.doc.content;
  const name = String(m.name);
  return { format: 'ctxpkg', identity: name, name, version: String(m.version), items: packageItems(m, content) };
}

export const ctxpkg: FormatModule = {
  name: 'ctxpkg',
  title: 'CTXPKG v2',
  extension: '.ctxpkg',
  manifestFile: 'ctxpkg.yaml',
  documentRoot: 'nodes/',
  sniffArtifact: sniff,
  isSource: async (tree) => (await tree.stat(MANIFEST_FILE))?.kind === 'file',
  validateArtifact,
  verifyArtifact: validateArtifact,
  validateSource,
  build: buildSource,
  inspect,
  items,
  init: (dir, opts) => initSource(dir, opts),
  importArtifact,
  stampIds: stampCtxpkgIds,
  sign: (input, key, outPath, opts) => resignArtifact(input, key, outPath, opts),
  unsignedDigest,
  documents: readCtxpkgDocuments,
  writeSource: writeCtxpkgSource,
  nameProblem: ctxpkgNameProblem,
  skills: ctxpkgSkills,
};
