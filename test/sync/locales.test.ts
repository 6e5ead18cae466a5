// Locales: sync takes the chosen locales' pages (`--locales`, ctxforge.yaml `site.locales`), else the
// default locale the site's configuration declares as data (Hugo's hugo.toml/yaml/json, MkDocs'
// i18n plugin), else all; the pages of the others are named with the reason. A link to a page a
// locale lacks resolves to the default locale's where the generator falls back (Starlight; not
// Hugo). ctxforge.yaml's `site:` is validated, unknown keys named; its generator and base_url apply
// where flags say nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { hugoBaseUrl, hugoContentDir, hugoLocales, mkdocsLocales } from '../../src/links/site-locales.js';
import { tomlScalars } from '../../src/core/toml-keys.js';
import { parseRepoConfig } from '../../src/repo/config.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { observeSteps } from '../helpers/steps.js';
import { SiteIndex } from '../../src/links/site.js';
import { detectSite, siteFor } from '../../src/links/generators.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { DiskTree } from '../../src/core/tree.js';

const page = (t: string, body = '') => `---\ntitle: ${t}\n---\n\n${body || `A page about ${t}.`}\n`;
interface Out { added: { upstream: string }[]; skipped: { path: string; reason: string }[]; site: { generator: string; locales?: { locales: string[]; from: string } }; diagnostics: { code: string; message: string }[] }

function hugoSite(root: string, config: Record<string, string>): void {
  writeTree(root, {
    ...config,
    'content/_index.md': page('Home', 'See [the guide](/guide/) and [en français](/fr/guide/).'),
    'content/guide.md': page('Guide'),
    'content/guide.fr.md': page('Guide (fr)'),
    'content/about.de.md': page('Über'),
    'content/about.md': page('About'),
    'content/release.v2.md': page('Release v2'),
  });
}

