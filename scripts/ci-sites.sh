#!/usr/bin/env bash
# CI stage (issue 34): doc sites judged by their generators. Installs Debian's hugo, sphinx with
# myst-parser and linkchecker (apt-get update once, only when one is missing), builds the test sites the tests
# generate (themes inside the site, no network), crawls them on 127.0.0.1 with linkchecker's
# anchor check and compares what it finds with ctxforge's link findings (test/interop/sites/).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
declare -A pkg=([hugo]=hugo [linkchecker]=linkchecker [sphinx-build]=python3-sphinx)
missing=()
for tool in "${!pkg[@]}"; do command -v "$tool" >/dev/null 2>&1 || missing+=("${pkg[$tool]}"); done
python3 -c 'import myst_parser' >/dev/null 2>&1 || missing+=(python3-myst-parser)
if [ ${#missing[@]} -gt 0 ]; then
  apt-cache policy "${missing[@]}" | grep -E '^[a-z]|Candidate' || true
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
hugo version
linkchecker --version | head -1
sphinx-build --version
node scripts/run-tests.mjs test/interop/sites/*.test.ts
echo "CI: sites passed in $((SECONDS - start)) s"
