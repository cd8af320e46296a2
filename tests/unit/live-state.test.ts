/**
 * The running example's state (src/plugins/live-examples/LiveService/Live/reducer.ts) on its own, with
 * no browser, worker or runtime: a stale run's messages change nothing, an edit the runtime
 * refuses is taken back, Stop (and the watchdog) restarts the last good run with the inputs
 * the runtime accepted, and a challenge's Check ends as its last outcome says; outputs of
 * code the editor no longer holds are marked, a solution runs with its changed lines marked,
 * Stop is offered whenever the example is busy; another example's start pauses it, and a
 * Run resumes it. Below it, the
 * table logic the reducer uses (LiveService/state.ts): insert, update and delete on the input
 * tables, invalid JSON refused, subscription updates applied to the resource tables.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {FromWorker} from '../../src/plugins/live-examples/LiveService/protocol';
import {
  initialState,
  liveReducer,
  SLOW_WRITE_MS,
  type Action,
  type LiveState,
} from '../../src/plugins/live-examples/LiveService/Live/reducer';
import {
  canStop,
  isBusy,
  staleNote,
  staleness,
  statusLine,
} from '../../src/plugins/live-examples/LiveService/Live/selectors';
import {changedLines} from '../../src/plugins/live-examples/LiveService/diff';
import {
  applyUpdate,
  boundedRows,
  deleteRow,
  hasKey,
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
    at: 0,
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
    {type: 'edit', write: 2, collection: 'orders', rows: [{key: 'a', values: [2]}], at: 0},
    message({type: 'written', run: 1, write: 2}),
  );
  assert.equal(accepted.error, null);
  assert.deepEqual(accepted.good?.inputs.orders, [{key: 'a', values: [2]}]);
});

test('Stop restores the last good run, with its accepted inputs, in a new worker', () => {
  const state = reduce(
    running(),
    {type: 'edit', write: 1, collection: 'orders', rows: [{key: 'a', values: [4]}], at: 0},
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
  assert.deepEqual(checking.checked, {state: 'running', last: null});
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
    {type: 'edit', write: 1, collection: 'orders', rows: [], at: 0},
    {type: 'reset'},
  );
  assert.equal(reset.code, CODE);
  assert.equal(reset.edited, false);
  assert.equal(reset.inputs, null);
  assert.deepEqual(reset.log, []);
  assert.equal(reset.worker, unmarked.worker + 1);
  assert.deepEqual(reset.pending, {run: unmarked.runs + 1, code: CODE, inputs: null});
});

test('edited code marks the outputs as the last run, said once: by the note over them, the status line silent', () => {
  const state = running();
  assert.equal(staleness(state), null);
  assert.equal(staleNote(state), null);
  assert.match(statusLine(state), /first output 12 ms/);
  const edited = liveReducer(state, {type: 'code', code: 'edited'});
  assert.equal(staleness(edited), 'edited');
  assert.equal(staleNote(edited), 'Edited: Run to update. The tables show the last run.');
  assert.equal(statusLine(edited), '');
  // Typed back as it ran: nothing lags.
  assert.equal(staleness(liveReducer(edited, {type: 'code', code: CODE})), null);
  // Run: the run under way is the editor's code; once it starts, the outputs are its own.
  const run = liveReducer(edited, {type: 'run'});
  assert.equal(staleness(run), null);
  assert.equal(staleness(liveReducer(run, started(2, [['a', 1]]))), null);
  // Code that did not run is not "edited": the error says why, the tables are the last good run's.
  const failed = liveReducer(
    run,
    message({type: 'error', run: 2, phase: 'compile', message: 'Unexpected token'}),
  );
  assert.equal(staleness(failed), 'failed');
  assert.equal(
    staleNote(failed),
    'The code in the editor did not run: the tables show the last good run.',
  );
  assert.equal(statusLine(failed), '');
  // Edited while the first run starts: that run will not show the editor's code.
  assert.equal(
    staleness(liveReducer(initialState(CODE, show), {type: 'code', code: 'x'})),
    'edited',
  );
  // No run ever worked: no tables to mark.
  assert.equal(
    staleness(
      reduce(
        initialState(CODE, show),
        message({type: 'error', run: 1, phase: 'compile', message: 'x'}),
        {type: 'code', code: 'y'},
      ),
    ),
    null,
  );
});

test("a stop keeps the reader's code in the editor; code that never started is not called edited", () => {
  const stopped = reduce(
    running(),
    {type: 'code', code: 'while (true) {}'},
    {type: 'run'},
    {type: 'stop', why: 'Stopped.'},
  );
  assert.equal(stopped.code, 'while (true) {}');
  assert.equal(stopped.pending?.code, CODE);
  assert.equal(staleness(stopped), 'failed');
  assert.equal(staleness(liveReducer(stopped, {type: 'code', code: 'while (false) {}'})), 'edited');
});

test('Stop is offered while a run or a Check is under way, or a write waits too long', () => {
  const state = running();
  assert.equal(canStop(initialState(CODE, show)), true);
  assert.equal(canStop(state), false);
  assert.equal(canStop(liveReducer(state, {type: 'check', check: 1})), true);
  const written = liveReducer(state, {
    type: 'edit',
    write: 1,
    collection: 'orders',
    rows: [{key: 'a', values: [2]}],
    at: 1000,
  });
  // A write answered at once never shows Stop; one left waiting does, until it is answered.
  assert.equal(liveReducer(written, {type: 'tick', now: 1000 + SLOW_WRITE_MS - 1}), written);
  const slow = liveReducer(written, {type: 'tick', now: 1000 + SLOW_WRITE_MS});
  assert.equal(canStop(slow), true);
  assert.equal(isBusy(slow), false, 'the tables do not wait for a write');
  const answered = liveReducer(slow, message({type: 'written', run: 1, write: 1}));
  assert.equal(canStop(answered), false);
  // Stopped: the last good run again, without the write it never answered.
  const stopped = liveReducer(slow, {type: 'stop', why: 'Stopped.'});
  assert.equal(stopped.slow, false);
  assert.deepEqual(stopped.pending?.inputs, {orders: [{key: 'a', values: [1]}]});
});

test('a re-check keeps the last outcome on screen until the new one arrives', () => {
  const failed = reduce(
    running(),
    {type: 'check', check: 1},
    message({type: 'checked', check: 1, passed: false, message: 'not yet'}),
  );
  const again = liveReducer(failed, {type: 'check', check: 2});
  assert.deepEqual(again.checked, {state: 'running', last: failed.checked});
  // A third Check before the second ends still shows the last outcome, not "running".
  assert.deepEqual(liveReducer(again, {type: 'check', check: 3}).checked, again.checked);
  const passed = liveReducer(again, message({type: 'checked', check: 2, passed: true, writes: 2}));
  assert.deepEqual(passed.checked, {state: 'passed', writes: 2});
  // The first Check has nothing to keep.
  assert.deepEqual(liveReducer(running(), {type: 'check', check: 1}).checked, {
    state: 'running',
    last: null,
  });
});

test("a solution put in the editor runs at once, its changed lines marked; Reset clears them and the Check's Passed", () => {
  const solution = CODE.replace('…', 'new Service()') + '\nconsole.log(1);';
  const passed = reduce(
    running(),
    {type: 'check', check: 1},
    message({type: 'checked', check: 1, passed: true, writes: 3}),
  );
  const put = liveReducer(passed, {type: 'solution', code: solution});
  assert.equal(put.code, solution);
  assert.deepEqual(put.pending, {run: passed.runs + 1, code: solution, inputs: null});
  assert.equal(put.checked, null);
  assert.equal(put.solutions, 1);
  assert.deepEqual(put.marked, [1, 2]);
  assert.equal(staleness(put), null);
  assert.equal(put.view, 'result');

  const reset = liveReducer(passed, {type: 'reset'});
  assert.equal(reset.checked, null);
  assert.equal(reset.checking, 0);
  assert.deepEqual(liveReducer(put, {type: 'reset'}).marked, []);
  // A Check under way when the reader resets: its outcome no longer counts.
  const checking = reduce(running(), {type: 'check', check: 1}, {type: 'reset'});
  assert.equal(
    liveReducer(checking, message({type: 'checked', check: 1, passed: true, writes: 1})),
    checking,
  );
});

test("another example's start pauses this one: its tables stay, marked paused, and a Run resumes it in a new worker with the rows edited meanwhile", () => {
  const paused = liveReducer(running(), {type: 'pause'});
  assert.equal(paused.paused, true);
  assert.equal(staleness(paused), 'paused');
  assert.equal(
    staleNote(paused),
    'Paused: another example on this page is running. Run to resume; the tables show the last run.',
  );
  assert.equal(statusLine(paused), '');
  assert.deepEqual(paused.resources, running().resources);
  assert.equal(canStop(paused), false);
  // An edit while paused changes the table and waits: no write is left unanswered.
  const rows: Row[] = [{key: 'a', values: [5]}];
  const edited = liveReducer(paused, {type: 'edit', write: 1, collection: 'orders', rows, at: 0});
  assert.deepEqual(edited.writes, {});
  assert.deepEqual(edited.inputs, {orders: rows});
  assert.equal(liveReducer(edited, {type: 'tick', now: SLOW_WRITE_MS * 10}).slow, false);
  // Run asks for a new worker (the old one was ended) and sends the edited rows.
  const resumed = liveReducer(edited, {type: 'run'});
  assert.equal(resumed.paused, false);
  assert.equal(resumed.worker, paused.worker + 1);
  assert.deepEqual(resumed.pending, {run: 2, code: CODE, inputs: {orders: rows}});
  assert.equal(staleness(resumed), null);
  // A Check under way when paused ends as stopped; its late outcome is ignored.
  const checking = reduce(running(), {type: 'check', check: 1}, {type: 'pause'});
  assert.deepEqual(checking.checked, {state: 'stopped'});
  const late = liveReducer(checking, message({type: 'checked', check: 1, passed: true, writes: 0}));
  assert.deepEqual(late.checked, {state: 'stopped'});
});

test('on a phone, Run shows the result, unless the reader runs from the editor', () => {
  const state = running();
  assert.equal(state.view, 'code');
  assert.equal(liveReducer(state, {type: 'run'}).view, 'result');
  assert.equal(liveReducer(state, {type: 'run', from: 'editor'}).view, 'code');
  const result = liveReducer(state, {type: 'view', view: 'result'});
  assert.equal(result.view, 'result');
  assert.equal(liveReducer(result, {type: 'view', view: 'result'}), result);
});

test('the log and the status name the empty key as "", never as nothing', () => {
  const state = reduce(
    running(),
    update(1, [
      ['', 3],
      ['ada', 1],
    ]),
  );
  assert.equal(state.log[0]!.text, 'totals: update, keys "", ada, watermark w1');
  assert.equal(state.status, 'totals updated: "", ada.');
});

test('a line diff marks the lines a new text adds or changes, and no others', () => {
  assert.deepEqual(changedLines('a\nb\nc', 'a\nb\nc'), []);
  assert.deepEqual(changedLines('a\nb\nc', 'a\nB\nc'), [2]);
  assert.deepEqual(changedLines('a\nb\nc', 'a\nb\nx\ny\nc'), [3, 4]);
  assert.deepEqual(changedLines('a\nb\nc', 'a\nc'), []);
  assert.deepEqual(changedLines('', 'a'), [1]);
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

test('a big input table shows its first rows and those the reader wrote to, and counts the rest', () => {
  const many = rowsOf(Array.from({length: 10_000}, (_, i) => [`o${i + 1}`, [i + 1]]));
  const few = many.slice(0, 5);
  assert.deepEqual(boundedRows(few, new Set()), {shown: few, hidden: 0});
  const first = boundedRows(many, new Set(), 20);
  assert.deepEqual(
    first.shown.map((r) => r.key),
    Array.from({length: 20}, (_, i) => `o${i + 1}`),
  );
  assert.equal(first.hidden, 9_980);
  // A key written through the new-row line stays in view, in table order; one already shown
  // is not shown twice, and a key the table no longer has is not counted.
  const touched = boundedRows(many, new Set(['o5000', 'o3', 'gone']), 20);
  assert.deepEqual(
    touched.shown.slice(-2).map((r) => r.key),
    ['o20', 'o5000'],
  );
  assert.equal(touched.shown.length, 21);
  assert.equal(touched.hidden, 9_979);
});

test('Add knows a key the table has: it replaces that key', () => {
  assert.equal(hasKey(orders(), 'o-1'), true);
  assert.equal(hasKey(orders(), 'o-2'), false);
  assert.equal(hasKey(rowsOf([[7, [1]]]), '7'), true);
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

test('one voice: the status line and the note over the outputs never both speak', () => {
  const edited = liveReducer(running(), {type: 'code', code: 'edited'});
  const states = [
    initialState(CODE, show),
    running(),
    edited,
    liveReducer(edited, {type: 'run'}),
    reduce(edited, {type: 'run'}, message({type: 'error', run: 2, phase: 'compile', message: 'x'})),
    reduce(edited, {type: 'run'}, {type: 'stop', why: 'Stopped.'}),
    liveReducer(running(), {type: 'pause'}),
    liveReducer(edited, {type: 'pause'}),
  ];
  for (const state of states) {
    const spoken = [statusLine(state), staleNote(state)].filter(Boolean);
    assert.equal(spoken.length, 1, JSON.stringify(spoken));
  }
});
