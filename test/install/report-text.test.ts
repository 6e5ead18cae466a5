// install's human report stays readable at scale: a package's folders are summarised per parent
// (a count and the first few), while --json keeps every folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { folderSummary, installText } from '../../cli/commands/install.js';
import type { InstallReport } from '../../src/install/index.js';

const skills = (parent: string, n: number) => Array.from({ length: n }, (_, i) => `${parent}/skill-${String(i).padStart(5, '0')}`);

test('a package of 1,000 skills in two hosts is one short line, not a list of 2,001 folders', () => {
  const folders = [...skills('.agents/skills', 1000), ...skills('.claude/skills', 1000), '.agents/knowledge/bench'];
  const report: InstallReport = {
    action: 'install', scope: 'project', root: '/p', lock: 'ctxforge.lock', dry_run: false,
    packages: [{ name: 'bench', version: '1.0.0', format: 'acx', status: 'installed', artifact_sha256: 'a'.repeat(64), source: 'b.acx', signer: { method: 'acx-dsse', key_id: 'ed25519:ab', public_key: null, trust: 'pinned', verdict: 'trusted' }, hosts: ['agents', 'claude'], folders, skills: skills('', 1000).map((s) => s.slice(1)), documents: 1, renamed: 0 }],
    written: [], removed: [], kept: [], unchanged: 0, drift: [], diagnostics: [],
  } as unknown as InstallReport;
  const text = installText(report);
  const line = text.split('\n')[0]!;
  assert.ok(line.length < 400, `${line.length} characters: ${line}`);
  assert.match(line, /\.agents\/skills\/ \(1,000 folders: skill-00000, skill-00001, skill-00002, …\)/);
  assert.match(line, /\.claude\/skills\/ \(1,000 folders: skill-00000/);
  assert.match(line, /\.agents\/knowledge\/bench/);
  assert.match(line, /--json lists every folder/);
  assert.match(line, /1,000 skills, 1 document/);
  assert.doesNotMatch(text, /skill-00999/);
  assert.equal(report.packages[0]!.folders.length, 2001, 'the report (what --json prints) keeps every folder');
});

test('a few folders are still named one by one', () => {
  assert.equal(folderSummary(['.agents/skills/pdf-tools', '.agents/skills/release-notes', '.agents/knowledge/kb']), '.agents/skills/pdf-tools, .agents/skills/release-notes, .agents/knowledge/kb');
  assert.equal(folderSummary(skills('.agents/skills', 4)), skills('.agents/skills', 4).join(', '));
  assert.equal(folderSummary([]), '—');
});
