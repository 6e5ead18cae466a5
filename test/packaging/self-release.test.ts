// Releasing ctxforge itself (issue 25, "install as users will"): scripts/self-release.mjs — the steps
// .github/workflows/self-release.yml runs — packs the tarball for the tag, installs and runs it,
// binds it to its provenance, lists it in SHA256SUMS and publishes all three on the local GitHub
// stand-in; then the install command from the release notes installs it from the download URL.
// A small package named ctxforge stands in for the real one, so nothing here needs the registry
// (the real `npm pack` → `npm install -g` is test/install/pack-install.test.ts). The steps run on
// plain node from a copy of scripts/self-release.mjs and scripts/github-release.mjs in a folder with no
// node_modules above it, as the publish job runs them: no tsx, no dependency to fall back on.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { parseYamlSafe } from '../../src/core/yaml-safe.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

/** scripts/self-release.mjs and the GitHub client it imports, copied where no node_modules can be found from them. */
function plainCopy(): string {
  const dir = join(tmpDir('self-release-scripts-'), 'scripts');
  cpSync(join(repoRoot, 'scripts', 'self-release.mjs'), join(dir, 'self-release.mjs'));
  cpSync(join(repoRoot, 'scripts', 'github-release.mjs'), join(dir, 'github-release.mjs'));
  for (let d = dir; ; d = dirname(d)) {
    assert.equal(existsSync(join(d, 'node_modules')), false, `${d} has node_modules`);
    if (dirname(d) === d) break;
  }
  return join(dir, 'self-release.mjs');
}
const SCRIPT = plainCopy();
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A package named ctxforge whose bin prints its version, as the real one does. */
function fakeCtxforge(version: string): string {
  const dir = tmpDir('self-release-pkg-');
  writeTree(dir, {
    'package.json': `${JSON.stringify({ name: 'ctxforge', version, type: 'module', bin: { ctxforge: 'bin/ctxforge.js' }, files: ['bin'] }, null, 2)}\n`,
    'bin/ctxforge.js': `#!/usr/bin/env node\nif (process.argv[2] === '--version') console.log(${JSON.stringify(version)});\nelse process.exitCode = 2;\n`,
  });
  return dir;
}

const stepEnv = (env: NodeJS.ProcessEnv) => ({ ...process.env, NODE_OPTIONS: '', GITHUB_OUTPUT: '', NODE_AUTH_TOKEN: '', npm_config_audit: 'false', npm_config_fund: 'false', ...env });

function run(step: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [SCRIPT, step, ...args], { encoding: 'utf8', env: stepEnv(env) });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Without blocking this process, whose event loop serves the GitHub stand-in. */
function runAsync(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(cmd, args, { encoding: 'utf8', env: stepEnv(env), maxBuffer: 64 << 20 }, (e, out, err) => done({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, out, err }));
  });
}
const step = (name: string, args: string[], env: NodeJS.ProcessEnv = {}) => runAsync(process.execPath, [SCRIPT, name, ...args], env);

/** A Sigstore bundle shaped as actions/attest writes it, whose statement names `digest` (unsigned: only the binding is checked here). */
function bundle(name: string, digest: string): string {
  const statement = { _type: 'https://in-toto.io/Statement/v1', subject: [{ name, digest: { sha256: digest } }], predicateType: 'https://slsa.dev/provenance/v1', predicate: {} };
  const file = join(tmpDir('self-release-bundle-'), 'attestation.json');
  writeFileSync(file, JSON.stringify({
    mediaType: 'application/vnd.dev.sigstore.bundle.v0.3+json', verificationMaterial: {},
    dsseEnvelope: { payload: Buffer.from(JSON.stringify(statement)).toString('base64'), payloadType: 'application/vnd.in-toto+json', signatures: [] },
  }));
  return file;
}

let packedOnce: string | undefined;
/**
 * What `pack --tag v0.3.0` writes for a fake ctxforge 0.3.0, each caller's own copy: the step runs
 * (npm pack, ~1.5 s of CPU) once per file; the tests that go on from its output (check, provenance,
 * publish) change their copy. The pack test runs the step itself.
 */
