// Generated documentation sites shaped like the real ones (mdBook, VitePress, Docusaurus, MkDocs,
// an Obsidian vault): the link forms, names, navigation and configuration each generator has, with
// broken links planted. Each site says which findings a correct check reports — and nothing else.
export interface Planted {
  /** Upstream path of the page holding the link, relative to the synced folder. */
  file: string;
  code: 'LINK_BROKEN' | 'LINK_ANCHOR_MISSING';
  /** Text on the link's line (never rewritten: broken links are kept as written). */
  needle: string;
  /**
   * Broken on the site only: a URL by the page's file name where the site serves it under another
   * (a Docusaurus `id`). A synced tree keeps no ids, so there the link names the file it was written for.
   */
  upstreamOnly?: boolean;
}

export interface Site {
  name: string;
  /** Files of the whole site, relative to its root folder. */
  files: Record<string, string | Uint8Array>;
  /** The folder that is synced (the site root, or its docs folder), relative to the root. */
  docs: string;
  generator: string;
  planted: Planted[];
  /** Links to assets (images …): broken in an OCTX or ctxpkg package, which leave assets out. */
  assetLinks: { file: string; needle: string }[];
  /** Expected titles of some pages (upstream path → title). */
  titles: Record<string, string>;
  /** Links the check cannot judge, at least. */
  notJudged: RegExp;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

export function mdbook(): Site {
  return {
    name: 'mdbook', docs: '', generator: 'mdbook',
    files: {
      'book.toml': '[book]\ntitle = "The Guide"\nauthors = ["A"]\nsrc = "src"\n\n[output.html]\n',
      'src/SUMMARY.md': '# Summary\n\n[Introduction](README.md)\n\n- [Getting started](guide/start.md)\n  - [Installing](guide/install.md)\n- [Reference](ref/index.md)\n- [Untitled chapter](ref/untitled.md)\n- [Dot page](.hidden.md)\n',
      'src/README.md': '<!-- # Draft title, not the title -->\n\n# Introduction\n\nRead [the start](guide/start.md) and [Linux](guide/install.md#on-linux).\nSee also [home](./) and the [untitled page](ref/untitled.md).\n',
      'src/guide/start.md': '# Getting Started\n\nSee the [reference][ref] and the [hidden page](../.hidden.md), [Installing](install.html).\n\n[ref]: ../ref/index.md\n[gone-ref]: ../ref/missing-page.md\n\n```sh\n# [not a link](nowhere.md)\n```\n\n    [indented code](nowhere-either.md)\n\n> ```\n> [quoted fence](nowhere-quoted.md)\n> ```\n',
      'src/guide/install.md': '# Installing\n\n## On Linux\n\n## On macOS {#mac}\n\nBack to [intro](../README.md), [mac](#mac), the [footnote][^1] and [the windows section](#on-windows).\n\n[^1]: A footnote.\n\n![shot](../img/shot.png)\n',
      'src/ref/index.md': '# Reference\n\n[Install on mac](../guide/install.md#mac), [back home](../), [start as html](../guide/start.html).\n',
      'src/ref/untitled.md': 'No heading on this page; [start](../guide/start.md).\n',
      'src/.hidden.md': '# Hidden\n\nA dot-file page with [a gone page](guide/gone.md).\n',
      'src/img/shot.png': PNG,
      'src/.gitignore': 'book\n',
    },
    planted: [
      { file: 'src/guide/start.md', code: 'LINK_BROKEN', needle: '[gone-ref]: ../ref/missing-page.md' },
      { file: 'src/guide/install.md', code: 'LINK_ANCHOR_MISSING', needle: '#on-windows' },
      { file: 'src/.hidden.md', code: 'LINK_BROKEN', needle: 'guide/gone.md' },
    ],
    assetLinks: [{ file: 'src/guide/install.md', needle: 'shot.png' }],
    titles: { 'src/README.md': 'Introduction', 'src/ref/untitled.md': 'Untitled chapter', 'src/.hidden.md': 'Hidden' },
    notJudged: /^$/,
  };
}

export function vitepress(): Site {
  return {
    name: 'vitepress', docs: 'docs', generator: 'vitepress',
    files: {
      'package.json': '{"scripts":{"docs:build":"vitepress build docs"}}\n',
      'docs/.vitepress/config.ts': 'throw new Error("configuration is never executed");\nexport default { title: "Site" }\n',
      'docs/.vitepress/theme/index.ts': 'export default {}\n',
      'docs/public/logo.png': PNG,
      // As vitepress 1.6.4 builds them: a folder without its slash, and a folder whose page is a
      // README.md, are dead links (the build fails on them).
      'docs/index.md': '---\nlayout: home\nhero:\n  name: Site\n---\n\n# Welcome\n\n[Guide](/guide/) · [Team](./team) · [Team page](team.html) · ![logo](/logo.png) · [VitePress](https://vitepress.dev)\n\n[the guide without its slash](./guide) · [notes](./notes/) · [the notes page](./notes/README)\n',
      'docs/notes/README.md': '# Notes\n',
      'docs/team.md': '# Our Team {#the-team}\n\n## Core members\n\n[members](#core-members), [top](#the-team), [by the old slug](#our-team), [by GitHub slug](#core-members).\n',
      'docs/guide/index.md': '# Guide\n\n[[toc]]\n\n[Getting started](./getting-started) · [options](/guide/config#v1-2-options) · [a page that is not there](/guide/nope) · [{{ version }}](/{{base}}/x.md)\n',
      'docs/guide/getting-started.md': '# Getting Started\n\n## 1. Install\n\nUp [home](../), [install](#_1-install), ![missing shot](./missing.png).\n\n::: tip\nA [tip link](./config.md).\n:::\n',
      'docs/guide/config.md': '# Config\n\n## v1.2 Options\n\n<a id="legacy"></a>\n\n[legacy](#legacy) [team](../team.md#core-members)\n',
    },
    planted: [
      { file: 'team.md', code: 'LINK_ANCHOR_MISSING', needle: '#our-team' },
      { file: 'guide/index.md', code: 'LINK_BROKEN', needle: '/guide/nope' },
      { file: 'guide/getting-started.md', code: 'LINK_BROKEN', needle: './missing.png' },
      { file: 'index.md', code: 'LINK_BROKEN', needle: './guide)' },
      { file: 'index.md', code: 'LINK_BROKEN', needle: './notes/)' },
      // A destination is rendered as written: `{{ }}` is Vue's in text only (vitepress 1.6.4: a dead link).
      { file: 'guide/index.md', code: 'LINK_BROKEN', needle: '/{{base}}/x.md' },
    ],
    assetLinks: [{ file: 'index.md', needle: '/logo.png' }],
    titles: { 'index.md': 'Welcome', 'team.md': 'Our Team', 'guide/config.md': 'Config' },
    notJudged: / not judged: 1 external;/,
  };
}

export function docusaurus(): Site {
  return {
    name: 'docusaurus', docs: 'docs', generator: 'docusaurus',
    files: {
      'docusaurus.config.js': 'process.exit(99); // configuration is code: never executed\nmodule.exports = {};\n',
      'sidebars.js': 'process.exit(98);\n',
      'blog/2024-01-01-post.md': '# A post\n',
      'docs/intro.md': '---\nid: intro\nsidebar_label: Start here\nsidebar_position: 1\n---\n\n# Introduction\n\n[Set up](tutorial/setup), [absolute](/docs/tutorial/setup), [the blog](/blog/2024/01/01/post), [gone](/docs/tutorial/nonexistent).\n\nFrom the site folder: [deploying](@site/docs/tutorial/02-deploy.md), ![logo](@site/static/img/logo.png), [not there](@site/docs/tutorial/missing.md); [by file name](/docs/tutorial/01-install).\n',
      'docs/tutorial/_category_.json': '{"label": "Tutorial", "position": 2}\n',
      'docs/tutorial/index.mdx': "import Shared from './_shared.mdx';\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\nWelcome to the tutorial: [install](./setup), [deploy](./deploy).\n\n<Tabs>\n<TabItem value=\"a\">\n[inside jsx](./nowhere-jsx)\n</TabItem>\n</Tabs>\n\n<Shared />\n",
      'docs/tutorial/_shared.mdx': 'Shared text with [a link](../intro.md).\n',
      'docs/tutorial/01-install.md': '---\nid: setup\ntitle: Install the tool\n---\n\n## Requirements\n\n[next](./deploy), [tutorial home](./), [back to the start](intro.md) (from the docs folder).\n',
      'docs/tutorial/02-deploy.md': '---\nsidebar_label: Deploying\n---\n\n# Deploy\n\n[requirements](./setup#requirements), [a wrong anchor](../intro.md#nope), [by file](./01-install.md).\n',
      // A slug moves the page to /docs/moved: its URL links resolve from there, not from its folder;
      // a Markdown link may leave the docs folder and come back.
      'docs/tutorial/moved.md': '---\nslug: /moved\n---\n\n# Moved\n\n[start](./intro), [install](./tutorial/setup), [deploying](../../docs/tutorial/02-deploy.md).\n',
    },
    planted: [
      { file: 'intro.md', code: 'LINK_BROKEN', needle: '/docs/tutorial/nonexistent' },
      { file: 'tutorial/02-deploy.md', code: 'LINK_ANCHOR_MISSING', needle: '../intro.md#nope' },
      { file: 'intro.md', code: 'LINK_BROKEN', needle: '@site/docs/tutorial/missing.md' },
      { file: 'intro.md', code: 'LINK_BROKEN', needle: '(/docs/tutorial/01-install)', upstreamOnly: true },
    ],
    assetLinks: [],
    titles: { 'intro.md': 'Introduction', 'tutorial/index.mdx': 'Tutorial', 'tutorial/01-install.md': 'Install the tool' },
    notJudged: /inside HTML or JSX.*to site pages outside the docs.*1 to files of the Docusaurus site outside its docs folder/,
  };
}

export function mkdocs(): Site {
  return {
    name: 'mkdocs', docs: 'docs', generator: 'mkdocs',
    files: {
      'mkdocs.yml': 'site_name: Example\nnav:\n  - Home: index.md\n  - User Guide:\n      - Usage: user-guide/usage.md\n  - API: api.md\n  - Notes: notes.md\nmarkdown_extensions:\n  - admonition\n  - attr_list\n  - pymdownx.superfences:\n      custom_fences:\n        - name: mermaid\n          class: mermaid\n          format: !!python/name:pymdownx.superfences.fence_code_format\n  - pymdownx.tabbed\n',
      'docs/index.md': '# Home\n\nSee [Usage][usage] and [API][] and [the notes].\n\n[usage]: user-guide/usage.md\n[API]: api.md#functions\n[the notes]: <notes.md> "Notes"\n[bad]: user-guide/missing.md\n',
      'docs/user-guide/usage.md': '# Usage\n\n!!! note "Heads up"\n    Read the [API](../api.md).\n\n    ```python\n    x = "[not](a-link.md)"\n    ```\n\n    More text with [the home page](../index.md).\n\n=== "Tab A"\n\n    [Tab link](../index.md#home)\n\n!!! warning\n\n    [Broken in an admonition](../nope.md)\n',
      // A link that names no file is left as written and resolved against the page's URL: from /api/, `user-guide/usage` is /api/user-guide/usage.
      'docs/api.md': '# API Reference\n\n## Functions { #functions }\n\n## Café Options\n\n[options](#cafe-options), [classes](#classes).\n\nThe **timeout**{ #opt-timeout } option. See [the usage page](user-guide/usage) and [the notes](../notes/).\n',
      // Raw HTML is left as written: the reader's browser resolves it against the page's URL (/notes/), not its file.
      'docs/notes.md': 'Notes without a heading.\n\n[api][a]\n\n[a]: ./api.md#cafe-options\n\n<a href="../user-guide/usage/#usage">usage</a> and <a href="../api/#opt-timeout">the timeout</a>.\n\n<img src="../img/pic.png" alt="pic">\n',
      'docs/img/pic.png': PNG,
    },
    planted: [
      { file: 'index.md', code: 'LINK_BROKEN', needle: '[bad]: user-guide/missing.md' },
      { file: 'user-guide/usage.md', code: 'LINK_BROKEN', needle: '../nope.md' },
      { file: 'api.md', code: 'LINK_ANCHOR_MISSING', needle: '#classes' },
      { file: 'api.md', code: 'LINK_BROKEN', needle: '(user-guide/usage)' },
    ],
    assetLinks: [],
    titles: { 'index.md': 'Home', 'notes.md': 'Notes', 'api.md': 'API Reference' },
    notJudged: /^$/,
  };
}

export function vault(): Site {
  return {
    name: 'obsidian', docs: '', generator: 'obsidian',
    files: {
      '.obsidian/app.json': '{}\n',
      '.obsidian/workspace.json': '{}\n',
      'Daily Notes/2024-01-01.md': '# Jan 1\n\nMet about [[Project Plan]] and [[project plan#Milestones|milestones]]. ![[diagram one.png]] [[Missing Note]]\n',
      'Projects/Project Plan.md': '# Project Plan\n\n## Milestones\n\nSee [[Meeting Notes#Decisions]], [the day](../Daily%20Notes/2024-01-01.md) and ![[Missing Image.png]]. Task ^task-1\n',
      'Meeting Notes.md': '# Meeting Notes\n\n## Decisions\n\n[[Project Plan#Nonexistent Heading]] [[Project Plan#^task-1]] [[#Decisions]]\n\n```\n[[Inside Code]]\n```\n',
      'Archive/Meeting Notes.md': '# Old meeting notes\n\nBack to [[Meeting Notes]] and [[Archive/Meeting Notes]].\n',
      'diagram one.png': PNG,
    },
    planted: [
      { file: 'Daily Notes/2024-01-01.md', code: 'LINK_BROKEN', needle: '[[Missing Note]]' },
      { file: 'Projects/Project Plan.md', code: 'LINK_BROKEN', needle: 'Missing Image.png' },
      { file: 'Meeting Notes.md', code: 'LINK_ANCHOR_MISSING', needle: 'Nonexistent Heading' },
    ],
    assetLinks: [{ file: 'Daily Notes/2024-01-01.md', needle: 'diagram' }],
    titles: { 'Meeting Notes.md': 'Meeting Notes', 'Archive/Meeting Notes.md': 'Old meeting notes' },
    notJudged: /^$/,
  };
}

export const SITES = [mdbook, vitepress, docusaurus, mkdocs, vault];
