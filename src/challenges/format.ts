/**
 * The format of a challenge: a task at the end of a guide that the reader solves by editing a
 * live example, and that **Check** verifies by running the reader's code on the Skip runtime
 * (CONTRIBUTING.md, "Challenges").
 *
 * ## On the page (an `.mdx` guide)
 *
 * ````mdx
 * import {Challenge, Hint, Solution} from '@site/src/plugins/live-examples/Challenge';
 *
 * <Challenge id="tasks-no-owner" title="Leave out tasks nobody owns">
 *
 * One or two sentences: what the reader changes, in the page's terms.
 *
 * ```ts live challenge="tasks-no-owner" show="openTasks"
 * …the starting code: a whole service that compiles and FAILS the check…
 * ```
 *
 * <Hint>
 *
 * A sentence or two that points the way without giving the code.
 *
 * </Hint>
 *
 * <Solution>
 *
 * ```ts
 * …the whole solution: it compiles and PASSES the check…
 * ```
 *
 * A sentence on why it works (optional).
 *
 * </Solution>
 *
 * </Challenge>
 * ````
 *
 * - `id` is the definition's file name, `src/challenges/<id>.ts`; the live fence names the
 *   same id in `challenge="<id>"` (that is what puts **Check** next to Run). Ids are unique
 *   across the site: lower case, digits and `-`.
 * - The live fence is an ordinary live example (CONTRIBUTING.md, "Live examples"): `show=` lists the
 *   instances its tables show when the reader presses Run. The check reads the instances of the
 *   definition below, each of which `show=` must list (tests/unit/challenges.test.ts), so that
 *   a failure names a table the reader sees.
 * - The starting code and the solution are whole programs, like the page's service: they
 *   end with `await runService(service, …)` (or `export const service`), import only
 *   `@skipruntime/core`, `@skipruntime/helpers` and `@skipruntime/server`, and compile
 *   (`node src/plugins/typed-samples/samples.mjs`). The solution fence is a plain ```` ```ts ```` fence inside
 *   `<Solution>`; nothing else in the challenge is a TypeScript fence.
 * - Without JavaScript the task, the hint and the solution read as they are; the hint and
 *   the solution are folded (`<details>`).
 *
 * ## The check: `src/challenges/<id>.ts`
 *
 * A module whose default export is a {@link ChallengeDefinition}: plain data (JSON only), so
 * the same object runs in the page's worker and in the Node test. Every expected content is
 * written out by hand, never computed from the solution, so that "the solution passes" tests
 * something.
 *
 * ```ts
 * import type {ChallengeDefinition} from './format';
 *
 * const challenge: ChallengeDefinition = {
 *   inputs: {tasks: [["t1", [{title: "Write the README", owner: "ada", done: false}]]]},
 *   instances: {open: {resource: "openTasks", params: {}}},
 *   start: {open: [["ada", ["t1: Write the README"]]]},
 *   writes: [
 *     {
 *       after: "after task t1 loses its owner",
 *       collection: "tasks",
 *       entries: [["t1", [{title: "Write the README", owner: "", done: false}]]],
 *       expect: {open: []},
 *     },
 *   ],
 * };
 * export default challenge;
 * ```
 */
import type {Entry, Json} from '@skipruntime/core';

/** A resource instance the check reads: the resource's name and the parameters it gets. */
export type CheckedInstance = {resource: string; params: Json};

/**
 * What each instance holds at one point of the check: for every instance named in
 * `instances`, its whole content as a snapshot gives it. Entries may come in any order and
 * a key's values too (they compare as a multiset); a key listed with no values counts as
 * absent. `[]`, or an instance left out, means empty.
 */
export type Expected = Record<string, Entry<Json, Json>[]>;

/** One write of the check, and what every instance holds once the runtime has applied it. */
export type CheckedWrite = {
  /**
   * The write in the reader's terms, as the failure message names it: "after task t4 loses
   * its owner", "after Lin's only task is deleted".
   */
  after: string;
  /** The input collection written to. */
  collection: string;
  /** As for `PATCH /v1/inputs/:collection`: each entry replaces its key's values; `[]` deletes it. */
  entries: Entry<Json, Json>[];
  expect: Expected;
};

export type ChallengeDefinition = {
  /**
   * The challenge's own input collections, replacing the service's `initialData` collection
   * by collection (a collection the service has and this leaves out keeps its initial data).
   */
  inputs: Record<string, Entry<Json, Json>[]>;
  /** The instances the check reads, by a name used in `start` and `expect`. */
  instances: Record<string, CheckedInstance>;
  /** What each instance holds once the service has started with `inputs`. */
  start: Expected;
  /**
   * The writes, applied in order (several, including cases the page's task did not spell
   * out: a key deleted, a value moved from one group to another, an edge case of the rule).
   */
  writes: CheckedWrite[];
};
