/**
 * getting_started, "Share a task with a helper": a task may name a helper, who sees it in
 * their list too; a task shows once per person (a helper who is also the owner adds
 * nothing), an empty helper means none, and a finished task is in nobody's list.
 */
import type {ChallengeDefinition} from './format';

const task = (title: string, owner: string, helper: string, done: boolean) => ({
  title,
  owner,
  helper,
  done,
});

const challenge: ChallengeDefinition = {
  inputs: {
    tasks: [
      ['t1', [task('Write the README', 'ada', 'lin', false)]],
      ['t2', [task('Fix the login bug', 'ada', '', false)]],
      ['t3', [task('Plan the release', 'lin', 'lin', false)]],
      ['t4', [task('Update the logo', 'kim', 'ada', true)]],
    ],
  },
  instances: {open: {resource: 'openTasks', params: {}}},
  start: {
    open: [
      ['ada', ['t1: Write the README', 't2: Fix the login bug']],
      ['lin', ['t1: Write the README', 't3: Plan the release']],
    ],
  },
  writes: [
    {
      after: 'after task t4 is reopened',
      collection: 'tasks',
      entries: [['t4', [task('Update the logo', 'kim', 'ada', false)]]],
      expect: {
        open: [
          ['ada', ['t1: Write the README', 't2: Fix the login bug', 't4: Update the logo']],
          ['kim', ['t4: Update the logo']],
          ['lin', ['t1: Write the README', 't3: Plan the release']],
        ],
      },
    },
    {
      after: "after task t1's helper changes from lin to kim",
      collection: 'tasks',
      entries: [['t1', [task('Write the README', 'ada', 'kim', false)]]],
      expect: {
        open: [
          ['ada', ['t1: Write the README', 't2: Fix the login bug', 't4: Update the logo']],
          ['kim', ['t1: Write the README', 't4: Update the logo']],
          ['lin', ['t3: Plan the release']],
        ],
      },
    },
    {
      after: 'after ada is named helper of her own task t2',
      collection: 'tasks',
      entries: [['t2', [task('Fix the login bug', 'ada', 'ada', false)]]],
      expect: {
        open: [
          ['ada', ['t1: Write the README', 't2: Fix the login bug', 't4: Update the logo']],
          ['kim', ['t1: Write the README', 't4: Update the logo']],
          ['lin', ['t3: Plan the release']],
        ],
      },
    },
    {
      after: 'after task t4 is deleted',
      collection: 'tasks',
      entries: [['t4', []]],
      expect: {
        open: [
          ['ada', ['t1: Write the README', 't2: Fix the login bug']],
          ['kim', ['t1: Write the README']],
          ['lin', ['t3: Plan the release']],
        ],
      },
    },
  ],
};

export default challenge;
