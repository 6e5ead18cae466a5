// The secret scan sees every encoding and every name (issue 24), through `build` in each format.
// Before: an ACX ROM file whose name was a token shipped (OCTX only refused it because its manifest
// lists paths); a token in a UTF-16LE skill script or OCTX extension file shipped (the bytes were
// scanned as latin1, NULs between the letters); a ctxpkg `kind: skills` document was not scanned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { repoRoot, runCli } from '../helpers/cli.js';

const AWS = 'AKIAIOSFODNN7EXAMPLE';
const GH = `ghp_${'aB3dE6gH9j'.repeat(3)}k2M4n6`;
const EPOCH = '1767225600';

function copyOf(fmt: 'octx' | 'ctxpkg' | 'acx'): string {
  const dir = join(tmpDir(), fmt);
  cpSync(join(repoRoot, 'working-dir-example', fmt), dir, { recursive: true });
  return dir;
}

function put(dir: string, rel: string, bytes: string | Buffer): void {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), bytes);
}

/** PowerShell 5's default: UTF-16LE with a BOM; `bom: false` gives the NUL-interleaved bytes alone. */
function utf16(text: string, bom = true): Buffer {
  return Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
}

interface Finding { code: string; file?: string; line?: number; message: string; severity: string }

async function refused(dir: string, what: string, match: (d: Finding) => boolean): Promise<Finding[]> {
  const dist = join(tmpDir(), 'dist');
  const r = await runCli(['build', dir, '--out', dist, '--source-date-epoch', EPOCH, '--json']);
  assert.equal(r.code, 1, `${what}: ${r.stdout}${r.stderr}`);
  const diags = (JSON.parse(r.stdout) as { diagnostics?: Finding[]; error?: Finding }).diagnostics ?? [];
  const hits = diags.filter((d) => d.code === 'CTXFORGE_SECRET_FOUND' && match(d));
  assert.ok(hits.length, `${what}: ${r.stdout}`);
  assert.ok(!existsSync(dist) || readdirSync(dist).filter((n) => !n.startsWith('.')).length === 0, `${what}: nothing is written`);
  // No report carries the credential it refuses.
  assert.ok(!r.stdout.includes(GH) && !r.stdout.includes(AWS), `${what}: the secret is echoed`);
  return hits;
}

test('acx: a ROM file named with a token, and a UTF-16LE skill script holding one, are refused', async () => {
  const a = copyOf('acx');
  const skill = readdirSync(join(a, 'skills'))[0]!;
  put(a, `skills/${skill}/references/${GH}.md`, 'notes\n');
  const [hit] = await refused(a, 'ROM name', (d) => /the name .*ghp_….md contains what looks like a GitHub token/.test(d.message));
  assert.equal(hit!.file, `rom/skills/${skill}/references/ghp_….md`);

  const b = copyOf('acx');
  put(b, `skills/${skill}/scripts/deploy.ps1`, utf16(`# deploy\r\n$key = "${AWS}"\r\n`));
  const [u] = await refused(b, 'UTF-16 script', (d) => d.file === `skills/${skill}/scripts/deploy.ps1`);
  assert.equal(u!.line, 2);

  const c = copyOf('acx');
  put(c, `knowledge/${AWS}.md`, '# note\n');
  await refused(c, 'knowledge name', (d) => /rom\/knowledge\/AKIA….md/.test(d.message));
});

test('octx: a UTF-16 extension file (with and without a BOM) and an entry named with a token are refused', async () => {
  for (const bom of [true, false]) {
    const dir = copyOf('octx');
    const f = 'extensions/dev.ctxforge.example/1.0/settings.txt';
    put(dir, f, utf16(`region = eu\r\ntoken ${GH}\r\n`, bom));
    const [hit] = await refused(dir, `UTF-16 ${bom ? 'with' : 'without'} BOM`, (d) => d.file === f);
    assert.equal(hit!.line, 2);
  }
  const dir = copyOf('octx');
  put(dir, `extensions/dev.ctxforge.example/1.0/${GH}.json`, '{}\n');
  await refused(dir, 'entry name', (d) => /the name extensions\/dev\.ctxforge\.example\/1\.0\/ghp_….json/.test(d.message));
});

test('ctxpkg: a node file named with a token; a kind: skills document (UTF-16 and UTF-8) holding one', async () => {
  const dir = copyOf('ctxpkg');
  const nodes = readdirSync(join(dir, 'nodes'));
  const { renameSync } = await import('node:fs');
  renameSync(join(dir, 'nodes', nodes[0]!), join(dir, 'nodes', `${AWS}.md`));
  await refused(dir, 'node file name', (d) => /the name nodes\/AKIA….md/.test(d.message));

  for (const [what, bytes] of [['UTF-16', utf16(`Write-Host "${GH}"\r\n`)], ['UTF-8', Buffer.from(`echo ${GH}\n`)]] as const) {
    const pack = join(tmpDir(), 'pack');
    writeTree(pack, {
      'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n',
      'documents/hello/SKILL.md': '---\nname: hello\ndescription: Says hello to the user when asked to greet someone.\n---\n\n# Hello\n',
    });
    put(pack, 'documents/hello/scripts/run.ps1', bytes);
    await refused(pack, `skills document, ${what}`, (d) => d.file === 'documents/hello/scripts/run.ps1');
  }
});
