import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS} from './scripts/lib/chromium-args.cjs';

/** Where the production build is served during the tests. */
export const PORT = Number(process.env.SITE_TEST_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium, headless, kept off the network (scripts/lib/chromium-args.cjs).
export {CHROMIUM_ARGS};

// --- runnable samples (CONTRIBUTING.md, "Runnable samples") ---
// The guides' and posts' samples run against the real Skip runtime, no browser; each worker
// takes its own slice of loopback ports (tests/lib/runnable.ts). One retry: these start real
// services, curl and PostgreSQL on a loaded two-core machine, where a step once ran before a
// service answered. A test that passes on its retry is reported as flaky, by name, in the run's
// closing lines (tests/lib/summary.mjs); one that fails twice fails the run.
const RUNNABLE = {name: 'runnable', testDir: './tests/runnable', retries: 1};
// --- end runnable samples ---
/** Checks that read the sources or the build output, or build a temporary copy. */
const BUILD = {name: 'build', testDir: './tests/build'};
/** Browser tests against the production build. */
const SITE = {name: 'site', testDir: './tests/site'};

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  // The machine has two cores.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: [['list'], ['json', {outputFile: 'test-results/results.json'}]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    launchOptions: {executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS},
    trace: 'off',
  },
  // Workers take tests in this order. Under `npm test` the runnable scenarios have run ahead,
  // beside the build and these tests (tests/lib/scenarios-ahead.ts): their project comes last,
  // its tests only reading the results by then. Run alone (`npx playwright test`), its scenario
  // tests are two long jobs that mostly wait (each file's scenarios run together in one worker:
  // tests/lib/runnable-tests.ts), so it comes first, and they wait alongside the other worker's
  // tests instead of ending the run alone.
  projects: process.env.RUNNABLE_AHEAD ? [BUILD, SITE, RUNNABLE] : [RUNNABLE, BUILD, SITE],
  webServer: {
    // Served exactly as the README serves it.
    command: `npx docusaurus serve --no-open --host 127.0.0.1 --port ${PORT}`,
    url: BASE_URL,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
