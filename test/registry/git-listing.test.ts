// A git registry is listed from its clone's tree (`git ls-tree`), not from a checkout of it: the
// versions, their order (the reference's: names compared with localeCompare at each level, which is
// not git's byte order), what is left out (links, names that are no coordinate) and the artifacts
// handed out must be what the same registry gives as a folder. A real repository made with git.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { openRegistry, type PackageRegistry } from '../../src/registry/resolve.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'commit.gpgsign=false', ...args], { cwd: dir });
const ASSET = '019a0000-0000-7000-8000-000000000001';

/** versions(name), or the message of the diagnostic it fails with (the registry's own name taken out). */
async function listed(reg: PackageRegistry, name: string): Promise<unknown> {
  try {
    return await reg.versions(name);
  } catch (e) {
    if (e instanceof DiagnosticError) return e.diagnostic.message.replaceAll(reg.recorded, '<registry>');
    throw e;
  }
}

for (const under of ['', 'registry/']) {
  test(`a git registry${under ? ' inside a repository (registry/)' : ''} lists and hands out what its folder does`, async () => {
    const repo = tmpDir('reg-ls-');
    git(repo, 'init', '-q', '-b', 'main');
    const files: Record<string, string> = {};
    for (const p of [
      'cartridges/io.example/kit/1.0.0/cartridge.acx',
      'cartridges/io.example/kit/1.0.0-alpha/cartridge.acx',
      // 'B' sorts before 'a' in bytes (git's order), after it with localeCompare.
      'cartridges/io.example/kit/1.0.0-Beta/cartridge.acx',
      'cartridges/io.example/kit/1.0.0+b2/cartridge.acx',
      'cartridges/io.example/kit/1.0.0+B1/cartridge.acx',
      'cartridges/io.other/kit/2.0.0/cartridge.acx',
      'cartridges/io.example/kit/not-a-version/cartridge.acx',
      'cartridges/io.example/kit/1.1.0/cartridge.json',
      'ctxpkg/@acme/notes/1.0.0/package.ctxpkg',
      'ctxpkg/@acme/notes/0.9.0/package.ctxpkg',
      `octx/${ASSET}/3.0.0/package.octx`,
      'octx/not-an-id/1.0.0/package.octx',
    ]) files[`${under}${p}`] = `bytes of ${p}\n`;
    writeTree(repo, files);
    // A link at a coordinate is never listed, nor followed.
    execFileSync('mkdir', ['-p', join(repo, `${under}cartridges/io.example/kit/1.2.0`)]);
    symlinkSync('/etc/passwd', join(repo, `${under}cartridges/io.example/kit/1.2.0/cartridge.acx`));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'registry');

    const o = { cwd: repo, root: repo };
    const folder = await openRegistry(repo, o);
    const cloned = await openRegistry(pathToFileURL(repo).href, o);
    try {
      for (const name of ['io.example/kit', 'kit', 'io.other/kit', '@acme/notes', ASSET, 'notes', 'nothing']) {
        assert.deepEqual(await listed(cloned, name), await listed(folder, name), name);
      }
      // Asked again (as outdated asks for each locked package): the same listing, nothing counted twice.
      for (const reg of [cloned, folder]) {
        assert.deepEqual((await reg.versions('@acme/notes')).map((v) => v.version), ['0.9.0', '1.0.0']);
        assert.deepEqual((await reg.versions(ASSET)).map((v) => v.version), ['3.0.0']);
      }
      // A clone for versions alone (outdated's) lists the same, and hands out no artifact.
      const versionsOnly = await openRegistry(pathToFileURL(repo).href, { ...o, versionsOnly: true });
      try {
        for (const name of ['io.example/kit', '@acme/notes', ASSET]) assert.deepEqual(await versionsOnly.versions(name), await folder.versions(name), name);
        await assert.rejects(versionsOnly.artifactPath(`octx/${ASSET}/3.0.0/package.octx`), /versions only/);
      } finally {
        await versionsOnly.close();
      }
      const kit = (await cloned.versions('io.example/kit')) as Array<{ version: string; location: string }>;
      assert.deepEqual(kit.map((v) => v.version), ['1.0.0', '1.0.0-alpha', '1.0.0-Beta', '1.0.0+b2', '1.0.0+B1'].sort((a, b) => a.localeCompare(b)));
      assert.match(String(await listed(cloned, 'kit')), /kit is published by 2 publishers in <registry>: io\.example\/kit, io\.other\/kit/);
      for (const v of [...kit, ...(await cloned.versions('@acme/notes')), ...(await cloned.versions(ASSET))]) {
        assert.equal(readFileSync(await cloned.artifactPath(v.location), 'utf8'), readFileSync(await folder.artifactPath(v.location), 'utf8'), v.location);
      }
    } finally {
      await cloned.close();
      await folder.close();
    }
  });
}
