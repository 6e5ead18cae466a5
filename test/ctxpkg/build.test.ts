// Building, signing, importing and the CLI contract for ctxpkg source trees.
import { seeded } from '../helpers/random.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, readdirSync, existsSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { repoRoot, runCli, spawnCli, vectorsDir } from '../helpers/cli.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { verifyBytes } from '../../src/ctxpkg/read.js';
import { identityMessage, manifestMessage } from '../../src/ctxpkg/signature.js';
import { member } from '../../src/ctxpkg/json-tree.js';
import { builtCli } from '../helpers/built.js';

const SEED = 'a'.repeat(64);
const example = join(repoRoot, 'working-dir-example', 'ctxpkg');
const EPOCH = '1767225600';

function build(src: string, extra: string[] = []) {
  const out = tmpDir();
  return { out, r: runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--json', ...extra]) };
}

test('the example source tree validates and builds; --json shape {artifacts:[{path,format,sha256}]}', async () => {
  const v = await runCli(['validate', '--json', example]);
  assert.equal(v.code, 0, v.stdout);
  const res = JSON.parse(v.stdout).results[0];
  assert.deepEqual(Object.keys(res).filter((k) => ['path', 'format', 'valid', 'diagnostics'].includes(k)).sort(), ['diagnostics', 'format', 'path', 'valid']);
  assert.equal(res.details.satisfied_level, 3);
  const { out, r } = build(example);
  const b = await r;
  assert.equal(b.code, 0, b.stderr);
  const a = JSON.parse(b.stdout).artifacts[0];
  assert.equal(a.format, 'ctxpkg');
  assert.equal(a.path, join(out, 'acme-payments-service-1.3.0.ctxpkg'));
  assert.match(a.sha256, /^[0-9a-f]{64}$/);
  const text = readFileSync(a.path, 'utf8');
  const m = JSON.parse(text).manifest;
  assert.equal(m.created_at, '2026-01-01T00:00:00Z');
  assert.equal(m.provenance.tool, 'ctxforge');
  assert.ok(!text.includes('null'), 'absent optional members are omitted, never null');
  assert.match(text, /"activation":0\.0/, 'floats keep their fraction');
});

test('signed build verifies with manifest coverage, and with openssl pkeyutl -rawin', async () => {
  const { r } = build(example, ['--key', SEED]);
  const b = await r;
  assert.equal(b.code, 0, b.stderr);
  const path = JSON.parse(b.stdout).artifacts[0].path;
  const v = await runCli(['verify', '--json', path]);
  const d = JSON.parse(v.stdout).results[0].details;
  assert.equal(d.signature, 'valid');
  assert.equal(d.coverage, 'manifest');
  const res = verifyBytes(readFileSync(path), path);
  const sig = (res.doc!.manifest as { signature: { public_key: string; value: string; manifest_value: string } }).signature;
  const dir = tmpDir();
  writeFileSync(join(dir, 'pub.pem'), `-----BEGIN PUBLIC KEY-----\n${Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(sig.public_key, 'hex')]).toString('base64')}\n-----END PUBLIC KEY-----\n`);
  const checks: [Buffer, string][] = [
    [identityMessage(d.name, d.version, d.sha256), sig.value],
    [manifestMessage(member(res.doc!.tree, 'manifest')!), sig.manifest_value],
  ];
  for (const [msg, s] of checks) {
    writeFileSync(join(dir, 'msg.bin'), msg);
    writeFileSync(join(dir, 'sig.bin'), Buffer.from(s, 'hex'));
    const outp = execFileSync('openssl', ['pkeyutl', '-verify', '-rawin', '-pubin', '-inkey', join(dir, 'pub.pem'), '-sigfile', join(dir, 'sig.bin'), '-in', join(dir, 'msg.bin')], { encoding: 'utf8' });
    assert.match(outp, /Signature Verified Successfully/);
  }
  // A tampered message must not verify under openssl either (the check can fail).
  writeFileSync(join(dir, 'msg.bin'), Buffer.from('0'.repeat(64)));
  assert.throws(() => execFileSync('openssl', ['pkeyutl', '-verify', '-rawin', '-pubin', '-inkey', join(dir, 'pub.pem'), '-sigfile', join(dir, 'sig.bin'), '-in', join(dir, 'msg.bin')], { stdio: 'pipe' }));
});

test('a pretty-printed copy of a built, signed package still verifies', async () => {
  const { r } = build(example, ['--key', SEED]);
  const path = JSON.parse((await r).stdout).artifacts[0].path;
  const d = tmpDir();
  const p = join(d, 'pretty.ctxpkg');
  const text = readFileSync(path, 'utf8');
  // Indent the compact text ourselves (whitespace outside strings only), the way any pretty-printer must.
  let out = ''; let depth = 0; let inStr = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inStr) { out += c; if (c === '\\') { out += text[++i]; } else if (c === '"') inStr = false; continue; }
    if (c === '"') { inStr = true; out += c; } else if (c === '{' || c === '[') { depth++; out += `${c}\n${'  '.repeat(depth)}`; }
    else if (c === '}' || c === ']') { depth--; out += `\n${'  '.repeat(depth)}${c}`; } else if (c === ',') out += `,\n${'  '.repeat(depth)}`;
    else if (c === ':') out += ': '; else if (c !== '\n') out += c;
  }
  writeFileSync(p, `${out}\n`);
  const v = await runCli(['verify', '--json', p]);
  assert.equal(v.code, 0, v.stdout);
  assert.equal(JSON.parse(v.stdout).results[0].details.coverage, 'manifest');
  assert.ok(readFileSync(p, 'utf8').split('\n').length > 50);
});

