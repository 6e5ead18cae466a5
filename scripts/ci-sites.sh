#!/usr/bin/env bash
# CI stage (issue 34): doc sites judged by their generators. Installs Debian's hugo, jekyll, mkdocs
# with mkdocs-material, sphinx with myst-parser and linkchecker (apt-get update once, only when one
# is missing: a second run installs nothing), builds the test sites the tests generate (themes and
# layouts inside the site, no network), and compares each generator's own verdict — Hugo's
# REF_NOT_FOUND, the Liquid tags Jekyll stops at, MkDocs' and Sphinx's warnings — and linkchecker's
# crawl of the output on 127.0.0.1 (anchor check on) with ctxforge's link findings, and the routes
# ctxforge predicts with the files each generator wrote (test/interop/sites/). Docusaurus, VitePress
# and Eleventy are not in Debian: @docusaurus/core and preset-classic (with React), vitepress, and
# @11ty/eleventy (with markdown-it-anchor), pinned below, are installed from npm into a temporary
# prefix, removed at the end; Docusaurus' and VitePress' builds report their own broken links (and
# Docusaurus' its broken anchors), Eleventy's output is crawled by linkchecker.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
DOCUSAURUS_VERSION=${CTXFORGE_DOCUSAURUS_VERSION:-3.10.2}
REACT_VERSION=19.3.1
VITEPRESS_VERSION=${CTXFORGE_VITEPRESS_VERSION:-1.6.4}
ELEVENTY_VERSION=${CTXFORGE_ELEVENTY_VERSION:-3.1.8}
ANCHOR_VERSION=9.2.1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
declare -A pkg=([hugo]=hugo [linkchecker]=linkchecker [sphinx-build]=python3-sphinx [jekyll]=jekyll [mkdocs]=mkdocs)
missing=()
for tool in "${!pkg[@]}"; do command -v "$tool" >/dev/null 2>&1 || missing+=("${pkg[$tool]}"); done
# Debian's python3 (sphinx-build and mkdocs run on it), whatever python3 comes first on PATH.
/usr/bin/python3 -c 'import myst_parser' >/dev/null 2>&1 || missing+=(python3-myst-parser)
# Debian's mkdocs-material is a theme folder of mkdocs, not a Python module.
[ -f /usr/share/mkdocs/themes/material/__init__.py ] || missing+=(mkdocs-material)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
hugo version
jekyll --version
mkdocs --version
linkchecker --version | sed -n 1p   # (sed reads it all: `head` closing the pipe early broke the stage under pipefail)
sphinx-build --version
npm install --prefix "$work/docusaurus" --no-save --no-audit --no-fund --loglevel=error \
  "@docusaurus/core@$DOCUSAURUS_VERSION" "@docusaurus/preset-classic@$DOCUSAURUS_VERSION" "react@$REACT_VERSION" "react-dom@$REACT_VERSION" >&2
export CTXFORGE_DOCUSAURUS=$work/docusaurus/node_modules/@docusaurus/core/bin/docusaurus.mjs
echo "docusaurus $(node -p "require('$work/docusaurus/node_modules/@docusaurus/core/package.json').version")"
npm install --prefix "$work/vitepress" --no-save --no-audit --no-fund --loglevel=error "vitepress@$VITEPRESS_VERSION" >&2
export CTXFORGE_VITEPRESS=$work/vitepress/node_modules/vitepress/bin/vitepress.js
echo "vitepress $(node -p "require('$work/vitepress/node_modules/vitepress/package.json').version")"
npm install --prefix "$work/eleventy" --no-save --no-audit --no-fund --loglevel=error "@11ty/eleventy@$ELEVENTY_VERSION" "markdown-it-anchor@$ANCHOR_VERSION" >&2
export CTXFORGE_ELEVENTY=$work/eleventy
echo "eleventy $(node -p "require('$work/eleventy/node_modules/@11ty/eleventy/package.json').version")"
node scripts/run-tests.mjs test/interop/sites/*.test.ts
echo "CI: sites passed in $((SECONDS - start)) s"
