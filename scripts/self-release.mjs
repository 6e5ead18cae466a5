#!/usr/bin/env node
// Releases ctxforge itself (.github/workflows/self-release.yml runs these steps in order). Until the
// name is on the npm registry, users install the `npm pack` tarball attached to each tagged release,
// so the tarball is the product: packed once, installed and run as users will, bound to its Sigstore
// provenance, listed in SHA256SUMS, uploaded draft-first with every asset re-downloaded and checked,
// and (only with an npm token) published to npm as the very same bytes.
//
//   node scripts/self-release.mjs pack        --tag vX.Y.Z --out DIR [--cwd DIR]
//   node scripts/self-release.mjs smoke       --out DIR
//   node scripts/self-release.mjs check       --out DIR
//   node scripts/self-release.mjs provenance  --out DIR --bundle FILE
//   node scripts/self-release.mjs publish     --tag vX.Y.Z --out DIR
//   node scripts/self-release.mjs npm-publish --out DIR
//
// `publish` reads GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_SERVER_URL and GITHUB_SHA
// (the runner sets them); `npm-publish` runs only when NODE_AUTH_TOKEN is set. Exit 0 done (or
// skipped, said why), 1 refused (a wrong tag, bytes that differ from SHA256SUMS, provenance for
// other bytes), 2 usage.
//
// `check`, `provenance`, `publish` and `npm-publish` run in the job that holds the release tokens,
// which installs no npm dependency: this file and ./github-release.mjs (the GitHub client, on
// built-in fetch) import `node:` modules only, and test/packaging/workflows.test.ts holds them to it.
// What that job downloads from the build job is data (the tarball, SHA256SUMS): nothing in it runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError, ReleaseError, gitHub, publishRelease } from './github-release.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SUMS = 'SHA256SUMS';
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

class Refused extends Error {
  constructor(message, code = 1) {
    super(message);
    this.code = code;
  }
}

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

function args(argv) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) out._.push(a);
    else if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new Refused(`${a} needs a value`, 2);
    else out[a.slice(2)] = argv[++i];
  }
  return out;
}

function need(o, key) {
  if (!o[key]) throw new Refused(`--${key} is required`, 2);
  return o[key];
}

/** A step output for later workflow steps (GITHUB_OUTPUT), when the runner asks for them. */
function output(key, value) {
  if (/[\r\n]/.test(value)) throw new Refused(`output ${key} holds a line break`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${key}=${value}\n`);
}

/** The one tarball in `dir`, named as npm names it for this package. */
function tarballIn(dir) {
  const tgz = readdirSync(dir).filter((n) => n.endsWith('.tgz'));
  if (tgz.length !== 1) throw new Refused(`${dir} must hold exactly one .tgz (found ${tgz.length}); run the pack step first`);
  const m = /^ctxforge-(.+)\.tgz$/.exec(tgz[0]);
  if (!m || !SEMVER.test(m[1])) throw new Refused(`${tgz[0]} is not a ctxforge-<version>.tgz`);
  return { name: tgz[0], path: join(dir, tgz[0]), version: m[1] };
}

/** SHA256SUMS over every other file in `dir`, GNU format, sorted by byte order, written atomically. */
function writeSums(dir) {
  const names = readdirSync(dir).filter((n) => n !== SUMS && statSync(join(dir, n)).isFile()).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const text = names.map((n) => `${sha256(join(dir, n))}  ${n}\n`).join('');
  writeFileSync(join(dir, `${SUMS}.tmp`), text);
  renameSync(join(dir, `${SUMS}.tmp`), join(dir, SUMS));
  return names;
}

/** Every file SHA256SUMS lists has those bytes, and nothing in `dir` is missing from it. */
function checkSums(dir) {
  const file = join(dir, SUMS);
  if (!existsSync(file)) throw new Refused(`${file} is missing`);
  const listed = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const m = /^([0-9a-f]{64}) {2}([^/\\]+)$/.exec(line);
    if (!m) throw new Refused(`${SUMS}: not a GNU checksum line: ${JSON.stringify(line)}`);
    listed.set(m[2], m[1]);
  }
  for (const n of readdirSync(dir).filter((x) => x !== SUMS)) {
    if (!listed.has(n)) throw new Refused(`${n} is not listed in ${SUMS}`);
    if (sha256(join(dir, n)) !== listed.get(n)) throw new Refused(`${n} does not match ${SUMS}: it changed after the checksums were written`);
  }
  for (const n of listed.keys()) if (!existsSync(join(dir, n))) throw new Refused(`${SUMS} lists ${n}, which is missing`);
  return listed;
}

/** `npm pack` of the package at `cwd` (prepack builds it) into `out`, for the tag that names its version. */
function pack(o) {
  const tag = need(o, 'tag');
  const out = resolve(need(o, 'out'));
  const cwd = resolve(o.cwd ?? root);
  const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
  if (pkg.name !== 'ctxforge') throw new Refused(`${cwd} holds ${JSON.stringify(pkg.name)}, not ctxforge`);
  if (tag !== `v${pkg.version}` || !SEMVER.test(pkg.version)) {
    throw new Refused(`tag ${tag} does not name the version in package.json (${pkg.version}): bump "version", commit, and tag v${pkg.version}`);
  }
  mkdirSync(out, { recursive: true });
  if (readdirSync(out).length) throw new Refused(`${out} is not empty: the release directory holds this release's files only`);
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 }));
  const { name, path, version } = tarballIn(out);
  if (packed[0]?.filename !== name || version !== pkg.version) throw new Refused(`npm pack wrote ${packed[0]?.filename}, expected ctxforge-${pkg.version}.tgz`);
  writeSums(out);
  output('tarball', path);
  output('version', version);
  console.log(`packed ${name} (${statSync(path).size} bytes, sha256 ${sha256(path)})`);
}

