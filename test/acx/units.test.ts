// Unit checks of the cartridge building blocks: header words, sqlar blob forms, names, base64, DDL, robustness.
import { seeded } from '../helpers/random.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { packUserVersion, unpackUserVersion, userVersionFor } from '../../src/acx/header.js';
import { decodeBlob, encodeBlob, sqlarNameProblem, BlobError } from '../../src/acx/sqlar.js';
import { decodeBase64Strict, pae } from '../../src/acx/dsse.js';
import { ddlMatches, normalizeSql } from '../../src/acx/ddl.js';
import { manifestHash } from '../../src/acx/manifest.js';
import { capabilityId } from '../../src/acx/capabilities.js';
import { acx } from '../../src/acx/module.js';
import { buildExample } from './helpers.js';

test('user_version packs [major][minor][vec0][flags] big-endian', () => {
  assert.equal(userVersionFor(false), 16777472);
  assert.equal(userVersionFor(true), 16777473);
  assert.deepEqual(unpackUserVersion(16777473), { major: 1, minor: 0, vec0: 1, flags: 1 });
  assert.equal(packUserVersion({ major: 2, minor: 3, vec0: 4, flags: 5 }), 0x02030405);
});

test('sqlar blobs: stored, zlib and raw Deflate all decode; sz must match; inflation is capped', () => {
  const raw = Buffer.from('hello hello hello hello hello hello hello hello\n'.repeat(20));
  assert.deepEqual(decodeBlob(raw.length, raw, 1e6), { raw, form: 'stored' });
  assert.equal(decodeBlob(raw.length, deflateSync(raw), 1e6).form, 'zlib');
  assert.equal(decodeBlob(raw.length, deflateRawSync(raw), 1e6).form, 'deflate');
  assert.deepEqual(decodeBlob(raw.length, deflateRawSync(raw), 1e6).raw, raw);
  assert.throws(() => decodeBlob(raw.length + 1, deflateSync(raw), 1e6), BlobError);
  assert.throws(() => decodeBlob(raw.length, deflateSync(raw), 100), /inflation limit/);
  assert.throws(() => decodeBlob(50, Buffer.from('garbage!'), 1e6), BlobError);
  const enc = encodeBlob(raw, true);
  assert.ok(enc.data.length < raw.length);
  assert.equal(enc.data[0], 0x78);
  assert.deepEqual(encodeBlob(raw, false).data, raw);
});

test('sqlar names: zone prefix, segment grammar, traversal and device names', () => {
  assert.equal(sqlarNameProblem('rom/skills/a/SKILL.md'), null);
  assert.equal(sqlarNameProblem('save/notes/x.md'), null);
  for (const bad of ['save/../escape.md', '/rom/x', 'rom', 'other/x', 'rom//x', 'rom/./x', 'rom\\x', 'rom/CON.txt', 'rom/x.', 'rom/.hidden', 'rom/é.md', 'rom/a b']) {
    assert.notEqual(sqlarNameProblem(bad), null, bad);
  }
});

test('base64: standard and URL-safe accepted, padding optional, garbage and mixed alphabets refused', () => {
  const b = Buffer.from([0xfb, 0xff, 0xfe, 0x01]);
  assert.deepEqual(decodeBase64Strict(b.toString('base64')), b);
  assert.deepEqual(decodeBase64Strict(b.toString('base64url')), b);
  assert.deepEqual(decodeBase64Strict(b.toString('base64').replace(/=+$/, '')), b);
  assert.equal(decodeBase64Strict('+/_-'), null);
  assert.equal(decodeBase64Strict('ab$c'), null);
  assert.equal(decodeBase64Strict('abcde'), null);
});

test('PAE is the DSSE v1 encoding with byte lengths', () => {
  assert.equal(pae('application/vnd.in-toto+json', Buffer.from('{}')).toString(), 'DSSEv1 28 application/vnd.in-toto+json 2 {}');
});

test('DDL comparison ignores comments and whitespace only', () => {
  assert.ok(ddlMatches('cartridge', 'CREATE TABLE cartridge (\n key TEXT PRIMARY KEY NOT NULL, -- k\n value TEXT NOT NULL\n) WITHOUT ROWID'));
  assert.ok(!ddlMatches('cartridge', 'CREATE TABLE cartridge (key TEXT PRIMARY KEY NOT NULL, value TEXT) WITHOUT ROWID'));
  assert.equal(normalizeSql("CHECK (zone IN ('rom','save'))"), "check(zone in('rom','save'))");
});

test('manifest hash is JCS over entries in the given order (reference value of the upstream algorithm)', () => {
  const h = manifestHash([{ sourceRef: 'a', oid: 'sha256:00', canon: 'raw', sz: 1 }]);
  assert.equal(h, 'sha256:' + require_sha('[{"canon":"raw","oid":"sha256:00","sourceRef":"a","sz":1}]'));
});

test('capability ids follow sha256(taskType|sorted stack|domain)', () => {
  assert.equal(capabilityId('build-dag', ['pkg:pypi/dbt-core', 'pkg:generic/snowflake', 'pkg:pypi/apache-airflow'], 'infrastructure'), 'cap-7073ad41df0a3e62');
});

test('random page damage never throws: every result is a ValidationResult', async () => {
  const good = readFileSync(await buildExample());
  const rnd = seeded(12345).below;
  for (let i = 0; i < 60; i++) {
    const b = Buffer.from(good);
    const at = 100 + rnd(b.length - 100);
    for (let j = 0; j < 1 + rnd(64); j++) b[(at + j) % b.length] = rnd(256);
    const r = await acx.verifyArtifact!({ label: `damaged-${i}`, bytes: b }, {});
    assert.equal(r.format, 'acx');
    assert.equal(typeof r.valid, 'boolean');
    if (!r.valid) assert.ok(r.diagnostics.some((d) => d.severity === 'error'), `damaged-${i} invalid with an error`);
  }
});

import { createHash } from 'node:crypto';
function require_sha(s: string): string { return createHash('sha256').update(s).digest('hex'); }
