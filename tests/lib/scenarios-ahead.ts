/**
 * The runnable scenarios, run ahead of the Playwright run (`npm test`, tests/run.sh): every
 * scenario of the pages and of tests/runnable/claims.md goes through one `ScenarioPool`
 * while the site builds and the browser tests run, and each result is appended to a file as
 * soon as it is known. A scenario mostly waits (for a service to start, a stream to print, the
 * runtime's 30 s garbage check), so in a Playwright worker it would hold one of the machine's
 * two workers idle for minutes; here it waits beside them.
 *
 * The tests stay where they were (tests/lib/runnable-tests.ts): a scenario's test reads its
 * result from the file (RUNNABLE_AHEAD names it) on its first attempt and checks it as
 * before; a retry, or a scenario the file does not have, runs the scenario in the test.
 *
 *   node --import tsx tests/lib/scenarios-ahead.ts <results.jsonl>
 *
 * One line per scenario: {key, report} or {key, error: {message, stack}}, with the run's log;
 * a last line {done: true}, also when the runner fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import {collectScenarios, ROOT, ScenarioPool, scenariosOf, type Scenario} from './runnable';

/** How a scenario is named in the file: its page and its id. */
export const scenarioKey = (scenario: Scenario): string => `${scenario.file}#${scenario.id}`;

/** The Playwright workers take port slices 0 and 1 (./runnable.ts `freePort`); this is the last. */
const PARALLEL_INDEX = 9;

/** Scenarios at a time: they mostly wait, and the two cores are busy with the rest of the run. */
const LIMIT = 6;

export type AheadLine =
  | {key: string; report: unknown; log: string[]}
  | {key: string; error: {message: string; stack?: string}; log: string[]}
  | {done: true};

async function main(out: string): Promise<void> {
  const append = (line: AheadLine) => fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
  try {
    const claims = 'tests/runnable/claims.md';
    const scenarios = [
      ...collectScenarios(),
      ...scenariosOf(claims, fs.readFileSync(path.join(ROOT, claims), 'utf8')),
    ];
    const pool = new ScenarioPool(scenarios, {parallelIndex: PARALLEL_INDEX, limit: LIMIT});
    await Promise.all(
      scenarios.map(async (scenario, index) => {
        const run = await pool.result(index);
        const key = scenarioKey(scenario);
        if (run.error === undefined) append({key, report: run.report, log: run.log});
        else {
          const error = run.error instanceof Error ? run.error : new Error(String(run.error));
          append({key, error: {message: error.message, stack: error.stack}, log: run.log});
        }
      }),
    );
    await pool.close();
  } finally {
    append({done: true});
  }
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node --import tsx tests/lib/scenarios-ahead.ts <results.jsonl>');
    process.exit(2);
  }
  fs.writeFileSync(out, '');
  main(out).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
