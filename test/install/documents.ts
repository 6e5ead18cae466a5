// Documents values for the install and serve tests: what a format's documents() hands install, made
// here so the planning, writing, lock and serve layers are tested on their own, on real files.
import type { Documents, Doc, SkillFolder } from '../../src/format.js';
import type { VerifiedPackage } from '../../src/install/index.js';
import type { LockSigner } from '../../src/install/lock.js';

export const skill = (name: string, files: Record<string, string | Buffer>): SkillFolder => ({
  name, files: Object.entries(files).map(([rel, b]) => ({ rel, bytes: Buffer.isBuffer(b) ? b : Buffer.from(b, 'utf8') })),
});

export const skillMd = (name: string, body = 'Do the thing.') => `---\nname: ${name}\ndescription: ${name} helper. Use when asked about ${name}.\n---\n\n# ${name}\n\n${body}\n`;

export function documents(name: string, version: string, o: { skills?: SkillFolder[]; docs?: Doc[] } = {}): Documents {
  return { format: 'acx', meta: { name, version, description: `${name} knowledge` }, docs: o.docs ?? [], assets: [], skills: o.skills ?? [], notes: [] };
}

export const doc = (id: string, path: string, title: string, body: string, extra: Partial<Doc> = {}): Doc => ({ id, path, title, body, ...extra });

const SIGNER: LockSigner = { method: 'acx-dsse', key_id: `ed25519:${'b'.repeat(64)}`, public_key: null, trust: 'pinned', verdict: 'portable' };

export function verified(docs: Documents, sha = 'a'.repeat(64), o: Partial<VerifiedPackage> = {}): VerifiedPackage {
  return {
    docs, format: docs.format, source: { type: 'path', location: `dist/${docs.meta.name}.acx` }, artifact: { file: `${docs.meta.name}.acx`, sha256: sha, size: 1 },
    signer: SIGNER, unbound: [], diagnostics: [], ...o,
  };
}

/** A small package with two skills (one with a nested script) and two knowledge documents. */
export function kit(version = '1.0.0', extra: { dropScript?: boolean; skillBody?: string } = {}): Documents {
  return documents('acme-kit', version, {
    skills: [
      skill('pdf-tools', { 'SKILL.md': skillMd('pdf-tools', extra.skillBody), ...(extra.dropScript ? {} : { 'scripts/fill.py': 'print("fill")\n' }), 'LICENSE.txt': 'MIT\n' }),
      skill('release-notes', { 'SKILL.md': skillMd('release-notes') }),
    ],
    docs: [
      doc('doc-intro', 'guide/intro.md', 'Introduction', '# Introduction\n\nHow releases are tagged and signed.\n', { type: 'Guide', tags: ['release'] }),
      doc('doc-keys', 'reference/keys.md', 'Signing keys', '# Signing keys\n\nKeys are rotated yearly. See [intro](../guide/intro.md).\n', { description: 'Where the keys live' }),
    ],
  });
}
