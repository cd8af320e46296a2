/**
 * Check of the challenge "Keep each customer's order ids" (docs/functions.mdx): the reducer's
 * `remove` must take an id back out, so that deleted and moved orders leave their customer.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    orders: [
      ['o1', [{customer: 'ada', amount: 40}]],
      ['o2', [{customer: 'bob', amount: 12}]],
      ['o3', [{customer: 'ada', amount: 25}]],
      ['o4', [{customer: 'cy', amount: 8}]],
    ],
  },
  instances: {ids: {resource: 'orderIds', params: {}}},
  start: {
    ids: [
      ['ada', [['o1', 'o3']]],
      ['bob', [['o2']]],
      ['cy', [['o4']]],
    ],
  },
  writes: [
    {
      after: 'after order o5 is added for Ada',
      collection: 'orders',
      entries: [['o5', [{customer: 'ada', amount: 5}]]],
      expect: {
        ids: [
          ['ada', [['o1', 'o3', 'o5']]],
          ['bob', [['o2']]],
          ['cy', [['o4']]],
        ],
      },
    },
    {
      after: 'after order o1 moves from Ada to Bob',
      collection: 'orders',
      entries: [['o1', [{customer: 'bob', amount: 40}]]],
      expect: {
        ids: [
          ['ada', [['o3', 'o5']]],
          ['bob', [['o1', 'o2']]],
          ['cy', [['o4']]],
        ],
      },
    },
    {
      after: 'after order o2 is deleted',
      collection: 'orders',
      entries: [['o2', []]],
      expect: {
        ids: [
          ['ada', [['o3', 'o5']]],
          ['bob', [['o1']]],
          ['cy', [['o4']]],
        ],
      },
    },
    {
      after: 'after order o3 changes its amount and stays with Ada',
      collection: 'orders',
      entries: [['o3', [{customer: 'ada', amount: 30}]]],
      expect: {
        ids: [
          ['ada', [['o3', 'o5']]],
          ['bob', [['o1']]],
          ['cy', [['o4']]],
        ],
      },
    },
    {
      after: 'after an order with an empty id ("") is added for Cy',
      collection: 'orders',
      entries: [['', [{customer: 'cy', amount: 1}]]],
      expect: {
        ids: [
          ['ada', [['o3', 'o5']]],
          ['bob', [['o1']]],
          ['cy', [['', 'o4']]],
        ],
      },
    },
    {
      after: "after order o4 is deleted and Bob's order o1 with it",
      collection: 'orders',
      entries: [
        ['o4', []],
        ['o1', []],
      ],
      expect: {
        ids: [
          ['ada', [['o3', 'o5']]],
          ['bob', [[]]],
          ['cy', [['']]],
        ],
      },
    },
  ],
};

export default challenge;
