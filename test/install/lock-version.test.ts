// ctxforge.lock version 2 (issue 33, shared with the consumer and registry issues): a version-1 lock
// is read as version 2 and written back as 2; a lock using version-2 fields this ctxforge does not act
// on, or a version it does not know, is refused rather than read as if those fields were absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { LOCKFILE_VERSION, parseLock, serializeLock } from '../../src/install/lock.js';

const SHA = 'c'.repeat(64);
const entry = (extra: Record<string, unknown> = {}, source: Record<string, unknown> = {}, file: Record<string, unknown> = {}) => ({
  name: 'guide', version: '1.0.0', format: 'acx', source: { type: 'path', location: 'guide.acx', ...source }, artifact: { file: 'guide.acx', sha256: SHA, size: 1 },
  signer: { method: 'acx-dsse', key_id: `ed25519:${'b'.repeat(64)}`, public_key: null, trust: 'pinned', verdict: 'portable' },
  hosts: ['agents'], folders: ['.agents/knowledge/guide'], files: [{ path: '.agents/knowledge/guide/a.md', sha256: SHA, size: 1, role: 'document', ...file }],
  ...extra,
});
const text = (version: unknown, e = entry()) => JSON.stringify({ lockfile_version: version, scope: 'project', packages: { guide: e } });
const refused = (t: string, re: RegExp) => assert.throws(() => parseLock(t, 'ctxforge.lock', 'project'), (e: unknown) => {
  assert.ok(e instanceof DiagnosticError, String(e));
  assert.equal(e.diagnostic.code, 'CTXFORGE_LOCK_INVALID');
  assert.ok(e.all.some((d) => re.test(d.message)), e.all.map((d) => d.message).join('\n'));
  return true;
});

test('a version-1 lock is read as version 2 and written back as version 2, nothing else changed', () => {
  assert.equal(LOCKFILE_VERSION, 2);
  const lock = parseLock(text(1), 'ctxforge.lock', 'project');
  assert.equal(lock.lockfile_version, 2);
  const out = JSON.parse(serializeLock(lock));
  assert.equal(out.lockfile_version, 2);
  assert.deepEqual(out.packages.guide, entry());
  // and the written text reads back as itself
  assert.equal(serializeLock(parseLock(serializeLock(lock), 'ctxforge.lock', 'project')), serializeLock(lock));
});

test('version 2 keeps a renamed file\'s original path', () => {
  const e = entry({}, {}, { path: '.agents/knowledge/guide/AGENTS.knowledge.md', original_path: '.agents/knowledge/guide/AGENTS.md' });
  const lock = parseLock(text(2, e), 'ctxforge.lock', 'project');
  assert.equal(JSON.parse(serializeLock(lock)).packages.guide.files[0].original_path, '.agents/knowledge/guide/AGENTS.md');
});

test('a git-registry source is read and written back as it is', () => {
  const src = { type: 'registry', registry: 'https://github.com/acme/registry.git', range: '^1.2', location: 'cartridges/io.example/guide/1.2.3/cartridge.acx' };
  const lock = parseLock(text(2, entry({}, src)), 'ctxforge.lock', 'project');
  assert.deepEqual(JSON.parse(serializeLock(lock)).packages.guide.source, src);
});

test('an unknown lockfile_version or field is refused', () => {
  refused(text(3), /lockfile_version/);
  refused(text(0), /lockfile_version/);
  refused(text(2, entry({ surprise: true })), /additional properties/);
  refused(text(2, entry({}, {}, { executable: true })), /additional properties/);
});

test('an oci source is read with its registry and manifest digest, and refused without them or with them on another type', () => {
  const digest = 'sha256:' + SHA;
  const ok = parseLock(text(2, entry({}, { type: 'oci', location: `oci://r.example/x@${digest}`, registry: 'oci://r.example/x', manifest_digest: digest })), 'ctxforge.lock', 'project');
  assert.equal(ok.packages.guide!.source.manifest_digest, digest);
  assert.equal(ok.packages.guide!.source.registry, 'oci://r.example/x');
  refused(text(2, entry({}, { type: 'oci', location: `oci://r.example/x@${digest}`, registry: 'oci://r.example/x' })), /an oci source needs source.manifest_digest/);
  refused(text(2, entry({}, { type: 'oci', location: `oci://r.example/x@${digest}`, manifest_digest: digest })), /an oci source needs source.registry/);
  refused(text(2, entry({}, { registry: 'oci://r.example/x' })), /source.registry belongs to an oci or registry source/);
  refused(text(2, entry({}, { type: 'oci', location: 'x', registry: 'https://r.example/x', manifest_digest: digest })), /starts with oci:\/\/ or oci-layout:/);
});

test('version-2 fields this ctxforge does not act on are refused, never read as absent (fail closed)', () => {
  // registry and range belong to a git-registry source (issue 38), manifest_digest to an OCI one (issue 37).
  refused(text(2, entry({}, { registry: 'oci://r.example/x' })), /source.registry belongs to an oci or registry source/);
  refused(text(2, entry({}, { range: '^1' })), /source.range applies only to a source of type "registry"/);
  refused(text(2, entry({}, { type: 'registry', location: 'cartridges/io.example/guide/1.0.0/cartridge.acx' })), /source type "registry" without source.registry/);
  refused(text(2, entry({}, { manifest_digest: 'sha256:' + SHA })), /source.manifest_digest belongs to an oci source/);
  refused(text(2, entry({}, { type: 'oci', location: 'oci://r.example/x@sha256:' + SHA, registry: 'oci://r.example/x' })), /an oci source needs source.manifest_digest/);
  // the mode ctxforge writes is accepted
  assert.equal(parseLock(text(2, entry({}, {}, { mode: '0644' })), 'ctxforge.lock', 'project').packages.guide!.files[0]!.path, '.agents/knowledge/guide/a.md');
});

test('links, adopted folders, modes and vendored sources are read and kept; a link off the shared layout is refused', () => {
  const skillEntry = (extra: Record<string, unknown> = {}) => entry({
    folders: ['.agents/skills/guide'], files: [{ path: '.agents/skills/guide/SKILL.md', sha256: SHA, size: 1, role: 'skill' }, { path: '.agents/skills/guide/run.sh', sha256: SHA, size: 1, role: 'skill', mode: '0755' }], ...extra,
  }, { vendored_from: '/home/me/guide.acx' });
  const lock = parseLock(text(2, skillEntry({ links: [{ path: '.claude/skills/guide', target: '../../.agents/skills/guide' }], adopted: ['.agents/skills/guide'] })), 'ctxforge.lock', 'project');
  const out = JSON.parse(serializeLock(lock)).packages.guide;
  assert.deepEqual(out.links, [{ path: '.claude/skills/guide', target: '../../.agents/skills/guide' }]);
  assert.deepEqual(out.adopted, ['.agents/skills/guide']);
  assert.equal(out.files[1].mode, '0755');
  assert.equal(out.source.vendored_from, '/home/me/guide.acx');
  // A lock never makes ctxforge create a link anywhere but to the skill's canonical folder.
  refused(text(2, skillEntry({ links: [{ path: '.claude/skills/guide', target: '/etc' }] })), /not a link to its canonical folder/);
  refused(text(2, skillEntry({ links: [{ path: '.claude/skills/other', target: '../../.agents/skills/other' }] })), /which is not one of its folders/);
  refused(text(2, skillEntry({ links: [{ path: '.agents/skills/guide', target: 'guide' }] })), /not a link to its canonical folder/);
  refused(text(2, skillEntry({ adopted: ['.claude/skills/guide'] })), /adopted folder .* is not one of its folders/);
});
