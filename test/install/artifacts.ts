// Real artifacts for the install and serve tests, made with ctxforge's own build and sign: signed
// and unsigned cartridges, ctxpkg packages (knowledge and a kind: skills pack), an .octx, and
// release folders with SHA256SUMS and a minisign signature (stock minisign verifies them), plus a
// local HTTP server on 127.0.0.1 that serves a folder as a release URL.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { basename, join } from 'node:path';
import { after } from 'node:test';
import { loadSigningKey, spkiKeyId } from '../../src/core/keys.js';
import { sha256Hex } from '../../src/core/hash.js';
import { minisignPublicKey, minisignSign } from '../../src/core/minisign.js';
import { sha256sums } from '../../src/release/checksums.js';
import { repoRoot, runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

export const EPOCH = '1767225600';
export const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
export const OTHER_SEED = '42'.repeat(32);
export const KEY = loadSigningKey(SEED);
export const OTHER = loadSigningKey(OTHER_SEED);
export const KEY_ID = spkiKeyId(KEY.publicKey);

export const SKILLS: Record<string, string | Buffer> = {
  'pdf-tools/SKILL.md': '---\nname: pdf-tools\ndescription: Extracts text and tables from PDF files. Use when the user hands over a PDF.\nlicense: MIT\n---\n\n# PDF tools\n\nRun `scripts/extract.sh FILE`.\n',
  'pdf-tools/scripts/extract.sh': '#!/bin/sh\npdftotext "$1" -\n',
  'pdf-tools/assets/logo.bin': Buffer.from([0, 1, 2, 255, 254]),
  'release-notes/SKILL.md': '---\nname: release-notes\ndescription: Writes release notes from merged pull requests.\n---\n\nCollect merged PRs since the last tag and group them.\n',
};

async function buildOne(src: string, ...extra: string[]): Promise<string> {
  const out = tmpDir('inst-art-');
  const r = await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, ...extra]);
  if (r.code !== 0) throw new Error(`build ${src} failed: ${r.stderr}${r.stdout}`);
  const f = readdirSync(out).find((n) => /\.(acx|ctxpkg|octx)$/.test(n));
  if (!f) throw new Error(`build ${src} wrote no artifact`);
  return join(out, f);
}

/** A copy of the example cartridge source, changed by `files` (path → content, null removes). */
export function cartridgeSource(files: Record<string, string | null> = {}): string {
  const d = join(tmpDir('inst-acx-src-'), 'src');
  cpSync(join(repoRoot, 'working-dir-example', 'acx'), d, { recursive: true });
  for (const [p, c] of Object.entries(files)) {
    if (c === null) execFileSync('rm', ['-rf', join(d, p)]);
    else writeTree(d, { [p]: c });
  }
  return d;
}

export const buildCartridge = (src: string, signed = true) => buildOne(src, ...(signed ? ['--key', SEED] : []));

async function skillsPack(signed: boolean): Promise<string> {
  const root = tmpDir('inst-pack-');
  writeTree(join(root, 'skills'), SKILLS);
  writeTree(join(root, 'pack'), { 'ctxpkg.yaml': 'name: "@acme/skills"\nversion: 1.0.0\ndescription: Team skills\nkind: skills\n' });
  const r = await runCli(['skills', 'import', 'skills', 'pack'], { cwd: root });
  if (r.code !== 0) throw new Error(`skills import failed: ${r.stderr}${r.stdout}`);
  return buildOne(join(root, 'pack'), ...(signed ? ['--key', SEED] : []));
}

export interface Artifacts {
  acx: string; acxUnsigned: string; ctxpkg: string; ctxpkgUnsigned: string; skillsPack: string; octx: string;
}

let made: Promise<Artifacts> | undefined;
export function artifacts(): Promise<Artifacts> {
  made ??= (async () => ({
    acx: await buildCartridge(join(repoRoot, 'working-dir-example', 'acx')),
    acxUnsigned: await buildCartridge(join(repoRoot, 'working-dir-example', 'acx'), false),
    ctxpkg: await buildOne(join(repoRoot, 'working-dir-example', 'ctxpkg'), '--key', SEED),
    ctxpkgUnsigned: await buildOne(join(repoRoot, 'working-dir-example', 'ctxpkg')),
    skillsPack: await skillsPack(true),
    octx: await buildOne(join(repoRoot, 'working-dir-example', 'octx')),
  }))();
  return made;
}

/** A release folder as `ctxforge release` lays it out: the artifact, SHA256SUMS, and (signed) SHA256SUMS.minisig + minisign.pub. */
export function releaseFolder(artifact: string, o: { key?: typeof KEY; tag?: string } = {}): string {
  const dir = tmpDir('inst-release-');
  const name = basename(artifact);
  copyFileSync(artifact, join(dir, name));
  const sums = sha256sums([{ name, sha256: sha256Hex(readFileSync(artifact)) }]);
  writeFileSync(join(dir, 'SHA256SUMS'), sums);
  if (o.key) {
    writeFileSync(join(dir, 'SHA256SUMS.minisig'), minisignSign(o.key, Buffer.from(sums), { trustedComment: `timestamp:${EPOCH}\tfile:SHA256SUMS\thashed\ttag:${o.tag ?? 'v1.0.0'}` }));
    writeFileSync(join(dir, 'minisign.pub'), minisignPublicKey(o.key));
  }
  return dir;
}

/** The release's public key as a user keeps a copy: a minisign public key file outside the release. */
export function minisignPubFile(key = KEY): string {
  const f = join(tmpDir('inst-key-'), 'minisign.pub');
  writeFileSync(f, minisignPublicKey(key));
  return f;
}

/** The signer's public key as a PEM file (what --key takes for a cartridge or ctxpkg). */
export function pemFile(key = KEY): string {
  const f = join(tmpDir('inst-key-'), 'signer.pub.pem');
  writeFileSync(f, key.publicKey.spkiPem);
  return f;
}

const servers: Server[] = [];
after(() => { for (const s of servers) { s.closeAllConnections(); s.close(); } });

/** Serves `dir` on 127.0.0.1 (a stand-in for a release download URL); closed after the tests. */
export async function serveFolder(dir: string): Promise<string> {
  const server: Server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.replace(/^\/rel\//, ''));
    try {
      if (!name || name.includes('/') || name.includes('..')) throw new Error('no');
      const body = readFileSync(join(dir, name));
      res.writeHead(200, { 'content-length': body.length });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // Never what keeps a test file's process alive; closed (with the connections fetch keeps) at the end.
  server.unref();
  servers.push(server);
  const a = server.address();
  return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/rel/`;
}

export function project(): string {
  const d = tmpDir('inst-proj-');
  mkdirSync(join(d, 'work'));
  return join(d, 'work');
}
