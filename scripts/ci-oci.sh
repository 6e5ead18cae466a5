#!/usr/bin/env bash
# CI stage: OCI distribution against a real registry. Installs Debian's docker-registry (CNCF
# distribution 2.8, no Referrers API: the fallback tag is what carries referrers), skopeo (the
# cross-check: inspect --raw byte for byte, copy to and from an OCI layout) and apache2-utils
# (htpasswd for the authenticated registry); the tests start their registries on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
missing=()
command -v docker-registry >/dev/null 2>&1 || missing+=(docker-registry)
command -v skopeo >/dev/null 2>&1 || missing+=(skopeo)
command -v htpasswd >/dev/null 2>&1 || missing+=(apache2-utils)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# docker-registry's package enables a system service on some systems: the tests start their own.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
node scripts/run-tests.mjs test/interop/oci/*.test.ts 2>&1 | tee "$log"
if ! grep -Eq '^# tests [1-9][0-9]*' "$log" || ! grep -Eq '^# fail 0' "$log"; then
  echo "CI: oci stage failed or ran no test" >&2
  exit 1
fi
echo "CI: oci passed in $((SECONDS - start)) s"
