/**
 * The challenges (src/challenges/format.ts; CONTRIBUTING.md, "Challenges"), on Node with the Skip
 * runtime itself (`@skipruntime/wasm`, the build the page's worker runs): every challenge of
 * the guides is found from its page (tests/lib/challenges.ts), its starting code, evaluated
 * as the page's worker evaluates it, must FAIL its check with a difference in the reader's
 * terms, and its solution must PASS, through the same `runCheck` and `compare` the page
 * runs; a failure names the check's own data the example's tables do not show. A failure
 * cites only what the reader sees: every instance the check reads is a table of its example
 * (`show=`, under the same label), and a write is quoted as the input table can repeat it.
 * Also: `compare`, `unseenInputs` and `writeText` alone.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {transform} from 'sucrase';
import {initService} from '@skipruntime/wasm';
import {
  compare,
  instanceLabel,
  runCheck,
  unseenInputs,
  writeText,
} from '../../src/plugins/live-examples/LiveService/check';
import {evaluate, transpile} from '../../src/plugins/live-examples/LiveService/evaluate';
import {parseShow, shownLabel} from '../../src/plugins/live-examples/LiveService/state';
import type {ChallengeDefinition} from '../../src/challenges/format';
import {ROOT} from '../../src/lib/root.cjs';
import {CHALLENGES as all, PACKAGES, checkOnNode as check} from '../lib/challenges';

test('the guides have challenges, getting_started at least two, each id once', () => {
  const ids = all.map((c) => c.id);
  assert.ok(all.filter((c) => c.file === 'docs/getting_started.mdx').length >= 2, ids.join());
  assert.deepEqual([...new Set(ids)], ids, 'challenge ids are unique');
  for (const id of ids) {
    assert.ok(
      fs.existsSync(path.join(ROOT, 'src/challenges', `${id}.ts`)),
      `src/challenges/${id}.ts`,
    );
  }
});

for (const challenge of all) {
  const where = `${challenge.file}:${challenge.line}`;
  test(`${challenge.id} (${where}): every instance its check reads is a table of the example`, async () => {
    const {default: definition} = (await import(`../../src/challenges/${challenge.id}.ts`)) as {
      default: ChallengeDefinition;
    };
    const tables = parseShow(challenge.meta).map(shownLabel);
    const read = Object.values(definition.instances).map(instanceLabel);
    assert.deepEqual(
      read.filter((label) => !tables.includes(label)),
      [],
      `${where}: the check reads instances the fence's show="…" does not show (${tables.join(', ')})`,
    );
  });
  test(`${challenge.id} (${where}): the starting code fails its check with a difference`, async () => {
    const outcome = await check(challenge.id, challenge.start);
    assert.equal(outcome.passed, false, `${where}: the starting code of ${challenge.id} passes`);
    if (outcome.passed) return;
    // A difference, not a crash: the starting code runs, it just gives the wrong content.
    assert.equal(outcome.error, undefined, `${where}: ${outcome.message} ${String(outcome.error)}`);
    assert.match(outcome.message, /: key .+ (should hold|should not be there)/);
  });
  test(`${challenge.id} (${where}): the solution passes its check`, async () => {
    const outcome = await check(challenge.id, challenge.solution);
    assert.deepEqual(
      outcome.passed
        ? {passed: true}
        : {passed: false, message: outcome.message, error: String(outcome.error)},
      {passed: true},
    );
  });
}

test('compare: equal contents, in any key order and value order, give no message', () => {
  assert.equal(
    compare(
      'After x',
      'r',
      [
        ['b', [2, 1]],
        ['a', [{p: 1, q: 2}]],
      ],
      [
        ['a', [{q: 2, p: 1}]],
        ['b', [1, 2]],
      ],
    ),
    null,
  );
});

test('compare: a key listed with no values is no key', () => {
  assert.equal(
    compare(
      'After x',
      'r',
      [['a', [1]]],
      [
        ['a', [1]],
        ['b', []],
      ],
    ),
    null,
  );
  assert.match(compare('After x', 'r', [['b', [2]]], [['b', []]]) ?? '', /has no key "b"/);
});

test('compare: the first differing key in table order, with what was expected and what came', () => {
  const expected: [string, number[]][] = [
    ['ada', [1]],
    ['kim', [2]],
    ['lin', [3]],
  ];
  assert.equal(
    compare('After task t4 loses its owner', 'openTasks', expected, [
      ['ada', [1]],
      ['lin', [4]],
    ]),
    'After task t4 loses its owner, openTasks: key "kim" should hold [2], but the resource has no key "kim".',
  );
  assert.equal(
    compare(
      'When the service starts',
      'tasksOf {"owner":"ada"}',
      [['ada', [1]]],
      [
        ['ada', [1]],
        ['', [5]],
      ],
    ),
    'When the service starts, tasksOf {"owner":"ada"}: key "" should not be there, but it holds [5].',
  );
  assert.equal(
    compare('After t1 is deleted', 'r', [['ada', ['x']]], [['ada', ['x', 'y']]]),
    'After t1 is deleted, r: key "ada" should hold ["x"], but it holds ["x","y"].',
  );
});

test("a failure that cites a key of the check's own data says where it comes from: the entries the tables do not show", async () => {
  const challenge = all.find((c) => c.id === 'functions-total-per-city')!;
  const outcome = await check(challenge.id, challenge.start);
  assert.equal(outcome.passed, false);
  if (outcome.passed) return;
  // The check's data holds order o4, in Porto, which the example's tables never show.
  assert.match(outcome.message, /^When the service starts, totals: key "Lyon" should hold \[52\]/);
  assert.match(
    outcome.message,
    /The check starts from its own data, not the one your tables show: in "orders" it adds "o4" to \[\{"customer":"cy","city":"Porto","amount":8\}\]\.$/,
  );
});

test('unseenInputs: nothing when the check starts from the tables; else what it adds, sets and leaves out', () => {
  const tables = {
    orders: [
      ['o1', [{amount: 1, city: 'Lyon'}]],
      ['o2', [2]],
    ],
  } as const;
  assert.equal(
    unseenInputs(tables as never, {
      orders: [
        ['o2', [2]],
        ['o1', [{city: 'Lyon', amount: 1}]],
      ],
    }),
    null,
  );
  assert.equal(
    unseenInputs(tables as never, {
      orders: [
        ['o1', [{amount: 5, city: 'Lyon'}]],
        ['o3', [3]],
      ],
    }),
    'The check starts from its own data, not the one your tables show: in "orders" it sets "o1" to [{"amount":5,"city":"Lyon"}]; adds "o3" to [3]; leaves out "o2".',
  );
});

test('writeText: a write as the input table repeats it, a value set or a key deleted', () => {
  assert.equal(
    writeText({collection: 'tasks', entries: [['t4', [{owner: 'zoe'}]]]}),
    'the check\'s write to "tasks" sets "t4" to [{"owner":"zoe"}]',
  );
  assert.equal(
    writeText({collection: 'tasks', entries: [['t1', []]]}),
    'the check\'s write to "tasks" deletes "t1"',
  );
});

test('a difference after a write quotes the write, so that the reader can repeat it in the table', async () => {
  const code = `
    import type {EagerCollection, Resource, SkipService} from '@skipruntime/core';
    class All implements Resource {
      instantiate(inputs: {tasks: EagerCollection<string, number>}) { return inputs.tasks; }
    }
    export const service: SkipService = {
      initialData: {tasks: [['t1', [1]]]},
      resources: {all: All},
      createGraph: (inputs) => inputs,
    };`;
  const service = await evaluate(transpile(transform, code), PACKAGES);
  // Written wrong on purpose: after t1 is deleted the resource has no "t1", as it should.
  const definition: ChallengeDefinition = {
    inputs: {},
    instances: {all: {resource: 'all', params: {}}},
    start: {all: [['t1', [1]]]},
    writes: [
      {
        after: 'after task t1 is deleted',
        collection: 'tasks',
        entries: [['t1', []]],
        expect: {all: [['t1', [1]]]},
      },
    ],
  };
  const outcome = await runCheck(service, definition, initService);
  assert.deepEqual(outcome, {
    passed: false,
    message:
      'After task t1 is deleted (the check\'s write to "tasks" deletes "t1"), all: key "t1" should hold [1], but the resource has no key "t1".',
  });
});
