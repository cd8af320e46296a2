/**
 * getting_started, "Leave out tasks nobody owns": a task whose owner is the empty string is
 * in no owner's list, whether it is open or done, from the start or after a write; and a task
 * its owner finishes still leaves that owner's list (a version that forgets the done test fails).
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [{title: 'Write the README', owner: 'ada', done: false}]],
      ['t2', [{title: 'Order new laptops', owner: '', done: false}]],
      ['t3', [{title: 'Plan the release', owner: 'lin', done: false}]],
      ['t4', [{title: 'Archive old tickets', owner: '', done: true}]],
    ],
  },
  instances: {open: {resource: 'openTasks', params: {}}},
  start: {
    open: [
      ['ada', ['t1: Write the README']],
      ['lin', ['t3: Plan the release']],
    ],
  },
  writes: [
    {
      after: 'after task t2 is given to kim',
      collection: 'tasks',
      entries: [['t2', [{title: 'Order new laptops', owner: 'kim', done: false}]]],
      expect: {
        open: [
          ['ada', ['t1: Write the README']],
          ['kim', ['t2: Order new laptops']],
          ['lin', ['t3: Plan the release']],
        ],
      },
    },
    {
      after: 'after task t3 loses its owner',
      collection: 'tasks',
      entries: [['t3', [{title: 'Plan the release', owner: '', done: false}]]],
      expect: {
        open: [
          ['ada', ['t1: Write the README']],
          ['kim', ['t2: Order new laptops']],
        ],
      },
    },
    {
      after: 'after a new task t5 arrives with no owner',
      collection: 'tasks',
      entries: [['t5', [{title: 'Book a meeting room', owner: '', done: false}]]],
      expect: {
        open: [
          ['ada', ['t1: Write the README']],
          ['kim', ['t2: Order new laptops']],
        ],
      },
    },
    {
      after: 'after the unowned task t3 is given back to lin and t1 is deleted',
      collection: 'tasks',
      entries: [
        ['t3', [{title: 'Plan the release', owner: 'lin', done: false}]],
        ['t1', []],
      ],
      expect: {
        open: [
          ['kim', ['t2: Order new laptops']],
          ['lin', ['t3: Plan the release']],
        ],
      },
    },
    {
      // A finished task with an owner: the rule for done tasks must still hold.
      after: 'after kim finishes task t2',
      collection: 'tasks',
      entries: [['t2', [{title: 'Order new laptops', owner: 'kim', done: true}]]],
      expect: {open: [['lin', ['t3: Plan the release']]]},
    },
  ],
};

export default challenge;
