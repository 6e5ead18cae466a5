// ctxforge's verdict on every point where the Agent Skills specification text and its skills-ref
// validator differ (the table in docs/skills.md). The skills-ref column is what skills-ref itself
// said (agentskills/agentskills @ 69ef37e, Debian python3-strictyaml 1.6.1), recorded here; the
// test checks ctxforge's `skills validate` verdict and, where it differs, the cartridge import's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

type Verdict = 'valid' | 'warning' | 'invalid';
interface Case { id: string; folder: string; md: string | Buffer; skillsRef: 'valid' | 'invalid'; ctxforge: Verdict; cartridge?: 'imported' | 'refused'; says?: RegExp; file?: string }

const D = 'description: Does a thing. Use when needed.';
const fm = (body: string) => `---\n${body}\n---\n\n# Body\n`;

const CASES: Case[] = [
  { id: 'Unicode lowercase name', folder: 'café', md: fm(`name: café\n${D}`), skillsRef: 'valid', ctxforge: 'valid', cartridge: 'refused', says: /ASCII/ },
  { id: 'name equal to its folder after NFKC', folder: 'ﬁle', md: fm(`name: ﬁle\n${D}`), skillsRef: 'valid', ctxforge: 'valid', cartridge: 'refused' },
  { id: 'name with white space around it (quoted)', folder: 'ok-skill', md: fm(`name: " ok-skill "\n${D}`), skillsRef: 'valid', ctxforge: 'warning', cartridge: 'refused', says: /white space/ },
  { id: 'name written as an unquoted number', folder: '2024', md: fm(`name: 2024\n${D}`), skillsRef: 'valid', ctxforge: 'warning', cartridge: 'imported', says: /quote it/ },
  { id: 'description written as an unquoted boolean', folder: 'ok-skill', md: fm('name: ok-skill\ndescription: true'), skillsRef: 'valid', ctxforge: 'warning', says: /boolean/ },
  { id: 'description of 1000 characters outside the BMP (2000 UTF-16 units)', folder: 'ok-skill', md: fm(`name: ok-skill\ndescription: ${'🧪'.repeat(1000)}`), skillsRef: 'valid', ctxforge: 'valid' },
  { id: 'description of 1068 characters', folder: 'ok-skill', md: fm(`name: ok-skill\ndescription: ${'a'.repeat(1068)}`), skillsRef: 'invalid', ctxforge: 'invalid', says: /1068 characters, at most 1024/ },
  { id: 'empty compatibility', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\ncompatibility: ""`), skillsRef: 'valid', ctxforge: 'invalid', says: /1–500/ },
  { id: 'metadata value written as a number', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nmetadata:\n  version: 1.0`), skillsRef: 'valid', ctxforge: 'warning', says: /quote it/ },
  { id: 'metadata value that is a mapping', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nmetadata:\n  nested:\n    a: b`), skillsRef: 'valid', ctxforge: 'invalid', says: /metadata values are strings/ },
  { id: 'metadata that is not a mapping', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nmetadata: hello`), skillsRef: 'valid', ctxforge: 'invalid' },
  { id: 'license as a list', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nlicense:\n  - MIT\n  - Apache-2.0`), skillsRef: 'valid', ctxforge: 'invalid', says: /SPDX/ },
  { id: 'allowed-tools as a block list', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nallowed-tools:\n  - Read\n  - Grep`), skillsRef: 'valid', ctxforge: 'warning', cartridge: 'imported', says: /space-separated string/ },
  { id: 'allowed-tools as a flow list', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nallowed-tools: [Read, Grep]`), skillsRef: 'invalid', ctxforge: 'warning', cartridge: 'imported', says: /flow style/ },
  { id: 'metadata as a flow mapping', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nmetadata: {a: b}`), skillsRef: 'invalid', ctxforge: 'warning', says: /flow style/ },
  { id: 'byte-order mark before the frontmatter', folder: 'ok-skill', md: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(fm(`name: ok-skill\n${D}`))]), skillsRef: 'invalid', ctxforge: 'warning', cartridge: 'imported', says: /byte-order mark/ },
  { id: '"---" inside the frontmatter', folder: 'ok-skill', md: fm('name: ok-skill\ndescription: a---b thing. Use when needed.'), skillsRef: 'valid', ctxforge: 'warning', says: /splits SKILL\.md/ },
  { id: 'skill.md in lower case', folder: 'ok-skill', file: 'skill.md', md: fm(`name: ok-skill\n${D}`), skillsRef: 'valid', ctxforge: 'warning', cartridge: 'refused', says: /SKILL\.md/ },
  { id: 'unknown top-level key', folder: 'ok-skill', md: fm(`name: ok-skill\n${D}\nmodel: sonnet`), skillsRef: 'invalid', ctxforge: 'invalid', cartridge: 'imported', says: /unknown frontmatter key "model"/ },
  { id: 'plain description holding ": "', folder: 'ok-skill', md: fm('name: ok-skill\ndescription: Use when: x'), skillsRef: 'invalid', ctxforge: 'invalid' },
];

test('every verdict of the docs/skills.md table', async () => {
  const root = tmpDir('skills-verdicts-');
  for (const [i, c] of CASES.entries()) {
    const dir = join(root, `case-${i}`);
    writeTree(dir, { [`${c.folder}/${c.file ?? 'SKILL.md'}`]: c.md });
    const r = await runCli(['skills', 'validate', join(dir, c.folder), '--json']);
    const diags = JSON.parse(r.stdout).diagnostics as Array<{ severity: string; message: string }>;
    const got: Verdict = diags.some((d) => d.severity === 'error') ? 'invalid' : diags.some((d) => d.severity === 'warning') ? 'warning' : 'valid';
    assert.equal(got, c.ctxforge, `${c.id}: ${JSON.stringify(diags)}`);
    assert.equal(r.code, got === 'invalid' ? 1 : 0, c.id);
    if (c.says) assert.match(diags.map((d) => d.message).join('\n'), c.says, c.id);
    if (c.cartridge) {
      const cart = join(dir, 'cart');
      assert.equal((await runCli(['init', 'acx', cart])).code, 0);
      const imp = await runCli(['skills', 'import', join(dir, c.folder), cart, '--json']);
      const j = JSON.parse(imp.stdout) as { imported: string[]; refused: Array<{ reasons: string[] }> };
      assert.equal(j.imported.length ? 'imported' : 'refused', c.cartridge, `${c.id} into a cartridge: ${imp.stdout}`);
      if (c.cartridge === 'imported') assert.equal((await runCli(['build', cart, '--out', join(dir, 'dist'), '--source-date-epoch', '1767225600'])).code, 0, `${c.id}: the imported cartridge builds`);
    }
  }
});
