// Doc sites shaped like the real ones of the generators that have a profile (profiles.ts): Hugo
// (hugoDocs: hugo.toml two levels above content/en, pretty URLs, _index pages, lowercased URLs,
// slug and aliases), Astro Starlight (astro.config.mjs as code, src/content/docs, locale folders
// with fallback to the default locale, slug frontmatter), Docsify (index.html with
// window.$docsify, _sidebar/_navbar/_coverpage navigation), Sphinx with MyST (conf.py, docutils
// section ids) and Jekyll (_config.yml, permalink). Each has the real findings the issue names,
// planted, and says what a correct check reports — and nothing else.
import type { Planted } from './sites.js';

export interface ProfileSite {
  name: string;
  files: Record<string, string>;
  /** The folder that is synced, relative to the repository root. */
  docs: string;
  generator: string;
  /** The marker as detection names it, relative to the docs folder. */
  marker: string;
  planted: Planted[];
  /** Pages that are navigation or include-only snippets, never documents. */
  navigation: string[];
  /** What LINK_NOT_JUDGED must say. */
  notJudged: RegExp;
}

// Pages that carry what a reader sees but the Markdown does not say (issue 34: shortcodes, Liquid
// blocks): the ci-sites stage compares the documents sync writes for them with the built pages.
// No link here is broken, so the link findings above stay what they are.
const HUGO_READER_PAGES: Record<string, string> = {
  'content/en/guide/shortcodes.md': '---\ntitle: Shortcodes\n---\n\n{{< note >}}\nBack up your site before you upgrade it.\n{{< /note >}}\n\n'
    + '{{< tabs >}}\n{{< tab "macOS" >}}\nInstall the extended edition with Homebrew.\n{{< /tab >}}\n{{< tab "Linux" >}}\nInstall the snap package instead.\n{{< /tab >}}\n{{< /tabs >}}\n\n'
    + '{{< code-toggle file=hugo >}}\nbaseURL = "https://example.org/"\ntitle = "My new site"\n{{< /code-toggle >}}\n\n'
    + 'Read [the long guide]({{< relref "long-name.md" >}}) next; a note is written {{</* note */>}} in a page.\n',
};

const JEKYLL_READER_PAGES: Record<string, string> = {
  'site/docs/liquid.md': '---\ntitle: Liquid\n---\n\n# Liquid\n\nRead [the install guide]({% link docs/install.md %}) first.\n\n'
    + '{% comment %}\nAn internal note nobody reads.\n{% endcomment %}\n\n{% raw %}Templates write {{ page.title }} to show the title.{% endraw %}\n',
};

