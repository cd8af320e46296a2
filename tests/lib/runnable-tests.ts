/**
 * One Playwright test per runnable scenario, the scenarios of a file run several at a time
 * (`ScenarioPool`, ./runnable.ts): most of a scenario's time is spent waiting, and a worker
 * that waits for one scenario at a time leaves its share of the machine idle.
 *
 * The tests of the group run in the file's order in one worker (`mode: 'default'`), each
 * awaiting its own scenario while the pool runs the next ones; a test still fails alone,
 * naming its page and block, with its run's log attached. After a failure Playwright
 * continues in a new worker, whose pool starts from the next test.
 */
import {test, type TestInfo} from '@playwright/test';
import {ScenarioPool, type RunReport, type Scenario} from './runnable';

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
        pool ??= new ScenarioPool(scenarios, {parallelIndex: testInfo.parallelIndex});
        const run = await pool.result(index);
        await testInfo.attach('run log', {body: run.log.join('\n'), contentType: 'text/plain'});
        if (run.error !== undefined) throw run.error;
        check(run.report!, scenario, testInfo);
      });
    });
  });
}