test('byte-identical rebuilds across TZ, umask and file-creation order (real processes)', () => {
  const a = tmpDir(); const b = tmpDir();
  cpSync(example, a, { recursive: true });
  const files = readdirSync(example, { recursive: true }).map(String).filter((f) => f.endsWith('.md') || f.endsWith('.yaml')).sort().reverse();
  for (const f of files) writeTree(b, { [f]: readFileSync(join(example, f)) });
  const o1 = tmpDir(); const o2 = tmpDir();
  const r1 = spawnCli(['build', a, '--out', o1, '--key', SEED], { env: { ...process.env, TZ: 'Pacific/Kiritimati', SOURCE_DATE_EPOCH: EPOCH } });
  const r2 = spawnCli(['build', b, '--out', o2, '--key', SEED], { env: { ...process.env, TZ: 'America/Anchorage', SOURCE_DATE_EPOCH: EPOCH } });
  assert.equal(r1.code, 0, r1.stderr); assert.equal(r2.code, 0, r2.stderr);
  const name = 'acme-payments-service-1.3.0.ctxpkg';
  assert.ok(readFileSync(join(o1, name)).equals(readFileSync(join(o2, name))));
  execFileSync('sh', ['-c', `umask 077 && TZ=Asia/Kolkata SOURCE_DATE_EPOCH=${EPOCH} CTXFORGE_FROM_SOURCE=1 "${process.execPath}" "${builtCli()}" build "${a}" --out "${o2}/u" --key ${SEED}`]);
  assert.ok(readFileSync(join(o1, name)).equals(readFileSync(join(o2, 'u', name))));
});

