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
import type {TracedCall} from '../../src/plugins/live-examples/LiveService/trace';
import {
  applyWrite,
  outputRecorder,
  SHOWN_ROWS,
  stepTrace,
} from '../../src/plugins/live-examples/LiveService/traceRun';
import {
  changeText,
  emptyTrace,
  KEPT_STEPS,
  moreCalls,
  nativeKeys,
  perFunction,
  sentLine,
  shownIndex,
  stepName,
  summary,
  traceReducer,
  type TraceAction,
} from '../../src/plugins/live-examples/LiveService/Live/traceSteps';
import {liveFence, traceOnNode} from '../lib/live-trace';

const landing = liveFence('src/pages/_home/sample.mdx', 0);
const functions = liveFence('docs/functions.mdx', 0);

test('landing: the start maps its one order, Sum (native) updates its customer, totals sends it', async () => {
  const {steps} = await traceOnNode(landing, 'totals', []);
  const {calls, natives, outputs, total, keys, functions} = steps[0]!.trace;
  assert.deepEqual(calls, [
    {kind: 'mapEntry', name: 'ByCustomer', key: '"o-1"', returned: '[["ada",30]]'},
  ]);
  assert.deepEqual([total, keys, functions], [1, 1, [['ByCustomer.mapEntry', 1]]]);
  assert.deepEqual(natives, [{name: 'Sum', keys: ['"ada"'], count: 1}]);
  assert.deepEqual(outputs, [
    {index: 0, rows: [{key: '"ada"', sent: '[30]', change: 'added'}], sent: 1, changed: 1},
  ]);
});

test('landing: a new order runs its mapper twice on its key alone, against 2 from scratch', async () => {
  const write = {collection: 'orders', entries: [['o-2', [{customer: 'bob', amount: 5}]]]} as const;
  const {steps} = await traceOnNode(landing, 'totals', [write]);
  const call = {kind: 'mapEntry', name: 'ByCustomer', key: '"o-2"', returned: '[["bob",5]]'};
  const {calls, natives, outputs} = steps[1]!.trace;
  assert.deepEqual(calls, [call, call]);
  assert.deepEqual(natives, [{name: 'Sum', keys: ['"bob"'], count: 1}]);
  assert.deepEqual(outputs[0]!.rows, [{key: '"bob"', sent: '[5]', change: 'added'}]);
  assert.deepEqual(steps[1]!.scratch, {calls: 2, keys: 2});
});

test('landing: a deleted order runs no mapper, yet Sum (native) is named with the customer it updated', async () => {
  const {steps} = await traceOnNode(landing, 'totals', [
    {collection: 'orders', entries: [['o-2', [{customer: 'ada', amount: 5}]]]},
    {collection: 'orders', entries: [['o-2', []]]},
  ]);
  const {calls, natives, outputs} = steps[2]!.trace;
  assert.deepEqual(calls, []);
  assert.deepEqual(natives, [{name: 'Sum', keys: ['"ada"'], count: 1}]);
  const [row] = outputs[0]!.rows;
  assert.deepEqual(row, {key: '"ada"', sent: '[30]', before: '[35]', change: 'changed'});
  assert.equal(changeText(row!), '[35] → [30]');
});

test('landing: a write of the values a key had runs nothing and sends nothing; the key keeps its outputs', async () => {
  const order = (customer: string) => [['o-2', [{customer, amount: 5}]]] as const;
  const {steps} = await traceOnNode(landing, 'totals', [
    {collection: 'orders', entries: order('bob')},
    // Saved as it was (the page's Save posts a write even when nothing changed).
    {collection: 'orders', entries: order('bob')},
    {collection: 'orders', entries: order('ada')},
    {collection: 'orders', entries: [['o-2', []]]},
  ]);
  const [, , same, moved, deleted] = steps.map((s) => s.trace);
  // 0.0.15 compares the values: no mapper runs, no native is handed a key, no update is sent.
  assert.deepEqual([same!.calls, same!.natives], [[], []]);
  assert.equal(perFunction(same!), null);
  assert.equal(sentLine(same!.outputs[0]!, 'totals'), 'totals sent nothing to its readers');
  // The next write still knows o-2 gave to bob: Sum is named with both customers.
  assert.deepEqual(moved!.natives, [{name: 'Sum', keys: ['"bob"', '"ada"'], count: 2}]);
  assert.deepEqual(moved!.outputs[0]!.rows.map(changeText).sort(), ['[30] → [35]', '[5] → [0]']);
  // A delete runs no mapper; Sum is named with the customer the key gave to before.
  assert.deepEqual(deleted!.calls, []);
  assert.deepEqual(deleted!.natives, [{name: 'Sum', keys: ['"ada"'], count: 1}]);
});

