/**
 * What the live examples' resource tables show when every value of a key leaves (issue 21,
 * point 8), checked on Node against the Skip runtime itself (`@skipruntime/wasm`, the build
 * the examples run in the browser): a reduced key stays, with the reducer's value for no
 * input (`ada [0]` after order o-1 of the landing page is deleted; `bob {"orders":0,"spent":0}`
 * on functions), and a new run on the same data does not have it. The example's table is
 * right to keep the row: it shows the runtime's state.
 */
import {test, expect} from '@playwright/test';
import type {
  EagerCollection,
  Json,
  Mapper,
  Reducer,
  Resource,
  SkipService,
  Values,
} from '@skipruntime/core';

type Order = {customer: string; amount: number};

class ByCustomer implements Mapper<string, Order, string, number> {
  mapEntry(_id: string, orders: Values<Order>): Iterable<[string, number]> {
    const {customer, amount} = orders.getUnique();
    return [[customer, amount]];
  }
}

class Spending implements Reducer<number, {orders: number; spent: number}> {
  initial = {orders: 0, spent: 0};
  add(acc: {orders: number; spent: number} | null, amount: number) {
    const current = acc ?? this.initial;
    return {orders: current.orders + 1, spent: current.spent + amount};
  }
  remove(acc: {orders: number; spent: number}, amount: number) {
    return {orders: acc.orders - 1, spent: acc.spent - amount};
  }
}

type Inputs = {orders: EagerCollection<string, Order>};
type Outputs = {out: EagerCollection<string, Json>};

class Out implements Resource<Outputs> {
  instantiate(outputs: Outputs) {
    return outputs.out;
  }
}

/** The resource's content after deleting `deleted`, and on a fresh start with what is left. */
async function afterDelete(
  reduce: 'sum' | 'reducer',
  data: [string, Order][],
  deleted: string,
): Promise<{after: Json; fresh: Json}> {
  const {initService} = await import('@skipruntime/wasm');
  const {Sum} = await import('@skipruntime/helpers');
  const service = (orders: [string, Order][]): SkipService<Inputs, Outputs> => ({
    initialData: {orders: orders.map(([id, order]) => [id, [order]])},
    resources: {out: Out},
    createGraph: (inputs) => {
      const amounts = inputs.orders.map(ByCustomer);
      return {out: reduce === 'sum' ? amounts.reduce(Sum) : amounts.reduce(Spending)};
    },
  });
  const running = await initService(service(data));
  await running.update('orders', [[deleted, []]]);
  const after = (await running.getAll('out', {})) as Json;
  await running.close();
  const again = await initService(service(data.filter(([id]) => id !== deleted)));
  const fresh = (await again.getAll('out', {})) as Json;
  await again.close();
  return {after, fresh};
}

test('landing: deleting the only order of a customer leaves the key with Sum at 0', async () => {
  const {after, fresh} = await afterDelete('sum', [['o-1', {customer: 'ada', amount: 30}]], 'o-1');
  expect(after).toEqual([['ada', [0]]]);
  expect(fresh).toEqual([]);
});

test("functions: deleting bob's only order leaves bob with the reducer's empty value", async () => {
  const {after, fresh} = await afterDelete(
    'reducer',
    [
      ['o1', {customer: 'ada', amount: 40}],
      ['o3', {customer: 'bob', amount: 12}],
    ],
    'o3',
  );
  expect(after).toEqual([
    ['ada', [{orders: 1, spent: 40}]],
    ['bob', [{orders: 0, spent: 0}]],
  ]);
  expect(fresh).toEqual([['ada', [{orders: 1, spent: 40}]]]);
});