export function hugo(): ProfileSite {
  return {
    name: 'hugo', docs: 'content/en', generator: 'hugo', marker: '../../hugo.toml',
    files: {
      'hugo.toml': 'baseURL = "https://gohugo.io/"\ndefaultContentLanguage = "en"\n[languages.en]\ncontentDir = "content/en"\n',
      'static/images/logo.png': 'png',
      'content/en/_index.md': '+++\ntitle = "Hugo"\n+++\n\nSee [Store](/functions/hugo/Store/), [store again](functions/hugo/store/), [params](/getting-started/configuration/#params),\n[the old about URL](/old-url/), [short](/guide/short/), [the logo](/images/logo.png) and [about](about/).\n',
      'content/en/about.md': '+++\ntitle = "About"\naliases = ["/old-url/"]\n+++\n\n## Team\n\nBack [home](/) and to [a missing section](/about/#nowhere).\n\n## Release v0.7.0 {#v0.7.0}\n\nAs [its own link](#v0.7.0) says: a dot is part of an explicit id.\n',
      'content/en/functions/_index.md': '---\ntitle: Functions\n---\n\nAll [functions](/functions/).\n',
      'content/en/functions/hugo/Store.md': '---\ntitle: hugo.Store\n---\n\nThe store is like [the scratch pad](/functions/hugo/scratch/).\n',
      'content/en/getting-started/configuration.md': '---\ntitle: Configure Hugo\n---\n\n## Params\n\nRead [the params method](/method/site/params/) and [Store](../../functions/hugo/store/).\n',
      'content/en/guide/long-name.md': '---\ntitle: Long name\nslug: short\n---\n\nAn [anchor here](#top-part).\n\n## Top part\n',
      // The theme's link render hook resolves relative paths from the content root too (GetPage).
      // …and, as the Hugo docs' hook does, takes `[text](g)` for the glossary page named by the text.
      'themes/docs/layouts/_default/_markup/render-link.html': '{{- $u := urls.Parse .Destination }}\n{{- if eq $u.String "g" }}{{ partial "inline/glossary.html" (dict "text" .Text) }}\n'
        + '{{- else }}{{ with .PageInner.GetPage .Destination }}{{ .RelPermalink }}{{ end }}{{ end }}\n'
        + '{{- define "_partials/inline/glossary.html" }}\n  {{- $glossaryPath := "/quick-reference/glossary" }}\n  {{- $term := .text | strings.ToLower }}\n'
        + '  {{- $cheating := dict "chaining" "chain" "ci/cd" "cicd" }}\n  {{- if site.GetPage (urls.JoinPath $glossaryPath ($term | urlize)) }}found\n'
        + '  {{- else }}{{ errorf "no glossary page for %q" $term }}{{ end }}\n{{- end }}\n',
      // The terms are headless pages the section lists (as on the Hugo docs): documents, served at no URL of their own.
      'content/en/quick-reference/glossary/_index.md': '---\ntitle: Glossary\n_build:\n  render: always\ncascade:\n  _build:\n    render: never\n    list: local\n---\n\n{{< glossary >}}\n',
      'content/en/quick-reference/glossary/page-resource.md': '---\ntitle: page resource\n---\n\nA file within a [page bundle](g).\n',
      'content/en/quick-reference/glossary/page-bundle.md': '---\ntitle: page bundle\n---\n\nA folder.\n',
      'content/en/quick-reference/glossary/entry.md': '---\ntitle: entry\n---\n\nOne.\n',
      'content/en/quick-reference/glossary/chain.md': '---\ntitle: chain\n---\n\nMethods.\n',
      'content/en/guide/terms.md': '---\ntitle: Terms\n---\n\nA [page resource](g), two [Entries](g), [chaining](g), [*Page Bundle*](g) and [no such term](g).\n\nA term page\'s own URL: [entry](/quick-reference/glossary/entry/).\n',
      'content/en/templates/intro.md': '---\ntitle: Templates\n---\n\nSee [the guide](guide/long-name/) from the root, [the commands](/commands/) section and [hooks](/render-hooks/links/#pageinner-details).\n\n{{< code-toggle file=hugo >}}\n[[menus.main]]\nname = "[x](nowhere.md)"\n{{</ code-toggle >}}\n\n{{< code file=content/about.md >}}\n![kitten](thumbnails/a.jpg)\n{{< /code >}}\n',
      'content/en/commands/hugo.md': '---\ntitle: hugo\n---\n\nThe command.\n',
      'content/en/render-hooks/links.md': '---\ntitle: Link render hooks\n---\n\n[See details](#pageinner-details), [missing](/render-hooks/links/#not-included-anywhere).\n\n{{% include "/render-hooks/_common/pageinner.md" %}}\n',
      'content/en/render-hooks/_common/pageinner.md': '---\n_comment: Do not remove front matter.\n---\n\n## PageInner details\n\nText.\n',
      // Hugo's ref and relref: beside the page, from the content root, by file name, any case, with or without extension.
      'content/en/guide/refs.md': '---\ntitle: Refs\n---\n\n[Store]({{< relref "functions/hugo/Store.md" >}}), [by name]({{< relref "store" >}}), [section]({{< relref "/functions" >}}),\n'
        + '[params]({{< relref "getting-started/configuration#params" >}}), [beside]({{< relref path="long-name.md" >}}) and {{% relref "/About" %}}.\n\n'
        + '[A missing page]({{< relref "guide/nowhere.md" >}}).\n\n[A missing anchor]({{< relref "/about.md#no-team" >}}).\n\n'
        + 'Hugo runs a shortcode in code too: `{{< relref "in-code.md" >}}`; {{</* relref "shown-not-run.md" */>}} is only shown.\n',
      ...HUGO_READER_PAGES,
    },
    planted: [
      { file: 'about.md', code: 'LINK_ANCHOR_MISSING', needle: '/about/#nowhere' },
      { file: 'functions/hugo/Store.md', code: 'LINK_BROKEN', needle: '/functions/hugo/scratch/' },
      { file: 'getting-started/configuration.md', code: 'LINK_BROKEN', needle: '/method/site/params/' },
      { file: 'render-hooks/links.md', code: 'LINK_ANCHOR_MISSING', needle: '/render-hooks/links/#not-included-anywhere' },
      { file: 'guide/refs.md', code: 'LINK_BROKEN', needle: 'guide/nowhere.md' },
      { file: 'guide/refs.md', code: 'LINK_ANCHOR_MISSING', needle: '/about.md#no-team' },
      { file: 'guide/refs.md', code: 'LINK_BROKEN', needle: 'in-code.md' },
      { file: 'guide/terms.md', code: 'LINK_BROKEN', needle: '/quick-reference/glossary/entry/' },
    ],
    navigation: ['render-hooks/_common/pageinner.md'],
    notJudged: /1 to files in static\/ beside the docs, 1 to link texts the render hook maps to no page ctxforge finds/,
  };
}

/**
 * A multilingual Hugo site (issue 34): English the default, French by `page.fr.md` suffix, or
 * (`contentDir`) each language in a content folder of its own (content/en, content/fr); each
 * language's pages link into the other by URL and by `relref` with `lang`. As hugo 0.111 builds it,
 * a page missing from French is not served under /fr/ (no fallback to English: Hugo writes no page
 * there) and a French page's ref to it is REF_NOT_FOUND, so both are planted as broken.
 */
