// `ctxforge diff`: compare two versions of a package by stable ID, with a SemVer verdict.
import { Command, Option } from 'commander';
import type { DiffResult } from '../../src/diff/index.js';
import { configFrom, configOption, ExitCode, limitsFrom, printJson, withLimitOptions, type Io } from '../shared.js';

export function registerDiff(program: Command, io: Io): void {
  withLimitOptions(program.command('diff')
    .description('Compare two versions of a package by stable ID: added, removed, modified, moved, retyped; SemVer verdict')
    .argument('[old]', 'old version: artifact, directory, <ref>:<path>, or a bare ref (same path as <new>); default: the previous release tag')
    .argument('[new]', 'new version (default: the package in the working tree)')
    .option('--json', 'print the diff as one JSON document')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'md', 'json']).default('text'))
    .addOption(new Option('--fail-on <what>', 'exit 1 on breaking findings, on any finding, or on a version / tag problem').choices(['breaking', 'any', 'version']))
    .option('--tag <name>', 'check that this tag name carries the new version')
    .option('--tag-pattern <pattern>', 'release tag pattern, "*" standing for the version (default: the package\'s, as `ctxforge list` shows it)')
    .addOption(configOption())
    .option('--no-config', 'ignore ctxforge.yaml')
    .option('--initial', 'treat <new> (the only argument) as an initial release'))
    .addHelpText('after', `
Exit codes: 0 compared (and no --fail-on finding), 1 --fail-on triggered or the versions are not
comparable (different package identity), 2 usage or I/O error.
Examples:
  ctxforge diff                               # previous release tag vs working tree
  ctxforge diff v1.2.0 knowledge/              # the tag's copy of knowledge/ vs the working tree
  ctxforge diff v1.2.0:knowledge/ v1.3.0:knowledge/ --format md
  ctxforge diff dist/old.octx dist/new.octx --json --fail-on breaking`)
    .action(async (oldArg: string | undefined, newArg: string | undefined, o: Record<string, unknown>) => {
      const { defaultPackageDir, diffInputs, diffJson, diffWithPreviousRelease, failingFindings, renderDiffMarkdown, renderDiffText } = await import('../../src/diff/index.js');
      const opts = {
        cwd: io.cwd, env: io.env, limits: limitsFrom(o),
        tag: o.tag as string | undefined, tagPattern: o.tagPattern as string | undefined, noConfig: o.config === false, config: configFrom(io, o),
      };
      let r: DiffResult;
      if (oldArg !== undefined && newArg !== undefined) r = await diffInputs(oldArg, newArg, opts);
      else {
        // One argument is the new side, as in "what changed in this package since its last release".
        const neu = oldArg ?? (await defaultPackageDir(io.cwd, opts.config));
        r = o.initial ? await diffInputs(null, neu, opts) : await diffWithPreviousRelease(neu, opts);
      }
      const fmt = o.json ? 'json' : (o.format as string);
      if (fmt === 'json') printJson(io, diffJson(r));
      else if (fmt === 'md') io.out(renderDiffMarkdown(r));
      else io.out(renderDiffText(r));
      const on = o.failOn as 'breaking' | 'any' | 'version' | undefined;
      if (on === 'version' ? !r.version_ok || r.tag?.matches === false : on && failingFindings(r, on).length > 0) throw new ExitCode(1);
    });
}