test('a mapper rerun to the outputs it gave changes nothing downstream; a key left with none is gone', async () => {
  const code = `
import {runService} from '@skipruntime/server';
import {Count} from '@skipruntime/helpers';
class ByCity { mapEntry(_id, people) { const p = people.getUnique(); return [[p.city, p.name]]; } }
class Initials { mapEntry(city, names) { return names.toArray().map((n) => [n[0], city]); } }
class PerInitial { instantiate({perInitial}) { return perInitial; } }
await runService({
  initialData: {people: [['p1', [{name: 'Ada', city: 'Oslo', age: 30}]]]},
  resources: {perInitial: PerInitial},
  createGraph: ({people}) => ({perInitial: people.map(ByCity).map(Initials).reduce(Count)}),
});`;
  const {steps} = await traceOnNode(code, 'perInitial', [
    {collection: 'people', entries: [['p1', [{name: 'Ada', city: 'Oslo', age: 31}]]]},
    {collection: 'people', entries: [['p1', []]]},
  ]);
  const names = (i: number) => steps[i]!.trace.calls.map((c) => `${c.name}(${c.key})`);
  // The age is not mapped: ByCity gives Oslo what it gave, so Initials does not run and Count
  // is handed nothing.
  assert.deepEqual(names(1), ['ByCity("p1")', 'ByCity("p1")']);
  assert.deepEqual(steps[1]!.trace.natives, []);
  assert.equal(steps[1]!.trace.outputs[0]!.sent, 0);
  // p1 deleted: Oslo is left with no one, Initials does not run on it, and its "A" goes
  // (Count, on 0.0.15, then sends 0 for it rather than removing it).
  assert.deepEqual(names(2), []);
  assert.deepEqual(steps[2]!.trace.natives, [{name: 'Count', keys: ['"A"'], count: 1}]);
  assert.deepEqual(steps[2]!.trace.outputs[0]!.rows, [
    {key: '"A"', sent: '[0]', before: '[1]', change: 'changed'},
  ]);
});

