/**
 * The live example's table logic (src/plugins/live-examples/LiveService/state.ts) on its own, without
 * React, a browser or the runtime: insert, update and delete on the input tables, invalid
 * JSON refused, subscription updates applied to the resource tables, the fence options read.
 */
import {test, expect} from '@playwright/test';
import {
  applyUpdate,
  deleteRow,
  parseShow,
  rowsOf,
  upsertRow,
  valueText,
  type Row,
} from '../../src/plugins/live-examples/LiveService/state';

const orders = (): Row[] => rowsOf([['o-1', [{customer: 'ada', amount: 30}]]]);

test('adding a row appends the key and yields the entry to write', () => {
  const edit = upsertRow(orders(), 'o-2', '{"customer": "bob", "amount": 12}');
  expect(edit).toEqual({
    ok: true,
    rows: [...orders(), {key: 'o-2', values: [{customer: 'bob', amount: 12}]}],
    entry: ['o-2', [{customer: 'bob', amount: 12}]],
  });
});

test('changing a value replaces that key in place', () => {
  const rows = [...orders(), {key: 'o-2', values: [1]}];
  const edit = upsertRow(rows, 'o-1', '{"customer": "ada", "amount": 31}');
  expect(edit.ok && edit.rows.map((r) => valueText(r))).toEqual([
    '{"customer":"ada","amount":31}',
    '1',
  ]);
  expect(edit.ok && edit.entry).toEqual(['o-1', [{customer: 'ada', amount: 31}]]);
});

test('deleting a key removes the row and writes the key with no values', () => {
  expect(deleteRow(orders(), 'o-1')).toEqual({ok: true, rows: [], entry: ['o-1', []]});
  expect(deleteRow(orders(), 'o-9').ok).toBe(false);
});

test('invalid JSON, an empty value or an empty key change nothing and say why', () => {
  for (const [key, text, message] of [
    ['o-1', '{amount: 3}', /Not valid JSON/],
    ['o-1', '  ', /JSON value/],
    ['  ', '1', /key/],
  ] as const) {
    const edit = upsertRow(orders(), key, text);
    expect(edit.ok).toBe(false);
    expect(!edit.ok && edit.message).toMatch(message);
  }
});

test('a key with several values is edited as the array of its values', () => {
  const rows = rowsOf([['ada', ['t1', 't2']]]);
  expect(valueText(rows[0]!)).toBe('["t1","t2"]');
  expect(upsertRow(rows, 'ada', '"t1"').ok).toBe(false);
  const edit = upsertRow(rows, 'ada', '["t1"]');
  expect(edit.ok && edit.entry).toEqual(['ada', ['t1']]);
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
  expect(init.rows).toEqual(
    rowsOf([
      ['ada', [1]],
      ['bob', [2]],
    ]),
  );
  const update = applyUpdate(init.rows, {
    values: [
      ['ada', []],
      ['cy', [3]],
      ['bob', [5]],
    ],
    watermark: 'w2',
    isInitial: false,
  });
  expect(update.rows).toEqual(
    rowsOf([
      ['bob', [5]],
      ['cy', [3]],
    ]),
  );
  expect(update.changed).toEqual(['ada', 'cy', 'bob']);
});

test('the fence meta names the resource instances to show, with parameters', () => {
  expect(parseShow('title="service.ts" live show="totals"')).toEqual([
    {resource: 'totals', params: {}},
  ]);
  expect(
    parseShow('live show="tasksOf?owner=ana tasksOf?owner=raj openCounts" run="http/service"'),
  ).toEqual([
    {resource: 'tasksOf', params: {owner: 'ana'}},
    {resource: 'tasksOf', params: {owner: 'raj'}},
    {resource: 'openCounts', params: {}},
  ]);
  expect(parseShow('live')).toEqual([]);
});
