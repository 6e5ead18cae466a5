// A project with two packages installed (their artifacts exist nowhere, so `serve --lock --offline`
// serves them lock-only, each file checked against the lock), for the outside clients to talk to.
import { join } from 'node:path';
import { installVerified } from '../../../src/install/index.js';
import { tmpDir } from '../../helpers/tmp.js';
import { doc, documents, kit, verified } from '../../install/documents.js';
import { builtCli } from '../../helpers/built.js';

export async function project(): Promise<{ dir: string; env: Record<string, string>; command: string[] }> {
  const dir = tmpDir('serve-interop-');
  const env = { ...process.env, XDG_CACHE_HOME: join(dir, '.cache-home'), CTXFORGE_FROM_SOURCE: '1' } as Record<string, string>;
  await installVerified(verified(kit()), { cwd: dir, hosts: ['claude'] });
  const many = Array.from({ length: 40 }, (_, i) => doc(`note-${i}`, `notes/${i}.md`, `Note ${i}`, `# Note ${i}\n\nArchive entry ${i} about storage and key rotation.\n\n## Details\n\n${'Rotate the signing key. '.repeat(i * 5)}\n`));
  await installVerified(verified(documents('archive', '2.0.0', { docs: many }), 'f'.repeat(64)), { cwd: dir });
  return { dir, env, command: [process.execPath, builtCli(), 'serve', '--lock', '--offline'] };
}