test('functions: a changed amount reruns one mapper key; the reducer removes, then adds', async () => {
  const write = {collection: 'orders', entries: [['o1', [{customer: 'ada', amount: 50}]]]} as const;
  const {steps} = await traceOnNode(functions, 'spending', [write]);
  assert.equal(steps[0]!.trace.calls.length, 3 + 2, 'three orders mapped, two kept and added');
  const {calls, natives, keys} = steps[1]!.trace;
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
  assert.equal(keys, 1, 'one key: "o1"');
  // Ada's spending alone is sent, its new value against the one her readers held.
  const [row] = steps[1]!.trace.outputs[0]!.rows;
  assert.equal(row?.key, '"ada"');
  assert.equal(changeText(row!), '[{"orders":1,"spent":40}] → [{"orders":1,"spent":50}]');
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
  assert.deepEqual([start!.trace.total, start!.trace.keys], [10_000, 10_000]);
  assert.deepEqual(start!.trace.natives, [
    {name: 'Sum', keys: ['"bob"', '"cy"', '"ada"'], count: 3},
  ]);
  // The write: the written order alone, twice (0.0.15), and Sum on its old customer and its new.
  const call = {
    kind: 'mapEntry',
    name: 'AmountByCustomer',
    key: '"o5000"',
    returned: '[["bob",7]]',
  };
  const {calls, natives, total, keys} = written!.trace;
  assert.deepEqual(calls, [call, call]);
  assert.deepEqual([total, keys], [2, 1]);
  assert.deepEqual(natives, [{name: 'Sum', keys: ['"cy"', '"bob"'], count: 2}]);
  assert.deepEqual(written!.scratch, {calls: 10_000, keys: 10_000});
  assert.equal(
    summary({trace: written!.trace, scratch: written!.scratch}),
    '2 calls on 1 key, against 10,000 calls on 10,000 keys from scratch',
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
  assert.equal(perFunction(last.trace), 'ByCustomer.mapEntry: 2 calls; Sum (native): 1 key');
  assert.equal(moreCalls(last.trace), null);
  assert.equal(
    sentLine(last.trace.outputs[0]!, 'totals'),
    'totals sent 1 key to its readers, 1 changed',
  );
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
  assert.equal(stepName(state.steps[shownIndex(state)]!), 'Start');
  assert.equal(
    traceReducer(state, {
      type: 'message',
      message: {type: 'traced', run: 0, write: 9, trace: steps[1]!.trace},
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

test('"What ran": a step keeps its write\'s name once older steps are dropped, and a new Run counts again', () => {
  const trace = stepTrace({calls: [], natives: []}, []);
  const traced = (run: number, write: number, collection?: string): TraceAction => ({
    type: 'message',
    message: {type: 'traced', run, write, ...(collection ? {collection} : {}), trace},
  });
  let state = traceReducer(emptyTrace, traced(1, 0));
  for (let write = 1; write <= 52; write++) state = traceReducer(state, traced(1, write, 'orders'));
  assert.equal(state.steps.length, KEPT_STEPS);
  // The start and writes 1 and 2 are dropped: the first step kept is write 3, the last 52.
  assert.equal(stepName(state.steps[0]!), 'Write 3 (orders)');
  assert.equal(stepName(state.steps[shownIndex(state)]!), 'Write 52 (orders)');
  // The page's write ids count on across runs; the names count from the new Run.
  state = traceReducer(state, traced(2, 0));
  state = traceReducer(state, traced(2, 53, 'orders'));
  assert.deepEqual(state.steps.map(stepName), ['Start', 'Write 1 (orders)']);
});

test('outputRecorder: each resource says what it sent, and what that made of each key', () => {
  const recorder = outputRecorder(2);
  recorder.delivered(0, [
    ['a', [1]],
    ['b', [2]],
  ]);
  recorder.take();
  recorder.delivered(0, [
    ['a', [3]],
    ['b', []],
    ['c', [4]],
    ['d', []],
  ]);
  recorder.delivered(0, [['c', [4]]]);
  const [first, second] = recorder.take();
  assert.deepEqual(first!.rows.map(changeText), [
    '[1] → [3]',
    'removed (was [2])',
    'added',
    'unchanged',
    'unchanged',
  ]);
  assert.deepEqual([first!.sent, first!.changed], [5, 3]);
  assert.equal(sentLine(first!, 'totals'), 'totals sent 5 keys to its readers, 3 changed');
  assert.deepEqual(second, {index: 1, rows: [], sent: 0, changed: 0});
  assert.equal(sentLine(second!, 'counts'), 'counts sent nothing to its readers');
  // A value longer than a cell is cut, yet a change beyond the cut is still a change.
  const long = 'x'.repeat(200);
  recorder.delivered(0, [['a', [`${long}1`]]]);
  recorder.take();
  recorder.delivered(0, [['a', [`${long}2`]]]);
  const [cutRow] = recorder.take()[0]!.rows;
  assert.equal(cutRow!.change, 'changed');
  assert.ok(cutRow!.sent.length <= 80 && cutRow!.sent.endsWith('…'));
});

test('a step of 10,000 calls posts the first 50 rows and counts the rest, per function', () => {
  const calls: TracedCall[] = Array.from({length: 10_000}, (_, i) => ({
    kind: 'mapEntry',
    name: 'OrdersByCity',
    key: `"o${i}"`,
    returned: '[["Oslo",1]]',
  }));
  const keys = Array.from({length: 10_000}, (_, i) => `"o${i}"`);
  const recorder = outputRecorder(1);
  recorder.delivered(
    0,
    keys.map((key) => [key, [1]]),
  );
  const step = stepTrace({calls, natives: [{name: 'Count', keys}]}, recorder.take());
  assert.equal(step.calls.length, SHOWN_ROWS);
  assert.deepEqual([step.total, step.keys, step.moreKeys], [10_000, 10_000, 10_000 - SHOWN_ROWS]);
  assert.equal(moreCalls(step), 'and 9,950 more calls (9,950 keys)');
  assert.equal(
    perFunction(step),
    'OrdersByCity.mapEntry: 10,000 calls; Count (native): 10,000 keys',
  );
  assert.equal(nativeKeys(step.natives[0]!).split(', ').length, SHOWN_ROWS);
  assert.match(nativeKeys(step.natives[0]!), / and 9,950 more$/);
  assert.equal(step.outputs[0]!.rows.length, SHOWN_ROWS);
  assert.equal(
    sentLine(step.outputs[0]!, 'totals'),
    'totals sent 10,000 keys to its readers, 10,000 changed (the first 50 shown)',
  );
  // The message stays small: a few kilobytes, not one row per call.
  assert.ok(JSON.stringify(step).length < 16_000, `${JSON.stringify(step).length} characters`);
  // A small step has no "more" line.
  assert.equal(moreCalls(stepTrace({calls: calls.slice(0, 2), natives: []}, [])), null);
});
