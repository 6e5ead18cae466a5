// ctxforge command line: argv → library calls → reporters. No logic of its own.
import { Command, CommanderError } from 'commander';
import { dirname } from 'node:path';
import { DiagnosticError } from '../src/core/diagnostics.js';
import { diagnosticText, toJson } from '../src/core/report.js';
import { defaultIo, ExitCode, type Io } from './shared.js';
import { setProgressSink } from '../src/core/progress.js';
import { escapeData, neutralizeCommands } from '../src/core/log-safe.js';
import { sweptSoFar } from '../src/core/stale-temps.js';
import { commands } from './commands/index.js';
import { error, type Diagnostic } from '../src/core/diagnostics.js';

const FS_WHY: Record<string, string> = {
  ENOENT: 'no such file or directory', ENOTDIR: 'not a directory', EISDIR: 'a directory, not a file',
  EACCES: 'permission denied', EPERM: 'operation not permitted', ELOOP: 'too many symbolic links',
};

function fsErrorDiagnostic(e: unknown): Diagnostic | undefined {
  const x = e as NodeJS.ErrnoException | undefined;
  if (!x || typeof x.code !== 'string' || !(x.code in FS_WHY) || typeof x.path !== 'string') return undefined;
  return error('CTXFORGE_IO', `${x.path}: ${FS_WHY[x.code]} (${x.code})`, { file: x.path, hint: 'check the path given on the command line' });
}

export const VERSION = '0.1.0';

export async function main(argv: string[], given: Io = defaultIo()): Promise<number> {
  // The CLI never emits workflow commands, and it runs in workflow steps: a line of its output that
  // would start one came from content (a file name, a manifest value) and is shown, not obeyed.
  const io: Io = { ...given, out: (s) => given.out(neutralizeCommands(s)), err: (s) => given.err(neutralizeCommands(s)) };
  const program = new Command('ctxforge')
    .description('Validate, build, sign, verify and diff portable AI-agent knowledge packages (.octx, .ctxpkg, .acx).')
    .version(VERSION, '-V, --version')
    // Program options only before the command: else `merge --version 2.0.0` printed ctxforge's own version.
    .enablePositionalOptions()
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const register of commands) register(program, io);
  const wantsJson = argv.includes('--json');
  setProgressSink(wantsJson ? null : io.progress ?? null, { intervalMs: io.progressIntervalMs });
  const sweptBefore = sweptSoFar();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof ExitCode) return e.code;
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    if (e instanceof DiagnosticError) {
      if (wantsJson) io.out(toJson({ error: e.diagnostic, diagnostics: e.all }));
      else for (const d of e.all) io.err(diagnosticText(d));
      return e.exitCode;
    }
    // A file-system error that no command turned into a diagnostic (a missing or unreadable path
    // given on the command line) is still the user's I/O problem, not an internal one: no stack.
    const io_ = fsErrorDiagnostic(e);
    if (io_) {
      if (wantsJson) io.out(toJson({ error: io_ }));
      else io.err(diagnosticText(io_));
      return 2;
    }
    const msg = (e as Error)?.stack ?? String(e);
    if (wantsJson) io.out(toJson({ error: { severity: 'error', code: 'CTXFORGE_INTERNAL', message: (e as Error)?.message ?? String(e) } }));
    else io.err(`  error CTXFORGE_INTERNAL: ${msg}`);
    return 2;
  } finally {
    setProgressSink(null);
    noteSwept(io, sweptBefore);
  }
}

/** One line on stderr when this run removed (or could not remove) temp files a killed run left. */
function noteSwept(io: Io, before: ReturnType<typeof sweptSoFar>): void {
  const now = sweptSoFar();
  const removed = now.removed.slice(before.removed.length);
  const failed = now.failed.slice(before.failed.length);
  const dirs = (xs: { name: string }[]) => [...new Set(xs.map((x) => escapeData(dirname(x.name))))].join(', ');
  if (removed.length) {
    const mb = removed.reduce((n, x) => n + x.bytes, 0) / 1e6;
    io.err(`  note: removed ${removed.length} temp file${removed.length === 1 ? '' : 's'} (${mb.toFixed(1)} MB) that a killed ctxforge run left in ${dirs(removed)}`);
  }
  if (failed.length) io.err(`  note: could not remove ${failed.length} temp file${failed.length === 1 ? '' : 's'} that a killed ctxforge run left in ${dirs(failed)} (${[...new Set(failed.map((x) => x.code))].join(', ')})`);
}