export function hugoMultilingual(form: 'suffix' | 'contentDir' = 'suffix'): ProfileSite {
  // A page by its path in the suffix form (`guide/intro.fr.md`), as the form writes it.
  const at = (p: string) => (form === 'suffix' ? p : /\.fr\.md$/.test(p) ? `fr/${p.replace(/\.fr\.md$/, '.md')}` : `en/${p}`);
  const pages: Record<string, string> = {
    '_index.md': '---\ntitle: Home\n---\n\nRead [the guide](/guide/intro/#setup), [about us](/about/#team) and [the guide in French](/fr/guide/intro/#mise-en-place).\n',
    '_index.fr.md': '---\ntitle: Accueil\n---\n\nLisez [le guide](/fr/guide/intro/), [l\'original](/guide/intro/#setup) et [à propos](/fr/about/) (pas traduit).\n\n'
      + '[About]({{< relref path="about.md" lang="en" >}}), [le guide]({{< relref "guide/intro.md" >}}) et [la page anglaise]({{< relref "guide/only.md" >}}).\n',
    'about.md': '---\ntitle: About\n---\n\n## Team\n\nBack [home](/) or [à l\'accueil](/fr/).\n',
    'guide/intro.md': '---\ntitle: Intro\n---\n\n## Setup\n\nIn French: [mise en place]({{< relref path="guide/intro.md#mise-en-place" lang="fr" >}}), [the only page](/guide/only/) and [a French anchor that is English](/fr/guide/intro/#setup).\n',
    'guide/intro.fr.md': '---\ntitle: Introduction\n---\n\n## Mise en place\n\n[Retour](/fr/), [en anglais](/guide/intro/) et [la page seule](/fr/guide/only/).\n',
    'guide/only.md': '---\ntitle: Only in English\n---\n\nBack to [the intro](../intro/#setup).\n',
  };
  const languages = form === 'suffix' ? '[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n' : '[languages.en]\ncontentDir = "content/en"\n[languages.fr]\ncontentDir = "content/fr"\n';
  return {
    name: form === 'suffix' ? 'hugo-multilingual' : 'hugo-multilingual-dirs', docs: 'content', generator: 'hugo', marker: '../hugo.toml',
    files: {
      'hugo.toml': `baseURL = "https://example.org/"\ndefaultContentLanguage = "en"\n${languages}`,
      ...Object.fromEntries(Object.entries(pages).map(([p, t]) => [`content/${at(p)}`, t])),
    },
    planted: [
      { file: at('_index.fr.md'), code: 'LINK_BROKEN', needle: '/fr/about/' },
      { file: at('_index.fr.md'), code: 'LINK_BROKEN', needle: 'guide/only.md' },
      { file: at('guide/intro.md'), code: 'LINK_ANCHOR_MISSING', needle: '/fr/guide/intro/#setup' },
      { file: at('guide/intro.fr.md'), code: 'LINK_BROKEN', needle: '/fr/guide/only/' },
    ],
    navigation: [],
    notJudged: /^$/,
  };
}

export function starlight(): ProfileSite {
  return {
    name: 'starlight', docs: 'docs/src/content/docs', generator: 'starlight', marker: '../../../astro.config.mjs',
    files: {
      'docs/astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Docs', defaultLocale: 'root', locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' } } })] };\n",
      'docs/package.json': '{"name":"docs"}\n',
      'docs/src/content/docs/index.mdx': '---\ntitle: Starlight\n---\n\nStart with [getting started](/getting-started/) or [the guide](/guides/intro/#setup) and [custom](/custom/path/).\n\n<LinkCard title="Guide" href="/guides/intro/" />\n<LinkCard title="Gone" href="/guides/gone/" />\n<LinkCard title="Computed" href={base + \'/x/\'} />\n\nInline <a href="/getting-started/#install">install</a> and <a href="/getting-started/#nowhere">nowhere</a>.\n',
      'docs/src/content/docs/getting-started.mdx': '---\ntitle: Getting Started\n---\n\n## Install\n\nSee [intro](../guides/intro/) and [a missing page](/guides/missing/).\n',
      'docs/src/content/docs/guides/intro.md': '---\ntitle: Intro\n---\n\n## Setup\n\nBack to [getting started](/getting-started/#install) and [Install](/getting-started/#no-such-heading).\n',
      'docs/src/content/docs/guides/slugged.md': '---\ntitle: Slugged\nslug: custom/path\n---\n\nServed at /custom/path/.\n',
      'docs/src/content/docs/fr/index.mdx': '---\ntitle: Starlight (fr)\n---\n\nVoir [le guide](/fr/guides/intro/) (pas encore traduit) et [démarrer](/fr/getting-started/).\n',
      'docs/src/content/docs/fr/getting-started.mdx': '---\ntitle: Démarrer\n---\n\nRetour à [l\'accueil](/fr/).\n',
    },
    planted: [
      { file: 'getting-started.mdx', code: 'LINK_BROKEN', needle: '/guides/missing/' },
      { file: 'guides/intro.md', code: 'LINK_ANCHOR_MISSING', needle: '#no-such-heading' },
      // JSX and HTML link attributes are the site's URLs like a Markdown link's: judged alike.
      { file: 'index.mdx', code: 'LINK_BROKEN', needle: '/guides/gone/' },
      { file: 'index.mdx', code: 'LINK_ANCHOR_MISSING', needle: '#nowhere' },
    ],
    navigation: [],
    // Only a value that is an expression (`href={…}`) is left unjudged.
    notJudged: /^1 link not judged: 1 templated;/,
  };
}

