// `ctxforge serve`: an MCP server on stdio over verified packages. Standard output is the protocol
// channel from the moment the server starts; everything for people goes to standard error.
import type { Command } from 'commander';
import { escapeData } from '../../src/core/log-safe.js';
import { diagnosticText } from '../../src/core/report.js';
import { limitsFrom, withLimitOptions, type Io } from '../shared.js';
import '../../src/serve/rules.js';

export function registerServe(program: Command, io: Io): void {
  withLimitOptions(program.command('serve')
    .description('Serve verified packages to agents over the Model Context Protocol (stdio): search, get, context, list_packages, and every document as a resource')
    .argument('[artifacts...]', '.acx, .ctxpkg or .octx files, release folders or URLs, each verified as install verifies it')
    .option('--lock', 'serve the packages of ctxforge.lock, each checked as install --frozen checks it (artifact verified, installed knowledge against the lock)')
    .option('--offline', 'with --lock: download nothing; a locked package whose artifact cannot be read is served from its installed files, labelled lock-only')
    .option('--user', 'with --lock: the install in your home folder')
    .option('--key <key>', 'pin the signer of the artifacts named (as install --key)')
    .option('--trust <registry>', 'cartridges: trust registry that must list the signer')
    .option('--allow-unsigned', 'serve a package whose signer cannot be checked'))
    .addHelpText('after', `
The server speaks MCP on standard input and output (protocol 2025-era initialize, 2024-10-07 to
2025-11-25, and 2026-07-28); it refuses to start (exit 1, the package named on standard error)
when a package does not verify. Search indexes are cached in $XDG_CACHE_HOME/ctxforge/index/.

--lock verifies each locked artifact again (from its recorded source, against the recorded
SHA-256 and key) and requires that it installs exactly what the lock records and that the installed
knowledge matches; names and citations come from the verified package. An artifact that cannot be
reached refuses the start, unless --offline: then that package is served from its installed files
(checked against the lock), and list_packages reports its trust as "lock-only".

An MCP client configuration (Claude Code .mcp.json, Cursor, VS Code …), with ctxforge installed
(the client runs the command as written: never a registry name it would fetch and run):
  {"mcpServers": {"knowledge": {"command": "ctxforge", "args": ["serve", "--lock"]}}}

Examples:
  ctxforge serve --lock
  ctxforge serve --lock --offline
  ctxforge serve dist/handbook-1.1.0.octx --key minisign.pub
  ctxforge serve https://example.com/releases/v1.2.0/ --key minisign.pub`)
    .action(async (artifacts: string[], o: Record<string, unknown>) => {
      const { prepareServe, serveStdio } = await import('../../src/serve/server.js');
      const p = await prepareServe({
        specs: artifacts, lock: !!o.lock, offline: !!o.offline, cwd: io.cwd, env: io.env, user: !!o.user, key: o.key as string | undefined,
        trust: o.trust as string | undefined, allowUnsigned: !!o.allowUnsigned, limits: limitsFrom(o),
      });
      for (const d of p.notes) if (d.severity !== 'info') io.err(diagnosticText(d));
      const docs = p.served.reduce((n, s) => n + s.pkg.docs.length, 0);
      const built = p.served.filter((s) => s.index.built);
      const lockOnly = p.served.filter((s) => s.pkg.signer.trust === 'lock-only').length;
      const verified = p.served.length - lockOnly;
      const counted = [verified || !lockOnly ? `${verified} package${verified === 1 ? '' : 's'} verified` : '', lockOnly ? `${lockOnly} lock-only (--offline: not verified)` : ''].filter(Boolean).join(', ');
      // Package names are the package's text: escaped, so none can start a log line or a workflow command.
      io.err(escapeData(`ctxforge serve: ${counted} (${p.served.map((s) => `${s.pkg.name}@${s.pkg.version ?? 'unversioned'}`).join(', ')}), ${docs} documents; ${built.length ? `index built for ${built.map((s) => s.pkg.name).join(', ')} in ${Math.round(built.reduce((n, s) => n + s.index.buildMs, 0))} ms` : 'indexes from the cache'}; MCP on stdio`));
      const { VERSION } = await import('../main.js');
      await serveStdio(p, { version: VERSION });
    });
}
