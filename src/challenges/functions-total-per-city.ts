/**
 * Check of the challenge "Total the orders per city" (docs/functions.mdx): the mapper must
 * key each amount by the order's city instead of its customer.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    orders: [
      ['o1', [{customer: 'ada', city: 'Lyon', amount: 40}]],
      ['o2', [{customer: 'bob', city: 'Lyon', amount: 12}]],
      ['o3', [{customer: 'ada', city: 'Oslo', amount: 25}]],
      ['o4', [{customer: 'cy', city: 'Porto', amount: 8}]],
    ],
  },
  instances: {totals: {resource: 'totals', params: {}}},
  start: {
    totals: [
      ['Lyon', [52]],
      ['Oslo', [25]],
      ['Porto', [8]],
    ],
  },
  writes: [
    {
      after: 'after order o5 adds 25 in Oslo, the same amount as o3',
      collection: 'orders',
      entries: [['o5', [{customer: 'bob', city: 'Oslo', amount: 25}]]],
      expect: {
        totals: [
          ['Lyon', [52]],
          ['Oslo', [50]],
          ['Porto', [8]],
        ],
      },
    },
    {
      after: 'after order o6 arrives with an empty city ("")',
      collection: 'orders',
      entries: [['o6', [{customer: 'dee', city: '', amount: 9}]]],
      expect: {
        totals: [
          ['', [9]],
          ['Lyon', [52]],
          ['Oslo', [50]],
          ['Porto', [8]],
        ],
      },
    },
    {
      after: 'after order o1 moves from Lyon to Oslo',
      collection: 'orders',
      entries: [['o1', [{customer: 'ada', city: 'Oslo', amount: 40}]]],
      expect: {
        totals: [
          ['', [9]],
          ['Lyon', [12]],
          ['Oslo', [90]],
          ['Porto', [8]],
        ],
      },
    },
    {
      after: "after order o2, Lyon's last order, is deleted",
      collection: 'orders',
      entries: [['o2', []]],
      expect: {
        totals: [
          ['', [9]],
          ['Lyon', [0]],
          ['Oslo', [90]],
          ['Porto', [8]],
        ],
      },
    },
    {
      after: 'after order o4 changes customer but stays in Porto',
      collection: 'orders',
      entries: [['o4', [{customer: 'ada', city: 'Porto', amount: 8}]]],
      expect: {
        totals: [
          ['', [9]],
          ['Lyon', [0]],
          ['Oslo', [90]],
          ['Porto', [8]],
        ],
      },
    },
  ],
};

export default challenge;