function packed030(): string {
  if (!packedOnce) {
    const dir = join(tmpDir('self-release-out-'), 'rel');
    const p = run('pack', ['--tag', 'v0.3.0', '--out', dir, '--cwd', fakeCtxforge('0.3.0')]);
    assert.equal(p.code, 0, p.err);
    packedOnce = dir;
  }
  const out = join(tmpDir('self-release-out-'), 'rel');
  cpSync(packedOnce, out, { recursive: true });
  return out;
}

/** pack + provenance for version 0.3.0: the release directory the publish step reads. */
function packed(): { out: string; tgz: string } {
  const out = packed030();
  const tgz = join(out, 'ctxforge-0.3.0.tgz');
  const v = run('provenance', ['--out', out, '--bundle', bundle('ctxforge-0.3.0.tgz', sha256(readFileSync(tgz)))]);
  assert.equal(v.code, 0, v.err);
  return { out, tgz };
}

test('pack: only the tag that names package.json\'s version; the tarball, SHA256SUMS and step outputs', () => {
  const pkg = fakeCtxforge('0.3.0');
  const out = join(tmpDir('self-release-out-'), 'rel');
  const wrong = run('pack', ['--tag', 'v0.3.1', '--out', out, '--cwd', pkg]);
  assert.equal(wrong.code, 1);
  assert.match(wrong.err, /tag v0\.3\.1 does not name the version in package\.json \(0\.3\.0\)/);
  assert.equal(existsSync(out), false, 'nothing is written for a wrong tag');
  const outputs = join(tmpDir(), 'github-output');
  writeFileSync(outputs, '');
  const r = run('pack', ['--tag', 'v0.3.0', '--out', out, '--cwd', pkg], { GITHUB_OUTPUT: outputs });
  assert.equal(r.code, 0, r.err);
  assert.deepEqual(readdirSync(out).sort(), ['SHA256SUMS', 'ctxforge-0.3.0.tgz']);
  assert.match(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' }), /^ctxforge-0\.3\.0\.tgz: OK$/m);
  assert.equal(readFileSync(outputs, 'utf8'), `tarball=${join(out, 'ctxforge-0.3.0.tgz')}\nversion=0.3.0\n`);
  // The tarball holds what `files` names, as npm packs it.
  assert.match(execFileSync('tar', ['-tzf', join(out, 'ctxforge-0.3.0.tgz')], { encoding: 'utf8' }), /^package\/bin\/ctxforge\.js$/m);
  // A second pack into the same directory is refused: it holds one release's files.
  assert.equal(run('pack', ['--tag', 'v0.3.0', '--out', out, '--cwd', pkg]).code, 1);
});

test('smoke: the tarball installs with npm install -g and its ctxforge --version is the version', () => {
  const pkg = fakeCtxforge('0.3.0');
  const out = join(tmpDir('self-release-out-'), 'rel');
  assert.equal(run('pack', ['--tag', 'v0.3.0', '--out', out, '--cwd', pkg]).code, 0);
  const r = run('smoke', ['--out', out]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /ctxforge --version: 0\.3\.0/);
  // A bin that prints something else fails the step.
  const liar = fakeCtxforge('0.4.0');
  writeFileSync(join(liar, 'bin', 'ctxforge.js'), '#!/usr/bin/env node\nconsole.log("9.9.9");\n');
  const out2 = join(tmpDir('self-release-out-'), 'rel');
  assert.equal(run('pack', ['--tag', 'v0.4.0', '--out', out2, '--cwd', liar]).code, 0);
  const bad = run('smoke', ['--out', out2]);
  assert.equal(bad.code, 1);
  assert.match(bad.err, /printed "9\.9\.9".*expected 0\.4\.0/);
});

test('check: the downloaded release directory against SHA256SUMS, naming the tarball for actions/attest', () => {
  const out = packed030();
  const outputs = join(tmpDir(), 'github-output');
  writeFileSync(outputs, '');
  const ok = run('check', ['--out', out], { GITHUB_OUTPUT: outputs });
  assert.equal(ok.code, 0, ok.err);
  assert.equal(readFileSync(outputs, 'utf8'), `tarball=${join(out, 'ctxforge-0.3.0.tgz')}\n`);
  // A file the checksums do not list, and a tarball whose bytes changed, are refused before attesting.
  writeFileSync(join(out, 'extra.mjs'), 'process.exit(0)\n');
  const extra = run('check', ['--out', out]);
  assert.equal(extra.code, 1);
  assert.match(extra.err, /extra\.mjs is not listed in SHA256SUMS/);
  execFileSync('rm', [join(out, 'extra.mjs')]);
  const tgz = join(out, 'ctxforge-0.3.0.tgz');
  writeFileSync(tgz, Buffer.concat([readFileSync(tgz), Buffer.from([0])]));
  writeFileSync(outputs, '');
  const changed = run('check', ['--out', out], { GITHUB_OUTPUT: outputs });
  assert.equal(changed.code, 1);
  assert.match(changed.err, /ctxforge-0\.3\.0\.tgz does not match SHA256SUMS/);
  assert.equal(readFileSync(outputs, 'utf8'), '', 'no tarball is named for attesting');
});

test('provenance: a bundle for other bytes is refused; the right one is attached and checksummed', () => {
  const out = packed030();
  const other = run('provenance', ['--out', out, '--bundle', bundle('ctxforge-0.3.0.tgz', 'a'.repeat(64))]);
  assert.equal(other.code, 1);
  assert.match(other.err, /is for ctxforge-0\.3\.0\.tgz \(aaaaaaaaaaaa\), not ctxforge-0\.3\.0\.tgz/);
  assert.equal(existsSync(join(out, 'ctxforge-0.3.0.tgz.sigstore.json')), false);
  const notBundle = join(tmpDir(), 'x.json');
  writeFileSync(notBundle, '{"mediaType":"x"}');
  assert.equal(run('provenance', ['--out', out, '--bundle', notBundle]).code, 1);
  const tgz = readFileSync(join(out, 'ctxforge-0.3.0.tgz'));
  const ok = run('provenance', ['--out', out, '--bundle', bundle('ctxforge-0.3.0.tgz', sha256(tgz))]);
  assert.equal(ok.code, 0, ok.err);
  assert.deepEqual(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: out, encoding: 'utf8' }).trim().split('\n'),
    ['ctxforge-0.3.0.tgz: OK', 'ctxforge-0.3.0.tgz.sigstore.json: OK']);
});

