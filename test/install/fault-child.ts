// Run by install-plan.test.ts as a child process: installs the kit (v1 or v2) into argv[2], with
// CTXFORGE_INSTALL_FAULT set by the parent so that the process is killed mid-install.
import { installVerified } from '../../src/install/index.js';
import { kit, verified } from './documents.js';

const [dir, version] = process.argv.slice(2);
await installVerified(verified(kit(version!, { dropScript: version !== '1.0.0' }), version === '1.0.0' ? 'a'.repeat(64) : 'c'.repeat(64)), { cwd: dir!, hosts: ['claude'] });
