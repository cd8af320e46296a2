/**
 * The runnable samples of the guides and posts, executed against the real Skip runtime:
 * one test per scenario of a page (see CONTRIBUTING.md, "Runnable samples"). Each starts the
 * page's service on free loopback ports, runs the page's commands and programs in page
 * order, and fails, naming the page and the block, when a run prints something other than
 * the output the page shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {collectScenarios, EXAMPLES_SCENARIO, exampleFiles, ROOT} from '../lib/runnable';
import {scenarioTests} from '../lib/runnable-tests';

const scenarios = collectScenarios();

/**
 * What must run, by page and scenario: the blocks that carry the page's point, and the steps
 * whose output the page shows and the run must print.
 */
type Required = {blocks: string[]; checked: string[]};
const REQUIRED: Record<string, Record<string, Required>> = {
  // The whole loop: initial data, a write, the read after it, the update on an open stream.
  'docs/getting_started.mdx': {
    tasks: {
      blocks: ['setup', 'service', 'start', 'snapshot', 'stream', 'add-t4', 'snapshot-after'],
      checked: ['snapshot', 'stream', 'snapshot-after'],
    },
  },
  // A mapper and a reducer.
  'docs/functions.mdx': {
    orders: {
      blocks: ['setup', 'service', 'start', 'snapshot', 'write'],
      checked: ['snapshot', 'write'],
    },
  },
  // A parameterised resource, read and streamed.
  'docs/resources.mdx': {
    http: {
      blocks: ['setup', 'service', 'start', 'snapshot-ana', 'stream', 'raj-writes'],
      checked: ['snapshot-ana', 'stream'],
    },
    broker: {
      blocks: ['setup', 'service', 'start', 'client', 'run-client'],
      checked: ['run-client'],
    },
  },
  // A Node client receiving updates.
  'docs/client.mdx': {
    scores: {
      blocks: ['setup', 'tsconfig', 'service', 'start', 'stream', 'watch', 'run-watch'],
      checked: ['stream', 'run-watch'],
    },
  },
  // A follower serving a resource computed by the leader.
  'docs/deploying.mdx': {
    scale: {blocks: ['setup', 'tsconfig', 'server', 'build', 'start', 'reads'], checked: ['reads']},
  },
  // A service reading JSON files through an external service of its own.
  'docs/externals.md': {files: {blocks: ['setup', 'service', 'try'], checked: ['try']}},
  'blog/2025-04-30-reactive_social_network_service_poc.md': {
    social: {
      blocks: ['setup', 'tsconfig', 'service', 'start', 'stream', 'chloe-posts', 'ana-adds-dev'],
      checked: ['snapshots', 'stream'],
    },
  },
  // The posts' own services: a reducer keeping an emptied key, a stream of a filter, a stream
  // of a mapper reading a second collection, a corrected aggregate.
  'blog/2025-02-11-why-skip.mdx': {
    backlog: {blocks: ['setup', 'service', 'start', 'read'], checked: ['read']},
  },
  'blog/2025-04-21-event-hidden-arch.md': {
    lowstock: {blocks: ['setup', 'service', 'start', 'stream', 'moves'], checked: ['stream']},
  },
  'blog/2025-06-20-backend_pressure.md': {
    spend: {blocks: ['setup', 'service', 'start', 'edit', 'read'], checked: ['edit', 'read']},
  },
  'blog/2025-07-04-cache_invalidation.md': {
    pricing: {
      blocks: ['setup', 'service', 'start', 'create', 'stream', 'writes'],
      checked: ['create', 'stream'],
    },
  },
  // Rows updated and inserted with psql arrive on the stream.
  'blog/2025-05-16-postgresql_and_skip.md': {
    pgblog: {
      blocks: [
        'database',
        'setup',
        'tsconfig',
        'service',
        'start',
        'stream',
        'edit-body',
        'insert',
      ],
      checked: ['load', 'published', 'stream'],
    },
  },
};

test('the pages mark the samples that must run', () => {
  const missing: string[] = [];
  for (const [file, wanted] of Object.entries(REQUIRED)) {
    for (const [id, {blocks, checked}] of Object.entries(wanted)) {
      const scenario = scenarios.find((s) => s.file === file && s.id === id);
      const ran = new Set(
        scenario?.items.flatMap((i) => (i.kind === 'output' ? [] : [i.id])) ?? [],
      );
      const shown = new Set(
        scenario?.items.flatMap((i) => (i.kind === 'output' ? [i.step] : [])) ?? [],
      );
      for (const block of blocks)
        if (!ran.has(block)) missing.push(`${file}: ${id}/${block} does not run`);
      for (const step of checked)
        if (!shown.has(step)) missing.push(`${file}: no output block for ${id}/${step}`);
    }
  }
  expect(missing).toEqual([]);
  expect(scenarios.find((s) => s.id === 'pgblog')?.needs).toEqual(['postgresql']);
});

test('every API example runs and shows what it prints, but those that need PostgreSQL or Kafka', () => {
  const files = exampleFiles();
  const examples = scenarios.find(
    (s) => s.id === EXAMPLES_SCENARIO && s.file === 'api-sources/examples',
  );
  expect(files.length).toBeGreaterThan(0);
  const wrong: string[] = [];
  for (const file of files) {
    const items = examples?.items.filter((i) => i.file === file) ?? [];
    const adapter = /^api-sources\/examples\/(postgres|kafka)\//.test(file);
    if (adapter) {
      // Compiled only: nothing of it runs, so nothing claims to.
      if (items.length) wrong.push(`${file}: needs a server the runnable tests do not start`);
      continue;
    }
    const program = items.find((i) => i.kind === 'file' && i.lang === 'ts');
    const command = items.find(
      (i) => i.kind === 'shell' && program?.kind === 'file' && i.code.includes(program.name),
    );
    const output = items.find(
      (i) => i.kind === 'output' && command?.kind === 'shell' && i.step === command.id,
    );
    if (!program || !command || !output)
      wrong.push(`${file}: a program, the command that runs it, and its output`);
  }
  expect(wrong).toEqual([]);
});

// Run several at a time (tests/lib/runnable-tests.ts): a scenario mostly waits for its
// service to start and its streams to print.
scenarioTests(
  scenarios,
  (scenario) => `${scenario.file} › ${scenario.id}: the page's steps print the page's output`,
  (report, _scenario, testInfo) => {
    testInfo.annotations.push({
      type: 'executed',
      description: `${report.blocks.join(', ')} (${(report.ms / 1000).toFixed(1)} s)`,
    });
    expect(report.outputs).toBeGreaterThan(0);
  },
);

test('the landing page\'s "step by step" link leads to the page that builds its orders service', () => {
  const section = fs.readFileSync(path.join(ROOT, 'src/pages/_home/SampleSection.tsx'), 'utf8');
  const target = /<Link to="\/docs\/([\w-]+)">\s*Build the orders service step by step/.exec(
    section,
  )?.[1];
  expect(target).toBeTruthy();
  const page = scenarios.filter((s) => s.file.replace(/\.mdx?$/, '') === `docs/${target}`);
  const orders = page.find((s) => s.id === 'orders');
  // The page runs an orders service with a mapper and a reducer, as the landing sample shows.
  const service = orders?.items.find((i) => i.kind === 'file' && i.id === 'service');
  expect(service && service.kind === 'file' && service.code).toMatch(
    /orders[\s\S]*\.map\([\s\S]*\.reduce\(/,
  );
});
