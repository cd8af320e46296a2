// @ts-check
/**
 * What a temporary copy of the project leaves out: installed, generated, or produced by
 * tests and benchmarks. Shared by tests/lib/temp-site.ts and scripts/bench.mjs; CommonJS so
 * that both the Playwright tests and the plain Node script can load it.
 */
const NOT_COPIED = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.git',
  'test-results',
  'bench-results',
  'playwright-report',
]);

module.exports = {NOT_COPIED};
