/**
 * One Playwright test per runnable scenario, the scenarios of a file run several at a time
 * (`ScenarioPool`, ./runnable.ts): most of a scenario's time is spent waiting, and a worker
 * that waits for one scenario at a time leaves its share of the machine idle.
 *
 * The tests of the group run in the file's order in one worker (`mode: 'default'`), each
 * awaiting its own scenario while the pool runs the next ones; a test still fails alone,
 * naming its page and block, with its run's log attached. After a failure Playwright
 * continues in a new worker, whose pool starts from the next test.
 *
 * Under `npm test` the scenarios have already run, beside the build and the browser tests
 * (./scenarios-ahead.ts, whose results file RUNNABLE_AHEAD names): a test's first attempt takes
 * its scenario's result from there, waiting for it if need be, and checks it the same way; a
 * retry runs the scenario again here.
 */
import fs from 'node:fs';
import {test, type TestInfo} from '@playwright/test';
import {runScenario, ScenarioPool, type PooledRun, type RunReport, type Scenario} from './runnable';
import {scenarioKey, type AheadLine} from './scenarios-ahead';

/**
 * The scenario's result from the run ahead (RUNNABLE_AHEAD), once it is there; undefined when
 * there is no run ahead, or it ended without this scenario.
 */
async function resultAhead(scenario: Scenario): Promise<PooledRun | undefined> {
  const file = process.env.RUNNABLE_AHEAD;
  if (!file) return undefined;
  const key = scenarioKey(scenario);
  for (;;) {
    const lines = fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as AheadLine)
      : [];
    const mine = lines.find((line) => 'key' in line && line.key === key);
    if (mine && 'key' in mine) {
      const log = [`(run ahead of the tests, tests/lib/scenarios-ahead.ts)`, ...mine.log];
      if ('report' in mine) return {report: mine.report as RunReport, log};
      const error = new Error(mine.error.message);
      error.stack = mine.error.stack;
      return {error, log};
    }
    if (lines.some((line) => 'done' in line)) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One scenario run in the test, alone. */
async function runAlone(scenario: Scenario, parallelIndex: number): Promise<PooledRun> {
  const log: string[] = [];
  try {
    return {report: await runScenario(scenario, {parallelIndex, log: (l) => log.push(l)}), log};
  } catch (error) {
    return {error, log};
  }
}

export function scenarioTests(
  scenarios: Scenario[],
  title: (scenario: Scenario) => string,
  check: (report: RunReport, scenario: Scenario, testInfo: TestInfo) => void,
): void {
  test.describe(() => {
    test.describe.configure({mode: 'default'});
    let pool: ScenarioPool | undefined;
    test.afterAll(async () => {
      await pool?.close();
      pool = undefined;
    });
    scenarios.forEach((scenario, index) => {
      test(title(scenario), async ({}, testInfo) => {
        // Under load a service may take a while to start; every step has its own, shorter
        // limit; the scenarios before this one in the pool count too.
        test.setTimeout(300_000);
        let run: PooledRun;
        if (process.env.RUNNABLE_AHEAD) {
          // Its result from the run ahead; on a retry, or when that run lacks it, run it here.
          const ahead = testInfo.retry === 0 ? await resultAhead(scenario) : undefined;
          run = ahead ?? (await runAlone(scenario, testInfo.parallelIndex));
        } else {
          pool ??= new ScenarioPool(scenarios, {parallelIndex: testInfo.parallelIndex});
          run = await pool.result(index);
        }
        await testInfo.attach('run log', {body: run.log.join('\n'), contentType: 'text/plain'});
        if (run.error !== undefined) throw run.error;
        check(run.report!, scenario, testInfo);
      });
    });
  });
}