test('Hugo: the default locale hugo.toml declares is synced, page.fr.md named as another locale; --locales takes more', async () => {
  const root = tmpDir('sync-locales-hugo-');
  hugoSite(root, { 'hugo.toml': 'baseURL = "https://x.example/"\ndefaultContentLanguage = "en"\n[languages]\n  [languages.en]\n    weight = 1\n  [languages.fr]\n    weight = 2\n  [languages.de]\n    languageName = "Deutsch"\n' });
  let r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  let j = JSON.parse(r.stdout) as Out;
  assert.deepEqual(j.added.map((a) => a.upstream).sort(), ['_index.md', 'about.md', 'guide.md', 'release.v2.md']);
  const why = Object.fromEntries(j.skipped.map((s) => [s.path, s.reason]));
  assert.match(why['guide.fr.md']!, /^locale fr \(sync takes en: the default locale \.\.\/hugo\.toml declares/);
  assert.match(why['about.de.md']!, /^locale de /);
  assert.deepEqual(j.site.locales?.locales, ['en']);
  // The report names the locale left out, with its files.
  assert.ok(j.diagnostics.some((d) => d.code === 'SYNC_SKIPPED' && /locale fr .*guide\.fr\.md/.test(d.message)));
  // The link to /fr/guide/ is to a page upstream serves (not synced): not a broken link.
  assert.ok(!j.diagnostics.some((d) => d.code === 'LINK_BROKEN'), JSON.stringify(j.diagnostics.filter((d) => d.code.startsWith('LINK'))));

  r = await runCli(['sync', 'content', 'pkg2', '--locales', 'en,fr', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  j = JSON.parse(r.stdout) as Out;
  assert.ok(j.added.some((a) => a.upstream === 'guide.fr.md'));
  assert.ok(!j.added.some((a) => a.upstream === 'about.de.md'));
  assert.equal(j.site.locales?.from, '--locales');
  // A locale the configuration does not declare is a usage error naming the declared ones; nothing is written.
  r = await runCli(['sync', 'content', 'pkg3', '--locales', 'it'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /CTXFORGE_USAGE.*it, which \.\.\/hugo\.toml does not declare \(it declares en, fr, de\)/);
  r = await runCli(['sync', 'content', 'pkg3', '--locales', '../x'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /not a locale/);
});

test('Hugo: languages with a contentDir each are folders of the docs folder; YAML and JSON configs are read alike', async () => {
  for (const [name, text] of [
    ['hugo.yaml', 'defaultContentLanguage: fr\nlanguages:\n  fr:\n    contentDir: content/fr\n  en:\n    contentDir: content/en\n'],
    ['hugo.json', '{"defaultContentLanguage": "fr", "languages": {"fr": {"contentDir": "content/fr"}, "en": {"contentDir": "content/en"}}}'],
    ['hugo.toml', 'defaultContentLanguage = "fr"\nlanguages.fr.contentDir = "content/fr"\n[languages.en]\ncontentDir = "content/en" # English\n'],
  ] as const) {
    const root = tmpDir('sync-locales-dirs-');
    writeTree(root, { [name]: text, 'content/fr/_index.md': page('Accueil', 'Lisez [le guide](/guide/#x), revenez [ici](/).'), 'content/fr/guide.md': page('Guide', '## X\n\n[Accueil](/).'), 'content/en/_index.md': page('Home'), 'content/en/guide.md': page('Guide (en)') });
    const r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
    assert.equal(r.code, 0, `${name}: ${r.stderr}`);
    const j = JSON.parse(r.stdout) as Out;
    assert.deepEqual(j.added.map((a) => a.upstream).sort(), ['fr/_index.md', 'fr/guide.md'], name);
    assert.match(j.skipped.find((s) => s.path === 'en/guide.md')!.reason, /^locale en \(sync takes fr/, name);
    // The default language's folder is the site's `/`, and so the synced tree's: its record says so,
    // and its own check resolves `/guide/` there as hugo serves it (before: LINK_BROKEN at knowledge/guide/).
    assert.match(readFileSync(join(root, 'pkg', '.ctxforge-sync.json'), 'utf8'), /"root": "fr\/"/, name);
    assert.match(readFileSync(join(root, 'pkg', 'knowledge', 'fr', 'index-page.md'), 'utf8'), /\[le guide\]\(\/guide\/#x\), revenez \[ici\]\(\/index-page\)/, name);
    const v = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: root });
    assert.equal(v.code, 0, `${name}: ${v.stdout}${v.stderr}`);
  }
});

test('Starlight: astro.config.mjs is code, so no default is known and every locale is synced; --locales takes the root locale and the ones named', async () => {
  const root = tmpDir('sync-locales-starlight-');
  // Markers are searched up to the repository root: astro.config.mjs sits three levels above the docs.
  execFileSync('git', ['init', '-q', root]);
  writeTree(root, {
    'astro.config.mjs': "export default { integrations: [starlight({ defaultLocale: 'root', locales: { root: { lang: 'en' }, fr: {}, de: {} } })] };\n",
    'src/content/docs/index.md': page('Home', 'See [guides](/guides/intro/).'),
    'src/content/docs/guides/intro.md': page('Intro'),
    'src/content/docs/api/ref.md': page('API'),
    'src/content/docs/fr/index.md': page('Accueil', 'Voir [le guide](/fr/guides/intro/) (pas traduit) et [rien](/fr/guides/nowhere/).'),
    'src/content/docs/de/index.md': page('Start'),
  });
  let r = await runCli(['sync', 'src/content/docs', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  let j = JSON.parse(r.stdout) as Out;
  assert.equal(j.added.length, 5);
  assert.equal(j.site.locales, undefined);
  assert.ok(j.diagnostics.some((d) => d.code === 'SYNC_NAV_NOT_READ'));
  // The fallback: /fr/guides/intro/ is served from the default locale's page; /fr/guides/nowhere/ is broken.
  const broken = j.diagnostics.filter((d) => d.code === 'LINK_BROKEN');
  assert.equal(broken.length, 1, JSON.stringify(broken));
  assert.match(broken[0]!.message, /\/fr\/guides\/nowhere\//);
  r = await runCli(['sync', 'src/content/docs', 'pkg2', '--locales', 'fr', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  j = JSON.parse(r.stdout) as Out;
  assert.deepEqual(j.added.map((a) => a.upstream).sort(), ['api/ref.md', 'fr/index.md', 'guides/intro.md', 'index.md']);
  // `api/` is a language-tag-shaped name but mirrors nothing: not a locale, so taken.
  assert.match(j.skipped.find((s) => s.path === 'de/index.md')!.reason, /^locale de \(sync takes fr: --locales\)/);
});

test('the locale fallback: a link into a locale resolves to the default locale\'s page only where the locale lacks it', () => {
  const docs = ['index.md', 'guides/a.md', 'fr/index.md', 'fr/guides/b.md'];
  const s = new SiteIndex(docs, docs, siteFor('starlight', ''));
  const at = (t: string) => s.resolve({ kind: 'inline', target: t }, 'fr/index.md');
  assert.deepEqual([at('/fr/guides/a/').status, (at('/fr/guides/a/') as { path: string }).path], ['ok', 'guides/a.md']);
  assert.equal((at('/fr/guides/b/') as { path: string }).path, 'fr/guides/b.md');
  assert.equal(at('/fr/guides/c/').status, 'broken');
  // `de` is no locale of this site: no fallback through it.
  assert.equal(at('/de/guides/a/').status, 'broken');
});

test('Hugo has no locale fallback: hugo 0.111 writes nothing under /fr/ for a page French lacks, so a link there is broken', () => {
  // Locale folders as Starlight's are mirrored (fr/guides/ beside guides/), and as Hugo's contentDir declares them.
  const docs = ['_index.md', 'guides/a.md', 'fr/_index.md', 'fr/guides/b.md'];
  const s = new SiteIndex(docs, docs, siteFor('hugo', ''));
  const at = (t: string) => s.resolve({ kind: 'inline', target: t }, 'fr/_index.md');
  assert.equal((at('/fr/guides/b/') as { path: string }).path, 'fr/guides/b.md');
  assert.equal(at('/fr/guides/a/').status, 'broken');
  const site = siteFor('hugo', '');
  site.routes = { ...site.routes!, localeDirs: [{ folder: 'en/', url: '' }, { folder: 'fr/', url: 'fr/' }] };
  const byDir = ['en/_index.md', 'en/guides/a.md', 'fr/_index.md', 'fr/guides/b.md'];
  const d = new SiteIndex(byDir, byDir, site);
  const from = (t: string) => d.resolve({ kind: 'inline', target: t }, 'fr/_index.md');
  assert.equal((from('/guides/a/') as { path: string }).path, 'en/guides/a.md');
  assert.equal((from('/fr/guides/b/') as { path: string }).path, 'fr/guides/b.md');
  assert.equal(from('/fr/guides/a/').status, 'broken');
});

test('MkDocs i18n: the plugin\'s default language is synced; folder and suffix structures', async () => {
  const root = tmpDir('sync-locales-mkdocs-');
  writeTree(root, {
    'mkdocs.yml': 'site_name: X\nplugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n          name: English\n        - locale: fr\n          name: Français\n',
    'docs/index.md': '# Home\n', 'docs/index.fr.md': '# Accueil\n', 'docs/setup.md': '# Setup\n',
  });
  const r = await runCli(['sync', 'docs', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as Out;
  assert.deepEqual(j.added.map((a) => a.upstream).sort(), ['index.md', 'setup.md']);
  assert.match(j.skipped.find((s) => s.path === 'index.fr.md')!.reason, /^locale fr \(sync takes en: the default locale \.\.\/mkdocs\.yml declares/);
  const folder = mkdocsLocales([{ i18n: { docs_structure: 'folder', languages: [{ locale: 'de', default: true }, { locale: 'en' }] } }], 'mkdocs.yml');
  assert.deepEqual([folder?.default, folder?.locales, folder?.folder, folder?.suffix], ['de', ['de', 'en'], true, false]);
  const v0 = mkdocsLocales([{ i18n: { default_language: 'en', languages: { fr: { name: 'Français' }, 'not a tag!': {} } } }], 'mkdocs.yml');
  assert.deepEqual([v0?.default, v0?.locales], ['en', ['en', 'fr']]);
  assert.equal(mkdocsLocales(['search'], 'mkdocs.yml'), undefined);
});

test('ctxforge.yaml site: generator, locales and base_url apply where the flags say nothing; a typo is refused with its key named', async () => {
  const root = tmpDir('sync-locales-config-');
  execFileSync('git', ['init', '-q', root]);
  hugoSite(root, { 'hugo.toml': 'defaultContentLanguage = "en"\n[languages.en]\n[languages.fr]\n[languages.de]\n' });
  writeTree(root, { 'ctxforge.yaml': 'site:\n  locales: [en, de]\n  base_url: https://docs.example.com/\n' });
  let r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  let j = JSON.parse(r.stdout) as Out;
  assert.ok(j.added.some((a) => a.upstream === 'about.de.md'));
  assert.ok(!j.added.some((a) => a.upstream === 'guide.fr.md'));
  assert.match(j.skipped.find((s) => s.path === 'guide.fr.md')!.reason, /sync takes en, de: ctxforge\.yaml site\.locales/);
  // --locales wins over the file.
  r = await runCli(['sync', 'content', 'pkg2', '--locales', 'fr', '--json'], { cwd: root });
  j = JSON.parse(r.stdout) as Out;
  assert.ok(j.added.some((a) => a.upstream === 'guide.fr.md') && !j.added.some((a) => a.upstream === 'about.de.md'));
  // base_url feeds export llms-txt; --base-url wins.
  let e = await runCli(['export', 'llms-txt', 'pkg'], { cwd: root });
  assert.equal(e.code, 0, e.stderr);
  assert.match(e.stdout, /\(https:\/\/docs\.example\.com\/guide\/\)/);
  e = await runCli(['export', 'llms-txt', 'pkg', '--base-url', 'https://other.example/'], { cwd: root });
  assert.match(e.stdout, /\(https:\/\/other\.example\/guide\/\)/);
  // The generator: a folder without markers read as Hugo.
  writeTree(root, { 'plain/_index.md': page('Home', 'See [the guide](/guide/).'), 'plain/guide.md': page('Guide'), 'ctxforge.yaml': 'site:\n  generator: hugo\n' });
  r = await runCli(['sync', 'plain', 'pkg3', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as Out).site.generator, 'hugo');
  // Unknown keys, a bad locale and a base URL that is no http(s) address are refused, each named, exit 2.
  writeTree(root, { 'ctxforge.yaml': 'site:\n  generatr: hugo\n  locales: ["en", "../fr"]\n  base_url: "javascript:alert(1)"\n' });
  r = await runCli(['sync', 'content', 'pkg4'], { cwd: root });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /CTXFORGE_REPO_CONFIG_INVALID/);
  assert.match(r.stderr, /generatr/);
  assert.match(r.stderr, /base_url/);
  assert.match(r.stderr, /locales/);
  assert.throws(() => parseRepoConfig('site:\n  generator: wordpress\n'), (err: unknown) => err instanceof DiagnosticError && /wordpress|generator/.test(err.message));
  assert.deepEqual(parseRepoConfig('site:\n  generator: jekyll\n  locales: [en]\n').site, { generator: 'jekyll', locales: ['en'] });
});

test('hugo.toml read as data: tables, dotted and quoted keys, comments; what arrays and multi-line strings hold is never a key', () => {
  const t = tomlScalars([
    'title = "x" # a comment', 'defaultContentLanguage = \'en\'', 'menus = [', '  { name = "fake", defaultContentLanguage = "zz" },', ']',
    'about = """', 'defaultContentLanguage = "yy"', '"""', '[[menus.main]]', 'name = "inside an array table"',
    '[languages."pt-br"]', 'contentDir = "content/pt"', 'weight = 2', 'draft = false',
  ].join('\n'));
  assert.equal(t.values.get('defaultContentLanguage'), 'en');
  assert.equal(t.values.get('languages.pt-br.contentDir'), 'content/pt');
  assert.equal(t.values.get('languages.pt-br.weight'), 2);
  assert.equal(t.values.get('languages.pt-br.draft'), false);
  assert.ok(!t.values.has('name') && !t.values.has('menus.main.name'));
  assert.ok(t.tables.has('languages.pt-br'));
  // An array table's elements apart, each its own scalars; a sub-table of one and the next [table] end what it holds.
  const a = tomlScalars([
    '[[module.mounts]]', 'source = "assets"', 'target = "assets"', '[[module.mounts]]', "source = 'content/en'", 'target = "content"', 'excludeFiles = ["x"]',
    '[module.mounts.sites.matrix]', 'languages = "en"', '[[ module.mounts ]] # spaced', 'source = "static"', '[params]', 'source = "not a mount"',
  ].join('\n'));
  assert.deepEqual([...a.arrays].map(([k, l]) => [k, l.map((e) => Object.fromEntries(e))]), [['module.mounts', [{ source: 'assets', target: 'assets' }, { source: 'content/en', target: 'content' }, { source: 'static' }]]]);
  assert.equal(a.values.get('params.source'), 'not a mount');
  const root = tmpDir('hugo-locales-');
  writeTree(root, { 'hugo.toml': 'defaultContentLanguage = "de"\n[languages.de]\ncontentDir = "../../outside"\n[languages.en]\n', 'content/x.md': '' });
  const l = hugoLocales(join(root, 'hugo.toml'), join(root, 'content'));
  // A contentDir outside the docs folder is no folder of it.
  assert.deepEqual([l?.default, l?.locales, [...l!.folders]], ['de', ['de', 'en'], []]);
  // config/_default/languages.toml: the languages are its top-level tables.
  writeTree(root, { 'config/_default/hugo.toml': 'defaultContentLanguage = "en"\n', 'config/_default/languages.toml': '[en]\nweight = 1\n[ja]\ncontentDir = "content/ja"\n' });
  const c = hugoLocales(join(root, 'config/_default/hugo.toml'), join(root, 'content'));
  assert.deepEqual([c?.default, c?.locales, [...c!.folders]], ['en', ['en', 'ja'], [['ja', 'ja/']]]);
  // Configuration is read only from a regular file: never through a symbolic link.
  const link = tmpDir('hugo-locales-link-');
  writeTree(link, { 'real.toml': 'defaultContentLanguage = "fr"\n[languages.fr]\n' });
  symlinkSync(join(link, 'real.toml'), join(link, 'hugo.toml'));
  assert.equal(hugoLocales(join(link, 'hugo.toml'), join(link, 'content')), undefined);
});

test('Hugo\'s content folder: the one mount with target content (TOML, YAML, config/_default/module.*), else contentDir; several mounts or a folder outside the site name none', () => {
  const root = tmpDir('hugo-content-dir-');
  const at = (files: Record<string, string>, marker = 'hugo.toml') => { const d = tmpDir('hugo-content-dir-'); writeTree(d, files); return hugoContentDir(join(d, marker)); };
  assert.equal(at({ 'hugo.toml': '[module]\n  [[module.mounts]]\n    source = "assets"\n    target = "assets"\n  [[module.mounts]]\n    source = "content/en/"\n    target = "content"\n' }), 'content/en');
  assert.equal(at({ 'hugo.yaml': 'module:\n  mounts:\n    - source: ./docs\n      target: content\n' }, 'hugo.yaml'), 'docs');
  assert.equal(at({ 'hugo.json': '{"contentDir": "pages"}' }, 'hugo.json'), 'pages');
  assert.equal(at({ 'config/_default/hugo.toml': 'title = "x"\n', 'config/_default/module.toml': '[[mounts]]\nsource = "content/en"\ntarget = "content"\n' }, 'config/_default/hugo.toml'), 'content/en');
  // A mount wins over contentDir (Hugo adds no default mount once a component has one).
  assert.equal(at({ 'hugo.toml': 'contentDir = "old"\n[[module.mounts]]\nsource = "new"\ntarget = "content"\n' }), 'new');
  // One folder a language: the default language's (served at /, what sync takes), by `lang` or by a sites matrix.
  assert.equal(at({ 'hugo.toml': 'defaultContentLanguage = "fr"\n[[module.mounts]]\nsource = "content/en"\ntarget = "content"\nlang = "en"\n[[module.mounts]]\nsource = "content/fr"\ntarget = "content"\nlang = "fr"\n' }), 'content/fr');
  // Docsy's site: config/_default/hugo.yaml with anchors, French over English and English for both.
  assert.equal(at({ 'config/_default/hugo.yaml': 'title: x\nparams:\n  v: &v 0.1\n  again: *v\nmodule:\n  mounts:\n    - source: content/fr\n      target: content\n      sites: { matrix: { languages: [fr] } }\n    - source: content/en\n      target: content\n      sites: &s { matrix: { languages: [en, fr] } }\n    - source: ../AGENTS.md\n      target: content/project/AGENTS.md\n      sites: *s\n' }, 'config/_default/hugo.yaml'), 'content/en');
  // Two mounts for the default language (no language named: both serve every one): none chosen.
  assert.equal(at({ 'hugo.toml': '[[module.mounts]]\nsource = "a"\ntarget = "content"\n[[module.mounts]]\nsource = "b"\ntarget = "content"\n' }), undefined);
  for (const bad of ['../outside', '/abs', 'a/../../b', '']) assert.equal(at({ 'hugo.toml': `[[module.mounts]]\nsource = "${bad}"\ntarget = "content"\n` }), undefined, bad);
  assert.equal(at({ 'hugo.toml': 'title = "plain"\n' }), undefined);
  // The site is read from that folder: a link to /about/ is content/en/about.md.
  writeTree(root, { 'hugo.toml': '[[module.mounts]]\nsource = "content/en"\ntarget = "content"\n', 'content/en/_index.md': '# Home\n\n[About](/about/)\n', 'content/en/about.md': '# About\n' });
  return detectSite(root).then(async (site) => {
    assert.equal(site.root, 'content/en/');
    // Found through config/_default/hugo.yaml (any of Hugo's formats), and a root config.yaml only when it sets a key only Hugo reads.
    const docsy = tmpDir('hugo-config-dir-');
    writeTree(docsy, { 'config/_default/hugo.yaml': 'module:\n  mounts:\n    - source: content/en\n      target: content\n', 'content/en/_index.md': '# Home\n' });
    assert.deepEqual([(await detectSite(docsy)).generator, (await detectSite(docsy)).root], ['hugo', 'content/en/']);
    const legacy = tmpDir('hugo-config-yaml-');
    writeTree(legacy, { 'config.yaml': 'baseURL: https://example.org/\n', 'content/a.md': '# A\n' });
    assert.equal((await detectSite(legacy)).generator, 'hugo');
    const other = tmpDir('not-hugo-config-yaml-');
    writeTree(other, { 'config.yaml': 'name: a service\nport: 8080\n', 'content/a.md': '# A\n' });
    assert.notEqual((await detectSite(other)).generator, 'hugo');
  });
});

test('the TOML reader is linear on hostile input: steps, never time (test/helpers/steps.ts)', () => {
  const families: Record<string, (n: number) => string> = {
    'a run of [': (n) => '['.repeat(n),
    'a string of backslashes': (n) => `a = "${'\\'.repeat(n)}`,
    'a dotted key': (n) => `${'a.'.repeat(n / 2)}b = 1`,
    'an array never closed': (n) => `x = ${'['.repeat(n)}`,
    'quotes': (n) => `"${'"'.repeat(n)}`,
    'a number and blanks': (n) => `y = 1${' '.repeat(n)}x`,
    'a multi-line string never closed': (n) => `z = """\n${'a = 1\n'.repeat(n / 6)}`,
    'many tables': (n) => '[languages.x]\ncontentDir = "c"\n'.repeat(n / 32),
    'many array tables': (n) => '[[module.mounts]]\nsource = "c"\n'.repeat(n / 32),
  };
  for (const [name, make] of Object.entries(families)) {
    const half = observeSteps(() => tomlScalars(make(1 << 19))).steps;
    const full = observeSteps(() => tomlScalars(make(1 << 20))).steps;
    assert.ok(full <= 2.2 * half + 1000 && full <= 64 * (1 << 20), `${name}: ${half} steps for 512 KiB, ${full} for 1 MiB`);
  }
  const lines = Array.from({ length: 20000 }, (_, i) => `[languages.l${i}]\ncontentDir = "c/${i}"`).join('\n');
  assert.equal(tomlScalars(lines).values.size, 20000);
});

test('the synced tree records where its locales came from; the stat cache sees a changed choice', async () => {
  const root = tmpDir('sync-locales-cache-');
  hugoSite(root, { 'hugo.toml': 'defaultContentLanguage = "en"\n[languages.en]\n[languages.fr]\n' });
  let r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  r = await runCli(['sync', 'content', 'pkg', '--locales', 'en,fr', '--json'], { cwd: root });
  const j = JSON.parse(r.stdout) as Out;
  assert.deepEqual(j.added.map((a) => a.upstream), ['guide.fr.md']);
  assert.ok(readFileSync(join(root, 'pkg', '.ctxforge-sync.json'), 'utf8').includes('guide.fr.md'));
});

test('Hugo: one language\'s contentDir synced alone is served under its prefix (as hugo 0.111 writes content/fr at /fr/), the default at / unless defaultContentLanguageInSubdir', async () => {
  for (const [inSubdir, en] of [[false, undefined], [true, 'en']] as const) {
    const root = tmpDir('sync-locales-langdir-');
    execFileSync('git', ['init', '-q', root]);
    writeTree(root, {
      'hugo.toml': `defaultContentLanguage = "en"\n${inSubdir ? 'defaultContentLanguageInSubdir = true\n' : ''}[languages.en]\ncontentDir = "content/en"\n[languages.fr]\ncontentDir = "content/fr"\n`,
      'content/en/_index.md': page('Home'), 'content/en/guide.md': page('Guide'),
      'content/fr/_index.md': page('Accueil', 'Voir [le guide](/fr/guide/) et [rien](/fr/nulle-part/).'), 'content/fr/guide.md': page('Guide (fr)'),
    });
    assert.equal((await detectSite(join(root, 'content/fr'))).routeBase, 'fr');
    assert.equal((await detectSite(join(root, 'content/en'))).routeBase, en);
    // A root-absolute link is read below /fr/: the page there resolves, the missing one is broken.
    const docs = join(root, 'content/fr');
    const pages = ['_index.md', 'guide.md'];
    const r = await checkTreeLinks(new DiskTree(docs), [''], { site: await detectSite(docs), documents: pages, level: 'error' });
    const broken = r.diagnostics.filter((d) => d.code === 'LINK_BROKEN');
    assert.deepEqual(broken.map((d) => /\/fr\/\S+/.exec(d.message)?.[0]), ['/fr/nulle-part/'], JSON.stringify(r.diagnostics));
  }
});

test('Hugo: only declared languages are suffixes — an undeclared page.de.md is a page of its own at /page.de/, the default language\'s about.en.md is served at /about/ (as hugo 0.111 writes them)', async () => {
  const root = tmpDir('sync-locales-hugo-declared-');
  writeTree(root, {
    'hugo.toml': 'baseURL = "/"\ndefaultContentLanguage = "en"\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n',
    'content/_index.md': page('Home', 'See [about](/about/), [the de page](/page.de/), [en français](/fr/guide/) and [nothing](/nothing/).'),
    'content/about.en.md': page('About'),
    'content/page.md': page('Page'),
    'content/page.de.md': page('P'),
    'content/guide.md': page('Guide'),
    'content/guide.fr.md': page('Guide (fr)'),
  });
  const r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as Out;
  assert.deepEqual(j.added.map((a) => a.upstream).sort(), ['_index.md', 'about.en.md', 'guide.md', 'page.de.md', 'page.md'], 'de is no declared language: page.de.md is a page, even beside page.md; en is the default');
  assert.deepEqual(j.skipped.map((s) => s.path), ['guide.fr.md']);
  const links = j.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message);
  assert.equal(links.length, 1, JSON.stringify(links));
  assert.match(links[0]!, /link to \/nothing\/ /, 'only the planted link is broken: /page.de/ and /about/ are served');
});

test('links to pages of locales not taken become their URL on the site (hugo.toml baseURL, --base-url, ctxforge.yaml), so the synced tree\'s own check passes; without an address they are named', async () => {
  const body = 'See [the guide](/guide/), [en français](/fr/guide/#debut) and\n[relative](fr/guide/).';
  const site = (base: string) => ({
    'hugo.toml': `${base}defaultContentLanguage = "en"\n[languages.en]\n[languages.fr]\n`,
    'content/_index.md': page('Home', body),
    'content/guide.md': page('Guide'),
    'content/guide.fr.md': page('Guide (fr)', '## Début\n\nTexte.'),
  });
  const textOf = (root: string) => readFileSync(join(root, 'pkg', 'knowledge', 'index-page.md'), 'utf8');
  // The address hugo.toml declares as data.
  let root = tmpDir('sync-locales-address-');
  writeTree(root, site('baseURL = "https://docs.example.org/handbook/"\n'));
  let r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!JSON.parse(r.stdout).diagnostics.some((d: { code: string }) => d.code === 'SYNC_LINK_UNSYNCED_PAGE'));
  assert.match(textOf(root), /\[en français\]\(https:\/\/docs\.example\.org\/handbook\/fr\/guide\/#debut\) and\n\[relative\]\(https:\/\/docs\.example\.org\/handbook\/fr\/guide\/\)/);
  assert.match(textOf(root), /\[the guide\]\(\/guide\/\)/, 'a link to a page the tree holds is left as it was');
  let v = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: root });
  assert.equal(v.code, 0, v.stdout + v.stderr);

  // No address anywhere (baseURL "/" names no host): kept as written and named at its line; the tree's check reports it.
  root = tmpDir('sync-locales-no-address-');
  writeTree(root, site('baseURL = "/"\n'));
  r = await runCli(['sync', 'content', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const named = (JSON.parse(r.stdout).diagnostics as { code: string; line?: number; file?: string; message: string }[]).filter((d) => d.code === 'SYNC_LINK_UNSYNCED_PAGE');
  assert.deepEqual(named.map((d) => [d.file, d.line]), [['_index.md', 1], ['_index.md', 2]], JSON.stringify(named));
  assert.match(textOf(root), /\(\/fr\/guide\/#debut\)/);
  v = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: root });
  assert.equal(v.code, 1, 'the synced tree cannot hold the French page: its check says so');

  // --base-url names it (and wins over ctxforge.yaml); an address that is not http(s) is a usage error.
  r = await runCli(['sync', 'content', 'pkg2', '--base-url', 'https://fr.example/'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(root, 'pkg2', 'knowledge', 'index-page.md'), 'utf8'), /\(https:\/\/fr\.example\/fr\/guide\/#debut\)/);
  r = await runCli(['sync', 'content', 'pkg3', '--base-url', 'javascript:alert(1)//'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--base-url takes an http or https address/);

  // ctxforge.yaml site.base_url, in a repository.
  execFileSync('git', ['init', '-q'], { cwd: root });
  writeTree(root, { 'ctxforge.yaml': 'site:\n  base_url: https://yaml.example/docs\n' });
  r = await runCli(['sync', 'content', 'pkg4'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(root, 'pkg4', 'knowledge', 'index-page.md'), 'utf8'), /\(https:\/\/yaml\.example\/docs\/fr\/guide\/#debut\)/);
});

test('a hostile baseURL is no address: not http(s), or holding what would end a link, it is never written into a page', () => {
  const root = tmpDir('sync-locales-hostile-base-');
  for (const [v, want] of [['javascript:alert(1)', undefined], ['https://x.example/a b', undefined], ['//evil.example/', undefined], ['https://ok.example/p/', 'https://ok.example/p/']] as const) {
    writeTree(root, { 'hugo.toml': `baseURL = ${JSON.stringify(v)}\n` });
    assert.equal(hugoBaseUrl(join(root, 'hugo.toml')), want, v);
  }
});
