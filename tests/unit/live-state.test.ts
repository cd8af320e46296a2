/**
 * The running example's state (src/plugins/live-examples/LiveService/Live/reducer.ts) on its own, with
 * no browser, worker or runtime: a stale run's messages change nothing, an edit the runtime
 * refuses is taken back, Stop (and the watchdog) restarts the last good run with the inputs
 * the runtime accepted, and a challenge's Check ends as its last outcome says. Below it, the
 * table logic the reducer uses (LiveService/state.ts): insert, update and delete on the input
 * tables, invalid JSON refused, subscription updates applied to the resource tables.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {FromWorker} from '../../src/plugins/live-examples/LiveService/protocol';
import {
  initialState,
  isBusy,
  liveReducer,
  type Action,
  type LiveState,
} from '../../src/plugins/live-examples/LiveService/Live/reducer';
import {
  applyUpdate,
  deleteRow,
  parseShow,
  rowsOf,
  upsertRow,
  valueText,
  type Row,
} from '../../src/plugins/live-examples/LiveService/state';

const CODE = 'const service = …; await runService(service);';
const show = parseShow('live show="totals"');

const reduce = (state: LiveState, ...actions: Action[]) => actions.reduce(liveReducer, state);
const message = (m: FromWorker): Action => ({type: 'message', message: m});
const started = (run: number, orders: [string, number][]): Action =>
  message({type: 'started', run, inputs: {orders: orders.map(([k, v]) => [k, [v]])}});
const update = (run: number, values: [string, number][], isInitial = false): Action =>
  message({
    type: 'update',
    run,
    index: 0,
    ms: 12,
    update: {values: values.map(([k, v]) => [k, [v]]), watermark: `w${run}`, isInitial},
  });

/** A run that started with orders a=1 and showed its first output. */
const running = () =>
  reduce(initialState(CODE, show), started(1, [['a', 1]]), update(1, [['a', 1]], true));

test('the page asks for run 1 of its own code at once, and is busy until it starts', () => {
  const state = initialState(CODE, show);
  assert.deepEqual(state.pending, {run: 1, code: CODE, inputs: null});
  assert.equal(isBusy(state), true);
  assert.equal(state.worker, 1);
  const up = liveReducer(state, started(1, [['a', 1]]));
  assert.equal(up.active, 1);
  assert.equal(isBusy(up), false);
  assert.deepEqual(up.inputs, {orders: [{key: 'a', values: [1]}]});
  assert.deepEqual(up.good, {code: CODE, inputs: {orders: [{key: 'a', values: [1]}]}});
});

test("a stale run's messages are ignored: its start, progress, updates and errors", () => {
  // Run 2 is asked for; run 1 is on screen.
  const state = reduce(running(), {type: 'code', code: 'edited'}, {type: 'run'});
  assert.equal(state.pending?.run, 2);
  for (const stale of [
    started(1, [['x', 9]]),
    started(3, [['x', 9]]),
    message({type: 'progress', run: 1, loaded: 10}),
    message({type: 'error', run: 1, phase: 'compile', message: 'old'}),
    message({type: 'written', run: 7, write: 1}),
  ]) {
    assert.equal(liveReducer(state, stale), state, JSON.stringify(stale));
  }
  // Run 2 started: run 1's updates no longer reach the tables.
  const two = liveReducer(state, started(2, [['b', 2]]));
  const after = liveReducer(two, update(1, [['a', 5]]));
  assert.equal(after, two);
  assert.deepEqual(after.resources[0]!.rows, []);
  assert.equal(after.log.length, two.log.length);
  // Its own update does.
  const own = liveReducer(two, update(2, [['b', 2]], true));
  assert.deepEqual(own.resources[0]!.rows, [{key: 'b', values: [2]}]);
  assert.match(own.log[0]!.text, /^totals: init, keys b, watermark w2$/);
});

test('an error of the run asked for leaves the last good run live and says so', () => {
  const state = reduce(
    running(),
    {type: 'run'},
    message({type: 'error', run: 2, phase: 'compile', message: 'Unexpected token', line: 3}),
  );
  assert.equal(state.active, 1);
  assert.equal(isBusy(state), false);
  assert.deepEqual(state.error, {
    from: 'run',
    phase: 'compile',
    message: 'Unexpected token',
    line: 3,
  });
  assert.equal(state.status, 'The code did not run; the last good run is still live.');
});

