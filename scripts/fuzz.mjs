// `npm run fuzz -- [--seconds N] [--seed S] [--only PROPERTY] [--path P] [--out DIR] [--slice SECONDS]`
// Long property runs (minutes, not in CI): see test/fuzz/fuzz-main.ts. Runs under tsx like the tests.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'test', 'fuzz', 'fuzz-main.ts'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: process.cwd() });
process.exit(r.status ?? 1);
