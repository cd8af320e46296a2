/**
 * Check of the challenge "A resource that takes a status" (docs/resources.mdx): `byStatus`
 * must read `status` from its parameters and serve only the tasks with that status.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [{owner: 'ana', title: 'Book the venue', status: 'open'}]],
      ['t2', [{owner: 'raj', title: 'Send the invitations', status: 'done'}]],
      ['t3', [{owner: 'ana', title: 'Order the badges', status: 'open'}]],
      ['t4', [{owner: 'lin', title: 'Hire a photographer', status: 'open'}]],
    ],
  },
  instances: {
    open: {resource: 'byStatus', params: {status: 'open'}},
    done: {resource: 'byStatus', params: {status: 'done'}},
    blocked: {resource: 'byStatus', params: {status: 'blocked'}},
  },
  start: {
    open: [
      ['t1', [{owner: 'ana', status: 'open', title: 'Book the venue'}]],
      ['t3', [{owner: 'ana', status: 'open', title: 'Order the badges'}]],
      ['t4', [{owner: 'lin', status: 'open', title: 'Hire a photographer'}]],
    ],
    done: [['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]]],
    blocked: [],
  },
  writes: [
    {
      after: 'after task t1 is marked done',
      collection: 'tasks',
      entries: [['t1', [{owner: 'ana', title: 'Book the venue', status: 'done'}]]],
      expect: {
        open: [
          ['t3', [{owner: 'ana', status: 'open', title: 'Order the badges'}]],
          ['t4', [{owner: 'lin', status: 'open', title: 'Hire a photographer'}]],
        ],
        done: [
          ['t1', [{owner: 'ana', status: 'done', title: 'Book the venue'}]],
          ['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]],
        ],
        blocked: [],
      },
    },
    {
      after: 'after task t5 arrives with the status "blocked", which no task had',
      collection: 'tasks',
      entries: [['t5', [{owner: 'raj', title: 'Print the schedule', status: 'blocked'}]]],
      expect: {
        open: [
          ['t3', [{owner: 'ana', status: 'open', title: 'Order the badges'}]],
          ['t4', [{owner: 'lin', status: 'open', title: 'Hire a photographer'}]],
        ],
        done: [
          ['t1', [{owner: 'ana', status: 'done', title: 'Book the venue'}]],
          ['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]],
        ],
        blocked: [['t5', [{owner: 'raj', status: 'blocked', title: 'Print the schedule'}]]],
      },
    },
    {
      after: 'after task t3 is deleted',
      collection: 'tasks',
      entries: [['t3', []]],
      expect: {
        open: [['t4', [{owner: 'lin', status: 'open', title: 'Hire a photographer'}]]],
        done: [
          ['t1', [{owner: 'ana', status: 'done', title: 'Book the venue'}]],
          ['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]],
        ],
        blocked: [['t5', [{owner: 'raj', status: 'blocked', title: 'Print the schedule'}]]],
      },
    },
    {
      after: 'after a task with an empty id ("") arrives, open',
      collection: 'tasks',
      entries: [['', [{owner: 'lin', title: 'Water the plants', status: 'open'}]]],
      expect: {
        open: [
          ['', [{owner: 'lin', status: 'open', title: 'Water the plants'}]],
          ['t4', [{owner: 'lin', status: 'open', title: 'Hire a photographer'}]],
        ],
        done: [
          ['t1', [{owner: 'ana', status: 'done', title: 'Book the venue'}]],
          ['t2', [{owner: 'raj', status: 'done', title: 'Send the invitations'}]],
        ],
        blocked: [['t5', [{owner: 'raj', status: 'blocked', title: 'Print the schedule'}]]],
      },
    },
  ],
};

export default challenge;
