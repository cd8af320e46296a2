/**
 * What the live-example tests (tests/site/live-*.spec.ts) share: the pages that carry an
 * example, found in the sources (a `live` fence in docs/, blog/ or the landing page's
 * src/pages/_home/), the output each page shows for it (read from the page's own source, so
 * the test compares the browser's run with what the runnable Node scenario checks), and the
 * steps to start an example and read its tables. A new example needs no edit here (CONTRIBUTING.md,
 * "Live examples").
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, type Locator, type Page} from '@playwright/test';
import {hydrated} from '../lib/fixtures';
import {ROOT} from '../lib/build-output';
import {extractBlocks, parseMeta} from '../../src/lib/fences.cjs';
import {POSTS} from '../lib/sources';
import {parseShow, shownLabel} from '../../src/plugins/live-examples/LiveService/state';
import {
  changeText,
  nativeKeys,
  summary,
} from '../../src/plugins/live-examples/LiveService/Live/traceSteps';
import type {TraceStep} from '../lib/live-trace';

export type Example = {
  route: string;
  file: string;
  /** Resource table label -> the page's output block that shows that resource's content. */
  outputs: Record<string, string>;
};

/** The page's source fences. */
const blocksOf = (file: string) => extractBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** Markdown files under `dir` (relative to the root), `skip` left out. */
function markdownFiles(dir: string, skip: string[] = []): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) =>
      path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .filter((file) => !skip.some((s) => file.startsWith(`${s}/`)))
    .sort();
}

/**
 * The route that shows a source file: a guide at /docs/<its path without extension> (no
 * guide sets `id` or `slug`; one that does is refused rather than guessed), a post at
 * /blog/<slug> (its front matter, as tests/lib/sources.ts reads it), and the landing
 * page's partials (src/pages/_home/, imported by src/pages/index.tsx) at /.
 */
function routeOf(file: string): string {
  if (file.startsWith('src/pages/_home/')) return '/';
  if (file.startsWith('blog/')) {
    const post = POSTS.find((p) => `blog/${p.file}` === file);
    if (!post) throw new Error(`${file}: a live example in a file that is not a post`);
    return `/blog/${post.slug}`;
  }
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  if (front && /^(id|slug):/m.test(front[1]!)) {
    throw new Error(`${file}: a live example on a guide with its own id or slug`);
  }
  return `/${file.replace(/\.mdx?$/, '')}`;
}

/** `show="…"` items and `resource="…"` values compare by the label the example gives them. */
const labelOf = (item: string) => shownLabel(parseShow(`show="${item}"`)[0]!);

/**
 * Every live example of the site: a page's first live fence that is not a challenge's (a later
 * one, such as the 10,000 orders of functions, has its own test and no output block). An output block marked `resource="<a shown resource>"`
 * (as the fence's `show=` writes it) is what that resource holds when the example starts;
 * it must belong to one of the live fence's `run=` scenarios.
 */
function findExamples(): Example[] {
  const files = [
    ...markdownFiles('docs', ['docs/api']),
    ...markdownFiles('blog'),
    ...markdownFiles('src/pages/_home'),
  ];
  return files.flatMap((file) => {
    const blocks = blocksOf(file).map((b) => ({...b, ...parseMeta(b.meta)}));
    // A challenge's live fence (`challenge="<id>"`) is tested with the challenges
    // (tests/site/challenges.spec.ts): it has no output block of its own.
    const live = blocks.filter((b) => b.flags.has('live') && b.attrs.challenge === undefined);
    const marked = blocks.filter((b) => b.attrs.resource !== undefined);
    if (live.length === 0) {
      if (marked.length > 0) throw new Error(`${file}: resource= on a page without a live fence`);
      return [];
    }
    const fence = live[0]!;
    const shown = new Set(parseShow(fence.meta).map(shownLabel));
    const scenarios = new Set((fence.attrs.run ?? '').split(/\s+/).map((ref) => ref.split('/')[0]));
    const outputs: Record<string, string> = {};
    for (const block of marked) {
      const label = labelOf(block.attrs.resource!);
      const ref = block.attrs.output;
      const where = `${file}:${block.line}`;
      if (ref === undefined) throw new Error(`${where}: resource= without output=`);
      if (!shown.has(label)) throw new Error(`${where}: ${label} is not in the live fence's show=`);
      if (!scenarios.has(ref.split('/')[0])) {
        throw new Error(`${where}: ${ref} is not a scenario of the live fence's run=`);
      }
      if (outputs[label]) throw new Error(`${where}: a second output block for ${label}`);
      outputs[label] = ref;
    }
    return [{route: routeOf(file), file, outputs}];
  });
}

/** The pages with a live example, and which of their output blocks each resource matches. */
export const EXAMPLES: readonly Example[] = findExamples();

/**
 * The live fence of a page's example (its first that is not a challenge's), or the `index`-th
 * of them: its code and meta, as the page shows them.
 */
