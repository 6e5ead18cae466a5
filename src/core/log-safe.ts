// Text that came from repository content, made safe for a log a GitHub runner reads. The runner
// treats any line whose first non-blank characters are `::` (or the legacy `##[`) as a workflow
// command, so content must never start a line: CR and LF are escaped the way @actions/core escapes
// a command's message, `%` too (so the escape cannot be forged), and other control characters are
// shown as \uXXXX (terminal escapes, NUL, a lone CR in a terminal rewriting what came before).

// C0 controls except TAB, DEL, C1 controls, and the Unicode line / paragraph separators.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

function showControl(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Content text for one log line (or inside one): `%` → %25, CR → %0D, LF → %0A, controls as \uXXXX. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(CONTROLS, showControl);
}

/** A workflow command's property value (`file=`, `title=`): as escapeData, and `:` and `,` too. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Controls shown as \uXXXX, CR/LF/% left for a writer that escapes them itself (@actions/core's annotations). */
export function escapeControls(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g, showControl);
}

const COMMAND_START = /^(\s*)(::|##\[)/;

/**
 * The last line of defence for a writer that never emits workflow commands itself (the CLI's text
 * reports, the Action's info log): a line that would still start a command (content placed at a
 * line's start) has its first character escaped, so the runner shows it instead of obeying it.
 */
export function neutralizeCommands(text: string): string {
  if (!text.includes('::') && !text.includes('##[')) return text;
  return text.split(/(\r\n|\r|\n)/).map((part) => part.replace(COMMAND_START, (_m, ws: string, cmd: string) => `${ws}${cmd === '::' ? '%3A:' : '%23#['}`)).join('');
}
