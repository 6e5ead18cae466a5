// The package digest hashes a large files[] in pieces instead of building its JCS text whole (issue
// 28, third pass: that text and a string per entry took 40 MB of a 50 000-document build's heap).
// The digest must stay the SHA-256 of the JCS of the manifest (files sorted by UTF-8 bytes, the
// package digest left out), for lists far longer than a piece and paths in every plane.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { packageDigest } from '../../src/octx/digest.js';
import { jcs } from '../../src/core/jcs.js';

function reference(m: Record<string, unknown> & { release: Record<string, unknown>; files: { path: string }[] }): string {
  const release = { ...m.release };
  delete release.package_digest;
  const files = [...m.files].sort((a, b) => Buffer.compare(Buffer.from(a.path, 'utf8'), Buffer.from(b.path, 'utf8')));
  return `sha256:${createHash('sha256').update(jcs({ ...m, release, files }), 'utf8').digest('hex')}`;
}

test('the digest of a long files[] hashed in pieces is the SHA-256 of the whole JCS text', () => {
  const segment = fc.string({ unit: fc.constantFrom('a', 'Z', '-', ' ', 'é', '"', '\\', '\u2028', '日', '😀', '\u{10ffff}', '\ue000', '\t'), minLength: 1, maxLength: 12 });
  fc.assert(fc.property(fc.uniqueArray(segment, { minLength: 1, maxLength: 3000 }), fc.boolean(), (names, extra) => {
    const files: Record<string, unknown>[] = names.map((n, i) => ({ path: `knowledge/${n}.md`, sha256: createHash('sha256').update(String(i)).digest('hex') }));
    // An entry with another member takes the general walk: the same digest either way.
    if (extra) files[0] = { ...files[0], size: 1 };
    const m = { octx_version: '0.1', asset: { id: 'urn:x', name: 'N ü' }, release: { version: '1.0.0', created_at: '2026-01-01T00:00:00Z', package_digest: 'sha256:0' }, capabilities: {}, files } as unknown as Parameters<typeof reference>[0];
    assert.equal(packageDigest(m), reference(m));
  }), { numRuns: 40, seed: 2835 });
});