test('a refused edit is rolled back to the rows the runtime kept, with its error', () => {
  const before = running();
  const edited = liveReducer(before, {
    type: 'edit',
    write: 1,
    collection: 'orders',
    rows: [{key: 'a', values: ['not a number']}],
  });
  // Shown at once, before the runtime answers.
  assert.deepEqual(edited.inputs?.orders, [{key: 'a', values: ['not a number']}]);
  const refused = liveReducer(
    edited,
    message({
      type: 'written',
      run: 1,
      write: 1,
      error: {phase: 'runtime', message: 'Non-number JSON input to native reducer'},
    }),
  );
  assert.deepEqual(refused.inputs?.orders, [{key: 'a', values: [1]}]);
  assert.equal(refused.error?.from, 'write');
  assert.equal(refused.status, 'The edit was refused; the table shows what the runtime kept.');
  assert.deepEqual(refused.writes, {});
  // The last good run keeps the inputs the runtime had accepted.
  assert.deepEqual(refused.good?.inputs.orders, [{key: 'a', values: [1]}]);
  // The next accepted edit clears the message and becomes part of the last good run.
  const accepted = reduce(
    refused,
    {type: 'edit', write: 2, collection: 'orders', rows: [{key: 'a', values: [2]}]},
    message({type: 'written', run: 1, write: 2}),
  );
  assert.equal(accepted.error, null);
  assert.deepEqual(accepted.good?.inputs.orders, [{key: 'a', values: [2]}]);
});

test('Stop restores the last good run, with its accepted inputs, in a new worker', () => {
  const state = reduce(
    running(),
    {type: 'edit', write: 1, collection: 'orders', rows: [{key: 'a', values: [4]}]},
    message({type: 'written', run: 1, write: 1}),
    {type: 'code', code: 'while (true) {}'},
    {type: 'run'},
  );
  const stopped = liveReducer(state, {type: 'stop', why: 'Stopped.'});
  assert.equal(stopped.worker, state.worker + 1);
  assert.equal(stopped.active, 0);
  assert.deepEqual(stopped.pending, {
    run: state.runs + 1,
    code: CODE,
    inputs: {orders: [{key: 'a', values: [4]}]},
  });
  assert.deepEqual(stopped.error, {
    from: 'stop',
    phase: 'runtime',
    message: 'Stopped. The last good run was started again.',
  });
  assert.equal(stopped.stops, 1);
  // The endless loop's run can no longer start.
  assert.equal(liveReducer(stopped, started(state.runs, [['z', 0]])), stopped);
  // The restored run starts; the stop's explanation stays with it.
  const back = liveReducer(stopped, started(stopped.pending!.run, [['a', 4]]));
  assert.equal(back.error?.from, 'stop');
  assert.equal(back.good?.code, CODE);
});

test('Stop before any run worked leaves nothing running and says what to do', () => {
  const stopped = liveReducer(initialState(CODE, show), {type: 'stop', why: 'Stopped.'});
  assert.equal(stopped.pending, null);
  assert.equal(isBusy(stopped), false);
  assert.equal(stopped.status, 'Stopped. Edit the code and press Run, or Reset.');
});

test("a challenge's Check: only the last one counts, and it passes or fails as told", () => {
  const checking = reduce(running(), {type: 'check', check: 1}, {type: 'check', check: 2});
  assert.deepEqual(checking.checked, {state: 'running'});
  // The first Check's outcome arrives late: ignored.
  const late = liveReducer(checking, message({type: 'checked', check: 1, passed: true, writes: 3}));
  assert.equal(late, checking);
  const passed = liveReducer(
    checking,
    message({type: 'checked', check: 2, passed: true, writes: 3}),
  );
  assert.deepEqual(passed.checked, {state: 'passed', writes: 3});
  assert.equal(passed.checking, 0);

  const failed = liveReducer(
    checking,
    message({
      type: 'checked',
      check: 2,
      passed: false,
      message: 'openTasks: key "lin" should not be there',
      failure: {phase: 'runtime', message: 'boom', line: 4},
    }),
  );
  assert.deepEqual(failed.checked, {
    state: 'failed',
    message: 'openTasks: key "lin" should not be there',
    threw: true,
    download: false,
  });
  assert.deepEqual(failed.error, {from: 'check', phase: 'runtime', message: 'boom', line: 4});
  // The next Check clears the last one's error.
  assert.equal(liveReducer(failed, {type: 'check', check: 3}).error, null);
});

