/**
 * Every page of build/sitemap.xml, in the browser, the API reference's pages among them, plus the
 * not-found page. One test per page, loaded once:
 * - it loads (200), hydrates, shows its main content and not the not-found page, and neither
 *   logs a console error, nor requests anything from another origin (spec §7), nor violates the
 *   Content Security Policy (`expectClean`), nor shows the base-URL banner (§8). This is the one
 *   test that loads every route of the spec (§2) and every guide, post and API page;
 * - axe-core, with all its default rules, finds no violation in the light colour mode;
 * - on one page of each template (landing, guide, API page, blog list, archive, authors, post,
 *   not-found), axe also finds none in the dark mode the navbar's toggle switches to, once every
 *   code block has been recoloured with the dark theme. The other pages of a template share its
 *   components and colours, so their dark mode differs only in content: prose, code and tables,
 *   which the chosen pages hold (the guide is /docs/functions, the one with the most samples).
 *   A dark mode stored before the page loads (spec §4: key 'theme', read before the first paint)
 *   gives the same page: tests/site/foundation.spec.ts and first-load-work.spec.ts check that path.
 *
 * The pages are loaded one after the other in one browser page per worker (`sharedPage`), as
 * a reader browses; axe runs as tests/lib/axe.ts runs it.
 */
import {axeViolations} from '../lib/axe';
import type {Page} from '@playwright/test';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {sitemapPaths} from '../lib/sitemap';

const paths = sitemapPaths();

const NOT_FOUND = 'Page Not Found';
const BASE_URL_BANNER = '#__docusaurus-base-url-issue-banner-container';

/** The template a page is rendered with, from its path. */
function templateOf(path: string): string {
  if (path === '/') return 'landing';
  if (path.startsWith('/docs/api/')) return 'API page';
  if (path.startsWith('/docs/')) return 'guide';
  if (path === '/blog' || path.startsWith('/blog/page/')) return 'blog list';
  if (path === '/blog/archive') return 'blog archive';
  if (path === '/blog/authors') return 'blog authors';
  if (/^\/blog\/[^/]+$/.test(path)) return 'blog post';
  throw new Error(`${path}: a page of no known template; add it to templateOf`);
}

/** One page of each template, checked in both colour modes. */
const BOTH_MODES: Record<string, string> = {
  landing: '/',
  guide: '/docs/functions',
  'API page': '/docs/api/core/interfaces/Context',
  'blog list': '/blog',
  'blog archive': '/blog/archive',
  'blog authors': '/blog/authors',
  'blog post': '/blog/why-skip',
};

/** Switches to dark mode with the toggle, waits for the code blocks' dark colours, runs axe. */
async function expectNoAxeViolationInDark(page: Page, path: string): Promise<void> {
  const html = page.locator('html');
  // The code blocks as the server wrote them, in the light theme's colours. Typed samples
  // (src/components/TypedCode, `.tq`) carry both modes' colours as classes and are never
  // rendered again, so only the other blocks are waited for.
  await page.evaluate(() => {
    (window as unknown as {lightBlocks: Set<Element>}).lightBlocks = new Set(
      Array.from(document.querySelectorAll('.theme-code-block:not(.tq) pre')),
    );
  });
  await page.getByRole('button', {name: /dark mode|light mode|system mode/i}).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Each block is rendered anew by the highlighter, fetched for the dark colours
  // (src/plugins/code-highlight-on-demand/theme/CodeBlock/Content); until then it shows plain text.
  await page.waitForFunction(() => {
    const {lightBlocks} = window as unknown as {lightBlocks: Set<Element>};
    return Array.from(document.querySelectorAll('.theme-code-block:not(.tq) pre')).every(
      (pre) => !lightBlocks.has(pre) && pre.querySelector('.token-line') !== null,
    );
  });
  expect(await axeViolations(page), `axe violations on ${path} (dark)`).toEqual([]);
}

// That the sitemap lists exactly the spec's routes, every post and guide and the API pages:
// tests/build/machine-readable.spec.ts, without a browser.

test('one page of each template is checked in both colour modes, and each is in the sitemap', () => {
  const templates = new Set(paths.map(templateOf));
  expect(new Set(Object.keys(BOTH_MODES))).toEqual(templates);
  for (const [template, path] of Object.entries(BOTH_MODES)) {
    expect(paths, template).toContain(path);
    expect(templateOf(path)).toBe(template);
  }
});

test.describe('every page', () => {
  // The API pages are long; axe checks the contrast of every token of their code.
  test.describe.configure({timeout: 120_000});

  for (const path of paths) {
    const bothModes = BOTH_MODES[templateOf(path)] === path;
    test(`${path} loads cleanly and has no axe violation, light${bothModes ? ' and dark' : ''}`, async ({
      sharedPage: {page, watch},
    }) => {
      const html = page.locator('html');
      await test.step('light: loads cleanly', async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        await expect(html).toHaveAttribute('data-theme', 'light');
        await expect(page.locator('main').first()).toBeVisible();
        await expect(page.getByRole('heading', {name: NOT_FOUND})).toHaveCount(0);
      });
      await test.step('light: axe', async () => {
        expect(await axeViolations(page), `axe violations on ${path} (light)`).toEqual([]);
      });
      if (bothModes) {
        await test.step('dark: switched with the toggle, code recoloured, axe', () =>
          expectNoAxeViolationInDark(page, path));
      }
      // Late requests (prefetches, the highlighter) and what they might log are in the records
      // once the network has been quiet for 500 ms, which it has usually been during axe.
      await page.waitForLoadState('networkidle');
      expectClean(watch);
      // Spec §8: a correct serve never shows the base-URL banner (its check runs once the
      // bundles have loaded: src/ssr-template.ts).
      await expect(page.locator(BASE_URL_BANNER)).toHaveCount(0);
    });
  }

  test('the not-found page loads cleanly and has no axe violation, light and dark', async ({
    sharedPage: {page, watch},
  }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', {name: NOT_FOUND})).toBeVisible();
    expect(await axeViolations(page), 'axe violations on the not-found page (light)').toEqual([]);
    await expectNoAxeViolationInDark(page, '/no/such/page');
    await page.waitForLoadState('networkidle');
    // The browser's own note that the document answered 404 is the one console error.
    expect(watch.errors.filter((e) => !/status of 404 \(Not Found\)/.test(e))).toEqual([]);
    expect(watch.foreign, 'requests to other origins').toEqual([]);
    expect(watch.csp, 'Content Security Policy violations').toEqual([]);
  });
});
