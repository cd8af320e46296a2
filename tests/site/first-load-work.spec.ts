/**
 * Work kept out of a page's first load, and what must still work after it:
 * - code blocks keep the server's highlighted lines through hydration, and a light first
 *   load never fetches the highlighter (src/plugins/code-highlight-on-demand and its theme,
 *   ./theme/CodeBlock); dark mode and client-side navigation still get
 *   highlighted blocks, and the copy button still copies;
 * - the page is painted before the bundles run (src/ssr-template.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {Page, Response} from '@playwright/test';
import {PAGE_TYPES} from '../../scripts/lib/first-load.cjs';
import {routeFile} from '../../scripts/lib/route-file.cjs';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';

const BUILD = path.resolve(__dirname, '../../build');
const API_PAGE = '/docs/api/core/interfaces/Context';

/**
 * Prism's core defines `languages.DFS`, a property name minification keeps; no other
 * chunk has it. `the highlighter chunk exists` below proves the marker finds it.
 */
const PRISM_MARKER = 'DFS';

/** The scripts a page fetched, with their text. */
function collectScripts(page: Page): Array<Promise<{url: string; text: string}>> {
  const scripts: Array<Promise<{url: string; text: string}>> = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.text().then((text) => ({url: response.url(), text})));
    }
  });
  return scripts;
}

/** Token spans in the page's code blocks, as written by the server. */
function serverTokenCount(route: string): number {
  const html = fs.readFileSync(routeFile(BUILD, route) ?? route, 'utf8');
  return (html.match(/<span class="?token /g) ?? []).length;
}

/** A code block the theme renders, which Prism colours (not a typed sample's, `.tq`). */
const THEME_BLOCK = 'pre.prism-code:not(.tq pre)';

test.describe('code blocks', () => {
  test('the highlighter chunk exists and carries the marker', () => {
    const chunks = fs
      .readdirSync(path.join(BUILD, 'assets/js'))
      .filter((file) =>
        fs.readFileSync(path.join(BUILD, 'assets/js', file), 'utf8').includes(PRISM_MARKER),
      );
    expect(chunks.length, `chunks containing "${PRISM_MARKER}"`).toBeGreaterThan(0);
    expect(
      chunks.some((file) => /^(main|runtime~main)\./.test(file)),
      'Prism in the first-load bundle',
    ).toBe(false);
  });

  for (const route of [API_PAGE, '/docs/functions']) {
    test(`${route}: a light first load keeps the server's lines and never fetches Prism`, async ({
      page,
      watch,
    }) => {
      const expected = serverTokenCount(route);
      expect(expected, 'token spans in the built HTML').toBeGreaterThan(10);
      const scripts = collectScripts(page);
      await page.goto(route);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('pre .token').count(), 'token spans after hydration').toBe(
        expected,
      );
      const fetched = await Promise.all(scripts);
      expect(fetched.length).toBeGreaterThan(2);
      expect(
        fetched.filter((s) => s.text.includes(PRISM_MARKER)).map((s) => s.url),
        'highlighter fetched',
      ).toEqual([]);
      // The server's classes and colours are still on the blocks (the theme's blocks: a typed
      // sample, `.tq`, has its colours in the page's stylesheet).
      const pre = page.locator(THEME_BLOCK).first();
      await expect(pre).toHaveAttribute('style', /background-color/);
      expectClean(watch);
    });
  }

  test('dark mode recolours the blocks with the dark theme', async ({page, watch}) => {
    const light = async () => {
      await page.goto(API_PAGE);
      await hydrated(page);
      return page
        .locator(THEME_BLOCK)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    };
    const lightBackground = await light();
    const scripts = collectScripts(page);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await hydrated(page);
    const pre = page.locator(THEME_BLOCK).first();
    await expect
      .poll(() => pre.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe(lightBackground);
    await expect(pre.locator('.token').first()).toBeVisible();
    const fetched = await Promise.all(scripts);
    expect(
      fetched.some((s) => s.text.includes(PRISM_MARKER)),
      'highlighter fetched for dark mode',
    ).toBe(true);
    expectClean(watch);
  });

  test('a block reached by client-side navigation is highlighted', async ({page, watch}) => {
    await page.goto('/docs/glossary');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
    await page.locator('.theme-doc-sidebar-menu a[href="/docs/functions"]').click();
    await expect(page).toHaveURL(/\/docs\/functions$/);
    await expect(page.locator('pre.prism-code .token').first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed),
      'no full page load',
    ).toBe(true);
    expectClean(watch);
  });

  test("the copy button copies the block's code", async ({page, context, watch}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(API_PAGE);
    await hydrated(page);
    const block = page.locator('.theme-code-block').first();
    const code = (await block.locator('pre code').innerText()).trim();
    await block.hover();
    await block.getByRole('button', {name: /copy/i}).click();
    await expect(block.getByRole('button', {name: /copied/i})).toBeVisible();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code);
    expectClean(watch);
  });
});

test.describe('entry scripts', () => {
  for (const {path: route} of PAGE_TYPES) {
    test(`${route}: painted first, then the preloaded bundles run and hydrate`, async ({
      page,
      watch,
    }) => {
      // Docusaurus's client entry sets window.docusaurus when `main` runs: note the time.
      await page.addInitScript(() => {
        let value: unknown;
        Object.defineProperty(window, 'docusaurus', {
          configurable: true,
          get: () => value,
          set: (v) => {
            // The client entry's object, not the loader's empty placeholder (src/ssr-template.ts).
            if (typeof (v as {prefetch?: unknown} | undefined)?.prefetch === 'function') {
              (window as unknown as {mainRanAt: number}).mainRanAt ??= performance.now();
            }
            value = v;
          },
        });
      });
      const response = await page.goto(route);
      const html = (await response?.text()) ?? '';
      expect(html, 'no script element loads a bundle').not.toMatch(/<script[^>]*\bsrc=/);
      expect(
        html.match(/<link rel=preload as=script href=\S+ data-entry-script/g) ?? [],
      ).toHaveLength(2);
      await hydrated(page);
      const {fcp, mainRanAt} = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        mainRanAt: (window as unknown as {mainRanAt?: number}).mainRanAt,
      }));
      expect(fcp, 'first contentful paint').toBeGreaterThan(0);
      expect(mainRanAt, 'main ran').toBeGreaterThan(0);
      expect(mainRanAt!, 'main ran after the first contentful paint').toBeGreaterThan(fcp!);
      expectClean(watch);
    });
  }
});