export function docsify(): ProfileSite {
  return {
    name: 'docsify', docs: 'docs', generator: 'docsify', marker: 'index.html',
    files: {
      'docs/index.html': '<!DOCTYPE html>\n<html><body><div id="app"></div>\n<script>\n  window.$docsify = { loadSidebar: true, loadNavbar: true, coverpage: true, alias: { \'/.*/_sidebar.md\': \'/_sidebar.md\', \'/changelog\': \'https://example.com/CHANGELOG.md\' } };\n</script>\n<script src="//cdn.jsdelivr.net/npm/docsify@4/lib/docsify.min.js"></script>\n</body></html>\n',
      'docs/.nojekyll': '',
      'docs/README.md': '# docsify\n\nRead [the quick start](quickstart.md) and [configuration](configuration.md#el) and [the changelog](/changelog).\n',
      'docs/quickstart.md': '# Quick start\n\nMount it as [configuration](configuration.md#mounting-dom-elements) says; [home](/).\n',
      'docs/configuration.md': '# Configuration\n\n## el\n\nThe element to mount on.\n',
      'docs/_sidebar.md': '- [Quick start](quickstart.md)\n- [Configuration](configuration.md)\n- [Gone](gone.md)\n',
      'docs/_navbar.md': '- [Home](/)\n',
      'docs/_coverpage.md': '# docsify <small>4</small>\n\n[Get Started](#docsify)\n',
    },
    planted: [{ file: 'quickstart.md', code: 'LINK_ANCHOR_MISSING', needle: '#mounting-dom-elements' }],
    navigation: ['_sidebar.md', '_navbar.md', '_coverpage.md'],
    notJudged: /1 to routes made by index\.html/,
  };
}

export function sphinx(): ProfileSite {
  return {
    name: 'sphinx', docs: 'docs', generator: 'sphinx', marker: 'conf.py',
    files: {
      'pyproject.toml': '[project]\nname = "x"\n',
      'docs/conf.py': 'extensions = ["myst_parser"]\nimport os\nhtml_theme = os.environ.get("THEME", "alabaster")\n',
      'docs/index.md': '# Welcome to X\n\n```{toctree}\nsyntax/intro\n```\n\nSee [the intro](syntax/intro.md), [as html](syntax/intro.html#getting-started), [a section](syntax/intro.md#the_end_part) and [nothing](syntax/missing.md).\n',
      'docs/syntax/intro.md': '# Getting Started\n\n## The End part\n\n[Home](../index.md#welcome-to-x).\n',
      'docs/syntax/refs.md': '(syntax/refs)=\n# References\n\n```{tip}\n:name: a-tip\nA tip.\n```\n\n{.glossary}\nmy term\n: A term.\n\nA [span]{#span-id}.\n\n```text\n(not-a-label)=\n```\n\n'
        + 'Links: [refs](syntax/refs), [tip](#a-tip), [term](<#my term>), [span](#span-id), [class](#pkg.Class), [inventory](units/length), [code label](#not-a-label).\n',
    },
    planted: [
      { file: 'index.md', code: 'LINK_BROKEN', needle: 'syntax/missing.md' },
      { file: 'index.md', code: 'LINK_ANCHOR_MISSING', needle: '#the_end_part' },
      { file: 'syntax/refs.md', code: 'LINK_ANCHOR_MISSING', needle: '#not-a-label' },
    ],
    navigation: [],
    notJudged: /2 to references Sphinx resolves through intersphinx/,
  };
}