test('publish on the GitHub stand-in, then install from the URL the release notes give', async () => {
  const gh = await startGitHub({ owner: 'ctxforge', repo: 'ctxforge' });
  servers.push(gh);
  const { out, tgz } = packed();
  const env = { GITHUB_TOKEN: 'ghs_testtoken', GITHUB_REPOSITORY: 'ctxforge/ctxforge', GITHUB_API_URL: gh.apiUrl, GITHUB_SERVER_URL: gh.apiUrl, GITHUB_SHA: 'c'.repeat(40) };
  const r = await step('publish', ['--tag', 'v0.3.0', '--out', out], env);
  assert.equal(r.code, 0, r.err + r.out);
  assert.equal(gh.releases.length, 1);
  const rel = gh.releases[0]!;
  assert.deepEqual([rel.tag_name, rel.draft, rel.prerelease, rel.name, rel.target_commitish], ['v0.3.0', false, false, 'ctxforge 0.3.0', 'c'.repeat(40)]);
  assert.deepEqual(rel.assets.map((a) => a.name).sort(), ['SHA256SUMS', 'ctxforge-0.3.0.tgz', 'ctxforge-0.3.0.tgz.sigstore.json']);
  for (const a of rel.assets) assert.ok(a.bytes.equals(readFileSync(join(out, a.name))), `${a.name} on the release differs from the built file`);
  // Drafted first, then published after every upload was listed again.
  const posts = gh.log.filter((l) => l.method === 'POST' || l.method === 'PATCH').map((l) => `${l.method} ${l.host}`);
  assert.deepEqual(posts, ['POST api', 'POST uploads', 'POST uploads', 'POST uploads', 'PATCH api']);

  // The notes give the install command; it works from the URL the release serves.
  const url = `${gh.apiUrl}/ctxforge/ctxforge/releases/download/v0.3.0/ctxforge-0.3.0.tgz`;
  assert.ok(rel.body!.includes(`npm install -g --allow-scripts=better-sqlite3 ${url}\n`), rel.body!);
  assert.match(rel.body!, /sha256sum -c SHA256SUMS\ngh attestation verify ctxforge-0\.3\.0\.tgz --repo ctxforge\/ctxforge\n/);
  const prefix = tmpDir('self-release-user-');
  const inst = await runAsync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', url]);
  assert.equal(inst.code, 0, inst.err);
  assert.equal(execFileSync(join(prefix, 'bin', 'ctxforge'), ['--version'], { encoding: 'utf8' }).trim(), '0.3.0');
  assert.ok(gh.log.some((l) => l.path === '/ctxforge/ctxforge/releases/download/v0.3.0/ctxforge-0.3.0.tgz' && l.status === 302), 'npm fetched the public download URL');
  assert.equal(sha256(readFileSync(tgz)), readFileSync(join(out, 'SHA256SUMS'), 'utf8').split('  ')[0]);

  // A second run (the workflow re-run) finds everything in place and changes nothing.
  const before = gh.log.length;
  const again = await step('publish', ['--tag', 'v0.3.0', '--out', out], env);
  assert.equal(again.code, 0, again.err);
  assert.equal(gh.log.slice(before).filter((l) => l.method !== 'GET').length, 0, 'nothing uploaded or edited again');
});

