// Text that came from repository content, made safe for a log a GitHub runner reads. The runner
// reads each line (ended by CR, LF or CRLF) as a workflow command when, after leading white space,
// it starts with `::`, or when it holds the legacy `##[` ANYWHERE (its legacy parser searches for
// the prefix, it does not anchor it): `##[stop-commands]tok` in the middle of a line switches off
// every later command of the step, `##[add-mask]`, `##[warning title=…]` raise what they say.
// So content never starts a line and never carries `##[`: CR and LF are escaped the way
// @actions/core escapes a command's message, `%` too (so no escape can be forged), the first `#`
// of `##[` as `%23`, and other control characters are shown as \uXXXX (terminal escapes, NUL).
// This holds always, not only when GITHUB_ACTIONS is set: output is often produced in one step and
// printed (`cat report.txt`) in another.

// C0 controls except TAB, DEL, C1 controls, and the Unicode line / paragraph separators.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

function showControl(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

// `##[` cannot overlap itself, so breaking the first `#` of each leaves none, and `%23` (with `%`
// escaped everywhere else) reads back unambiguously.
const LEGACY = /#(?=#\[)/g;

/** Breaks every legacy `##[` as `%23#[`, leaving the rest of the text as it is. */
export function breakLegacy(s: string): string {
  return s.includes('##[') ? s.replace(LEGACY, '%23') : s;
}

/** Content text for one log line (or inside one): `%` → %25, CR → %0D, LF → %0A, `##[` → %23#[, controls as \uXXXX. */
export function escapeData(s: string): string {
  return breakLegacy(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(CONTROLS, showControl));
}

/** A workflow command's property value (`file=`, `title=`): as escapeData, and `:` and `,` too. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * For a writer that escapes CR, LF and `%` itself (@actions/core's annotations and setFailed):
 * controls shown as \uXXXX and `##[` broken, CR/LF/% left to it.
 */
export function escapeControls(s: string): string {
  return breakLegacy(s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g, showControl));
}

// The runner trims what .NET calls white space before looking for `::`: JavaScript's \s and U+0085.
const COMMAND_START = /^([\s\u0085]*)::/;

/**
 * The last line of defence for a writer that never emits workflow commands itself (the CLI's text
 * reports, the Action's info log): a line that would still start a command (content placed at a
 * line's start) has its first character escaped, and a `##[` anywhere is broken, so the runner
 * shows the text instead of obeying it.
 */
export function neutralizeCommands(text: string): string {
  if (!text.includes('::') && !text.includes('##[')) return text;
  return breakLegacy(text.split(/(\r\n|\r|\n)/).map((part) => part.replace(COMMAND_START, (_m, ws: string) => `${ws}%3A:`)).join(''));
}

/**
 * JSON text for a log: `#` of each `##[` written `\u0023`, which is the same JSON value (a `#` only
 * ever occurs inside a string), and JSON never starts a line with `::` (strings start with `"`).
 */
export function jsonForLog(json: string): string {
  return json.includes('##[') ? json.replace(LEGACY, '\\u0023') : json;
}