export function liveFence(file: string, index = 0): {code: string; meta: string} {
  const fences = blocksOf(file).filter((b) => {
    const {flags, attrs} = parseMeta(b.meta);
    return flags.has('live') && attrs.challenge === undefined;
  });
  expect(fences.length, `${file}: live fence ${index}`).toBeGreaterThan(index);
  return fences[index]!;
}

/** An output block of the page, as rows of [key, JSON of its values]. */
export function pageOutput(file: string, ref: string): [string, string][] {
  const block = blocksOf(file).find((b) => parseMeta(b.meta).attrs.output === ref);
  expect(block, `${file}: output block ${ref}`).toBeDefined();
  const entries = JSON.parse(block!.code) as [unknown, unknown[]][];
  return entries.map(([key, values]) => [
    typeof key === 'string' ? key : JSON.stringify(key),
    JSON.stringify(values),
  ]);
}

/** The page's example's root: its first, a challenge's aside. */
export const exampleOf = (page: Page): Locator =>
  page.locator('[data-live-example]:not([data-live-challenge])').first();

/** The rows of a resource table, as [key, JSON of its values]. */
export async function resourceRows(page: Page, label: string): Promise<[string, string][]> {
  const rows = page.locator(`[data-live-resource='${label}'] tbody tr`);
  return Promise.all(
    (await rows.all()).map(async (row) => [
      (await row.locator('th').innerText()).trim(),
      (await row.locator('td').innerText()).trim(),
    ]),
  );
}

/**
 * Opens the page, presses Run, and waits for the first resource rows (on a phone they are
 * there, behind the Result switch).
 */
export async function startExample(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await hydrated(page);
  await exampleOf(page).getByRole('button', {name: 'Run live'}).click();
  await expect(page.locator('[data-live-resource] tbody tr').first()).toBeAttached({
    timeout: 20_000,
  });
}

/** The code editor of the running example (CodeMirror's content, a textbox). */
export const editor = (page: Page): Locator => page.getByRole('textbox', {name: /Service code/});

/**
 * The editor's whole text. CodeMirror draws only the lines near the viewport, so the text is
 * read from its state (the view its content element carries), not from the page.
 */
export const editorCode = (page: Page): Promise<string> =>
  editor(page).evaluate((el) =>
    (
      el as unknown as {cmTile?: {root?: {view?: {state: {doc: {toString(): string}}}}}}
    ).cmTile!.root!.view!.state.doc.toString(),
  );

/**
 * Replaces the editor's whole text, through CodeMirror's own view (as its select-all and a paste
 * would). Locator.fill selects the editor's DOM, which holds only the lines CodeMirror has drawn:
 * with the rest of a long text left in place, the code ran with its declarations twice.
 */
export async function replaceCode(page: Page, text: string): Promise<void> {
  await editor(page).evaluate((el, insert) => {
    const {view} = (
      el as unknown as {
        cmTile: {
          root: {
            view: {
              state: {doc: {length: number}};
              dispatch(spec: {changes: {from: number; to: number; insert: string}}): void;
            };
          };
        };
      }
    ).cmTile.root;
    view.dispatch({changes: {from: 0, to: view.state.doc.length, insert}});
  }, text);
  await expect.poll(() => editorCode(page)).toBe(text);
}

/** An example's "What ran" (Live/Trace.tsx). */
export const whatRan = (example: Locator): Locator =>
  example.locator('details', {hasText: 'What ran'});

/**
 * "What ran" shows step `index` of `count` (0: the start) as the Node run of the same code and
 * writes gives it (tests/lib/live-trace.ts, `traceOnNode`): its name, its sentence with the cost
 * from scratch, each call (function, key, what it returned) and each native reducer's keys.
 */
export async function expectStep(
  example: Locator,
  {trace, scratch}: TraceStep,
  index: number,
  count: number,
  {
    collection = 'orders',
    labels = ['totals'],
  }: {collection?: string; labels?: readonly string[]} = {},
): Promise<void> {
  const view = whatRan(example);
  const name = index === 0 ? 'Start' : `Write ${index} (${collection})`;
  await expect(view.locator('output')).toHaveText(`${name}, ${index + 1} of ${count}`);
  await expect(view.locator('[data-trace-summary]')).toHaveText(summary({trace, scratch}), {
    timeout: 20_000,
  });
  const cells = (selector: string) =>
    view
      .locator(selector)
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent)));
  expect(await cells('[data-trace-call]')).toEqual(
    trace.calls.map((c) => [`${c.name}.${c.kind}`, c.key ?? '(not told)', c.returned]),
  );
  await expect(view.locator('[data-trace-native]')).toHaveText(
    trace.natives.map((n) => new RegExp(`^${n.name} \\(native, not traced\\)${nativeKeys(n)}`)),
  );
  // What each shown resource sent its readers, and what that made of each key, as on Node.
  expect(await cells('[data-trace-output]')).toEqual(
    trace.outputs.flatMap(({index: at, rows}) => {
      const label = labels[at] ?? `resource ${at + 1}`;
      return rows.length === 0
        ? [[label, 'sent nothing']]
        : rows.map((row) => [label, row.key, row.sent, changeText(row)]);
    }),
  );
}
