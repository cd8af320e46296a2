/**
 * The copy control of guides, API pages and posts (src/components/CopyPage): "Copy page"
 * puts exactly the page's Markdown twin on the clipboard, fetched only when pressed, says so
 * through a polite live region, works from the keyboard and moves nothing on the page;
 * without JavaScript only "View as Markdown" shows, and it opens the twin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {BUILD, builtPages, contentPages} from '../lib/build-output';
import {twinPath} from '../../src/plugins/markdown-twins/twin-path';

/** One page of each kind that carries the control. */
const PAGES = [
  ['guide', '/docs/functions'],
  ['API page', '/docs/api/core/interfaces/Context'],
  ['post', '/blog/why-skip'],
] as const;

test.use({permissions: ['clipboard-read', 'clipboard-write']});

/** Records every layout shift of the page from its first paint, including those after input. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: {value: number; nodes: string[]}[] = [];
    (window as unknown as {layoutShifts: typeof shifts}).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: {node?: Node | null}[];
      })[]) {
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node),
        );
        shifts.push({value: entry.value, nodes});
      }
    }).observe({type: 'layout-shift', buffered: true});
  });
}

const layoutShifts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as {layoutShifts: {value: number; nodes: string[]}[]}).layoutShifts,
  );

function control(page: Page) {
  // Found by the link, whose name stays: the button's changes with its state.
  const link = page.getByRole('link', {name: 'View as Markdown'});
  return {
    button: page.getByRole('button', {name: 'Copy page'}),
    link,
    status: link.locator('xpath=..').getByRole('status'),
  };
}

test('every guide, API page and post carries the control, server-rendered, linking its twin', () => {
  const pages = contentPages().filter(
    (p) => /^\/(docs|blog)\//.test(p.route) && fs.existsSync(path.join(BUILD, twinPath(p.route))),
  );
  expect(pages.length).toBeGreaterThan(40);
  const missing = pages.filter(
    (p) =>
      !p.html.includes('>Copy page<') ||
      !new RegExp(`href="?${twinPath(p.route).replace(/[.]/g, '\\.')}"?[ >]`).test(p.html),
  );
  expect(missing.map((p) => p.route)).toEqual([]);
  // The blog's list pages show excerpts, not a page of their own: no control there.
  const lists = builtPages().filter((p) =>
    /^\/blog(\/page\/\d+|\/archive|\/authors)?$/.test(p.route),
  );
  expect(lists.length).toBeGreaterThan(3);
  expect(lists.filter((p) => p.html.includes('>Copy page<')).map((p) => p.route)).toEqual([]);
});

for (const [kind, route] of PAGES) {
  test.describe(`the ${kind} ${route}`, () => {
    test('Copy page copies exactly the twin, fetched on the press, announces it, and nothing moves', async ({
      page,
      watch,
    }) => {
      await watchLayoutShifts(page);
      const twinRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('.md')) twinRequests.push(request.url());
      });
      await page.goto(route);
      await hydrated(page);
      const {button, status} = control(page);
      await expect(button).toBeVisible();
      await expect(status).toHaveText('');
      await expect(status).toHaveAttribute('role', 'status');
      expect(twinRequests, 'no twin fetched before the press').toEqual([]);

      await button.click();
      await expect(status).toHaveText(/copied to the clipboard/);
      expect(twinRequests.map((url) => new URL(url).pathname)).toEqual([twinPath(route)]);
      const expected = fs.readFileSync(path.join(BUILD, twinPath(route)), 'utf8');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

      // The label has changed (the press is confirmed on screen too); wait until it is back.
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      await expect(button).toBeVisible({timeout: 6000});
      expect(await layoutShifts(page), 'layout shifts from load to after the copy').toEqual([]);
      expectClean(watch);
      // The measure sees shifts: content pushed down by an inserted block is one.
      await page.evaluate(() => {
        const block = document.createElement('div');
        block.style.height = '200px';
        document.querySelector('article')!.prepend(block);
      });
      await expect.poll(async () => (await layoutShifts(page)).length).toBeGreaterThan(0);
    });

    // The control sits beside the breadcrumbs on docs (guides and API pages alike) and under
    // the header of a post: its keyboard path is checked once per placement.
    if (kind === 'API page') return;
    test('works from the keyboard', async ({page}) => {
      await page.goto(route);
      await hydrated(page);
      const {button, link, status} = control(page);
      // The button is in the tab order, just before the link.
      await link.focus();
      await page.keyboard.press('Shift+Tab');
      await expect(button).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(status).toHaveText(/copied to the clipboard/);
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await expect(status).toHaveText('', {timeout: 6000});
      await page.keyboard.press('Space');
      await expect(status).toHaveText(/copied to the clipboard/);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        fs.readFileSync(path.join(BUILD, twinPath(route)), 'utf8'),
      );
    });
  });
}

test('a failed copy says so, and points to View as Markdown', async ({page}) => {
  await page.goto('/docs/functions');
  await hydrated(page);
  await page.route('**/*.md', (r) => r.fulfill({status: 503, body: 'unavailable'}));
  const {button, status} = control(page);
  await button.click();
  await expect(status).toHaveText(/could not be copied.*View as Markdown/);
  await expect(page.getByRole('button', {name: 'Copy failed'})).toBeVisible();
});

test('without JavaScript the Copy button is hidden, and View as Markdown opens the twin', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  for (const [, route] of PAGES) {
    await page.goto(route);
    await expect(page.getByRole('button', {name: 'Copy page'})).toBeHidden();
    const link = page.getByRole('link', {name: 'View as Markdown'});
    await expect(link).toBeVisible();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('.md')),
      link.click(),
    ]);
    expect(new URL(response.url()).pathname).toBe(twinPath(route));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
    expect(await response.text()).toBe(fs.readFileSync(path.join(BUILD, twinPath(route)), 'utf8'));
  }
  await context.close();
});