export function jekyll(): ProfileSite {
  return {
    name: 'jekyll', docs: 'site', generator: 'jekyll', marker: '_config.yml',
    files: {
      // Collections (issue 34): written ones at their permalink pattern (`:path` keeps case and `index`,
      // `:name` is slugified, `:title` is the slug or the file name), one not written, and defaults
      // whose scope sets a permalink — each URL as jekyll 4.3 writes it.
      'site/_config.yml': 'title: Site\nmarkdown: kramdown\ncollections:\n  guides:\n    output: true\n    permalink: /:collection/:path/\n  notes:\n    output: true\n    permalink: /n/:name:output_ext\n'
        + '  recipes:\n    output: true\n  ideas:\n    permalink: /ideas/:path/\ndefaults:\n  - scope: {path: ""}\n    values: {layout: default}\n  - scope: {path: "_guides/sub"}\n    values: {permalink: "/deep/:name/"}\n'
        + '  - scope: {path: "_recipes", type: recipes}\n    values: {permalink: "/cook/:title/"}\n',
      'site/img/logo.png': 'png',
      'site/collections.md': '---\ntitle: Collections\n---\n\n# Collections\n\n[Setup](/guides/Setup_Steps/), [the guides index](/guides/index/), [a note](/n/my-note.html), [pasta](/cook/Pasta_Dish/), [slugged](/cook/my-slug/#ingredients).\n\n'
        + '[An idea](/ideas/idea/) (its collection is not written), [the note by its file name](/n/My_Note.html), [a missing anchor](/cook/my-slug/#nope).\n',
      'site/_guides/index.md': '---\ntitle: Guides\n---\n\n# Guides\n\n[Setup](../Setup_Steps/) and [deep](../../deep/deep/).\n',
      'site/_guides/Setup_Steps.md': '---\ntitle: Setup\n---\n\n# Setup\n\n![logo](../../img/logo.png), [deep](../../deep/deep/), [back](../index/), [gone](../Gone/), [the note]({% link _notes/My_Note.md %}#v1).\n',
      'site/_guides/sub/Deep.md': '---\ntitle: Deep\n---\n\n# Deep\n\nBack to [setup](/guides/Setup_Steps/).\n',
      'site/_notes/My_Note.md': '---\ntitle: A note\n---\n\n## Version 1\n{: #v1}\n\nSee [v1](#v1), [the generated id kramdown replaced](#version-1) and [the guides](../guides/index/).\n',
      'site/_recipes/Pasta_Dish.md': '---\ntitle: Pasta\n---\n\n# Pasta\n\nAlso [the other one](../my-slug/).\n',
      'site/_recipes/other.md': '---\ntitle: Other\nslug: my-slug\n---\n\n# Other\n\n## Ingredients\n\nNone.\n',
      'site/_ideas/idea.md': '---\ntitle: Idea\n---\n\n# Idea\n\nNot written.\n',
      'site/index.md': '---\ntitle: Home\n---\n\n# Home\n\n[About us](/about-us/), [about as html](about-us.html), [install](docs/install.html#linux), [gone](/nope.html).\n',
      'site/about.md': '---\npermalink: /about-us/\n---\n\n# About\n',
      'site/docs/install.md': '---\ntitle: Install\n---\n\n# Install\n\n## 2. Linux\n\n[Home](../index.html).\n',
      // Liquid's link and post_url: paths from the site's folder, posts by date and title (in a folder's _posts/ too).
      'site/docs/tags.md': '---\ntitle: Tags\n---\n\n# Tags\n\n[About]({% link about.md %}), [install]({% link docs/install.md %}#2-linux), [hello]({% post_url 2024-01-31-hello %}), [news]({% post_url blog/2024-02-01-news %}).\n\n'
        + '[A lost page]({% link docs/lost.md %}) and [a lost post]({% post_url 2023-12-24-eve %}).\n\n[A lost anchor]({% link about.md %}#nowhere).\n\n'
        + 'Liquid runs in code too: `{% link docs/in-code.md %}`; {% raw %}`{% link docs/raw.md %}`{% endraw %} is only shown.\n',
      'site/_posts/2024-01-31-hello.md': '---\ntitle: Hello\n---\n\nBack [home]({% link index.md %}) and to [the news]({% post_url blog/2024-02-01-news %}#more).\n',
      'site/blog/_posts/2024-02-01-news.md': '---\ntitle: News\ncategories: releases\n---\n\n## More\n\nSee [the first post](/2024/01/31/hello.html) and [this one](/blog/releases/2024/02/01/news.html#more).\n',
      ...JEKYLL_READER_PAGES,
      'site/_layouts/default.html': '<!DOCTYPE html><html><head><title>{{ page.title }}</title></head><body><main>{{ content }}</main></body></html>\n',
    },
    planted: [
      // Served at /about-us/ (its permalink is a folder's): Jekyll writes no about-us.html.
      { file: 'index.md', code: 'LINK_BROKEN', needle: 'about-us.html' },
      { file: 'index.md', code: 'LINK_BROKEN', needle: '/nope.html' },
      // Jekyll 4's GFM ids keep the digit: `2. Linux` is #2-linux.
      { file: 'index.md', code: 'LINK_ANCHOR_MISSING', needle: '#linux' },
      { file: 'docs/tags.md', code: 'LINK_BROKEN', needle: 'docs/lost.md' },
      { file: 'docs/tags.md', code: 'LINK_BROKEN', needle: '2023-12-24-eve' },
      { file: 'docs/tags.md', code: 'LINK_ANCHOR_MISSING', needle: 'about.md %}#nowhere' },
      { file: 'docs/tags.md', code: 'LINK_BROKEN', needle: 'docs/in-code.md' },
      { file: 'collections.md', code: 'LINK_BROKEN', needle: '/ideas/idea/' },
      { file: 'collections.md', code: 'LINK_BROKEN', needle: '/n/My_Note.html' },
      { file: 'collections.md', code: 'LINK_ANCHOR_MISSING', needle: '#nope' },
      { file: '_guides/Setup_Steps.md', code: 'LINK_BROKEN', needle: '../Gone/' },
      { file: '_notes/My_Note.md', code: 'LINK_ANCHOR_MISSING', needle: '#version-1' },
    ],
    navigation: [],
    notJudged: /^$/,
  };
}