/** Installs the tarball as a user does (`npm install -g`, into a scratch prefix) and runs it. */
function smoke(o) {
  const { path, version } = tarballIn(resolve(need(o, 'out')));
  const prefix = mkdtempSync(join(tmpdir(), 'ctxforge-smoke-'));
  try {
    const inst = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--allow-scripts=better-sqlite3', path], { encoding: 'utf8' });
    if (inst.status !== 0) throw new Refused(`npm install -g ${basename(path)} failed:\n${inst.stderr}`);
    const bin = join(prefix, 'bin', 'ctxforge');
    const v = spawnSync(bin, ['--version'], { encoding: 'utf8', cwd: prefix, env: { ...process.env, CTXFORGE_FROM_SOURCE: '' } });
    if (v.status !== 0 || v.stdout.trim() !== version) throw new Refused(`the installed ctxforge --version printed ${JSON.stringify(v.stdout.trim())} (exit ${v.status}), expected ${version}\n${v.stderr}`);
    console.log(`installed ${basename(path)} with npm install -g; ctxforge --version: ${version}`);
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

/**
 * The release directory the build job handed on, checked against its SHA256SUMS before anything is
 * attested or uploaded; names the tarball for the next steps (actions/attest's subject-path).
 */
function check(o) {
  const out = resolve(need(o, 'out'));
  const { name, path } = tarballIn(out);
  checkSums(out);
  output('tarball', path);
  console.log(`${name} matches ${SUMS} (sha256 ${sha256(path)})`);
}

/**
 * Attaches the Sigstore bundle that actions/attest wrote for the tarball as `<tarball>.sigstore.json`,
 * after checking that its in-toto statement names the tarball's digest (a bundle for other bytes is
 * refused), and rewrites SHA256SUMS over both. The signature itself is checked by `gh attestation verify`.
 */
function provenance(o) {
  const out = resolve(need(o, 'out'));
  const bundlePath = resolve(need(o, 'bundle'));
  const { name, path } = tarballIn(out);
  let statement;
  try {
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));
    const env = bundle.dsseEnvelope;
    if (env?.payloadType !== 'application/vnd.in-toto+json' || typeof env.payload !== 'string') throw new Error('no in-toto DSSE envelope');
    statement = JSON.parse(Buffer.from(env.payload, 'base64').toString('utf8'));
  } catch (e) {
    throw new Refused(`${bundlePath} is not a Sigstore bundle of an in-toto statement (${e.message})`);
  }
  const digest = sha256(path);
  const subjects = Array.isArray(statement.subject) ? statement.subject : [];
  if (!subjects.some((s) => s?.digest?.sha256 === digest)) {
    throw new Refused(`the provenance in ${basename(bundlePath)} is for ${subjects.map((s) => `${s?.name} (${String(s?.digest?.sha256).slice(0, 12)})`).join(', ') || 'nothing'}, not ${name} (${digest.slice(0, 12)})`);
  }
  copyFileSync(bundlePath, join(out, `${name}.sigstore.json`));
  writeSums(out);
  console.log(`provenance ${name}.sigstore.json (predicate ${statement.predicateType ?? '?'}) names ${name}`);
}

/** Plain characters only go into the commands of the release notes. */
function plain(s, what) {
  if (!/^[A-Za-z0-9._\-/:@+]+$/.test(s)) throw new Refused(`${what} ${JSON.stringify(s)} has characters that do not belong in a URL`);
  return s;
}