test('publish refuses bytes that differ from SHA256SUMS, a missing provenance and a tag for another version', async () => {
  const gh = await startGitHub({ owner: 'ctxforge', repo: 'ctxforge' });
  servers.push(gh);
  const env = { GITHUB_TOKEN: 'ghs_testtoken', GITHUB_REPOSITORY: 'ctxforge/ctxforge', GITHUB_API_URL: gh.apiUrl };
  const { out, tgz } = packed();
  assert.equal((await step('publish', ['--tag', 'v0.3.1', '--out', out], env)).code, 1);
  const bytes = readFileSync(tgz);
  writeFileSync(tgz, Buffer.concat([bytes, Buffer.from([0])]));
  const changed = await step('publish', ['--tag', 'v0.3.0', '--out', out], env);
  assert.equal(changed.code, 1);
  assert.match(changed.err, /ctxforge-0\.3\.0\.tgz does not match SHA256SUMS/);
  // npm would get the same refusal: it publishes only the released bytes.
  const npm = run('npm-publish', ['--out', out], { NODE_AUTH_TOKEN: 'npm_test' });
  assert.equal(npm.code, 1);
  assert.match(npm.err, /does not match SHA256SUMS/);
  writeFileSync(tgz, bytes);
  const noProv = packed030();
  const missing = await step('publish', ['--tag', 'v0.3.0', '--out', noProv], env);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /ctxforge-0\.3\.0\.tgz\.sigstore\.json is missing/);
  assert.equal(gh.releases.length, 0, 'nothing was created on GitHub');
  assert.equal(gh.log.length, 0, 'GitHub was not even asked');
});

test('npm-publish: skipped, and said so, without an npm token', () => {
  const { out } = packed();
  const r = run('npm-publish', ['--out', out]);
  assert.equal(r.code, 0, r.err);
  assert.match(r.out, /npm publish skipped: no NPM_TOKEN secret is configured/);
});

