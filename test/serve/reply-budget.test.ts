// Every tool's reply as the SDK's client receives it from `ctxforge serve` (a real process), on 120
// generated questions over two packages of generated pages (long and short, with headings, code
// fences, accents and emoji): `context` stays within 4 × max_tokens code points counting its text
// and its structured content, and says so exactly in used_tokens; no tool repeats a package's
// artifact digest per result; the text form is not the structured content again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { installVerified } from '../../src/install/index.js';
import { tmpDir } from '../helpers/tmp.js';
import { mulberry32 as rng } from '../helpers/random.js';
import { doc, documents, verified } from '../install/documents.js';
import { connect } from './client.js';

const WORDS = ['release', 'key', 'rotation', 'storage', 'archive', 'tar', 'extract', 'café', 'naïve', 'über', 'deploy', 'rollback', 'signing', 'cache', 'index', 'query', 'budget', 'token', 'emoji😀', 'page', 'template', 'function', 'where', 'filter', 'github', 'publish', 'site', 'hugo', 'shortcode', 'menu'];

function pages(prefix: string, n: number, r: () => number) {
  const w = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const sentence = () => `${Array.from({ length: 6 + Math.floor(r() * 10) }, w).join(' ')} "quoted" \\ tab\there.`;
  return Array.from({ length: n }, (_, i) => {
    const sections = 1 + Math.floor(r() * 8);
    let body = `# ${w()} ${w()} ${i}\n\n${sentence()}\n`;
    for (let k = 0; k < sections; k++) {
      body += `\n## ${w()} ${k}\n\n${Array.from({ length: 1 + Math.floor(r() * (r() < 0.2 ? 200 : 15)) }, sentence).join(' ')}\n`;
      if (r() < 0.3) body += `\n\`\`\`\n# not a heading ${w()}\n\`\`\`\n`;
    }
    return doc(`${prefix}-${i}`, `${prefix}/${i}.md`, `${w()} ${w()} ${i}`, body);
  });
}

test('every tool, 120 generated questions: context within 4 × max_tokens (text + structured content), used_tokens exact; a digest once per package', async () => {
  const dir = tmpDir('serve-budget-');
  const env = { ...process.env, XDG_CACHE_HOME: join(dir, '.cache-home') };
  const r = rng(36);
  await installVerified(verified(documents('alpha', '1.0.0', { docs: pages('a', 150, r) }), 'a'.repeat(64)), { cwd: dir });
  await installVerified(verified(documents('beta', '2.0.0', { docs: pages('b', 150, r) }), 'b'.repeat(64)), { cwd: dir });
  const { client } = await connect(['--lock', '--offline'], { cwd: dir, env });
  const size = (x: { content: { text?: string }[]; structuredContent?: unknown }) =>
    [...x.content.map((c) => c.text ?? ''), JSON.stringify(x.structuredContent)].reduce((n, t) => n + [...t].length, 0);
  const count = (s: string, part: string) => s.split(part).length - 1;
  type R = { content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };
  try {
    let filled = 0;
    for (let q = 0; q < 120; q++) {
      const query = Array.from({ length: 1 + Math.floor(r() * 5) }, () => WORDS[Math.floor(r() * WORDS.length)]!).join(' ');
      const max = 200 + Math.floor(r() * (q % 3 === 0 ? 6000 : 1800));
      const at = `question ${q} ${JSON.stringify(query)} max_tokens ${max}`;
      const c = await client.callTool({ name: 'context', arguments: { query, max_tokens: max } }) as R;
      assert.ok(!c.isError, at);
      const got = size(c);
      assert.ok(got <= 4 * max, `${at}: ${got} characters`);
      assert.equal(c.structuredContent!.used_tokens, Math.ceil(got / 4), at);
      if (got > 3 * max) filled++;
      const s = await client.callTool({ name: 'search', arguments: { query, limit: 1 + Math.floor(r() * 20) } }) as R;
      const results = s.structuredContent!.results as { citation: string }[];
      for (const x of [c, s]) {
        const json = JSON.stringify(x.structuredContent);
        for (const d of ['a'.repeat(64), 'b'.repeat(64)]) {
          assert.ok(count(json, d) <= 1 && count(x.content[0]!.text!, d) <= 1, `${at}: a digest once per package`);
        }
        assert.notEqual(x.content[0]!.text, json, `${at}: a text form, not the JSON again`);
      }
      if (results[0]) {
        const g = await client.callTool({ name: 'get', arguments: { id: results[0].citation } }) as R;
        assert.equal(count(JSON.stringify(g.structuredContent), 'a'.repeat(64)) + count(JSON.stringify(g.structuredContent), 'b'.repeat(64)), 1, at);
      }
    }
    assert.ok(filled > 30, `budgets are used, not just kept (${filled} of 120 replies over 3/4 of theirs)`);
    const l = await client.callTool({ name: 'list_packages', arguments: {} }) as R;
    assert.equal(count(l.content[0]!.text!, 'a'.repeat(64)), 1);
  } finally {
    await client.close();
  }
});
