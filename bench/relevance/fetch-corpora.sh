#!/usr/bin/env bash
# fetch-corpora.sh <dir>: the two corpora the relevance questions are about, at pinned commits
# (not run by .ci/run; the corpora are not committed): tldr's pages/common and the Hugo docs'
# content/en, each a sparse, blob-filtered clone checked out at the commit below.
#
#   bench/relevance/fetch-corpora.sh /tmp/corpora && npx tsx bench/relevance/evaluate.ts /tmp/corpora
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: fetch-corpora.sh <dir>" >&2; exit 2; }
dir=$1
TLDR_COMMIT=08e345f42639f67d99282813247ac670dc6e87cb   # tldr-pages/tldr, 2026-08-22
HUGO_COMMIT=1c613349f4220ae84070df25979d720c43e5cfa6   # gohugoio/hugoDocs, 2026-08-21
fetch() { # <url> <commit> <folder> <path>
  local url=$1 commit=$2 out=$3 path=$4
  if [ "$(git -C "$out" rev-parse HEAD 2>/dev/null || true)" = "$commit" ]; then return; fi
  rm -rf "$out"
  git init -q "$out"
  git -C "$out" remote add origin "$url"
  git -C "$out" config core.sparseCheckout true
  echo "$path/" > "$out/.git/info/sparse-checkout"
  git -C "$out" fetch -q --depth 1 --filter=blob:none origin "$commit"
  git -C "$out" checkout -q FETCH_HEAD
}
mkdir -p "$dir"
fetch https://github.com/tldr-pages/tldr.git "$TLDR_COMMIT" "$dir/tldr" pages/common
fetch https://github.com/gohugoio/hugoDocs.git "$HUGO_COMMIT" "$dir/hugoDocs" content/en
echo "tldr $TLDR_COMMIT: $(ls "$dir/tldr/pages/common" | wc -l) pages; hugoDocs $HUGO_COMMIT: $(find "$dir/hugoDocs/content/en" -name '*.md' | wc -l) pages"
