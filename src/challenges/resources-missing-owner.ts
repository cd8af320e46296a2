/**
 * Check of the challenge "Every task when no owner is given" (docs/resources.mdx): `tasksOf`
 * must serve every task when its parameters have no `owner`, and still one owner's tasks when
 * they have one, the empty string included. It starts from the example's own tasks and reads
 * the three instances the example shows, so that a failure names a table the reader sees.
 */
import type {ChallengeDefinition} from './format';

const t1 = {owner: 'ana', title: 'Book the venue', status: 'open'};
const t2 = {owner: 'raj', title: 'Send the invitations', status: 'done'};
const t2ana = {owner: 'ana', title: 'Send the invitations', status: 'done'};
const t3 = {owner: 'ana', title: 'Order the badges', status: 'open'};
const t3unowned = {owner: '', title: 'Order the badges', status: 'open'};
const t4 = {owner: '', title: 'Choose a date', status: 'open'};
const t5 = {owner: 'zoe', title: 'Find a caterer', status: 'open'};
const t6 = {owner: '', title: 'Print the badges', status: 'open'};

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [t1]],
      ['t2', [t2]],
      ['t3', [t3]],
      ['t4', [t4]],
    ],
  },
  instances: {
    all: {resource: 'tasksOf', params: {}},
    unowned: {resource: 'tasksOf', params: {owner: ''}},
    ana: {resource: 'tasksOf', params: {owner: 'ana'}},
  },
  start: {
    all: [
      ['t1', [t1]],
      ['t2', [t2]],
      ['t3', [t3]],
      ['t4', [t4]],
    ],
    unowned: [['t4', [t4]]],
    ana: [
      ['t1', [t1]],
      ['t3', [t3]],
    ],
  },
  writes: [
    {
      after: 'after task t5 arrives for Zoe, who had no task',
      collection: 'tasks',
      entries: [['t5', [t5]]],
      expect: {
        all: [
          ['t1', [t1]],
          ['t2', [t2]],
          ['t3', [t3]],
          ['t4', [t4]],
          ['t5', [t5]],
        ],
        unowned: [['t4', [t4]]],
        ana: [
          ['t1', [t1]],
          ['t3', [t3]],
        ],
      },
    },
    {
      after: 'after task t2 moves from Raj to Ana',
      collection: 'tasks',
      entries: [['t2', [t2ana]]],
      expect: {
        all: [
          ['t1', [t1]],
          ['t2', [t2ana]],
          ['t3', [t3]],
          ['t4', [t4]],
          ['t5', [t5]],
        ],
        unowned: [['t4', [t4]]],
        ana: [
          ['t1', [t1]],
          ['t2', [t2ana]],
          ['t3', [t3]],
        ],
      },
    },
    {
      after: 'after task t1 is deleted',
      collection: 'tasks',
      entries: [['t1', []]],
      expect: {
        all: [
          ['t2', [t2ana]],
          ['t3', [t3]],
          ['t4', [t4]],
          ['t5', [t5]],
        ],
        unowned: [['t4', [t4]]],
        ana: [
          ['t2', [t2ana]],
          ['t3', [t3]],
        ],
      },
    },
    {
      after: 'after task t6 arrives with an empty owner ("")',
      collection: 'tasks',
      entries: [['t6', [t6]]],
      expect: {
        all: [
          ['t2', [t2ana]],
          ['t3', [t3]],
          ['t4', [t4]],
          ['t5', [t5]],
          ['t6', [t6]],
        ],
        unowned: [
          ['t4', [t4]],
          ['t6', [t6]],
        ],
        ana: [
          ['t2', [t2ana]],
          ['t3', [t3]],
        ],
      },
    },
    {
      after: 'after task t3 loses its owner ("")',
      collection: 'tasks',
      entries: [['t3', [t3unowned]]],
      expect: {
        all: [
          ['t2', [t2ana]],
          ['t3', [t3unowned]],
          ['t4', [t4]],
          ['t5', [t5]],
          ['t6', [t6]],
        ],
        unowned: [
          ['t3', [t3unowned]],
          ['t4', [t4]],
          ['t6', [t6]],
        ],
        ana: [['t2', [t2ana]]],
      },
    },
  ],
};

export default challenge;
