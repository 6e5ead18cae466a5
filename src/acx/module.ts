// The Agent Cartridge (.acx) format module: the FormatModule surface over src/acx/.
import './rules.js';
import { fail, hasErrors } from '../core/diagnostics.js';
import type { FormatModule, ValidationResult } from '../format.js';
import { isTree, wants, type Asset } from '../format.js';
import { compareUtf8 } from '../core/paths.js';
import { DOCUMENT_ROOT } from './doc-fields.js';
import { APPLICATION_ID, isSqlite } from './header.js';
import { checkArtifact } from './artifact.js';
import { loadSource, sourceIdentity } from './source.js';
import { assemble, buildCartridge } from './build.js';
import { inspectCartridge } from './inspect.js';
import { cartridgeItems, sourceItems } from './items.js';
import { initCartridge } from './init.js';
import { importCartridge } from './import.js';
import { signCartridge } from './resign.js';
import { unsignedDigest } from './unsigned.js';
import { acxDocumentsFrom, knowledgeDoc, readAcxDocuments } from './read-documents.js';
import { acxNameProblem, writeAcxSource } from './write-source.js';
import { acxSkills } from './skill-folders.js';
import { cartridgeRegistryFacts } from './registry-facts.js';

export const acx: FormatModule = {
  name: 'acx',
  title: 'Agent Cartridge (.acx)',
  extension: '.acx',
  manifestFile: 'cartridge.yaml',
  documentRoot: 'knowledge/',
  holdsAssets: true,
  sniffArtifact(head, fileName) {
    if (!isSqlite(head)) return false;
    if (head.length >= 72 && head.readUInt32BE(68) === APPLICATION_ID) return true;
    return fileName.endsWith('.acx');
  },
  async isSource(tree) {
    return (await tree.stat('cartridge.yaml'))?.kind === 'file';
  },
  async validateArtifact(input, opts) {
    return (await checkArtifact(input, opts)).result;
  },
  async verifyArtifact(input, opts) {
    return (await checkArtifact(input, opts)).result;
  },
  async validateSource(tree, _opts): Promise<ValidationResult> {
    const { source, diagnostics } = await loadSource(tree);
    // What only assembling finds (two ROM sources with identical bytes) is a source error too: a
    // tree that validates must build. The build time cannot change the outcome.
    if (source) diagnostics.push(...assemble(source, 0, undefined, false).diagnostics);
    return { path: tree.label, format: 'acx', kind: 'source', valid: !hasErrors(diagnostics), diagnostics };
  },
  build: buildCartridge,
  inspect: inspectCartridge,
  async items(input, opts) {
    // No file differs (`only` empty, as a release asks for a package's version): its identity alone.
    const named = isTree(input) && opts.only?.size === 0 ? await sourceIdentity(input) : undefined;
    if (named) return { format: 'acx', identity: `${named.publisher}/${named.artifact}`, name: named.artifact, version: named.version, items: [], partial: true };
    return isTree(input) ? sourceItems(input) : cartridgeItems(input, opts);
  },
  init: initCartridge,
  importArtifact: importCartridge,
  sign: signCartridge,
  unsignedDigest,
  registryFacts: cartridgeRegistryFacts,
  documents: readAcxDocuments,
  async registryLayer(input, opts) {
    // §11: the layer names the ROM manifest hash and the spec version; the DSSE envelope is a
    // referrer whose one layer is application/vnd.dsse.envelope.v1+json.
    // §10.1/§11: each level credential (a vc-2.0 attestation row) as a referrer of artifactType
    // application/vnd.acx.level-attestation.v1, its layer the document under its own media type.
    // One check gives all of it (a cartridge's check is most of a push's time).
    const c = await checkArtifact(input, opts);
    if (!c.data || !c.check) fail(c.result.diagnostics[0]!.code, c.result.diagnostics[0]!.message, { file: input.label });
    const annotations: Record<string, string> = {};
    if (typeof c.check.report.manifestHash === 'string') annotations['vnd.acx.rom-manifest-hash'] = c.check.report.manifestHash;
    const spec = c.check.meta.get('acx.spec_version');
    if (typeof spec === 'string') annotations['vnd.acx.spec-version'] = spec;
    const dsse = c.data.signatures.filter((s) => typeof s.envelope === 'string').map((s, i) => ({
      artifactType: 'application/vnd.dsse.envelope.v1+json', mediaType: 'application/vnd.dsse.envelope.v1+json', title: `signature-${i + 1}.dsse.json`, bytes: Buffer.from(s.envelope as string, 'utf8'),
    }));
    const levels = c.data.attestations.filter((a) => a.type === 'vc-2.0' && (typeof a.document === 'string' || Buffer.isBuffer(a.document))).map((a, i) => ({
      artifactType: 'application/vnd.acx.level-attestation.v1',
      mediaType: typeof a.media_type === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(a.media_type) ? a.media_type : 'application/vc',
      title: `level-attestation-${i + 1}.json`, bytes: Buffer.isBuffer(a.document) ? a.document : Buffer.from(a.document as string, 'utf8'),
    }));
    return { annotations, attachments: [...dsse, ...levels] };
  },
  async verifyWithDocuments(input, opts) {
    // One open and one pass over the files: the verdict under the caller's trust inputs, and the
    // documents judged again (signatures only) under none, as documents() judges a cartridge.
    const sink = wants(opts, 'docs') ? opts.documentSink : undefined;
    if (!sink) {
      const c = await checkArtifact(input, opts, { files: true });
      return { result: c.result, documents: () => acxDocumentsFrom(input, c, opts) };
    }
    // Streamed (serve): each knowledge file whose bytes match its ROM row goes to the sink as it is
    // decoded and is not kept; one that does not parse is refused when the documents are asked for,
    // after the verdict, as documents() would refuse it (the first by path).
    const assets: Asset[] = [];
    let failed: { path: string; error: unknown } | undefined;
    const knowledge = (name: string, raw: Buffer) => {
      const treePath = name.slice('rom/'.length);
      if (!treePath.endsWith('.md')) { assets.push({ path: treePath.slice(DOCUMENT_ROOT.length), bytes: Buffer.alloc(0) }); return; }
      let doc;
      try { doc = knowledgeDoc(raw, treePath); } catch (e) {
        if (!failed || compareUtf8(treePath, failed.path) < 0) failed = { path: treePath, error: e };
        return;
      }
      sink(doc);
    };
    const c = await checkArtifact(input, opts, { files: true, knowledge });
    return {
      result: c.result,
      documents: async () => {
        const d = await acxDocumentsFrom(input, c, opts);
        if (failed) throw failed.error;
        return { ...d, assets: [...d.assets, ...assets] };
      },
    };
  },
  writeSource: writeAcxSource,
  nameProblem: acxNameProblem,
  skills: acxSkills,
};
