// A committed lock is hostile input: parsing it must cost about as much as its size (security
// review 1, finding 11), and two packages whose folders differ only in case or Unicode form — one
// folder on macOS and Windows — are one owner too many (finding 16), in a lock and at install.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { installVerified } from '../../src/install/index.js';
import { LOCK_SCHEMA } from '../../src/install/lock-schema.js';
import { parseLock, type Lock, type LockPackage } from '../../src/install/lock.js';
import { doc, documents, verified } from './documents.js';
import { project } from './artifacts.js';

const SHA = 'c'.repeat(64);

function pkg(name: string, folders: string[]): LockPackage {
  return {
    name, version: '1.0.0', format: 'acx', source: { type: 'path', location: `${name}.acx` }, artifact: { file: `${name}.acx`, sha256: SHA, size: 1 },
    signer: { method: 'acx-dsse', key_id: `ed25519:${'b'.repeat(64)}`, public_key: null, trust: 'pinned', verdict: 'portable' },
    hosts: ['agents'], folders, files: folders.map((f) => ({ path: `${f}/sub/doc.md`, sha256: SHA, size: 1, role: 'document' as const })),
  };
}

const lockText = (packages: LockPackage[]) => JSON.stringify({ lockfile_version: 1, scope: 'project', packages: Object.fromEntries(packages.map((p) => [p.name, p])) } satisfies Omit<Lock, 'lockfile_version'> & { lockfile_version: 1 });

const refused = (text: string, re: RegExp) => assert.throws(() => parseLock(text, 'ctxforge.lock', 'project'), (e: unknown) => {
  assert.ok(e instanceof DiagnosticError, String(e));
  assert.equal(e.diagnostic.code, 'CTXFORGE_LOCK_INVALID');
  assert.ok(e.all.some((d) => re.test(d.message)), e.all.map((d) => d.message).join('\n'));
  return true;
});

/**
 * Counts String.prototype.startsWith calls while `fn` runs, and throws once there are more than
 * `budget`: matching every file against every folder (what 5e4f2de did) fails at once instead of
 * running for minutes, and no duration is measured.
 */
function withStartsWithBudget<T>(budget: number, fn: () => T): { value: T; calls: number } {
  const orig = String.prototype.startsWith;
  let calls = 0;
  String.prototype.startsWith = function (this: string, ...args: Parameters<string['startsWith']>) {
    if (++calls > budget) throw new Error(`more than ${budget} startsWith calls: files are matched against every folder`);
    return orig.apply(this, args);
  };
  try {
    return { value: fn(), calls };
  } finally {
    String.prototype.startsWith = orig;
  }
}

test('finding 11: a lock of 20,000 folders is parsed with work linear in its size, and a folder listed twice in it is still refused', () => {
  const N = 20_000;
  const folders = Array.from({ length: N }, (_, i) => `.agents/knowledge/p${i}`);
  const { value: lock } = withStartsWithBudget(20 * N, () => parseLock(lockText([pkg('big', folders)]), 'ctxforge.lock', 'project'));
  assert.equal(lock.packages.big!.folders.length, N);
  assert.equal(lock.packages.big!.files.length, N);
  refused(lockText([pkg('big', [...folders, folders[12_345]!])]), /\/folders must NOT have duplicate items|listed twice/);
  // A file outside every folder is found by its parents, not by trying each folder.
  const stray = pkg('big', folders);
  stray.files.push({ path: '.agents/knowledge/elsewhere/doc.md', sha256: SHA, size: 1, role: 'document' });
  refused(lockText([stray]), /elsewhere\/doc\.md is outside the package's folders/);
  // The folders' uniqueness is judged on strings (a hash), not by comparing every pair of values.
  const items = (LOCK_SCHEMA as { $defs: { package: { properties: { folders: { items: Record<string, unknown> } } } } }).$defs.package.properties.folders.items;
  assert.equal(items.type, 'string');
});

test('finding 16: folders that differ only in case or Unicode form belong to one package: a lock naming both is refused', () => {
  refused(lockText([pkg('a', ['.claude/skills/Pdf']), pkg('b', ['.claude/skills/pdf'])]), /\.claude\/skills\/pdf is owned by both a \(as \.claude\/skills\/Pdf\) and b/);
  refused(lockText([pkg('a', ['.agents/knowledge/caf\u00e9']), pkg('b', ['.agents/knowledge/cafe\u0301'])]), /is owned by both a/);
});

test('finding 16: installing a package whose folder differs only in case from another package\'s is a conflict', async () => {
  const dir = project();
  const k = (name: string) => documents(name, '1.0.0', { docs: [doc(`${name}-intro`, 'intro.md', 'Intro', '# Intro\n\nHello.\n')] });
  await installVerified(verified(k('Acme')), { cwd: dir });
  await assert.rejects(installVerified(verified(k('acme'), 'd'.repeat(64)), { cwd: dir }), (e: unknown) => {
    assert.ok(e instanceof DiagnosticError, String(e));
    assert.equal(e.diagnostic.code, 'CTXFORGE_INSTALL_CONFLICT');
    assert.match(e.diagnostic.message, /\.agents\/knowledge\/Acme/);
    return true;
  });
});