// Zola (not in Debian): shaped after its documentation's rules (getzola.org, "Internal links &
// deep linking", "Page", "Section"): `@/` links by file, pretty URLs, `slug`, slugified anchors.
export function zola(): ProfileSite {
  return {
    name: 'zola', docs: 'content', generator: 'zola', marker: '../config.toml',
    files: {
      'config.toml': 'base_url = "https://example.com"\ntitle = "A Zola site"\ncompile_sass = false\n',
      'content/_index.md': '+++\ntitle = "Home"\n+++\n\nRead [the first post](@/blog/first.md), [the blog](@/blog/_index.md), [its set-up](@/blog/first.md#set-up-the-site) and [a missing post](@/blog/missing.md). The [logo](/images/logo.png).\n',
      'content/blog/_index.md': '+++\ntitle = "Blog"\nsort_by = "date"\n+++\n\nPosts.\n',
      'content/blog/first.md': '+++\ntitle = "First post"\n+++\n\n## Set up the site\n\nSee [home](@/_index.md#nowhere), [the old address](/blog/second/), [the new one](/blog/renamed/) and [Ünïcode](#unicode-heading).\n\n## Ünïcode heading\n\nText.\n',
      'content/blog/second.md': '+++\ntitle = "Second post"\nslug = "renamed"\n+++\n\nBack to [the first](../first/).\n',
    },
    planted: [
      { file: '_index.md', code: 'LINK_BROKEN', needle: '@/blog/missing.md' },
      { file: 'blog/first.md', code: 'LINK_ANCHOR_MISSING', needle: '@/_index.md#nowhere' },
      { file: 'blog/first.md', code: 'LINK_BROKEN', needle: '/blog/second/' },
    ],
    navigation: [],
    notJudged: /1 to files in static\/ beside the docs/,
  };
}

// Nextra 4 (not in Debian): shaped after shuding/nextra's examples/docs — next.config naming nextra
// (code) beside `content/`, `_meta` files as the sidebar (one an object literal of constants, one
// that is code), `/a/b` routes with case as written, a redirect only next.config makes.
export function nextra(): ProfileSite {
  return {
    name: 'nextra', docs: 'docs/content', generator: 'nextra', marker: '../next.config.mjs',
    files: {
      'docs/package.json': '{"name":"docs","dependencies":{"next":"15","nextra":"4","nextra-theme-docs":"4"}}\n',
      'docs/next.config.mjs': "import nextra from 'nextra'\n\nconst withNextra = nextra({ latex: true })\n\nexport default withNextra({\n  async redirects() {\n    return [{ source: '/old-docs/:path*', destination: '/guide/:path*', permanent: true }]\n  }\n})\n",
      'docs/app/[[...mdxPath]]/page.jsx': "export { default } from 'nextra/pages'\n",
      'docs/content/_meta.js': "export default {\n  index: 'Introduction',\n  'getting-started': { title: 'Getting Started' },\n  guide: 'Guide',\n  '---': { type: 'separator' },\n  github: { title: 'GitHub', href: 'https://github.com/shuding/nextra' }\n}\n",
      'docs/content/index.mdx': "Welcome to the docs. Start with [getting started](/getting-started) and [caching](/guide/Advanced-Usage#caching).\n\n[An old page](/old-docs/intro) is served by a redirect.\n",
      'docs/content/getting-started.mdx': "# Getting started\n\nRead [the guide](./guide) and [a missing page](/guide/missing).\n",
      'docs/content/guide/_meta.ts': "import { title } from './titles'\n\nexport default {\n  index: 'Overview',\n  'Advanced-Usage': title('Advanced')\n}\n",
      'docs/content/guide/index.mdx': "# Guide\n\nSee [advanced usage](/guide/Advanced-Usage) — Next.js matches case as written, so [this one](/guide/advanced-usage) is no page.\n",
      'docs/content/guide/Advanced-Usage.md': "# Advanced usage\n\n## Caching\n\nBack to [the guide](/guide) and [home](/#nowhere).\n",
    },
    planted: [
      { file: 'getting-started.mdx', code: 'LINK_BROKEN', needle: '/guide/missing' },
      { file: 'guide/index.mdx', code: 'LINK_BROKEN', needle: '/guide/advanced-usage' },
      { file: 'guide/Advanced-Usage.md', code: 'LINK_ANCHOR_MISSING', needle: '/#nowhere' },
    ],
    navigation: ['_meta.js', 'guide/_meta.ts'],
    notJudged: /^1 link not judged: 1 to redirects and rewrites in next\.config \(code\)/,
  };
}

// Nextra 2's i18n (shuding/nextra at nextra@2.0.0, examples/swr-site): every page carries its locale
// as a suffix, the default one too (`index.en-US.mdx`), and Next.js keeps a root link in the
// linking page's locale — `/about#team` written in the Chinese page is the Chinese about page.
export function nextraI18n(): ProfileSite {
  return {
    name: 'nextra-i18n', docs: 'pages', generator: 'nextra', marker: '../next.config.js',
    files: {
      'theme.config.tsx': "export default { i18n: [{ locale: 'en-US', text: 'English' }, { locale: 'zh-CN', text: '中文' }] }\n",
      'next.config.js': "const withNextra = require('nextra')({ theme: 'nextra-theme-docs', themeConfig: './theme.config.tsx' })\nmodule.exports = withNextra({ i18n: { locales: ['en-US', 'zh-CN'], defaultLocale: 'en-US' } })\n",
      'pages/_meta.en-US.json': '{ "index": "Home", "about": "About" }\n',
      'pages/_meta.zh-CN.json': '{ "index": "首页", "about": "关于" }\n',
      'pages/index.en-US.mdx': '# Home\n\nRead [about the team](/about#team), [the Chinese page](/zh-CN/about#团队) and [a missing anchor](/about#nope).\n',
      'pages/index.zh-CN.mdx': '# 首页\n\n[关于](/about#团队)，[English](/en-US/about#team)，[team in English](/about#team) 与 [联系](/contact)。\n',
      'pages/about.en-US.mdx': '# About\n\n## Team\n',
      'pages/about.zh-CN.mdx': '# 关于\n\n## 团队\n',
    },
    planted: [
      { file: 'index.en-US.mdx', code: 'LINK_ANCHOR_MISSING', needle: '/about#nope' },
      { file: 'index.zh-CN.mdx', code: 'LINK_ANCHOR_MISSING', needle: '(/about#team)' },
      { file: 'index.zh-CN.mdx', code: 'LINK_BROKEN', needle: '/contact' },
    ],
    navigation: ['_meta.en-US.json', '_meta.zh-CN.json'],
    notJudged: /^$/,
  };
}

