// `ctxforge install` and `ctxforge uninstall`: verified packages into agent host folders, recorded
// in ctxforge.lock.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { escapeData } from '../../src/core/log-safe.js';
import { HOST_NAMES, type HostName } from '../../src/install/hosts.js';
// The codes are listed by `ctxforge rules` although the command's code loads only when it runs.
import '../../src/install/rules.js';
import type { InstallOptions, InstallReport } from '../../src/install/index.js';
import { ExitCode, limitsFrom, printDiagnostics, printJson, withLimitOptions, type Io } from '../shared.js';

const collect = (v: string, prev: string[] = []) => [...prev, v];

function options(io: Io, o: Record<string, unknown>): InstallOptions {
  return {
    cwd: io.cwd, env: io.env, user: !!o.user, hosts: o.host as HostName[] | undefined, key: o.key as string | undefined, trust: o.trust as string | undefined,
    allowUnsigned: !!o.allowUnsigned, allowDowngrade: !!o.allowDowngrade, allowUnbound: o.allowUnbound as string[] | undefined, force: !!o.force, dryRun: !!o.dryRun, offline: !!o.offline, limits: limitsFrom(o),
    adopt: !!o.adopt, link: !!o.link, vendor: o.vendor === false ? false : typeof o.vendor === 'string' ? o.vendor : undefined,
  };
}

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/** Folders named one by one up to this many per parent; beyond, a count and the first few (--json has them all). */
const SHOWN = 3;

/**
 * The folders a package owns, readable at any scale: each parent folder once, with its folders when
 * there are few, else their count and the first few (a cartridge of 1,000 skills is one short line).
 */
export function folderSummary(folders: string[]): string {
  if (!folders.length) return '—';
  const byParent = new Map<string, string[]>();
  for (const f of folders) {
    const cut = f.lastIndexOf('/') + 1;
    const names = byParent.get(f.slice(0, cut)) ?? [];
    names.push(f.slice(cut));
    byParent.set(f.slice(0, cut), names);
  }
  let shortened = false;
  const parts = [...byParent].map(([parent, names]) => {
    if (names.length <= SHOWN + 1) return names.map((n) => parent + n).join(', ');
    shortened = true;
    return `${parent} (${count(names.length, 'folder')}: ${names.slice(0, SHOWN).join(', ')}, …)`;
  });
  return `${parts.join(', ')}${shortened ? ' (--json lists every folder)' : ''}`;
}

export function installText(r: InstallReport): string {
  const lines: string[] = [];
  const would = r.dry_run && r.action !== 'frozen';
  for (const p of r.packages) {
    const who = p.signer.trust === 'pinned' || p.signer.trust === 'trusted' || p.signer.trust === 'local'
      ? `signed by ${p.signer.key_id} (${p.signer.trust})` : `${p.signer.trust.toUpperCase()} (--allow-unsigned)`;
    const what = [p.skills.length ? count(p.skills.length, 'skill') : '', p.documents ? count(p.documents, 'document') : '', p.renamed ? `${p.renamed} written under another name (host configuration names)` : ''].filter(Boolean).join(', ');
    const verb = r.action === 'uninstall' ? (would ? 'would remove' : 'removed') : r.action === 'frozen' ? 'checked' : would ? `would ${p.status === 'unchanged' ? 'keep' : 'install'}` : p.status;
    lines.push(`${r.action === 'frozen' ? '•' : '✓'} ${verb} ${p.name}${p.version ? `@${p.version}` : ''} (${p.format}, ${who})${what ? `: ${what}` : ''} in ${folderSummary(p.folders)}`);
    if (p.links?.length) lines.push(`  linked to the copy in .agents/skills/: ${folderSummary(p.links)}`);
    if (p.adopted?.length) lines.push(`  adopted (installed by another tool or you; ctxforge.lock records them as this package's): ${folderSummary(p.adopted)}`);
    if (p.vendored_from && r.action !== 'uninstall') lines.push(`  artifact vendored from ${p.vendored_from} to ${p.source}`);
  }
  if (r.action === 'frozen') {
    const unchecked = r.packages.filter((p) => p.artifact_check === 'lock-only').length;
    lines.push(r.drift.length ? `✗ ${count(r.drift.length, 'drift')} against ${r.lock} and the locked artifacts`
      : unchecked ? `✓ every installed file matches ${r.lock}; ${count(unchecked, 'artifact')} not checked (--offline: lock-only)`
        : `✓ every locked artifact verifies and installs exactly what ${r.lock} records, and every installed file matches it`);
    for (const n of r.not_proved ?? []) lines.push(`  not proved: ${n}`);
  } else {
    lines.push(`${would ? 'would write' : 'wrote'} ${count(r.written.length, 'file')}, ${would ? 'would remove' : 'removed'} ${r.removed.length}, ${r.unchanged} unchanged${r.kept.length ? `, ${r.kept.length} of yours kept beside them` : ''}; lock ${r.lock}${would ? ' (dry run: nothing was written)' : ''}`);
  }
  return lines.map(escapeData).join('\n');
}

