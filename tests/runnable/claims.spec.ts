/**
 * The behaviour the guides state in sentences, pinned: tests/runnable/claims.md is a scenario
 * in the pages' markup (status codes, DELETE and resubscription, what an update carries, the
 * initialData rule, a mapper failing on a write, getStreamUUID on failure, a mirror's need for
 * the streaming port), run against the real runtime like a page. An upgrade of the Skip
 * packages that changes one of these fails here, naming the block, before a page is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT, runScenario, scenariosOf} from '../lib/runnable';

const FILE = 'tests/runnable/claims.md';
const scenarios = scenariosOf(FILE, fs.readFileSync(path.join(ROOT, FILE), 'utf8'));

test('the runtime behaves as the pages say (tests/runnable/claims.md)', async ({}, testInfo) => {
  test.setTimeout(240_000);
  expect(scenarios.map((s) => s.id)).toEqual(['claims']);
  const log: string[] = [];
  try {
    const report = await runScenario(scenarios[0], {
      parallelIndex: testInfo.parallelIndex,
      log: (line) => log.push(line),
    });
    // Every output block of the file was compared, none skipped.
    expect(report.outputs).toBe(scenarios[0].items.filter((i) => i.kind === 'output').length);
  } finally {
    await testInfo.attach('run log', {body: log.join('\n'), contentType: 'text/plain'});
  }
});
