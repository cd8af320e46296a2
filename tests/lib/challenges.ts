/**
 * The challenges of the guides (src/challenges/format.ts; CONTRIBUTING.md, "Challenges"), found from
 * the pages themselves, and their check run on Node with the Skip runtime itself
 * (`@skipruntime/wasm`, the build the page's worker runs): the code is evaluated as the
 * worker evaluates it (src/plugins/live-examples/LiveService/evaluate.ts, the same stand-ins of the
 * packages) and checked by the same `runCheck`, whose `compare` words the difference.
 * Used by tests/unit/challenges.test.ts and tests/site/challenges.spec.ts, so that a new
 * challenge needs no test edit.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {transform} from 'sucrase';
import * as core from '@skipruntime/core';
import {runCheck, type CheckOutcome} from '../../src/plugins/live-examples/LiveService/check';
import {evaluate, transpile} from '../../src/plugins/live-examples/LiveService/evaluate';
import type {ChallengeDefinition} from '../../src/challenges/format';
import {ROOT} from '../../src/lib/root.cjs';
import fences from '../../src/lib/fences.cjs';

const {extractBlocks, parseMeta} = fences;

export type FoundChallenge = {
  /** The page's source, relative to the root, and the line of its `<Challenge>`. */
  file: string;
  line: number;
  /** The page's route (no guide sets its own id or slug; tests/site/live-helpers.ts checks). */
  route: string;
  id: string;
  title: string;
  /** The live fence's meta (its `show=` names the tables the reader sees). */
  meta: string;
  /** The live fence's code (the starting code) and the solution fence's. */
  start: string;
  solution: string;
};

/** The guides' Markdown and MDX files (the generated API pages aside). */
function guideFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'docs'), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`docs${path.sep}api${path.sep}`))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** Every `<Challenge>` of a page, or an error naming what is wrong with one. */
function challengesOf(file: string): FoundChallenge[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found: FoundChallenge[] = [];
  for (const match of text.matchAll(/<Challenge\b([^>]*)>([\s\S]*?)<\/Challenge>/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    const where = `${file}:${line}`;
    const id = /\bid="([^"]+)"/.exec(match[1]!)?.[1];
    const title = /\btitle="([^"]+)"/.exec(match[1]!)?.[1];
    if (!id || !title) throw new Error(`${where}: a <Challenge> needs id="…" and title="…"`);
    const body = match[2]!;
    const live = extractBlocks(body).filter((block) => parseMeta(block.meta).flags.has('live'));
    if (live.length !== 1) throw new Error(`${where}: challenge ${id} must hold one live fence`);
    if (parseMeta(live[0]!.meta).attrs.challenge !== id) {
      throw new Error(`${where}: the live fence of challenge ${id} must say challenge="${id}"`);
    }
    if (!/<Hint>[\s\S]*?<\/Hint>/.test(body)) throw new Error(`${where}: ${id} has no <Hint>`);
    const solution = /<Solution>([\s\S]*?)<\/Solution>/.exec(body);
    const solved = extractBlocks(solution?.[1] ?? '').filter((b) => /^tsx?$/.test(b.lang));
    if (solved.length !== 1) {
      throw new Error(`${where}: challenge ${id} needs a <Solution> holding one ts fence`);
    }
    found.push({
      file,
      line,
      route: `/${file.replace(/\.mdx?$/, '')}`,
      id,
      title,
      meta: live[0]!.meta,
      start: live[0]!.code,
      solution: solved[0]!.code,
    });
  }
  return found;
}

/** Every challenge of the guides, in page order. */
export const CHALLENGES: readonly FoundChallenge[] = guideFiles().flatMap(challengesOf);

// In the page, `@skipruntime/helpers` is its reducers module (src/plugins/live-examples).
const require = createRequire(path.join(ROOT, 'package.json'));
const reducers = require(
  path.join(path.dirname(require.resolve('@skipruntime/helpers')), 'utils.js'),
) as Record<string, unknown>;
export const PACKAGES = {'@skipruntime/core': core, '@skipruntime/helpers': reducers};

/** The challenge's check of `code`, on Node: what the page's Check finds for the same code. */
export async function checkOnNode(id: string, code: string): Promise<CheckOutcome> {
  const file = path.join(ROOT, 'src', 'challenges', `${id}.ts`);
  if (!fs.existsSync(file)) throw new Error(`no check definition src/challenges/${id}.ts`);
  // `require`: the test runners' TypeScript hooks (tsx, Playwright's) transform it.
  const definition = require(file) as {default: ChallengeDefinition};
  const {initService} = await import('@skipruntime/wasm');
  const service = await evaluate(transpile(transform, code), PACKAGES);
  return runCheck(service, definition.default, initService);
}
