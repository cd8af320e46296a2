/**
 * How the live examples read a fence's meta (src/plugins/live-examples/LiveService/meta.ts, through
 * src/lib/fences.cjs): the `live` flag, `show=`, `clients=` and `challenge=`, quoted or bare.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fenceMeta, isLive, withoutFlag} from '../../src/plugins/live-examples/LiveService/meta';
import {parseClients, parseShow} from '../../src/plugins/live-examples/LiveService/state';

test('`live` is a flag of its own, not a word inside a value or a longer name', () => {
  assert.equal(isLive('title="service.ts" run="orders/service" live show="spending"'), true);
  assert.equal(isLive('live'), true);
  assert.equal(isLive('title="a live demo"'), false);
  assert.equal(isLive('alive lively'), false);
  assert.equal(isLive(undefined), false);
});

test('without the flag `live`, the rest of the meta is as written', () => {
  assert.equal(
    withoutFlag('title="a live b" live show=x', 'live').trim(),
    'title="a live b"  show=x',
  );
  assert.equal(withoutFlag('live', 'live'), '');
  assert.equal(isLive(withoutFlag('ts live {1,3}', 'live')), false);
});

test('show= items, in double, single or no quotes, with their parameters', () => {
  const expected = [
    {resource: 'tasksOf', params: {owner: 'ana'}},
    {resource: 'totals', params: {}},
  ];
  assert.deepEqual(parseShow('live show="tasksOf?owner=ana totals"'), expected);
  assert.deepEqual(parseShow("live show='tasksOf?owner=ana totals'"), expected);
  assert.deepEqual(parseShow('live show=totals'), [{resource: 'totals', params: {}}]);
  assert.deepEqual(parseShow('live'), []);
});

test('clients= names one resource instance; challenge= its id', () => {
  assert.deepEqual(parseClients('live show="totals" clients="totals"'), {
    resource: 'totals',
    params: {},
  });
  assert.deepEqual(parseClients('live clients=tasksOf?owner=ana'), {
    resource: 'tasksOf',
    params: {owner: 'ana'},
  });
  assert.equal(parseClients('live show="totals"'), null);
  assert.equal(fenceMeta('ts live challenge="tasks-no-owner"').attrs.challenge, 'tasks-no-owner');
  assert.equal(fenceMeta('ts live').attrs.challenge, undefined);
});
