/**
 * What ran for each write of a live example (src/plugins/live-examples/LiveService/trace.ts,
 * issue 30), on Node with the Skip runtime itself (`@skipruntime/wasm`, the build the page's
 * worker runs): the page's own code, evaluated as the worker evaluates it, traced as the
 * worker traces it, written to as a reader writes. The calls are 0.0.15's, not deduplicated:
 * a written key's mapper runs twice, a reducer removes the old value and adds the new one.
 * The browser side (tests/site/live-examples.spec.ts) compares the page with `traceOnNode`.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {applyWrite, costOf, keysOf} from '../../src/plugins/live-examples/LiveService/trace';
import {
  emptyTrace,
  shownIndex,
  stepName,
  summary,
  traceReducer,
} from '../../src/plugins/live-examples/LiveService/Live/traceSteps';
import {liveFence, traceOnNode} from '../lib/live-trace';

const landing = liveFence('src/pages/_home/sample.mdx', 0);
const functions = liveFence('docs/functions.mdx', 0);

test('landing: the start maps its one order, Sum (native) updates its customer', async () => {
  const {steps} = await traceOnNode(landing, 'totals', []);
  assert.deepEqual(steps[0]!.trace, {
    calls: [{kind: 'mapEntry', name: 'ByCustomer', key: '"o-1"', returned: '[["ada",30]]'}],
    natives: [{name: 'Sum', keys: ['"ada"']}],
  });
});

test('landing: a new order runs its mapper twice on its key alone, against 2 from scratch', async () => {
  const write = {collection: 'orders', entries: [['o-2', [{customer: 'bob', amount: 5}]]]} as const;
  const {steps} = await traceOnNode(landing, 'totals', [write]);
  const call = {kind: 'mapEntry', name: 'ByCustomer', key: '"o-2"', returned: '[["bob",5]]'};
  assert.deepEqual(steps[1]!.trace, {
    calls: [call, call],
    natives: [{name: 'Sum', keys: ['"bob"']}],
  });
  assert.deepEqual(steps[1]!.scratch, {calls: 2, keys: 2});
});

test('functions: a changed amount reruns one mapper key; the reducer removes, then adds', async () => {
  const write = {collection: 'orders', entries: [['o1', [{customer: 'ada', amount: 50}]]]} as const;
  const {steps} = await traceOnNode(functions, 'spending', [write]);
  assert.equal(steps[0]!.trace.calls.length, 3 + 2, 'three orders mapped, two kept and added');
  const {calls, natives} = steps[1]!.trace;
  assert.deepEqual(natives, []);
  // 0.0.15: the written key's mapper runs twice, and the reducer after each run.
  assert.deepEqual(
    calls.map((c) => `${c.name}.${c.kind}${c.key ? `(${c.key})` : ''}`),
    [
      'AmountPerCustomer.mapEntry("o1")',
      'SpendingReducer.remove',
      'SpendingReducer.add',
      'AmountPerCustomer.mapEntry("o1")',
      'SpendingReducer.remove',
      'SpendingReducer.add',
    ],
  );
  assert.equal(calls.at(-1)!.returned, '{"orders":1,"spent":50}');
  assert.deepEqual(keysOf(steps[1]!.trace), ['"o1"']);
  assert.deepEqual(steps[1]!.scratch, {calls: 5, keys: 3});
});

test('functions, 10,000 orders: one write costs 2 calls on 1 key, against 10,000 calls on 10,000 keys from scratch', async () => {
  const scale = liveFence('docs/functions.mdx', 1);
  assert.match(scale, /10_000/, 'the second live fence of functions is the 10,000-order example');
  const write = {
    collection: 'orders',
    entries: [['o5000', [{customer: 'bob', amount: 7}]]],
  } as const;
  const {steps} = await traceOnNode(scale, 'totals', [write], 1);
  const [start, written] = steps;
  // The start: every order mapped once, Sum (native) over the three customers (its cost from
  // scratch, another start of 10,000, is not measured: it is the same).
  assert.deepEqual(costOf(start!.trace), {calls: 10_000, keys: 10_000});
  assert.deepEqual(start!.trace.natives, [{name: 'Sum', keys: ['"bob"', '"cy"', '"ada"']}]);
  // The write: the written order alone, twice (0.0.15), and Sum on its customer.
  const call = {
    kind: 'mapEntry',
    name: 'AmountByCustomer',
    key: '"o5000"',
    returned: '[["bob",7]]',
  };
  assert.deepEqual(written!.trace, {
    calls: [call, call],
    natives: [{name: 'Sum', keys: ['"bob"']}],
  });
  assert.deepEqual(written!.scratch, {calls: 10_000, keys: 10_000});
  assert.equal(
    summary({write: 1, trace: written!.trace, scratch: written!.scratch}),
    '2 calls on 1 key, against 10000 calls on 10000 keys from scratch',
  );
});

test('a lazy compute is traced under its class name, with its key and its result', async () => {
  const code = `
import {runService} from '@skipruntime/server';
class Double { compute(_self, key) { return [key * 2]; } }
class ReadLazy {
  constructor(lazy) { this.lazy = lazy; }
  mapEntry(key, values) { return [[key, this.lazy.getUnique(values.getUnique())]]; }
}
class Doubled { instantiate({doubled}) { return doubled; } }
await runService({
  initialData: {n: [['a', [1]]]},
  resources: {doubled: Doubled},
  createGraph: ({n}, context) => ({doubled: n.map(ReadLazy, context.createLazyCollection(Double))}),
});`;
  const {steps} = await traceOnNode(code, 'doubled', []);
  assert.deepEqual(
    steps[0]!.trace.calls.map(({kind, name, key, returned}) => [kind, name, key, returned]),
    [
      ['compute', 'Double', '1', '[2]'],
      ['mapEntry', 'ReadLazy', '"a"', '[["a",2]]'],
    ],
  );
});

test('applyWrite: a key replaced, a key added, a key with no values gone', () => {
  const inputs = {
    t: [
      ['a', [1]],
      ['b', [2]],
    ] as [string, number[]][],
  };
  assert.deepEqual(
    applyWrite(inputs, 't', [
      ['a', [3]],
      ['c', [4]],
      ['b', []],
    ]),
    {
      t: [
        ['a', [3]],
        ['c', [4]],
      ],
    },
  );
});

test('"What ran": the page state built from the Node run says what the write cost', async () => {
  const write = {collection: 'orders', entries: [['o-2', [{customer: 'bob', amount: 5}]]]} as const;
  const {steps} = await traceOnNode(landing, 'totals', [write]);
  let state = emptyTrace;
  for (const [i, step] of steps.entries()) {
    const collection = i === 0 ? {} : {collection: 'orders'};
    state = traceReducer(state, {
      type: 'message',
      message: {type: 'traced', run: 1, write: i, ...collection, trace: step.trace},
    });
  }
  const last = state.steps[shownIndex(state)]!;
  assert.equal(summary(last), '2 calls on 1 key; from scratch: measuring…');
  state = traceReducer(state, {
    type: 'message',
    message: {type: 'scratched', run: 1, write: 1, cost: steps[1]!.scratch},
  });
  assert.equal(
    summary(state.steps[1]!),
    '2 calls on 1 key, against 2 calls on 2 keys from scratch',
  );
  // Stepping back and forth, within the steps; an older run's message changes nothing.
  state = traceReducer(state, {type: 'select', index: -5});
  assert.equal(stepName(state.steps[shownIndex(state)]!, shownIndex(state)), 'Start');
  assert.equal(
    traceReducer(state, {
      type: 'message',
      message: {type: 'traced', run: 0, write: 9, trace: {calls: [], natives: []}},
    }),
    state,
  );
  state = traceReducer(state, {type: 'select', index: 9});
  assert.equal(shownIndex(state), 1);
  // A new run starts the list again.
  state = traceReducer(state, {
    type: 'message',
    message: {type: 'traced', run: 2, write: 0, trace: steps[0]!.trace},
  });
  assert.equal(state.steps.length, 1);
});
