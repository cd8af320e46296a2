/**
 * Check of the challenge "Count by the field the request names" (docs/resources.mdx):
 * `countsBy` must read `by` from its parameters and count the tasks by that field.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [{owner: 'ana', title: 'Book the venue', status: 'open'}]],
      ['t2', [{owner: 'raj', title: 'Send the invitations', status: 'done'}]],
      ['t3', [{owner: 'ana', title: 'Order the badges', status: 'open'}]],
      ['t4', [{owner: 'lin', title: 'Hire a photographer', status: 'blocked'}]],
    ],
  },
  instances: {
    byOwner: {resource: 'countsBy', params: {by: 'owner'}},
    byStatus: {resource: 'countsBy', params: {by: 'status'}},
  },
  start: {
    byOwner: [
      ['ana', [2]],
      ['lin', [1]],
      ['raj', [1]],
    ],
    byStatus: [
      ['blocked', [1]],
      ['done', [1]],
      ['open', [2]],
    ],
  },
  writes: [
    {
      after: 'after task t1 is marked done',
      collection: 'tasks',
      entries: [['t1', [{owner: 'ana', title: 'Book the venue', status: 'done'}]]],
      expect: {
        byOwner: [
          ['ana', [2]],
          ['lin', [1]],
          ['raj', [1]],
        ],
        byStatus: [
          ['blocked', [1]],
          ['done', [2]],
          ['open', [1]],
        ],
      },
    },
    {
      after: 'after task t3 moves from Ana to Lin, still open',
      collection: 'tasks',
      entries: [['t3', [{owner: 'lin', title: 'Order the badges', status: 'open'}]]],
      expect: {
        byOwner: [
          ['ana', [1]],
          ['lin', [2]],
          ['raj', [1]],
        ],
        byStatus: [
          ['blocked', [1]],
          ['done', [2]],
          ['open', [1]],
        ],
      },
    },
    {
      after: "after task t2, Raj's only task, is deleted",
      collection: 'tasks',
      entries: [['t2', []]],
      expect: {
        byOwner: [
          ['ana', [1]],
          ['lin', [2]],
          ['raj', [0]],
        ],
        byStatus: [
          ['blocked', [1]],
          ['done', [1]],
          ['open', [1]],
        ],
      },
    },
    {
      after: 'after task t5 arrives with an empty owner ("") and an empty status ("")',
      collection: 'tasks',
      entries: [['t5', [{owner: '', title: 'Water the plants', status: ''}]]],
      expect: {
        byOwner: [
          ['', [1]],
          ['ana', [1]],
          ['lin', [2]],
          ['raj', [0]],
        ],
        byStatus: [
          ['', [1]],
          ['blocked', [1]],
          ['done', [1]],
          ['open', [1]],
        ],
      },
    },
  ],
};

export default challenge;