export function releaseNotes({ server, repository, tag, tarball, bundle }) {
  const url = `${server}/${repository}/releases/download/${tag}/${tarball}`;
  return [
    `# ctxforge ${tag.slice(1)}`, '',
    'ctxforge is not on the npm registry yet: install this release from its tarball.', '',
    '```sh',
    `npm install -g --allow-scripts=better-sqlite3 ${url}`,
    '```', '',
    'Check it first (optional): download the three files of this release, then', '',
    '```sh',
    `sha256sum -c ${SUMS}`,
    `gh attestation verify ${tarball} --repo ${repository}`,
    `gh attestation verify ${tarball} --repo ${repository} --bundle ${bundle}   # offline, with the attached provenance`,
    `npm install -g --allow-scripts=better-sqlite3 ./${tarball}`,
    '```', '',
  ].join('\n');
}

/** Uploads the tarball, its provenance and SHA256SUMS to the tag's GitHub release, draft first. */
async function publish(o) {
  const tag = need(o, 'tag');
  const out = resolve(need(o, 'out'));
  const env = process.env;
  for (const k of ['GITHUB_TOKEN', 'GITHUB_REPOSITORY']) if (!env[k]) throw new Refused(`${k} is not set (the workflow passes it)`, 2);
  const { name, path, version } = tarballIn(out);
  if (tag !== `v${version}`) throw new Refused(`tag ${tag} does not name ${name}`);
  const bundle = `${name}.sigstore.json`;
  if (!existsSync(join(out, bundle))) throw new Refused(`${bundle} is missing: run the provenance step (a release without provenance is not published)`);
  const sums = checkSums(out);
  const commit = env.GITHUB_SHA && /^[0-9a-f]{40}$/.test(env.GITHUB_SHA) ? env.GITHUB_SHA : null;
  const server = plain((env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''), 'GITHUB_SERVER_URL');
  const repository = plain(env.GITHUB_REPOSITORY, 'GITHUB_REPOSITORY');
  const api = gitHub({ token: env.GITHUB_TOKEN, apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com', repository, log: (s) => console.log(s) });
  const type = (n) => (n.endsWith('.tgz') ? 'application/gzip' : n.endsWith('.json') ? 'application/json' : 'text/plain');
  const assets = [name, bundle, SUMS].map((n) => ({ name: n, path: join(out, n), sha256: n === SUMS ? sha256(join(out, n)) : sums.get(n), size: statSync(join(out, n)).size, contentType: type(n) }));
  const prerelease = version.includes('-');
  const r = await publishRelease(api, {
    tag, commit, name: `ctxforge ${version}`, body: releaseNotes({ server, repository, tag, tarball: name, bundle }), assets,
    prerelease, ...(prerelease ? { makeLatest: 'false' } : {}), log: (s) => console.log(s),
  });
  output('release-url', r.url);
  output('download-url', `${server}/${repository}/releases/download/${tag}/${name}`);
  console.log(`released ${tag}: ${r.url}`);
}

/** `npm publish` of the released tarball — its exact bytes — with npm provenance; skipped without a token. */
function npmPublish(o) {
  const out = resolve(need(o, 'out'));
  const { name, path } = tarballIn(out);
  if (!process.env.NODE_AUTH_TOKEN) {
    console.log(`npm publish skipped: no NPM_TOKEN secret is configured, so ${name} is installed from the GitHub release only`);
    return;
  }
  checkSums(out);
  // npm runs lifecycle scripts only when publishing a folder; --ignore-scripts makes that explicit here.
  const r = spawnSync('npm', ['publish', path, '--provenance', '--access', 'public', '--ignore-scripts'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Refused(`npm publish ${name} failed (exit ${r.status})`);
}

const STEPS = { pack, smoke, check, provenance, publish, 'npm-publish': npmPublish };

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [step, ...rest] = process.argv.slice(2);
  try {
    if (!STEPS[step]) throw new Refused(`usage: self-release.mjs ${Object.keys(STEPS).join('|')} [--options]`, 2);
    await STEPS[step](args(rest));
  } catch (e) {
    // A refusal, a release diagnostic or GitHub's answer is a message; anything else keeps its stack.
    const text = e instanceof Refused || e instanceof HttpError ? e.message : e instanceof ReleaseError ? `${e.code}: ${e.message}${e.hint ? ` (${e.hint})` : ''}` : e?.stack ?? String(e);
    console.error(`self-release ${step ?? ''}: ${text}`);
    process.exitCode = e instanceof Refused ? e.code : 1;
  }
}
