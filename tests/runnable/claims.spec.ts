/**
 * The behaviour the guides state in sentences, pinned: tests/runnable/claims.md is a scenario
 * in the pages' markup (status codes, DELETE and resubscription, what an update carries, the
 * initialData rule, a mapper failing on a write, getStreamUUID on failure, a mirror's need for
 * the streaming port; and, section by section, what each guide and post states: the HTTP
 * protocol, instance collection, errors, adapters), run against the real runtime like a page. An upgrade of the Skip
 * packages that changes one of these fails here, naming the block, before a page is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT, scenariosOf} from '../lib/runnable';
import {scenarioTests} from '../lib/runnable-tests';

const FILE = 'tests/runnable/claims.md';
const TEXT = fs.readFileSync(path.join(ROOT, FILE), 'utf8');
const scenarios = scenariosOf(FILE, TEXT);

test('every scenario named in the file is parsed and run', () => {
  // Read independently of the parser: every id in a `run="<id>/<block> ..."` attribute.
  const named = new Set(
    [...TEXT.matchAll(/\brun="([^"]+)"/g)].flatMap((m) =>
      m[1]!.split(/\s+/).map((r) => r.split('/')[0]),
    ),
  );
  expect(named.size).toBeGreaterThanOrEqual(2);
  expect(scenarios.map((s) => s.id).sort()).toEqual([...named].sort());
});

// Run several at a time (tests/lib/runnable-tests.ts): the lifecycle and protocol scenarios
// spend most of a minute waiting for the runtime's 30 s garbage check.
scenarioTests(
  scenarios,
  (scenario) => `the runtime behaves as the pages say (tests/runnable/claims.md › ${scenario.id})`,
  (report, scenario) => {
    // Every output block of the file was compared, none skipped.
    expect(report.outputs).toBe(scenario.items.filter((i) => i.kind === 'output').length);
  },
);

test('the TypeScript of tests/runnable/claims.md compiles, strict, like a page sample', async () => {
  test.setTimeout(120_000);
  const {checkSamples, extractBlocks} = await import('../lib/samples.mjs');
  const samples = extractBlocks(TEXT)
    .filter((b: {lang: string}) => b.lang === 'ts')
    .map((b: {lang: string; meta: string; line: number; code: string}) => ({
      ...b,
      file: FILE,
      fragment: false,
    }));
  // As many as the file has ```ts fences, counted without the parser.
  expect(samples.length).toBe(TEXT.match(/^```ts\b/gm)?.length);
  expect(samples.length).toBeGreaterThan(0);
  expect(checkSamples(samples).failures).toEqual([]);
});