// Mintlify (not in Debian): shaped after mintlify/docs — docs.json with a navigation of tabs and
// groups, redirects in a file it names by `$ref` (one a wildcard), pages without extension, a
// snippet in snippets/ imported from `/`.
export function mintlify(): ProfileSite {
  return {
    name: 'mintlify', docs: 'docs', generator: 'mintlify', marker: 'docs.json',
    files: {
      'docs/docs.json': JSON.stringify({
        $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme',
        navigation: { tabs: [{ tab: 'Docs', groups: [{ group: 'Get started', pages: ['index', 'quickstart', { group: 'Guides', root: 'guides/index', pages: ['guides/setup'] }] }, { group: 'API', openapi: 'openapi.json', pages: ['GET /plants'] }] }] },
        redirects: { $ref: './redirects.json' },
      }, null, 2),
      'docs/redirects.json': JSON.stringify([{ source: '/old-quickstart', destination: '/quickstart' }, { source: '/beta/:slug*', destination: '/guides/:slug*' }], null, 2),
      'docs/index.mdx': "---\ntitle: \"Introduction\"\n---\n\nimport Counter from '/snippets/counter.mdx';\n\nStart with the [quickstart](/quickstart), [setup](/guides/setup#install-the-cli), [the old address](/old-quickstart#run), [a beta page](/beta/anything) and [a missing page](/guides/missing).\n\n<Counter />\n",
      'docs/quickstart.mdx': '---\ntitle: "Quickstart"\n---\n\n## Run\n\nBack to [the introduction](/) and [setup](/guides/setup#nope).\n',
      'docs/guides/index.mdx': '---\ntitle: Guides\n---\n\nSee [setup](./setup).\n',
      'docs/guides/setup.mdx': '---\ntitle: Setup\n---\n\n## Install the CLI\n\nRun it.\n',
      'docs/snippets/counter.mdx': 'Count the plants: see [the quickstart](/quickstart).\n',
    },
    planted: [
      { file: 'index.mdx', code: 'LINK_BROKEN', needle: '/guides/missing' },
      { file: 'quickstart.mdx', code: 'LINK_ANCHOR_MISSING', needle: '/guides/setup#nope' },
    ],
    navigation: ['snippets/counter.mdx'],
    notJudged: /^1 link not judged: 1 to wildcard redirects in docs\.json/,
  };
}

// GitBook (not in Debian): shaped after a Git Sync repository — .gitbook.yaml at the repository
// root naming `root: ./docs/`, its `redirects:`, SUMMARY.md as the table of contents (groups,
// nested entries, a link title), README.md pages, images in .gitbook/assets.
export function gitbook(): ProfileSite {
  return {
    name: 'gitbook', docs: 'docs', generator: 'gitbook', marker: '../.gitbook.yaml',
    files: {
      '.gitbook.yaml': 'root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  help: support.md\n  guides/old-setup: guides/setup.md\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Setup guide](guides/setup.md)\n  * [Advanced](guides/advanced.md "Advanced setup")\n* [Support](support.md)\n',
      'docs/README.md': '# Welcome\n\nRead [the setup guide](guides/setup.md#before-you-start), [support](/support), [the old help URL](/help), [the old setup](/guides/old-setup#before-you-start) and [a missing page](guides/missing.md).\n\n![logo](.gitbook/assets/logo.png)\n',
      'docs/guides/setup.md': '# Setup\n\n## Before you start\n\nThen [advanced](advanced.md#tuning) and [back](../README.md#nowhere).\n',
      'docs/guides/advanced.md': '---\ndescription: Tuning the setup.\n---\n\n## Tuning\n\nBack to [the guides](/guides/setup).\n',
      'docs/support.md': '# Support\n\nWrite to us.\n',
      'docs/.gitbook/assets/logo.png': 'png',
    },
    planted: [
      { file: 'README.md', code: 'LINK_BROKEN', needle: 'guides/missing.md' },
      { file: 'guides/setup.md', code: 'LINK_ANCHOR_MISSING', needle: '../README.md#nowhere' },
    ],
    navigation: ['SUMMARY.md'],
    notJudged: /^$/,
  };
}

