// A registry named in the project's ctxforge.yaml (`registries: {acme: https://…}`): what
// `install <name>@<range> --registry acme` resolves. Only the command line reads names; the lock
// records what a name stood for, so the pull-request gate never reads a pull request's registries.
import { lstat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, readConfigFile } from '../repo/config.js';

/**
 * `spec` as a registry URL or folder: a bare name (no folder of that name here) is looked up in the
 * project's ctxforge.yaml, its folder resolved against the project root. Anything else is `spec`.
 */
export async function namedRegistry(spec: string, o: { cwd: string; root: string }): Promise<string> {
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(spec) || (await lstat(resolve(o.cwd, spec)).catch(() => undefined))) return spec;
  const file = join(o.root, CONFIG_FILE);
  if (!(await lstat(file).catch(() => undefined))?.isFile()) return spec;
  const cfg = await readConfigFile(file, { cwd: o.root, root: o.root });
  const v = cfg.registries?.[spec];
  if (v === undefined || !Object.hasOwn(cfg.registries!, spec)) return spec;
  return /^[a-z]+:\/\/|^[\w.-]+@[\w.-]+:/i.test(v) ? v : resolve(o.root, v);
}
