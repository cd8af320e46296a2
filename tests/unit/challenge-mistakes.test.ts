/**
 * The checks of the challenges (getting_started, functions, resources) catch the mistakes a
 * reader is likely to make, not only the starting code: each case below is the page's own
 * solution with one plausible mistake, and its check must fail with a difference in the
 * reader's terms. A check that a wrong answer passes is a defect. (Under `reduce`, 0.0.15
 * takes every value of a written key out and puts them all back, so a `remove` that merely
 * empties the array passed the order-ids check: that challenge uses `mapReduce`, where
 * `remove` must be exact.)
 *
 * Same evaluation and check as the page (src/plugins/live-examples/LiveService/{evaluate,check}.ts), on
 * Node with `@skipruntime/wasm`, like tests/unit/challenges.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {transform} from 'sucrase';
import * as core from '@skipruntime/core';
import {initService} from '@skipruntime/wasm';
import {runCheck} from '../../src/plugins/live-examples/LiveService/check';
import {evaluate, transpile} from '../../src/plugins/live-examples/LiveService/evaluate';
import type {ChallengeDefinition} from '../../src/challenges/format';
import {ROOT} from '../../src/lib/root.cjs';
import fences from '../../src/lib/fences.cjs';

const {extractBlocks} = fences;

// In the page, `@skipruntime/helpers` is its reducers module (src/plugins/live-examples).
const require = createRequire(import.meta.url);
const reducers = require(
  path.join(path.dirname(require.resolve('@skipruntime/helpers')), 'utils.js'),
) as Record<string, unknown>;
const PACKAGES = {'@skipruntime/core': core, '@skipruntime/helpers': reducers};

/** A mistake: where, what it is, and the text of the solution it replaces. */
type Mistake = {page: string; id: string; what: string; from: string; to: string};

const MISTAKES: Mistake[] = [
  {
    page: 'docs/getting_started.mdx',
    id: 'tasks-no-owner',
    what: 'tests the owner alone and forgets that a done task is not open',
    from: 'if (task.done || task.owner === "") return [];',
    to: 'if (task.owner === "") return [];',
  },
  {
    page: 'docs/functions.mdx',
    id: 'functions-total-per-city',
    what: 'counts the orders of a city instead of adding up their amounts',
    from: '[[order.city, order.amount]]',
    to: '[[order.city, 1]]',
  },
  {
    page: 'docs/functions.mdx',
    id: 'functions-total-per-city',
    what: 'takes an empty city for a missing one and files the order under its customer',
    from: '[[order.city, order.amount]]',
    to: '[[order.city || order.customer, order.amount]]',
  },
  {
    page: 'docs/functions.mdx',
    id: 'functions-order-ids',
    what: 'removes the last id instead of the one that left',
    from: 'return ids.filter((kept) => kept !== id);',
    to: 'return ids.slice(0, -1);',
  },
  {
    page: 'docs/functions.mdx',
    id: 'functions-order-ids',
    what: 'gives up in remove (null)',
    from: 'return ids.filter((kept) => kept !== id);',
    to: 'return null;',
  },
  {
    page: 'docs/functions.mdx',
    id: 'functions-order-ids',
    what: 'empties the array in remove',
    from: 'return ids.filter((kept) => kept !== id);',
    to: 'return [];',
  },
  {
    page: 'docs/functions.mdx',
    id: 'functions-posts-per-tag',
    what: 'counts a tag listed twice in one post twice',
    from: 'new Set(posts.getUnique().tags)',
    to: 'posts.getUnique().tags',
  },
  {
    page: 'docs/resources.mdx',
    id: 'resources-by-status',
    what: 'reads the parameter but always filters on "open"',
    from: 'map(WithStatus, this.status)',
    to: 'map(WithStatus, "open")',
  },
  {
    page: 'docs/resources.mdx',
    id: 'resources-missing-owner',
    what: 'takes the empty owner for a missing one',
    from: 'this.owner = owner ?? null;',
    to: 'this.owner = owner || null;',
  },
  {
    page: 'docs/resources.mdx',
    id: 'resources-counts-by',
    what: 'reads `by` but always counts per status',
    from: 'map(IdBy, this.field)',
    to: 'map(IdBy, "status")',
  },
];

/** The solution fence of the challenge `id` on `page`, as the page shows it. */
function solutionOf(page: string, id: string): string {
  const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
  const challenge = new RegExp(
    `<Challenge\\b[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</Challenge>`,
  ).exec(text);
  assert.ok(challenge, `${page}: challenge ${id}`);
  const solution = /<Solution>([\s\S]*?)<\/Solution>/.exec(challenge[1]!);
  assert.ok(solution, `${page}: the solution of ${id}`);
  const [fence] = extractBlocks(solution[1]!).filter((block) => /^tsx?$/.test(block.lang));
  assert.ok(fence, `${page}: the solution fence of ${id}`);
  return fence.code;
}

for (const {page, id, what, from, to} of MISTAKES) {
  test(`${id}: a solution that ${what} fails its check`, async () => {
    const solution = solutionOf(page, id);
    assert.ok(solution.includes(from), `${page}: the solution of ${id} contains ${from}`);
    const {default: definition} = (await import(`../../src/challenges/${id}.ts`)) as {
      default: ChallengeDefinition;
    };
    const service = await evaluate(transpile(transform, solution.replace(from, to)), PACKAGES);
    const outcome = await runCheck(service, definition, initService);
    assert.equal(outcome.passed, false, `${id}: the mistake "${what}" passes the check`);
    if (outcome.passed) return;
    assert.equal(outcome.error, undefined, `${outcome.message} ${String(outcome.error)}`);
    assert.match(outcome.message, /: key .+ (should hold|should not be there)/);
  });
}
