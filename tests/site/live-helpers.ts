/**
 * What the live-example tests (tests/site/live-*.spec.ts) share: the pages that carry an
 * example, the output each page shows for it (read from the page's own source, so the test
 * compares the browser's run with what the runnable Node scenario checks), and the steps to
 * start an example and read its tables.
 */
import fs from 'node:fs';
import path from 'node:path';
import {expect, type Locator, type Page} from '@playwright/test';
import {hydrated} from '../lib/fixtures';
import {ROOT} from '../lib/build-output';
import {extractBlocks, parseMeta} from '../lib/fences.cjs';

export type Example = {
  route: string;
  file: string;
  /** Resource table label -> the page's output block that shows that resource's content. */
  outputs: Record<string, string>;
};

/** The pages with a live example, and which of their output blocks each resource matches. */
export const EXAMPLES: Example[] = [
  {route: '/', file: 'src/pages/_home/sample.mdx', outputs: {totals: 'landing/snapshot'}},
  {route: '/docs/functions', file: 'docs/functions.mdx', outputs: {spending: 'orders/snapshot'}},
  {
    route: '/docs/resources',
    file: 'docs/resources.mdx',
    outputs: {'tasksOf {"owner":"ana"}': 'http/snapshot-ana', openCounts: 'http/open-counts'},
  },
  {
    route: '/docs/getting_started',
    file: 'docs/getting_started.md',
    outputs: {openTasks: 'tasks/snapshot'},
  },
];

/** The page's source fences. */
const blocksOf = (file: string) => extractBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'));

/** The live fence of a page: its code and meta, as the page shows them. */
export function liveFence(file: string): {code: string; meta: string} {
  const fences = blocksOf(file).filter((b) => parseMeta(b.meta).flags.has('live'));
  expect(fences.length, `${file}: one live fence`).toBe(1);
  return fences[0]!;
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

/** The example's root on the page. */
export const exampleOf = (page: Page): Locator => page.locator('[data-live-example]');

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

/** Opens the page, presses Run, and waits for the first resource rows. */
export async function startExample(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await hydrated(page);
  await exampleOf(page).getByRole('button', {name: 'Run live'}).click();
  await expect(page.locator('[data-live-resource] tbody tr').first()).toBeVisible({
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
