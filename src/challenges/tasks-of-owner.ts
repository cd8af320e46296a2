/**
 * getting_started, "A resource for one owner": `tasksOf` takes `{"owner": …}` and holds that
 * owner's open tasks only; an owner with none gets an empty resource, and each instance
 * follows tasks that are added, reassigned, finished and deleted.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [{title: 'Write the README', owner: 'ada', done: false}]],
      ['t2', [{title: 'Fix the login bug', owner: 'ada', done: true}]],
      ['t3', [{title: 'Plan the release', owner: 'lin', done: false}]],
      ['t4', [{title: 'Answer the support mail', owner: 'ada', done: false}]],
    ],
  },
  instances: {
    ada: {resource: 'tasksOf', params: {owner: 'ada'}},
    lin: {resource: 'tasksOf', params: {owner: 'lin'}},
    kim: {resource: 'tasksOf', params: {owner: 'kim'}},
  },
  start: {
    ada: [['ada', ['t1: Write the README', 't4: Answer the support mail']]],
    lin: [['lin', ['t3: Plan the release']]],
    kim: [],
  },
  writes: [
    {
      after: 'after task t5 is added for kim',
      collection: 'tasks',
      entries: [['t5', [{title: 'Review the docs', owner: 'kim', done: false}]]],
      expect: {
        ada: [['ada', ['t1: Write the README', 't4: Answer the support mail']]],
        lin: [['lin', ['t3: Plan the release']]],
        kim: [['kim', ['t5: Review the docs']]],
      },
    },
    {
      after: 'after task t1 moves from ada to lin',
      collection: 'tasks',
      entries: [['t1', [{title: 'Write the README', owner: 'lin', done: false}]]],
      expect: {
        ada: [['ada', ['t4: Answer the support mail']]],
        lin: [['lin', ['t1: Write the README', 't3: Plan the release']]],
        kim: [['kim', ['t5: Review the docs']]],
      },
    },
    {
      after: "after ada's last open task, t4, is finished",
      collection: 'tasks',
      entries: [['t4', [{title: 'Answer the support mail', owner: 'ada', done: true}]]],
      expect: {
        ada: [],
        lin: [['lin', ['t1: Write the README', 't3: Plan the release']]],
        kim: [['kim', ['t5: Review the docs']]],
      },
    },
    {
      after: 'after task t3 is deleted and kim finishes t5',
      collection: 'tasks',
      entries: [
        ['t3', []],
        ['t5', [{title: 'Review the docs', owner: 'kim', done: true}]],
      ],
      expect: {
        ada: [],
        lin: [['lin', ['t1: Write the README']]],
        kim: [],
      },
    },
  ],
};

export default challenge;