// Eleventy (not in Debian): shaped after 11ty/11ty-website — eleventy.config.js (code) naming
// `dir: { input: "src" }`, pretty routes, a page named as its folder, permalinks (one `false`, one
// templated), a Nunjucks page at its permalink, a heading with a template tag (rendered before its
// id is made), _includes/ and _data/, and a *.11tydata.js that computes its pages' permalinks.
export function eleventy(): ProfileSite {
  return {
    name: 'eleventy', docs: 'src', generator: 'eleventy', marker: '../eleventy.config.js',
    files: {
      'package.json': '{"name":"site","type":"module","devDependencies":{"@11ty/eleventy":"3"}}\n',
      'eleventy.config.js': 'export default function (eleventyConfig) {\n\televentyConfig.addPassthroughCopy("src/img");\n}\n\nexport const config = {\n\tdir: {\n\t\tinput: "src",\n\t},\n\tmarkdownTemplateEngine: "njk",\n};\n',
      'src/index.md': '---\ntitle: Eleventy\n---\n\n# Eleventy\n\nRead [the docs](/docs/), [permalinks](/docs/permalinks/#default-output), [the resource](/resource/), [the resource file](/resource), [the draft](/docs/draft/), [a tag page](/tags/news/), [a computed page](/docs/computed/first-page/) and [nothing](/docs/nothing/).\n\n[About us](/about-us/) is a Nunjucks page; [the style sheet](/css/site.css) a passthrough copy.\n',
      'src/about.njk': '---\npermalink: /about-us/\n---\n<h1>About</h1>\n',
      'src/docs/docs.md': '---\ntitle: Docs\n---\n\n# Documentation\n\nSee [permalinks](permalinks/) and [home](../).\n',
      'src/docs/permalinks.md': '---\ntitle: Permalinks\n---\n\n# Permalinks\n\n## Default Output {% addedin "0.9.0" %}\n\n### `index.*` file names\n\nBack to [the docs](/docs/#nowhere) and [index files](#index-file-names).\n',
      'src/docs/draft.md': '---\npermalink: false\n---\n\n# Draft\n',
      'src/docs/computed/computed.11tydata.js': 'export default {\n\televentyComputed: {\n\t\tpermalink: (data) => `/docs/computed/${data.page.fileSlug}/`,\n\t},\n};\n',
      'src/docs/computed/page-one.md': '# Page one\n',
      'src/resource.md': '---\npermalink: /resource\n---\n\n# Resource\n',
      'src/tags.md': '---\npagination:\n  data: collections\n  size: 1\n  alias: tag\npermalink: /tags/{{ tag }}/\n---\n\n# Tagged\n',
      'src/_includes/layout.njk': '<!doctype html><main>{{ content | safe }}</main>\n',
      'src/_includes/note.md': 'A note the layouts include.\n',
      'src/_data/site.json': '{"title":"Eleventy"}\n',
    },
    planted: [
      // `permalink: /resource` is written as the file _site/resource: /resource/ is nothing (eleventy 3.1 + linkchecker).
      { file: 'index.md', code: 'LINK_BROKEN', needle: '(/resource/)' },
      { file: 'index.md', code: 'LINK_BROKEN', needle: '/docs/draft/' },
      { file: 'index.md', code: 'LINK_BROKEN', needle: '/docs/nothing/' },
      { file: 'docs/permalinks.md', code: 'LINK_ANCHOR_MISSING', needle: '/docs/#nowhere' },
    ],
    navigation: ['_includes/note.md'],
    notJudged: /^3 links not judged: (?=.*1 to routes set by templated permalinks \(tags\.md\))(?=.*1 to routes a data file sets \(docs\/computed\/computed\.11tydata\.js\))(?=.*1 to passthrough copies the configuration makes \(code\))/,
  };
}

// Jekyll with a site-wide `permalink: pretty` (jekyll's Page#template: plain pages are written as
// `/:path/:basename/`, posts at the pretty style) and an `.html` page whose frontmatter permalink
// serves it at a folder URL.
export function jekyllPretty(): ProfileSite {
  return {
    name: 'jekyll-pretty', docs: 'site', generator: 'jekyll', marker: '_config.yml',
    files: {
      'site/_config.yml': 'title: Site\npermalink: pretty\n',
      'site/index.md': '---\ntitle: Home\n---\n\n# Home\n\n[About](/about/), [about as a file](/about.html), [install](/docs/install/#linux), [the post](/2024/01/31/hello/), [the showcase](/showcase/) and [contact](/contact.html).\n',
      'site/about.md': '---\ntitle: About\n---\n\n# About\n\nBack [home](../) and to [install](../docs/install/#nope).\n',
      'site/docs/install.md': '---\ntitle: Install\n---\n\n# Install\n\n## Linux\n',
      'site/_posts/2024-01-31-hello.md': '---\ntitle: Hello\n---\n\nBack to [about](/about/).\n',
      'site/showcase.html': '---\ntitle: Showcase\npermalink: /showcase/\n---\n<h1>Showcase</h1>\n',
      'site/contact.html': '<h1>Contact</h1>\n',
    },
    planted: [
      { file: 'index.md', code: 'LINK_BROKEN', needle: '/about.html' },
      { file: 'about.md', code: 'LINK_ANCHOR_MISSING', needle: '#nope' },
    ],
    navigation: [],
    notJudged: /^$/,
  };
}

export const PROFILE_SITES = [hugo, () => hugoMultilingual('suffix'), () => hugoMultilingual('contentDir'), starlight, docsify, sphinx, jekyll, zola, nextra, nextraI18n, mintlify, gitbook, eleventy, jekyllPretty];
