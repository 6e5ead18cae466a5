// Diagnostic codes of `ctxforge registry` and of installing by name from a registry, in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_REGISTRY_REJECTED', format: 'core', summary: 'registry check/add: an artifact the ACX reference\'s builder would refuse (does not verify, non-canonical path, identity not ROM-bound, SAVE data, a link, a secret, a duplicate coordinate, a status entry naming nothing).' },
  { code: 'CTXFORGE_REGISTRY_INDEX_STALE', format: 'core', summary: 'registry check: the committed index.json is not what a fresh build from the verified artifacts writes (edited by hand, or not rebuilt after a change).' },
  { code: 'CTXFORGE_REGISTRY_IMMUTABLE', format: 'core', summary: 'registry check --base: a published coordinate was changed, deleted or renamed; coordinates are append-only (publish a new version; lifecycle goes in status.json).' },
  { code: 'CTXFORGE_REGISTRY_EXISTS', format: 'core', summary: 'registry add: the coordinate already holds other bytes; a published version is never replaced.' },
  { code: 'CTXFORGE_REGISTRY_NOT_JUDGED', format: 'core', summary: 'registry check: artifacts or fields ctxforge does not verify (workflows, Agent Graphs, templates, level evidence) were taken from the committed index (info).' },
  { code: 'CTXFORGE_REGISTRY_NOT_FOUND', format: 'core', summary: 'install <name>@<range>: the registry has no package of that name, or no version in the range.' },
  { code: 'CTXFORGE_REGISTRY_AMBIGUOUS', format: 'core', summary: 'install <id>@<range>: more than one publisher has a package with that id; name it <publisher>/<id>.' },
  { code: 'CTXFORGE_REGISTRY_UNREACHABLE', format: 'core', summary: 'A registry (a git URL or folder) could not be read, or a lock names one it may not reach.' },
]);
