// A model of how the GitHub Actions runner turns a step's output into workflow commands, as
// actions/runner does it (src/Runner.Common/ActionCommand.cs, src/Runner.Worker/ActionCommandManager.cs):
//
// - stdout and stderr are read line by line, a line ending at CR, LF or CRLF (.NET ReadLine);
// - each line is first parsed in the `::name props::data` form, which must START the line after
//   leading white space (.NET's TrimStart), and whose name must be a registered command
//   (case-insensitive); props are comma-separated `k=v`;
// - if that fails, the legacy `##[name props]data` form is searched ANYWHERE in the line (IndexOf,
//   not anchored); props are semicolon-separated;
// - `stop-commands` with data T stops all processing (T becomes a registered name); while stopped
//   every parsed command is ignored except one named T, which resumes processing.
//
// Tests feed real output through it and judge the commands it would have run.

export const REGISTERED = ['stop-commands', 'set-env', 'set-output', 'save-state', 'add-mask', 'add-path', 'add-matcher', 'remove-matcher', 'debug', 'warning', 'error', 'notice', 'group', 'endgroup', 'echo'] as const;

export interface RunnerCommand {
  name: string;
  props: Record<string, string>;
  data: string;
  form: 'modern' | 'legacy';
  line: string;
}

export interface RunnerLog {
  /** Commands the runner carried out, in order (stop-commands and the resume included). */
  ran: RunnerCommand[];
  /** Commands it parsed but ignored because processing was stopped. */
  ignored: RunnerCommand[];
  /** Still stopped at the end: every later annotation of the step would be lost. */
  stopped: boolean;
}

/** Lines as .NET's TextReader.ReadLine splits them: at CR, LF or CRLF. */
export function runnerLines(output: string): string[] {
  return output.split(/\r\n|\r|\n/);
}

// char.IsWhiteSpace: Unicode Zs, Zl, Zp, and TAB, LF, VT, FF, CR, U+0085.
const DOTNET_LEADING_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

function unescape(s: string, map: Array<[string, string]>): string {
  let out = s;
  for (const [token, replacement] of map) out = out.split(replacement).join(token);
  return out;
}
const DATA_MODERN: Array<[string, string]> = [['\r', '%0D'], ['\n', '%0A'], ['%', '%25']];
const PROP_MODERN: Array<[string, string]> = [['\r', '%0D'], ['\n', '%0A'], [':', '%3A'], [',', '%2C'], ['%', '%25']];
const LEGACY_MAP: Array<[string, string]> = [[';', '%3B'], ['\r', '%0D'], ['\n', '%0A'], [']', '%5D'], ['%', '%25']];

function props(text: string, sep: string, map: Array<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of text.split(sep).filter(Boolean)) {
    const i = p.indexOf('=');
    if (i > 0 && i < p.length - 1) out[p.slice(0, i)] = unescape(p.slice(i + 1), map);
  }
  return out;
}

function parseModern(line: string, registered: Set<string>): RunnerCommand | undefined {
  const m = line.replace(DOTNET_LEADING_SPACE, '');
  if (!m.startsWith('::')) return undefined;
  const end = m.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = m.slice(2, end);
  const sp = info.indexOf(' ');
  const name = sp < 0 ? info : info.slice(0, sp);
  if (!registered.has(name.toLowerCase())) return undefined;
  return { name, props: sp > 0 ? props(info.slice(sp + 1).trim(), ',', PROP_MODERN) : {}, data: unescape(m.slice(end + 2), DATA_MODERN), form: 'modern', line };
}

function parseLegacy(line: string, registered: Set<string>): RunnerCommand | undefined {
  const at = line.indexOf('##[');
  if (at < 0) return undefined;
  const rb = line.indexOf(']', at);
  if (rb < 0) return undefined;
  const info = line.slice(at + 3, rb);
  const sp = info.indexOf(' ');
  const name = sp < 0 ? info : info.slice(0, sp);
  if (!registered.has(name.toLowerCase())) return undefined;
  return { name, props: sp > 0 ? props(info.slice(sp + 1), ';', LEGACY_MAP) : {}, data: unescape(line.slice(rb + 1), LEGACY_MAP), form: 'legacy', line };
}

/** What the runner does with `output` (one step's stdout, or stderr: both go through the same manager). */
export function runnerReads(output: string): RunnerLog {
  const registered = new Set<string>(REGISTERED);
  const log: RunnerLog = { ran: [], ignored: [], stopped: false };
  let token: string | null = null;
  for (const line of runnerLines(output)) {
    if (line === '') continue;
    const cmd = parseModern(line, registered) ?? parseLegacy(line, registered);
    if (!cmd) continue;
    if (log.stopped) {
      if (token && cmd.name.toLowerCase() === token.toLowerCase()) {
        log.ran.push(cmd);
        registered.delete(token.toLowerCase());
        log.stopped = false;
        token = null;
      } else log.ignored.push(cmd);
      continue;
    }
    if (cmd.name.toLowerCase() === 'stop-commands') {
      log.ran.push(cmd);
      token = cmd.data;
      log.stopped = true;
      registered.add(token.toLowerCase());
      continue;
    }
    log.ran.push(cmd);
  }
  return log;
}

export interface Allowed {
  /** ctxforge's own annotations: error/warning/notice in the modern form, with these properties only. */
  annotations: boolean;
  /** Values ctxforge itself masks (its token, the signing key). */
  masks?: (value: string) => boolean;
  /** A title content used to mark its forgeries: never one of ours. */
  forgedTitle?: string;
}

/** Every command the runner would run that ctxforge did not mean (described, for the assertion message). */
export function strayCommands(output: string, allowed: Allowed): string[] {
  const log = runnerReads(output);
  const bad: string[] = [];
  for (const c of [...log.ran, ...log.ignored]) {
    const name = c.name.toLowerCase();
    const ours = c.form === 'modern' && (
      (allowed.annotations && ['error', 'warning', 'notice'].includes(name) && Object.keys(c.props).every((k) => ['file', 'line', 'col', 'endLine', 'endColumn', 'title'].includes(k)) && c.props.title !== (allowed.forgedTitle ?? 'INJECTED'))
      || (name === 'add-mask' && !!allowed.masks?.(c.data)));
    if (!ours) bad.push(`${c.form} ${c.name} ${JSON.stringify(c.props)} ${JSON.stringify(c.data)} in line ${JSON.stringify(c.line.slice(0, 200))}`);
  }
  if (log.stopped) bad.push('the step ends with command processing stopped');
  return bad;
}
