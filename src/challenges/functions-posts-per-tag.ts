/**
 * Check of the challenge "Count the posts of every tag" (docs/functions.mdx): the mapper must
 * give one pair per distinct tag of a post, so that `Count` counts posts, not tag mentions.
 */
import type {ChallengeDefinition} from './format';

const challenge: ChallengeDefinition = {
  inputs: {
    posts: [
      ['p1', [{title: 'Streams in five minutes', tags: ['streams', 'intro']}]],
      ['p2', [{title: 'Reducers that undo', tags: ['reducers']}]],
      ['p3', [{title: 'A first service', tags: ['intro', 'services']}]],
      ['p4', [{title: 'Why keys matter', tags: ['intro']}]],
    ],
  },
  instances: {tags: {resource: 'postsPerTag', params: {}}},
  start: {
    tags: [
      ['intro', [3]],
      ['reducers', [1]],
      ['services', [1]],
      ['streams', [1]],
    ],
  },
  writes: [
    {
      after: 'after post p5 arrives with the tag "streams" listed twice',
      collection: 'posts',
      entries: [['p5', [{title: 'Resuming a stream', tags: ['streams', 'streams']}]]],
      expect: {
        tags: [
          ['intro', [3]],
          ['reducers', [1]],
          ['services', [1]],
          ['streams', [2]],
        ],
      },
    },
    {
      after: 'after post p6 arrives with no tags',
      collection: 'posts',
      entries: [['p6', [{title: 'Release notes', tags: []}]]],
      expect: {
        tags: [
          ['intro', [3]],
          ['reducers', [1]],
          ['services', [1]],
          ['streams', [2]],
        ],
      },
    },
    {
      after: 'after post p2, the only one tagged "reducers", is deleted',
      collection: 'posts',
      entries: [['p2', []]],
      expect: {
        tags: [
          ['intro', [3]],
          ['reducers', [0]],
          ['services', [1]],
          ['streams', [2]],
        ],
      },
    },
    {
      after: 'after post p3 swaps its tag "intro" for an empty tag ("")',
      collection: 'posts',
      entries: [['p3', [{title: 'A first service', tags: ['', 'services']}]]],
      expect: {
        tags: [
          ['', [1]],
          ['intro', [2]],
          ['reducers', [0]],
          ['services', [1]],
          ['streams', [2]],
        ],
      },
    },
    {
      after: 'after post p1 drops "streams" and lists "intro" twice',
      collection: 'posts',
      entries: [['p1', [{title: 'Streams in five minutes', tags: ['intro', 'intro']}]]],
      expect: {
        tags: [
          ['', [1]],
          ['intro', [2]],
          ['reducers', [0]],
          ['services', [1]],
          ['streams', [1]],
        ],
      },
    },
  ],
};

export default challenge;