test('the workflow runs these steps in order on ctxforge\'s own version tags, npm publish only with a token; npm ci runs only in the job without write permissions or OIDC token', () => {
  const wf = parseYamlSafe(readFileSync(join(repoRoot, '.github', 'workflows', 'self-release.yml'), 'utf8')) as Record<string, any>;
  assert.deepEqual(wf.on, { push: { tags: ['v[0-9]*'] } });
  // Nothing at the top: a job without its own permissions gets none.
  assert.deepEqual(wf.permissions, {});
  assert.deepEqual(Object.keys(wf.jobs).sort(), ['build', 'publish']);
  assert.deepEqual(wf.jobs.build.permissions, { contents: 'read' });
  assert.deepEqual(wf.jobs.publish.permissions, { contents: 'write', 'id-token': 'write', attestations: 'write' });
  assert.equal(wf.jobs.publish.needs, 'build');
  const named = (steps: Array<Record<string, any>>) => steps.map((s) => String(s.run ?? s.uses ?? ''))
    .map((s) => /self-release\.mjs ([a-z-]+)/.exec(s)?.[1] ?? (/^actions\/attest@/.test(s) ? 'attest' : /\bnpm (ci|install|i)\b/.test(s) ? 'npm ci' : /^actions\/(upload|download)-artifact@/.test(s) ? s.replace(/^actions\/|@.*$/g, '') : ''))
    .filter(Boolean);
  const build = wf.jobs.build.steps as Array<Record<string, any>>;
  const steps = wf.jobs.publish.steps as Array<Record<string, any>>;
  assert.deepEqual(named(build), ['npm ci', 'pack', 'smoke', 'upload-artifact']);
  // The job holding the tokens installs nothing: the tag's own scripts on plain node, and the artifact as data.
  assert.deepEqual(named(steps), ['download-artifact', 'check', 'attest', 'provenance', 'publish', 'npm-publish']);
  for (const s of steps.filter((x) => x.run !== undefined)) assert.match(String(s.run), /^node scripts\/self-release\.mjs [a-z-]+ /, String(s.run));
  const upload = build.find((s) => /^actions\/upload-artifact@/.test(String(s.uses)))!;
  const download = steps.find((s) => /^actions\/download-artifact@/.test(String(s.uses)))!;
  assert.equal(download.with.name, upload.with.name);
  const check = steps.find((s) => /self-release\.mjs check/.test(String(s.run)))!;
  const attest = steps.find((s) => /^actions\/attest@/.test(String(s.uses)))!;
  assert.ok(steps.indexOf(check) < steps.indexOf(attest), 'the tarball is checked against SHA256SUMS before it is attested');
  assert.equal(String(attest.with['subject-path']), `\${{ steps.${check.id}.outputs.tarball }}`);
  const prov = steps.find((s) => /self-release\.mjs provenance/.test(String(s.run)))!;
  assert.match(String(prov.run), /steps\.attest\.outputs\.bundle-path|ATTESTATION_BUNDLE/);
  const npmStep = steps.find((s) => /self-release\.mjs npm-publish/.test(String(s.run)))!;
  assert.equal(npmStep.env.NODE_AUTH_TOKEN, '${{ secrets.NPM_TOKEN }}');
  for (const s of [...build, ...steps].filter((x) => String(x.uses ?? '').startsWith('actions/checkout'))) assert.equal(s.with['persist-credentials'], false);
});

test('the README installs the current version from the URL the release notes give, and from a clone', async () => {
  const { releaseNotes } = await import('../../scripts/self-release.mjs') as { releaseNotes: (o: Record<string, string>) => string };
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const tarball = `ctxforge-${version}.tgz`;
  const notes = releaseNotes({ server: 'https://github.com', repository: 'ctxforge/ctxforge', tag: `v${version}`, tarball, bundle: `${tarball}.sigstore.json` });
  const install = notes.split('\n').find((l) => l.startsWith('npm install -g') && l.includes('https://'))!;
  assert.equal(install, `npm install -g --allow-scripts=better-sqlite3 https://github.com/ctxforge/ctxforge/releases/download/v${version}/${tarball}`);
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install'), readme.indexOf('## Quick start'));
  assert.ok(section.split('\n').includes(install), 'the README\'s install line is the release\'s');
  assert.match(section, /^git clone https:\/\/github\.com\/ctxforge\/ctxforge && cd ctxforge$/m);
  // The name is not on the registry yet: no install line may name it there.
  assert.doesNotMatch(section, /^npm install -g(?: --[a-z-=0-9]+)* ctxforge(?:@\S+)?\s*(?:#.*)?$/m);
});