test('project_hash comes from the source itself: a working-tree build and a `HEAD:<path>` build are the same bytes', async () => {
  const repo = initRepo(tmpDir());
  cpSync(example, join(repo, 'pkg'), { recursive: true });
  git(repo, ['add', '.']); git(repo, ['commit', '-qm', 'x']);
  const ow = tmpDir(); const og = tmpDir();
  const w = await runCli(['build', 'pkg', '--out', ow, '--source-date-epoch', EPOCH, '--json'], { cwd: repo });
  const g = await runCli(['build', 'HEAD:pkg', '--out', og, '--source-date-epoch', EPOCH, '--json'], { cwd: repo });
  assert.equal(w.code, 0, w.stderr); assert.equal(g.code, 0, g.stderr);
  const wb = readFileSync(JSON.parse(w.stdout).artifacts[0].path); const gb = readFileSync(JSON.parse(g.stdout).artifacts[0].path);
  assert.ok(wb.equals(gb), 'working tree and git give the same bytes');
  const m = JSON.parse(wb.toString('utf8')).manifest;
  assert.match(m.provenance.project_hash, /^[0-9a-f]{64}$/);
  // It follows the source: a changed node is a different project hash.
  writeFileSync(join(repo, 'pkg', 'ctxpkg.yaml'), readFileSync(join(repo, 'pkg', 'ctxpkg.yaml'), 'utf8').replace(/^description: .*$/m, 'description: changed'));
  const c = await runCli(['build', 'pkg', '--out', tmpDir(), '--source-date-epoch', EPOCH, '--json'], { cwd: repo });
  assert.equal(c.code, 0, c.stderr);
  assert.notEqual(JSON.parse(readFileSync(JSON.parse(c.stdout).artifacts[0].path, 'utf8')).manifest.provenance.project_hash, m.provenance.project_hash);
  // Default epoch still comes from the commit time.
  const d = await runCli(['build', 'HEAD:pkg', '--out', tmpDir(), '--json'], { cwd: repo, env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
  assert.equal(d.code, 0, d.stderr);
  assert.equal(JSON.parse(readFileSync(JSON.parse(d.stdout).artifacts[0].path, 'utf8')).manifest.created_at, '2026-01-01T00:00:00Z');
});

test('import → build round trip keeps every node and edge exactly (level 3 state included)', async () => {
  const vec = join(vectorsDir, 'ctxpkg', 'generated', 'valid-level3.ctxpkg');
  const dir = join(tmpDir(), 'src');
  const i = await runCli(['import', vec, dir, '--json']);
  assert.equal(i.code, 0, i.stderr);
  const out = tmpDir();
  const b = await runCli(['build', dir, '--out', out, '--source-date-epoch', EPOCH, '--json']);
  assert.equal(b.code, 0, b.stderr);
  const built = JSON.parse(readFileSync(JSON.parse(b.stdout).artifacts[0].path, 'utf8'));
  const orig = JSON.parse(readFileSync(vec, 'utf8'));
  const sortBy = (xs: Record<string, unknown>[], k: (x: Record<string, unknown>) => string) => [...xs].sort((p, q) => (k(p) < k(q) ? -1 : 1));
  assert.deepEqual(sortBy(built.content.context_graph.nodes, (n) => n.id as string), sortBy(orig.content.context_graph.nodes, (n) => n.id as string));
  const ek = (e: Record<string, unknown>) => `${e.from}|${e.to}|${e.type}`;
  assert.deepEqual(sortBy(built.content.context_graph.edges, ek), sortBy(orig.content.context_graph.edges, ek));
  const rawText = readFileSync(JSON.parse(b.stdout).artifacts[0].path, 'utf8');
  assert.match(rawText, /"activation":0\.0,/);
  assert.match(rawText, /"weight":1\.0/);
  assert.equal(built.manifest.name, orig.manifest.name);
  // Second round trip is a fixed point: same bytes.
  const dir2 = join(tmpDir(), 'src2');
  await runCli(['import', JSON.parse(b.stdout).artifacts[0].path, dir2]);
  const out2 = tmpDir();
  const b2 = await runCli(['build', dir2, '--out', out2, '--source-date-epoch', EPOCH, '--json']);
  assert.equal(readFileSync(JSON.parse(b2.stdout).artifacts[0].path, 'utf8'), rawText);
});

test('secrets fail the build with node file and line; --allow-secrets turns them into warnings', async () => {
  const src = tmpDir();
  cpSync(example, src, { recursive: true });
  writeFileSync(join(src, 'nodes', 'leak.md'), '---\nid: leak\ntype: fact\nactivation: 0.5\n---\n\nThe deploy key is\nAKIAIOSFODNN7EXAMPLE for now.\n');
  const out = tmpDir();
  const r = await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--json']);
  assert.equal(r.code, 1);
  const err = JSON.parse(r.stdout).error;
  assert.equal(err.code, 'CTXFORGE_SECRET_FOUND');
  assert.equal(err.file, 'nodes/leak.md');
  assert.equal(err.line, 8);
  assert.deepEqual(readdirSync(out), [], 'nothing written');
  const ok = await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--allow-secrets']);
  assert.equal(ok.code, 0);
  assert.match(ok.stderr, /warning CTXFORGE_SECRET_FOUND/);
});

test('source diagnostics name the Markdown file and frontmatter line; exit codes 0/1/2', async () => {
  const src = tmpDir();
  writeTree(src, {
    'ctxpkg.yaml': 'name: "@x/demo"\nversion: 1.0.0\ndescription: d\n',
    'nodes/a.md': '---\nid: a\ntype: fact\nactivation: 2.5\nedges:\n  - to: missing\n    type: supports\n---\nA\n',
    'nodes/b.md': '---\nid: b\ntype: fact\nbad: &anchor 1\n---\nB\n',
    'nodes/c.md': 'no frontmatter\n',
  });
  const r = await runCli(['validate', '--json', src]);
  assert.equal(r.code, 1);
  const d = JSON.parse(r.stdout).results[0].diagnostics as { code: string; file: string; line: number }[];
  const find = (c: string) => d.find((x) => x.code === c)!;
  assert.deepEqual([find('CTXPKG_NODE_RANGE').file, find('CTXPKG_NODE_RANGE').line], ['nodes/a.md', 4]);
  assert.deepEqual([find('CTXPKG_EDGE_DANGLING').file, find('CTXPKG_EDGE_DANGLING').line], ['nodes/a.md', 6]);
  assert.equal(find('CTXPKG_SOURCE_YAML').file, 'nodes/b.md');
  assert.equal(find('CTXPKG_SOURCE_YAML').line, 4);
  assert.equal(find('CTXPKG_SOURCE_FRONTMATTER_MISSING').file, 'nodes/c.md');
  const missing = await runCli(['validate', join(src, 'nope')]);
  assert.equal(missing.code, 2);
  const upper = tmpDir();
  writeTree(upper, { 'ctxpkg.yaml': 'name: "@X/demo"\nversion: "1.0"\ndescription: d\n' });
  const u = JSON.parse((await runCli(['validate', '--json', upper])).stdout).results[0].diagnostics.map((x: { code: string }) => x.code);
  assert.ok(u.includes('CTXPKG_NAME_INVALID') && u.includes('CTXPKG_VERSION_INVALID'));
});

test('init scaffolds a tree that validates and builds', async () => {
  const dir = join(tmpDir(), 'new');
  const i = await runCli(['init', 'ctxpkg', dir, '--json']);
  assert.equal(i.code, 0, i.stderr);
  assert.ok(existsSync(join(dir, 'ctxpkg.yaml')));
  assert.equal((await runCli(['validate', dir])).code, 0);
  assert.equal((await runCli(['build', dir, '--out', tmpDir(), '--source-date-epoch', EPOCH])).code, 0);
});

test('sign replaces the old signature, keeps content bytes, and writes both values', async () => {
  const vec = join(vectorsDir, 'ctxpkg', 'generated', 'valid-level2-signed.ctxpkg');
  const p = join(tmpDir(), 'x.ctxpkg');
  writeFileSync(p, readFileSync(vec));
  const before = verifyBytes(readFileSync(p), p);
  assert.equal(before.details!.coverage, 'identity_only');
  const s = await runCli(['sign', p, '--key', SEED, '--json']);
  assert.equal(s.code, 0, s.stderr);
  const after = verifyBytes(readFileSync(p), p);
  assert.equal(after.valid, true);
  assert.equal(after.details!.coverage, 'manifest');
  assert.equal(after.details!.content_hash, before.details!.content_hash);
  assert.notEqual(after.details!.public_key, before.details!.public_key);
  const tampered = readFileSync(p, 'utf8').replace('"optional":false', '"optional":true');
  assert.equal(verifyBytes(Buffer.from(tampered), 't').valid, false, 'manifest now covered');
  const bad = join(tmpDir(), 'bad.ctxpkg');
  writeFileSync(bad, readFileSync(join(vectorsDir, 'ctxpkg', 'generated', 'invalid-content-hash.ctxpkg')));
  const refused = await runCli(['sign', bad, '--key', SEED]);
  assert.equal(refused.code, 1);
});

test('the manifest syntax tree parsed alone equals the one inside the whole document (offsets in the text)', async () => {
  const { parseJsonTree, member } = await import('../../src/ctxpkg/json-tree.js');
  const { parseArtifactText } = await import('../../src/ctxpkg/artifact.js');
  const docs = [
    '{"manifest": {"name": "a", "n": 1.50, "list": [1, {"x": null}]}, "content": {"k": "v"}}',
    '{\n  "content" : {"k": [1,2,3]},\n  "manifest":\n\t{ "name" : "\\u00e9\\"q",\n "version": "1.0.0", "e": 1e3 }\n}\n',
  ];
  for (const text of docs) {
    const { doc } = parseArtifactText(Buffer.from(text), 'x.ctxpkg');
    assert.ok(doc, text);
    assert.deepEqual(doc.manifestNode(), member(parseJsonTree(text), 'manifest'));
    const m = doc.manifestNode();
    assert.ok(m.t === 'obj' && m.members.every((x) => text.slice(x.value.start, x.value.end) === text.slice(x.value.start, x.value.end).trim()));
    // Locations of manifest paths come from that tree alone and equal the whole document's.
    const { offsetOf, lineAt } = await import('../../src/ctxpkg/json-tree.js');
    const full = parseJsonTree(text);
    for (const path of [['manifest'], ['manifest', 'name'], ['manifest', 'missing'], ['manifest', 'list', 1, 'x'], ['manifest', 'list', 9], ['manifest', 'e'], ['content', 'k']]) {
      assert.equal(doc.locate(path).line, lineAt(text, offsetOf(full, path)), `${JSON.stringify(path)} in ${JSON.stringify(text)}`);
    }
  }
});

test('§8 compaction of a member (the parser\'s whitespace runs removed) equals a character-by-character compaction, on generated JSON texts', async () => {
  const { parseJsonWithRanges, withoutSpaces } = await import('../../src/core/strict-json.js');
  // The reference: the §8 rule applied one character at a time.
  const reference = (t: string) => {
    let out = '';
    for (let i = 0; i < t.length; i++) {
      const c = t[i]!;
      if (c === '"') {
        let j = i + 1;
        while (j < t.length && t[j] !== '"') j += t[j] === '\\' ? 2 : 1;
        out += t.slice(i, j + 1);
        i = j;
      } else if (!' \t\n\r'.includes(c)) out += c;
    }
    return out;
  };
  const { next } = seeded(11);
  const ws = () => [' ', '\n', '\t', '\r\n', '', ''][next() % 6]!;
  // Escaped quotes followed by whitespace, escaped backslashes before the closing quote.
  const strs = ['"a b"', '"\\\\"', '"\\""', '"x\\\\\\"y"', '" \\n\\t "', '"é 😀"', '""', '"\\\\\\\\"', '"a\\" b"', '"\\\\\\" c "'];
  const value = (d: number): string => {
    const k = next() % (d > 3 ? 3 : 6);
    if (k === 0) return strs[next() % strs.length]!;
    if (k === 1) return ['1.50', '-0', '2e10', 'true', 'null'][next() % 5]!;
    if (k === 2) return String(next() % 1000);
    if (k === 3) return `[${ws()}${Array.from({ length: next() % 4 }, () => value(d + 1)).join(`${ws()},${ws()}`)}${ws()}]`;
    // Keys are made unique per object (the strict parser refuses duplicates).
    return `{${ws()}${Array.from({ length: next() % 4 }, (_, j) => `${strs[next() % strs.length]!.slice(0, -1)}${j}"${ws()}:${ws()}${value(d + 1)}`).join(`,${ws()}`)}${ws()}}`;
  };
  let spaced = 0;
  for (let k = 0; k < 2000; k++) {
    const v = value(0);
    const t = `${ws()}{${ws()}"before"${ws()}:${ws()}${value(1)}${ws()},${ws()}"content"${ws()}:${ws()}${v}${ws()},"after":${ws()}${value(1)}${ws()}}${ws()}`;
    const parsed = parseJsonWithRanges(t);
    const m = parsed.members.find((x) => x.key === 'content')!;
    assert.equal(t.slice(m.valueStart, m.valueEnd), v);
    assert.equal(withoutSpaces(t, parsed.spaces, m.valueStart, m.valueEnd), reference(v), JSON.stringify(t));
    if (reference(v) !== v) spaced++;
  }
  assert.ok(spaced > 500, 'most generated members contain whitespace to remove');
  // Through the artifact reader: an all-ASCII file is sliced as bytes, any other compacted as text;
  // both give the reference's UTF-8 bytes.
  const { parseArtifactText } = await import('../../src/ctxpkg/artifact.js');
  const kinds = new Set<string>();
  for (let k = 0; k < 600; k++) {
    const v = value(1);
    const t = `{${ws()}"manifest"${ws()}:${ws()}{}${ws()},${ws()}"content"${ws()}:${ws()}${v}${ws()}}${ws()}`;
    const { doc, diags } = parseArtifactText(Buffer.from(t, 'utf8'), 'g.ctxpkg');
    assert.deepEqual(diags, []);
    const c = doc!.compactContent();
    kinds.add(`${typeof c}/${/[^\x00-\x7f]/.test(t) ? 'utf8' : 'ascii'}`);
    assert.deepEqual(Buffer.from(c), Buffer.from(reference(v), 'utf8'), JSON.stringify(t));
  }
  assert.deepEqual([...kinds].sort(), ['object/ascii', 'string/utf8'], 'both paths ran, each on its kind of text');
});

test('edge checks: every finding of a malformed edge is reported, and well-formed edges with any optional field pass', async () => {
  const { checkContent } = await import('../../src/ctxpkg/check.js');
  const where: string[] = [];
  const ctx = { mode: 'artifact' as const, locate: (p: (string | number)[]) => { where.push(p.join('.')); return { file: 'f.ctxpkg' }; } };
  const nodes = [{ id: 'a', type: 'fact', content: 'x' }, { id: 'b', type: 'fact', content: 'y' }];
  const good = [
    { from: 'a', to: 'b', type: 'related_to' },
    { from: 'a', to: 'b', type: 'related_to', weight: 0.5, coactivations: 3n, metadata: '{}' },
    { from: 'b', to: 'a', type: 'x', weight: 2n },
  ];
  assert.deepEqual(checkContent({ context_graph: { format: 'ctxpkg-graph-v2', nodes, edges: good } }, ctx).map((d) => d.code), []);
  const bad: [Record<string, unknown>, string, string][] = [
    [{ from: 'a', to: 'zz', type: 't' }, 'CTXPKG_EDGE_DANGLING', '"to" names "zz"'],
    [{ from: 'zz', to: 'a', type: 't' }, 'CTXPKG_EDGE_DANGLING', '"from" names "zz"'],
    [{ from: 'a', to: 'b' }, 'CTXPKG_EDGE_INVALID', '"type" is required'],
    [{ from: 1, to: 'b', type: 't' }, 'CTXPKG_EDGE_INVALID', '"from" is required'],
    [{ from: 'a', to: 'b', type: 't', weight: 'heavy' }, 'CTXPKG_NODE_RANGE', 'weight must be a finite number'],
    [{ from: 'a', to: 'b', type: 't', weight: 10n ** 400n }, 'CTXPKG_NODE_RANGE', 'weight must be a finite number'],
    [{ from: 'a', to: 'b', type: 't', coactivations: -1n }, 'CTXPKG_NODE_RANGE', 'coactivations must be a non-negative integer'],
    [{ from: 'a', to: 'b', type: 't', coactivations: 1.5 }, 'CTXPKG_NODE_RANGE', 'coactivations must be a non-negative integer'],
    [{ from: 'a', to: 'b', type: 't', metadata: {} }, 'CTXPKG_EDGE_INVALID', 'metadata must be a string'],
  ];
  for (const [edge, code, text] of bad) {
    where.length = 0;
    const diags = checkContent({ context_graph: { format: 'ctxpkg-graph-v2', nodes, edges: [...good, edge] } }, ctx);
    assert.deepEqual(diags.map((d) => d.code), [code], JSON.stringify(edge, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)));
    assert.ok(diags[0]!.message.includes(text) && diags[0]!.message.startsWith('edge 3 '), diags[0]!.message);
    assert.ok(where.every((w) => w.startsWith('content.context_graph.edges.3')), where.join(' '));
  }
});
