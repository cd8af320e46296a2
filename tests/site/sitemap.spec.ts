/**
 * Every page of build/sitemap.xml, in the browser, the API reference's pages among them.
 * One test per page, one page load for both colour modes:
 * - it loads (200), hydrates, and neither logs a console error, nor requests anything from
 *   another origin (spec §7), nor violates the Content Security Policy (`expectClean`);
 * - axe-core, with all its default rules, finds no violation in the light colour mode, nor
 *   in the dark mode the navbar's toggle switches to, once every code block has been
 *   recoloured with the dark theme. A dark mode stored before the page loads (spec §4: key
 *   'theme', read before the first paint) gives the same page: tests/site/foundation.spec.ts
 *   and first-load-work.spec.ts check that path.
 *
 * The pages are loaded one after the other in one browser page per worker (`sharedPage`), as
 * a reader browses; axe runs as tests/lib/axe.ts runs it.
 */
import {axeViolations} from '../lib/axe';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {sitemapPaths} from '../lib/sitemap';
import {SITE_ROUTES} from '../lib/sources';
import {apiRoutes} from '../lib/spec';

const paths = sitemapPaths();

test("the sitemap lists the spec's routes, every post and guide, and nothing else", () => {
  const routes = [...SITE_ROUTES, ...apiRoutes().map((r) => r.route)];
  expect(new Set(paths.map((p) => p.replace(/(.)\/$/, '$1')))).toEqual(new Set(routes));
});

test.describe('every page', () => {
  // The API pages are long; axe checks the contrast of every token of their code.
  test.describe.configure({timeout: 120_000});

  for (const path of paths) {
    test(`${path} loads cleanly and has no axe violation, light and dark`, async ({
      sharedPage: {page, watch},
    }) => {
      const html = page.locator('html');
      await test.step('light: loads cleanly', async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        await expect(html).toHaveAttribute('data-theme', 'light');
        await expect(page.locator('main').first()).toBeVisible();
      });
      await test.step('light: axe', async () => {
        expect(await axeViolations(page), `axe violations on ${path} (light)`).toEqual([]);
      });
      await test.step('dark: switched with the toggle, code recoloured, axe', async () => {
        // The code blocks as the server wrote them, in the light theme's colours. Typed
        // samples (src/components/TypedCode, `.tq`) carry both modes' colours as classes and are
        // never rendered again, so only the other blocks are waited for.
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
      });
      // Late requests (prefetches, the highlighter) and what they might log are in the records
      // once the network has been quiet for 500 ms, which it has usually been during axe.
      await page.waitForLoadState('networkidle');
      expectClean(watch);
    });
  }
});
