// Every command the CLI has, in the order `--help` lists them.
import type { Command } from 'commander';
import type { Io } from '../shared.js';
import { registerValidate, registerVerify } from './validate.js';
import { registerBuild } from './build.js';
import { registerInspect } from './inspect.js';
import { registerInit } from './init.js';
import { registerRules } from './rules.js';
import { registerKeygen, registerSign } from './keys.js';
import { registerImport } from './import.js';
import { registerStrip } from './strip.js';
import { registerMerge } from './merge.js';
import { registerDiff } from './diff.js';
import { registerList } from './list.js';
import { registerCheck } from './check.js';
import { registerRelease } from './release.js';
import { registerIds, registerUnpack } from './octx.js';
import { registerDemo } from './demo.js';
import { registerSync } from './sync.js';
import { registerConvert } from './convert.js';
import { registerExport } from './export.js';
import { registerSkills } from './skills.js';
import { registerInstall, registerUninstall } from './install.js';
import { registerServe } from './serve.js';
import { registerPull, registerPush } from './oci.js';
import { registerRegistry } from './registry.js';
import { registerOutdated, registerUpgrade } from './outdated.js';

export type Register = (program: Command, io: Io) => void;

export const commands: Register[] = [
  registerValidate,
  registerVerify,
  registerBuild,
  registerInspect,
  registerDiff,
  registerList,
  registerCheck,
  registerInit,
  registerIds,
  registerUnpack,
  registerSync,
  registerConvert,
  registerExport,
  registerSkills,
  registerInstall,
  registerUninstall,
  registerServe,
  registerPush,
  registerPull,
  registerRegistry,
  registerOutdated,
  registerUpgrade,
  registerImport,
  registerStrip,
  registerMerge,
  registerKeygen,
  registerSign,
  registerRelease,
  registerDemo,
  registerRules,
];
