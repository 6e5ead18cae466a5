// Reads the Action's inputs the way GitHub passes them (INPUT_<NAME>, upper-cased, dashes kept), also
// accepting the underscore spelling that composite actions can set from a shell-safe env block.
import * as core from '@actions/core';

export function input(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const v = core.getInput(name);
  if (v) return v;
  return (env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] ?? '').trim();
}

export function boolInput(name: string, dflt: boolean): boolean {
  const v = input(name).toLowerCase();
  if (!v) return dflt;
  if (['true', 'yes', '1', 'on'].includes(v)) return true;
  if (['false', 'no', '0', 'off'].includes(v)) return false;
  throw new Error(`input ${name} must be true or false, got ${JSON.stringify(v)}`);
}

/** true / false / undefined (empty: decide automatically). */
export function triInput(name: string): boolean | undefined {
  return input(name) ? boolInput(name, false) : undefined;
}

/** Removes an input from this process's environment so child processes (git) never inherit it. */
export function dropInput(name: string): void {
  delete process.env[`INPUT_${name.toUpperCase()}`];
  delete process.env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`];
}
