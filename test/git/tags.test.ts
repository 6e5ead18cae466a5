// Release tags: patterns, SemVer order and the previous release, prereleases included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { expandTagPattern, previousReleaseTag, releaseTags, tagName, tagVersion, type GitTag } from '../../src/git/index.js';

const t = (name: string, commit = name): GitTag => ({ name, commit, annotated: false });
const TAGS = ['v1.0.0', 'v1.10.0', 'v1.2.0', 'v1.3.0-rc.1', 'v1.3.0-rc.2', 'v2.0.0-beta.1', 'v0.9.0', 'vnext', 'v1.2', 'guide@v3.0.0', 'other'].map((n) => t(n));

test('tag patterns: one * for the version, SemVer only, prefixes respected', () => {
  assert.equal(tagVersion('v1.2.3', 'v*'), '1.2.3');
  assert.equal(tagVersion('v1.2', 'v*'), undefined);
  assert.equal(tagVersion('guide@v1.0.0', 'guide@v*'), '1.0.0');
  assert.equal(tagVersion('guide-extra@v1.0.0', 'guide@v*'), undefined);
  assert.equal(tagVersion('guide@v1.0.0', 'v*'), undefined);
  assert.equal(tagVersion('1.0.0-rc.1+build.5', '*'), '1.0.0-rc.1+build.5');
  assert.equal(tagName('1.4.0', 'guide@v*'), 'guide@v1.4.0');
  assert.equal(expandTagPattern('{name}@v*', 'notes'), 'notes@v*');
  assert.throws(() => expandTagPattern('v**'), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_GIT_TAG_PATTERN');
  assert.throws(() => expandTagPattern('release'), DiagnosticError);
});

test('release tags sort by SemVer, not by name', () => {
  assert.deepEqual(releaseTags(TAGS, 'v*').map((x) => x.name), ['v2.0.0-beta.1', 'v1.10.0', 'v1.3.0-rc.2', 'v1.3.0-rc.1', 'v1.2.0', 'v1.0.0', 'v0.9.0']);
});

test('previous release: highest stable at or below the version; prereleases only for prereleases', () => {
  const prev = (version?: string, extra: object = {}) => previousReleaseTag(TAGS, { pattern: 'v*', version, ...extra })?.name;
  assert.equal(prev('1.3.0'), 'v1.2.0');
  assert.equal(prev('1.3.0-rc.3'), 'v1.3.0-rc.2');
  assert.equal(prev('1.3.0-rc.1'), 'v1.3.0-rc.1'); // same version tagged elsewhere: compared with it
  assert.equal(prev('1.3.0-rc.1', { excludeCommit: 'v1.3.0-rc.1' }), 'v1.2.0');
  assert.equal(prev('1.10.0', { excludeCommit: 'v1.10.0' }), 'v1.2.0');
  assert.equal(prev('2.0.0'), 'v1.10.0');
  assert.equal(prev('1.3.0', { includePrereleases: true }), 'v1.3.0-rc.2');
  assert.equal(prev('0.1.0'), undefined);
  assert.equal(prev(), 'v1.10.0');
  assert.equal(previousReleaseTag(TAGS, { pattern: 'guide@v*', version: '3.1.0' })?.name, 'guide@v3.0.0');
  assert.equal(previousReleaseTag([t('v1.0.0-rc.1')], { pattern: 'v*' })?.name, 'v1.0.0-rc.1');
});
