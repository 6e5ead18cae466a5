// Signs an existing package in place of its old signature: every other manifest member and the whole
// content member are copied as written, so integrity is untouched and nothing is re-serialised.
import { writeFile, chmod } from 'node:fs/promises';
import { fail, hasErrors, error, type Diagnostic } from '../core/diagnostics.js';
import { writeAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import type { SigningKey } from '../core/keys.js';
import { scanSecrets } from '../core/secrets.js';
import type { ArtifactInput, BuiltArtifact, CommonOptions } from '../format.js';
import { graphOf } from './check.js';
import { parseJsonTree } from './json-tree.js';
import { readAndVerify, verifyBytes } from './read.js';
import { signIdentity, signManifest } from './signature.js';
import { toJsonText } from './write.js';
import { MANIFEST_TAIL } from './model.js';

export async function resignArtifact(input: ArtifactInput, key: SigningKey, outPath: string, opts: CommonOptions & { allowSecrets?: boolean; warnings?: Diagnostic[] }): Promise<BuiltArtifact> {
  const r = await readAndVerify(input, { limits: opts.limits, env: opts.env });
  if (!r.doc) fail(r.diagnostics[0]!.code, r.diagnostics[0]!.message, { file: r.diagnostics[0]!.file, line: r.diagnostics[0]!.line });
  const blocking = r.diagnostics.filter((d) => d.severity === 'error' && !/SIGNATURE|KEY_MISMATCH/.test(d.code));
  if (blocking.length) fail('CTXPKG_SIGN_REFUSED', `${input.label} is not valid, so it is not signed: ${blocking[0]!.code}: ${blocking[0]!.message}`, { file: blocking[0]!.file, line: blocking[0]!.line });
  const doc = r.doc;
  // §11: scan before signing, like before building.
  const secrets: Diagnostic[] = [];
  graphOf(doc.content).nodes.forEach((n, i) => {
    if (typeof n.content === 'string') secrets.push(...scanSecrets(n.content, input.label, `node ${String(n.id)}`, !!opts.allowSecrets, doc.locate(['content', 'context_graph', 'nodes', i, 'content']).line! - 1));
  });
  if (hasErrors(secrets)) fail(secrets[0]!.code, secrets[0]!.message, { file: secrets[0]!.file, line: secrets[0]!.line });
  opts.warnings?.push(...secrets);

  const mnode = doc.manifestNode();
  if (mnode.t !== 'obj') fail('CTXPKG_SIGN_REFUSED', 'the manifest is not an object');
  const name = r.details!.name!;
  const version = r.details!.version!;
  const parts = mnode.members.filter((m) => m.key !== 'signature').map((m) => `${JSON.stringify(m.key)}:${doc.text.slice(m.value.start, m.value.end)}`);
  const unsigned = `{${parts.join(',')}}`;
  const value = signIdentity(key, name, version, r.details!.sha256!);
  const manifest_value = signManifest(key, parseJsonTree(unsigned));
  const sig = toJsonText({ algorithm: 'ed25519', public_key: key.publicKey.hex, value, manifest_value });
  const oldIdx = mnode.members.findIndex((m) => m.key === 'signature');
  const kept = mnode.members.filter((m) => m.key !== 'signature');
  // A first signature goes where `build --key` puts it (before the members that follow it in the
  // manifest order), so signing after building gives the bytes a keyed build gives.
  const after = kept.findIndex((m) => (MANIFEST_TAIL as readonly string[]).indexOf(m.key) > MANIFEST_TAIL.indexOf('signature'));
  const sigAt = oldIdx >= 0 ? oldIdx : after >= 0 ? after : kept.length;
  parts.splice(sigAt, 0, `"signature":${sig}`);
  const contentText = doc.text.slice(doc.contentRange.valueStart, doc.contentRange.valueEnd);
  const manifestFirst = doc.manifestRange.keyStart < doc.contentRange.keyStart;
  const m = `"manifest":{${parts.join(',')}}`;
  const c = `"content":${contentText}`;
  const bytes = Buffer.from(`{${manifestFirst ? `${m},${c}` : `${c},${m}`}}\n`, 'utf8');
  const check = verifyBytes(bytes, outPath, { limits: opts.limits });
  if (!check.valid) {
    const d = check.diagnostics.find((x) => x.severity === 'error')!;
    throw fail('CTXPKG_SIGN_REFUSED', `internal: the signed package does not verify (${d.code}: ${d.message})`, {}, 2);
  }
  await writeAtomic(outPath, async (tmp) => { await writeFile(tmp, bytes); await chmod(tmp, 0o644); });
  void error;
  return { path: outPath, format: 'ctxpkg', sha256: sha256Hex(bytes), size: bytes.length, name, version };
}
