/**
 * The challenges (src/challenges/format.ts; README, "Challenges"), on Node with the Skip
 * runtime itself (`@skipruntime/wasm`, the build the page's worker runs): every challenge of
 * the guides is found from its page, its starting code is evaluated as the page's worker
 * evaluates it (src/components/LiveService/evaluate.ts, the same stand-ins of the packages)
 * and must FAIL its check with a difference in the reader's terms, and its solution must PASS,
 * through the same `runCheck` and `compare` the page runs. Also: `compare` alone.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {transform} from 'sucrase';
import * as core from '@skipruntime/core';
import {initService} from '@skipruntime/wasm';
import {compare, runCheck} from '../../src/components/LiveService/check';
import {evaluate, transpile} from '../../src/components/LiveService/evaluate';
import type {ChallengeDefinition} from '../../src/challenges/format';
import {ROOT} from '../lib/root.cjs';
import fences from '../lib/fences.cjs';

const {extractBlocks, parseMeta} = fences;

// In the page, `@skipruntime/helpers` is its reducers module (src/plugins/live-service-bundling).
const require = createRequire(import.meta.url);
const reducers = require(
  path.join(path.dirname(require.resolve('@skipruntime/helpers')), 'utils.js'),
) as Record<string, unknown>;
const PACKAGES = {'@skipruntime/core': core, '@skipruntime/helpers': reducers};

type Found = {file: string; line: number; id: string; start: string; solution: string};

/** The guides' Markdown and MDX files (the generated API pages aside). */
function guideFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(ROOT, 'docs', 'api')) walk(full);
      } else if (/\.mdx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(ROOT, 'docs'));
  return out.sort();
}

/** Every `<Challenge>` of the page: its id, its live fence's code and its solution's. */
function challengesOf(file: string): Found[] {
  const text = fs.readFileSync(file, 'utf8');
  const rel = path.relative(ROOT, file);
  const found: Found[] = [];
  for (const match of text.matchAll(/<Challenge\b([^>]*)>([\s\S]*?)<\/Challenge>/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    const id = /\bid="([^"]+)"/.exec(match[1]!)?.[1];
    assert.ok(id, `${rel}:${line}: a <Challenge> needs id="…"`);
    assert.ok(
      /\btitle="[^"]+"/.test(match[1]!),
      `${rel}:${line}: <Challenge id="${id}"> needs a title`,
    );
    const body = match[2]!;
    const live = extractBlocks(body).filter((block) => parseMeta(block.meta).flags.has('live'));
    assert.equal(live.length, 1, `${rel}:${line}: challenge ${id} holds one live fence`);
    assert.equal(
      parseMeta(live[0]!.meta).attrs.challenge,
      id,
      `${rel}:${line}: the live fence of challenge ${id} says challenge="${id}"`,
    );
    const solution = /<Solution>([\s\S]*?)<\/Solution>/.exec(body);
    assert.ok(solution, `${rel}:${line}: challenge ${id} has a <Solution>`);
    assert.ok(/<Hint>[\s\S]*?<\/Hint>/.test(body), `${rel}:${line}: challenge ${id} has a <Hint>`);
    const solved = extractBlocks(solution[1]!).filter((block) => /^tsx?$/.test(block.lang));
    assert.equal(solved.length, 1, `${rel}:${line}: the solution of ${id} is one ts fence`);
    found.push({file: rel, line, id, start: live[0]!.code, solution: solved[0]!.code});
  }
  return found;
}

const all = guideFiles().flatMap(challengesOf);

async function check(id: string, code: string) {
  const definition = (await import(`../../src/challenges/${id}.ts`)) as {
    default: ChallengeDefinition;
  };
  const service = await evaluate(transpile(transform, code), PACKAGES);
  return runCheck(service, definition.default, initService);
}

test('the guides have challenges, getting_started at least two, each id once', () => {
  const ids = all.map((c) => c.id);
  assert.ok(all.filter((c) => c.file === 'docs/getting_started.mdx').length >= 2, ids.join());
  assert.deepEqual([...new Set(ids)], ids, 'challenge ids are unique');
  for (const id of ids) {
    assert.ok(
      fs.existsSync(path.join(ROOT, 'src/challenges', `${id}.ts`)),
      `src/challenges/${id}.ts`,
    );
  }
});

for (const challenge of all) {
  const where = `${challenge.file}:${challenge.line}`;
  test(`${challenge.id} (${where}): the starting code fails its check with a difference`, async () => {
    const outcome = await check(challenge.id, challenge.start);
    assert.equal(outcome.passed, false, `${where}: the starting code of ${challenge.id} passes`);
    if (outcome.passed) return;
    // A difference, not a crash: the starting code runs, it just gives the wrong content.
    assert.equal(outcome.error, undefined, `${where}: ${outcome.message} ${String(outcome.error)}`);
    assert.match(outcome.message, /: key .+ (should hold|should not be there)/);
  });
  test(`${challenge.id} (${where}): the solution passes its check`, async () => {
    const outcome = await check(challenge.id, challenge.solution);
    assert.deepEqual(
      outcome.passed
        ? {passed: true}
        : {passed: false, message: outcome.message, error: String(outcome.error)},
      {passed: true},
    );
  });
}

test('compare: equal contents, in any key order and value order, give no message', () => {
  assert.equal(
    compare(
      'After x',
      'r',
      [
        ['b', [2, 1]],
        ['a', [{p: 1, q: 2}]],
      ],
      [
        ['a', [{q: 2, p: 1}]],
        ['b', [1, 2]],
      ],
    ),
    null,
  );
});

test('compare: a key listed with no values is no key', () => {
  assert.equal(
    compare(
      'After x',
      'r',
      [['a', [1]]],
      [
        ['a', [1]],
        ['b', []],
      ],
    ),
    null,
  );
  assert.match(compare('After x', 'r', [['b', [2]]], [['b', []]]) ?? '', /has no key "b"/);
});

test('compare: the first differing key in table order, with what was expected and what came', () => {
  const expected: [string, number[]][] = [
    ['ada', [1]],
    ['kim', [2]],
    ['lin', [3]],
  ];
  assert.equal(
    compare('After task t4 loses its owner', 'openTasks', expected, [
      ['ada', [1]],
      ['lin', [4]],
    ]),
    'After task t4 loses its owner, openTasks: key "kim" should hold [2], but the resource has no key "kim".',
  );
  assert.equal(
    compare(
      'When the service starts',
      'tasksOf {"owner":"ada"}',
      [['ada', [1]]],
      [
        ['ada', [1]],
        ['', [5]],
      ],
    ),
    'When the service starts, tasksOf {"owner":"ada"}: key "" should not be there, but it holds [5].',
  );
  assert.equal(
    compare('After t1 is deleted', 'r', [['ada', ['x']]], [['ada', ['x', 'y']]]),
    'After t1 is deleted, r: key "ada" should hold ["x"], but it holds ["x","y"].',
  );
});