test('Stop during a Check ends it as stopped; its outcome, arriving later, is ignored', () => {
  const stopped = reduce(running(), {type: 'check', check: 1}, {type: 'stop', why: 'Stopped.'});
  assert.deepEqual(stopped.checked, {state: 'stopped'});
  const after = liveReducer(stopped, message({type: 'checked', check: 1, passed: true, writes: 1}));
  assert.equal(after, stopped);
});

test('Reset goes back to the page code and data in a new worker; a changed mark ends', () => {
  const marked = reduce(running(), update(1, [['a', 2]]));
  assert.deepEqual([...marked.resources[0]!.changed], ['a']);
  const unmarked = liveReducer(marked, {type: 'unmark', run: 1, index: 0, keys: ['a']});
  assert.deepEqual([...unmarked.resources[0]!.changed], []);
  const reset = reduce(
    unmarked,
    {type: 'code', code: 'other'},
    {type: 'edit', write: 1, collection: 'orders', rows: []},
    {type: 'reset'},
  );
  assert.equal(reset.code, CODE);
  assert.equal(reset.edited, false);
  assert.equal(reset.inputs, null);
  assert.deepEqual(reset.log, []);
  assert.equal(reset.worker, unmarked.worker + 1);
  assert.deepEqual(reset.pending, {run: unmarked.runs + 1, code: CODE, inputs: null});
});

// --- The tables (LiveService/state.ts) ---

const orders = (): Row[] => rowsOf([['o-1', [{customer: 'ada', amount: 30}]]]);

test('adding a row appends the key and yields the entry to write', () => {
  const edit = upsertRow(orders(), 'o-2', '{"customer": "bob", "amount": 12}');
  assert.deepEqual(edit, {
    ok: true,
    rows: [...orders(), {key: 'o-2', values: [{customer: 'bob', amount: 12}]}],
    entry: ['o-2', [{customer: 'bob', amount: 12}]],
  });
});

test('changing a value replaces that key in place', () => {
  const rows = [...orders(), {key: 'o-2', values: [1]}];
  const edit = upsertRow(rows, 'o-1', '{"customer": "ada", "amount": 31}');
  assert.ok(edit.ok);
  assert.deepEqual(
    edit.rows.map((r) => valueText(r)),
    ['{"customer":"ada","amount":31}', '1'],
  );
  assert.deepEqual(edit.entry, ['o-1', [{customer: 'ada', amount: 31}]]);
});

test('deleting a key removes the row and writes the key with no values', () => {
  assert.deepEqual(deleteRow(orders(), 'o-1'), {ok: true, rows: [], entry: ['o-1', []]});
  assert.equal(deleteRow(orders(), 'o-9').ok, false);
});

test('invalid JSON, an empty value or an empty key change nothing and say why', () => {
  for (const [key, text, message] of [
    ['o-1', '{amount: 3}', /Not valid JSON/],
    ['o-1', '  ', /JSON value/],
    ['  ', '1', /key/],
  ] as const) {
    const edit = upsertRow(orders(), key, text);
    assert.ok(!edit.ok, `${JSON.stringify([key, text])} is refused`);
    assert.match(edit.message, message);
  }
});

test('a key with several values is edited as the array of its values', () => {
  const rows = rowsOf([['ada', ['t1', 't2']]]);
  assert.equal(valueText(rows[0]!), '["t1","t2"]');
  assert.equal(upsertRow(rows, 'ada', '"t1"').ok, false);
  const edit = upsertRow(rows, 'ada', '["t1"]');
  assert.ok(edit.ok);
  assert.deepEqual(edit.entry, ['ada', ['t1']]);
});

test('an init replaces a resource table; an update sets, adds and removes only the keys it names', () => {
  const init = applyUpdate(rowsOf([['old', [1]]]), {
    values: [
      ['bob', [2]],
      ['ada', [1]],
    ],
    watermark: 'w1',
    isInitial: true,
  });
  assert.deepEqual(
    init.rows,
    rowsOf([
      ['ada', [1]],
      ['bob', [2]],
    ]),
  );
  const next = applyUpdate(init.rows, {
    values: [
      ['ada', []],
      ['cy', [3]],
      ['bob', [5]],
    ],
    watermark: 'w2',
    isInitial: false,
  });
  assert.deepEqual(
    next.rows,
    rowsOf([
      ['bob', [5]],
      ['cy', [3]],
    ]),
  );
  assert.deepEqual(next.changed, ['ada', 'cy', 'bob']);
});
