// Prints the closing line of a test run, "tests: N passed, N failed, N skipped", from
// Playwright's JSON report, so a log reader sees the counts at a glance.
import fs from 'node:fs';

const file = process.argv[2] ?? 'test-results/results.json';
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const {expected = 0, unexpected = 0, flaky = 0, skipped = 0} = report.stats ?? {};
console.log(`tests: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
