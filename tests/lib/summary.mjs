// Prints the closing lines of a test run from Playwright's JSON report, so a log reader sees
// the counts and where the time went at a glance:
//
//   tests: 390 passed, 0 failed, 0 skipped in 5m12s
//     build: 113 tests in 1m02s (2m01s of test time)
//     ...
//   test time: 12m10s in all; slowest files: runnable/claims.spec.ts 1m20s, ...
//
// The summed test time is the measure to compare runs on a shared machine by, with the wall
// time: `node tests/lib/summary.mjs [results.json] [--top N]` prints the N slowest files (8).
//
// A project's time is from the start of its first test to the end of its last (projects
// overlap a little, two workers each taking the next test); its test time is the sum of its
// tests' durations, which two workers share.
import fs from 'node:fs';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 8;
const file = args[0] ?? 'test-results/results.json';
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const {expected = 0, unexpected = 0, flaky = 0, skipped = 0, duration = 0} = report.stats ?? {};

/** `75300` → `1m15s`. */
const time = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/** Tests that failed, then passed on a retry: named, so that a flake is seen and fixed. */
const flakes = [];
/** Per project: test count, first start, last end, summed duration. */
const projects = new Map();
/** Per spec file (`runnable/claims.spec.ts`): summed duration. */
const files = new Map();
// A spec file is a top-level suite; a test declared by a helper (tests/lib/runnable-tests.ts)
// carries the helper's location, so tests are counted under the file of their suite.
const visit = (suite, specFile = suite.file) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const p = projects.get(test.projectName) ?? {tests: 0, start: Infinity, end: 0, sum: 0};
      p.tests += 1;
      for (const result of test.results ?? []) {
        const start = Date.parse(result.startTime);
        p.start = Math.min(p.start, start);
        p.end = Math.max(p.end, start + result.duration);
        p.sum += result.duration;
        files.set(specFile, (files.get(specFile) ?? 0) + result.duration);
      }
      projects.set(test.projectName, p);
      if (test.status === 'flaky') flakes.push(`${specFile} › ${spec.title}`);
    }
  }
  for (const child of suite.suites ?? []) visit(child, specFile);
};
for (const suite of report.suites ?? []) visit(suite);

console.log(
  `tests: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped in ${time(duration)}` +
    (flaky ? ` (${flaky} flaky: failed once, then passed on a retry)` : ''),
);
for (const name of flakes) console.log(`  flaky: ${name}`);
for (const [name, p] of projects) {
  const span = p.end > p.start ? p.end - p.start : 0;
  console.log(`  ${name}: ${p.tests} tests in ${time(span)} (${time(p.sum)} of test time)`);
}
const total = [...files.values()].reduce((a, b) => a + b, 0);
const slowest = [...files]
  .sort((a, b) => b[1] - a[1])
  .slice(0, top)
  .map(([name, ms]) => `${name} ${time(ms)}`);
console.log(`  test time: ${time(total)} in all; slowest files: ${slowest.join(', ')}`);
