/**
 * Check of the challenge "Every task when no owner is given" (docs/resources.mdx): `tasksOf`
 * must serve every task when its parameters have no `owner`, and still one owner's tasks when
 * they have one, the empty string included.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [{owner: 'ana', title: 'Book the venue', status: 'open'}]],
      ['t2', [{owner: 'raj', title: 'Send the invitations', status: 'done'}]],
      ['t3', [{owner: '', title: 'Choose a date', status: 'open'}]],
    ],
  },
  instances: {
    all: {resource: 'tasksOf', params: {}},
    raj: {resource: 'tasksOf', params: {owner: 'raj'}},
    unowned: {resource: 'tasksOf', params: {owner: ''}},
    zoe: {resource: 'tasksOf', params: {owner: 'zoe'}},
  },
  start: {
    all: [
      ['t1', [{owner: 'ana', status: 'open', title: 'Book the venue'}]],
      ['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]],
      ['t3', [{owner: '', status: 'open', title: 'Choose a date'}]],
    ],
    raj: [['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]]],
    unowned: [['t3', [{owner: '', status: 'open', title: 'Choose a date'}]]],
    zoe: [],
  },
  writes: [
    {
      after: 'after task t4 arrives for Zoe, who had no task',
      collection: 'tasks',
      entries: [['t4', [{owner: 'zoe', title: 'Find a caterer', status: 'open'}]]],
      expect: {
        all: [
          ['t1', [{owner: 'ana', status: 'open', title: 'Book the venue'}]],
          ['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]],
          ['t3', [{owner: '', status: 'open', title: 'Choose a date'}]],
          ['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]],
        ],
        raj: [['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]]],
        unowned: [['t3', [{owner: '', status: 'open', title: 'Choose a date'}]]],
        zoe: [['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]]],
      },
    },
    {
      after: 'after task t2 moves from Raj to Ana',
      collection: 'tasks',
      entries: [['t2', [{owner: 'ana', title: 'Send the invitations', status: 'done'}]]],
      expect: {
        all: [
          ['t1', [{owner: 'ana', status: 'open', title: 'Book the venue'}]],
          ['t2', [{owner: 'ana', status: 'done', title: 'Send the invitations'}]],
          ['t3', [{owner: '', status: 'open', title: 'Choose a date'}]],
          ['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]],
        ],
        raj: [],
        unowned: [['t3', [{owner: '', status: 'open', title: 'Choose a date'}]]],
        zoe: [['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]]],
      },
    },
    {
      after: 'after task t1 is deleted',
      collection: 'tasks',
      entries: [['t1', []]],
      expect: {
        all: [
          ['t2', [{owner: 'ana', status: 'done', title: 'Send the invitations'}]],
          ['t3', [{owner: '', status: 'open', title: 'Choose a date'}]],
          ['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]],
        ],
        raj: [],
        unowned: [['t3', [{owner: '', status: 'open', title: 'Choose a date'}]]],
        zoe: [['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]]],
      },
    },
    {
      after: 'after task t5 arrives with an empty owner ("")',
      collection: 'tasks',
      entries: [['t5', [{owner: '', title: 'Print the badges', status: 'open'}]]],
      expect: {
        all: [
          ['t2', [{owner: 'ana', status: 'done', title: 'Send the invitations'}]],
          ['t3', [{owner: '', status: 'open', title: 'Choose a date'}]],
          ['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]],
          ['t5', [{owner: '', status: 'open', title: 'Print the badges'}]],
        ],
        raj: [],
        unowned: [
          ['t3', [{owner: '', status: 'open', title: 'Choose a date'}]],
          ['t5', [{owner: '', status: 'open', title: 'Print the badges'}]],
        ],
        zoe: [['t4', [{owner: 'zoe', status: 'open', title: 'Find a caterer'}]]],
      },
    },
  ],
};

export default challenge;
