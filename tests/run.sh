#!/usr/bin/env bash
# `npm test`: every test of the site, on a fresh machine or a warm one.
#   1. installs the npm dependencies from the lockfile when they are missing or stale;
#   2. installs Debian's Chromium when /usr/bin/chromium is missing (as root, or with
#      password-less sudo), and curl, sudo and postgresql when missing, for the runnable
#      samples;
#   3. runs the lint gate (`npm run lint`: tsc, ESLint, Prettier); a failure fails the run,
#      after the tests have run too;
#   4. runs the unit tests of the plugins' pure functions (`npm run test:unit`, seconds);
#      a failure fails the run, after the other tests have run too;
#   5. builds the production site once;
#   6. runs the Playwright suites (browser tests against the served build, the
#      build-level checks and the runnable samples), then prints a one-line summary.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm ci (dependencies missing or older than package-lock.json)"
  npm ci --no-audit --no-fund
fi

# Debian packages the tests need: Chromium for the browser tests; curl, sudo (for
# `sudo -u postgres psql`) and the PostgreSQL server for the runnable samples, which the
# tests start on a loopback port in a temporary folder. One apt-get run for all of them.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v sudo >/dev/null 2>&1 || missing+=(sudo)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# As root, apt-get runs as is; otherwise through sudo when it needs no password (a CI runner).
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo -n)
if [ "${#missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && { [ "${#as_root[@]}" -eq 0 ] || sudo -n true 2>/dev/null; }; then
    echo "==> installing Debian's ${missing[*]}"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "The tests need these Debian packages: ${missing[*]}." >&2
    echo "Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

status=0
echo "==> lint gate: tsc --noEmit, ESLint, Prettier check"
npm run lint || { status=$?; echo "lint gate: FAILED (see above)" >&2; }

echo "==> unit tests of the plugins' pure functions, on fixtures (node --test)"
npm run test:unit || { status=$?; echo "unit tests: FAILED (see above)" >&2; }

echo "==> building the production site"
npm run build

echo "==> running the tests"
npx playwright test "$@" || status=$?
node tests/lib/summary.mjs test-results/results.json || true
exit "$status"