function finish(io: Io, o: Record<string, unknown>, r: InstallReport): void {
  if (o.json) printJson(io, r);
  else {
    printDiagnostics(io, r.diagnostics.filter((d: Diagnostic) => d.severity !== 'info' || o.verbose));
    io.out(installText(r));
  }
  if (r.diagnostics.some((d) => d.severity === 'error')) throw new ExitCode(1);
}

export function registerInstall(program: Command, io: Io): void {
  withLimitOptions(program.command('install')
    .description('Verify a package, then install its skills and knowledge into agent host folders, recorded in ctxforge.lock')
    .argument('[artifact]', '.acx, .ctxpkg or .octx file, a release folder or URL (with SHA256SUMS and its .minisig); none: reinstall the locked set')
    .addOption(new Option('--host <host>', `agent host to install skills for (repeatable; default: agents, or the hosts the lock records)`).choices(HOST_NAMES).argParser(collect))
    .option('--user', 'install into your home folder (lock in $XDG_CONFIG_HOME/ctxforge/) instead of the project')
    .option('--key <key>', 'pin the signer: Ed25519 public key (SPKI PEM, 64 hex, or a minisign public key, which also checks SHA256SUMS.minisig)')
    .option('--trust <registry>', 'cartridges: trust registry (acx.trust-registry/1) that must list the signer')
    .option('--allow-unsigned', 'install a package whose signer cannot be checked (unsigned, or no key pinned); the lock says so')
    .option('--allow-unbound <path>', 'install this cartridge path although the signature binds its bytes only under another path (repeatable)', collect)
    .option('--registry <registry>', 'resolve <name>@<range> in this registry: a git registry\'s folder or git URL (oci://… awaits the OCI client)')
    .option('--allow-downgrade', 'install a lower version than the one ctxforge.lock records (refused without it)')
    .option('--force', 'overwrite or remove installed files you edited, and files the lock does not record where the package goes')
    .option('--adopt', 'take over skill folders another installer (npx skills) or you made, as they are: recorded in ctxforge.lock as adopted')
    .option('--link', 'install each host\'s skill folder as a link to the one copy in .agents/skills/<name> (the layout npx skills makes)')
    .option('--vendor <dir>', 'a local artifact outside the project is copied into this project folder and recorded there (default: .agents/artifacts)')
    .option('--no-vendor', 'record a local artifact outside the project where it is (install --frozen and serve --lock then need --offline)')
    .option('--frozen', 'write nothing: verify each locked artifact again and check that it installs exactly what ctxforge.lock records, and that the disk holds exactly that; exit 1 naming each drift')
    .option('--offline', 'with --frozen: download nothing; a locked artifact that cannot be read is reported as not checked (lock-only) instead of as drift')
    .option('--dry-run', 'verify and plan, write nothing')
    .option('--verbose', 'also print info diagnostics')
    .option('--json', 'print the report as JSON'))
    .addHelpText('after', `
Hosts and their folders (project scope; --user: the same below your home, copilot: ~/.copilot/skills):
  agents  .agents/skills/   read by Codex, Gemini CLI, GitHub Copilot, Cursor, OpenCode, Amp
  claude  .claude/skills/   codex .agents/skills/   cursor .cursor/skills/
  copilot .github/skills/   gemini .gemini/skills/
Knowledge documents go to .agents/knowledge/<package>/ with an llms.txt index (what serve --lock reads).
--host adds hosts to those the lock records; \`ctxforge uninstall <name> --host H\` removes one.
--link: one copy in .agents/skills/<skill>, each other host's folder a link to it (as npx skills does).
A skill folder ctxforge did not install (npx skills', yours) is never taken over silently: --adopt.
A local artifact outside the project is copied to .agents/artifacts/ and recorded there (--vendor DIR,
--no-vendor), so --frozen and serve --lock can verify it later: commit it with the lock.

Nothing is written unless the package verifies: tampered is always refused; unsigned or signed by a
key nobody pinned is refused unless --allow-unsigned. A later install of the package must verify
with the key the lock recorded for its name, whatever --allow-unsigned or --trust say.

--frozen checks the lock against the artifacts and the disk: each locked artifact is fetched from
its recorded source, checked against the recorded SHA-256 and key, and planned again; the lock entry
must be exactly what installing it records, and the package folders must hold exactly its files
(a file you added inside one is drift). An artifact that cannot be reached is drift, unless
--offline: then nothing is downloaded and such an artifact is reported as not checked (lock-only).
What it cannot prove is that the keys, versions and trust the lock records are ones you accept —
whoever edits the lock chooses them. In a pull request that is the lock gate's job: ctxforge check
--base (the Action's check mode) judges the head's lock against the base commit's.
A lower version than the locked one is refused unless --allow-downgrade.
Exit codes: 0 installed (or no drift), 1 refused or drift, 2 usage or I/O error.

Examples:
  ctxforge install dist/acme-skills-1.2.0.acx --key acme.pub --host claude --host agents
  ctxforge install https://example.com/releases/v1.2.0/ --key minisign.pub
  git add ctxforge.lock .claude .agents && git commit -m "skills: acme 1.2.0"
  ctxforge install --frozen          # in CI: the artifacts verify and the committed files are what the lock says
  ctxforge install --frozen --offline  # without network: the committed files against the lock only
  ctxforge install                   # reinstall exactly the locked set
  ctxforge install io.github.acme/handbook@^1.2 --registry https://github.com/acme/registry.git --key acme.pub`)
    .action(async (artifact: string | undefined, o: Record<string, unknown>) => {
      const lib = await import('../../src/install/index.js');
      const opts = options(io, o);
      if (o.frozen) {
        if (artifact || o.force || o.host || o.allowUnbound || o.adopt || o.link) {
          printDiagnostics(io, [{ severity: 'error', code: 'CTXFORGE_USAGE', message: '--frozen checks the locked set: it takes no artifact, --host, --allow-unbound, --adopt, --link or --force' }]);
          throw new ExitCode(2);
        }
        return finish(io, o, await lib.frozen(opts));
      }
      if (o.offline) {
        printDiagnostics(io, [{ severity: 'error', code: 'CTXFORGE_USAGE', message: '--offline applies to --frozen: an install needs its artifact' }]);
        throw new ExitCode(2);
      }
      if (!artifact && (o.host || o.allowUnbound || o.link)) {
        printDiagnostics(io, [{ severity: 'error', code: 'CTXFORGE_USAGE', message: '--host and --allow-unbound apply to an artifact named on the command line; a reinstall uses what the lock records' }]);
        throw new ExitCode(2);
      }
      if (o.registry) {
        if (!artifact) {
          printDiagnostics(io, [{ severity: 'error', code: 'CTXFORGE_USAGE', message: '--registry needs a package: ctxforge install <name>@<range> --registry <folder or git URL>' }]);
          throw new ExitCode(2);
        }
        // `x@r` is a name only where no such path exists: a file called that is installed as a file.
        if (!existsSync(resolve(io.cwd, artifact))) {
          const { parseNameRange } = await import('../../src/registry/resolve.js');
          const { name, range } = parseNameRange(artifact);
          return finish(io, o, await lib.installFromRegistry(name, range, o.registry as string, opts));
        }
      }
      finish(io, o, artifact ? await lib.installArtifact(artifact, opts) : await lib.reinstall(opts));
    });
}

export function registerUninstall(program: Command, io: Io): void {
  program.command('uninstall')
    .description('Remove an installed package: exactly the files ctxforge.lock records, nothing you put beside them')
    .argument('<name...>', 'package name as the lock records it')
    .addOption(new Option('--host <host>', 'remove only this host (repeatable); the package stays installed for the others').choices(HOST_NAMES).argParser(collect))
    .option('--user', 'the install in your home folder')
    .option('--force', 'also remove installed files you edited since')
    .option('--dry-run', 'only report what would be removed')
    .option('--verbose', 'also print info diagnostics')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nExit codes: 0 removed, 1 not installed or edited files in the way, 2 usage or I/O error.\nExamples:\n  ctxforge uninstall acme-skills\n  ctxforge uninstall acme-skills --user --dry-run')
    .action(async (names: string[], o: Record<string, unknown>) => {
      const lib = await import('../../src/install/index.js');
      finish(io, o, await lib.uninstall(names, { ...options(io, o), hosts: undefined, uninstallHosts: o.host as HostName[] | undefined }));
    });
}
