// The synced tree's own link check (validate of the tree, the Action's PR check) must agree with
// the upstream check sync ran: the tree records only its generator and root, so a link that only
// the site's configuration resolves is rewritten at sync to a path the tree's rules resolve. Here:
// Hugo's link render hook, which looks a relative destination up from the content root too
// (hugoDocs writes `[security](about/security/)` on pages in other folders).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const page = (t: string, body: string) => `---\ntitle: ${t}\n---\n\n${body}\n`;

test('Hugo with a link render hook: a link only the hook\'s lookup from the content root resolves is rewritten so the synced tree\'s own check passes', async () => {
  const root = tmpDir('sync-tree-agrees-');
  writeTree(root, {
    'hugo.toml': 'baseURL = "https://example.org/"\n',
    'layouts/_default/_markup/render-link.html': '{{ with site.GetPage .Destination }}<a href="{{ .RelPermalink }}">{{ $.Text }}</a>{{ else }}<a href="{{ .Destination }}">{{ .Text }}</a>{{ end }}\n',
    'content/about/security.md': page('Security', '## Model\n\nText.'),
    'content/guide/intro.md': page('Intro', 'Read [the model](about/security/#model) and [nothing](about/nowhere/).'),
  });
  const r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { diagnostics: { code: string; message: string }[] };
  // Upstream: the hook resolves the first link, the second is broken.
  assert.deepEqual(j.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => /link to (\S+)/.exec(d.message)?.[1]), ['about/nowhere/']);
  const text = readFileSync(join(root, 'pkg', 'knowledge', 'guide', 'intro.md'), 'utf8');
  assert.doesNotMatch(text, /\]\(about\/security\/#model\)/, 'rewritten to a path the tree resolves without the hook');
  const v = await runCli(['validate', 'pkg', '--links', 'error', '--json'], { cwd: root });
  const found = (JSON.parse(v.stdout) as { results: { diagnostics: { code: string; message: string }[] }[] }).results[0]!.diagnostics.filter((d) => d.code.startsWith('LINK_') && d.code !== 'LINK_NOT_JUDGED');
  // The tree's check finds what the upstream check found, nothing more.
  assert.deepEqual(found.map((d) => /link to (\S+)/.exec(d.message)?.[1]), ['about/nowhere/'], JSON.stringify(found));
});
