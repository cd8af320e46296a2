#!/usr/bin/env bash
# `npm test`: every test of the site, on a fresh machine or a warm one.
#   1. installs the npm dependencies from the lockfile when they are missing or stale;
#   2. installs Debian's Chromium when /usr/bin/chromium is missing (as root, or with
#      password-less sudo), and curl, sudo and postgresql when missing, for the runnable
#      samples: in the background, beside steps 3 and 4, which do not need them;
#   3. runs the lint gate (`npm run lint`: tsc, ESLint, Prettier) while it builds the
#      production site once, the one build every test reads (two cores: both single-threaded
#      for the most part); a lint failure fails the run, after the tests have run too;
#   4. runs the unit tests of the plugins' pure functions (`npm run test:unit`, seconds);
#      a failure fails the run, after the other tests have run too;
#   5. on a whole run, starts the runnable scenarios once the packages are in, in the
#      background (tests/lib/scenarios-ahead.ts): they need no build and mostly wait;
#   6. runs the Playwright suites (browser tests against the served build, the build-level
#      checks and the runnable samples), then prints a summary: the counts, each project's
#      duration, the time of each step of this script, the machine's busy CPU time, and each
#      step's own CPU time.
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
if [ "${#missing[@]}" -gt 0 ] && ! {
  command -v apt-get >/dev/null 2>&1 && { [ "${#as_root[@]}" -eq 0 ] || sudo -n true 2>/dev/null; }
}; then
  echo "The tests need these Debian packages: ${missing[*]}." >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

status=0
started=$SECONDS
# The machine's busy CPU time so far, in seconds (all processes, all cores: /proc/stat's user,
# nice, system, irq, softirq and steal), or nothing where /proc/stat is missing. At the end the
# run's share is printed: on a machine this busy, wall time is bounded below by that CPU time
# over the number of cores, whatever the order of the work.
busy_cpu_s() {
  [ -r /proc/stat ] || return 0
  awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" {print int(($2 + $3 + $4 + $7 + $8 + $9) / hz); exit}' /proc/stat
}
cpu_started=$(busy_cpu_s)
# Each step's own CPU time, whatever else the machine runs: `with_cpu FILE COMMAND…` runs the
# command in this (sub)shell and writes to FILE the CPU seconds (user + system) it and the
# children it waited for used, from bash's `times` (its second line). Meant for a subshell of
# its own, whose counters start at zero; a TERM to that subshell ends the command too.
step_cpu=$(mktemp -d)
with_cpu() {
  local out=$1 rc=0
  shift
  "$@" &
  local child=$!
  trap 'kill "$child" 2>/dev/null; exit 143' TERM
  wait "$child" || rc=$?
  # Not in a pipeline: a forked `times` would see no children.
  times >"$out.times"
  awk 'NR == 2 {
    split($1, u, /[ms]/); split($2, s, /[ms]/)
    printf "%d\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] + 0.5
  }' "$out.times" >"$out"
  return "$rc"
}
# In the background, beside the lint gate, the unit tests and the build (none of which needs
# them): the Debian packages are installed, then, on a whole run, the runnable scenarios start
# (tests/lib/scenarios-ahead.ts). These need no build and mostly wait, so they run beside the
# build and the browser tests, and the runnable project's tests read their results. A run of
# chosen tests (arguments) runs its scenarios itself. `$ready` says "ok" once the packages are in.
export RUNNABLE_AHEAD=
[ "$#" -ne 0 ] || RUNNABLE_AHEAD=$(mktemp --suffix=.jsonl)
ready=$(mktemp)
background_log=$(mktemp)
[ "${#missing[@]}" -eq 0 ] || echo "==> installing Debian's ${missing[*]}, in the background"
[ -z "$RUNNABLE_AHEAD" ] || echo "==> runnable scenarios, run ahead in the background"
(
  if [ "${#missing[@]}" -gt 0 ]; then
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq || exit 1
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || exit 1
  fi
  echo ok >"$ready"
  [ -z "$RUNNABLE_AHEAD" ] || (with_cpu "$step_cpu/scenarios" node --import tsx tests/lib/scenarios-ahead.ts "$RUNNABLE_AHEAD") &
  scenarios_pid=$!
  trap 'kill "$scenarios_pid" 2>/dev/null; exit 143' TERM
  wait "$scenarios_pid"
) >"$background_log" 2>&1 &
background_pid=$!
echo "==> lint gate (tsc --noEmit, ESLint, Prettier check), alongside the production build"
lint_log=$(mktemp)
(with_cpu "$step_cpu/lint" npm run lint) >"$lint_log" 2>&1 &
lint_pid=$!
# A failed build ends the script: the lint gate and the background job go with it.
trap '[ -z "$lint_pid" ] || kill "$lint_pid" 2>/dev/null; [ -z "$background_pid" ] || kill "$background_pid" 2>/dev/null; rm -rf "$lint_log" "$background_log" "$ready" "$step_cpu" "${RUNNABLE_AHEAD:-}"' EXIT

echo "==> unit tests of the plugins' pure functions, on fixtures (node --test)"
(with_cpu "$step_cpu/unit" npm run test:unit) || { status=$?; echo "unit tests: FAILED (see above)" >&2; }

echo "==> building the production site"
(with_cpu "$step_cpu/build" npm run build)
build_s=$((SECONDS - started))

lint_status=0
wait "$lint_pid" || lint_status=$?
lint_pid=
lint_s=$((SECONDS - started))
echo "==> lint gate output"
cat "$lint_log"
if [ "$lint_status" -ne 0 ]; then
  status=$lint_status
  echo "lint gate: FAILED (see above)" >&2
fi

# Chromium, for the browser tests: wait for the background install, if it is still going.
while [ ! -s "$ready" ]; do
  if ! kill -0 "$background_pid" 2>/dev/null; then
    echo "installing Debian's ${missing[*]}: FAILED" >&2
    cat "$background_log" >&2
    exit 1
  fi
  sleep 1
done
packages_s=$((SECONDS - started))

echo "==> running the tests"
tests_started=$SECONDS
(with_cpu "$step_cpu/playwright" npx playwright test "$@") || status=$?
tests_s=$((SECONDS - tests_started))
# The scenarios are done by now (the runnable tests waited for their results), unless their
# runner failed on its own.
if ! wait "$background_pid"; then
  status=1
  echo "runnable scenarios run ahead: FAILED" >&2
  cat "$background_log" >&2
fi
background_pid=
node tests/lib/summary.mjs test-results/results.json || true
wall_s=$((SECONDS - started))
echo "npm test: ${wall_s} s after npm ci (Debian packages in at ${packages_s} s, build ${build_s} s, lint gate done at ${lint_s} s, Playwright ${tests_s} s)"
if [ -n "$cpu_started" ]; then
  cores=$(nproc)
  cpu_s=$(($(busy_cpu_s) - cpu_started))
  echo "CPU: the machine was busy ${cpu_s} CPU s of ${cores} cores x ${wall_s} s ($((100 * cpu_s / (cores * (wall_s > 0 ? wall_s : 1))))%), so this work needs at least $((cpu_s / cores)) s of wall on ${cores} cores (anything else running on the machine counts too)"
fi
# Each step's own processes, whatever else runs on the machine. Playwright's figure leaves out
# most of Chromium's (its renderers are not children it waits for); the machine's line counts them.
of() { cat "$step_cpu/$1" 2>/dev/null || echo '?'; }
echo "CPU by step (its own processes): lint gate $(of lint) s, unit tests $(of unit) s, build $(of build) s, runnable scenarios ahead $(of scenarios) s, Playwright $(of playwright) s without most of Chromium's"

exit "$status"
