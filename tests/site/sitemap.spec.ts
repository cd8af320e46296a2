/**
 * Every page of build/sitemap.xml, in the browser, the API reference's pages among them.
 * One test per page, one page load per colour mode:
 * - it loads (200), hydrates, and neither logs a console error, nor requests anything from
 *   another origin (spec §7), nor violates the Content Security Policy (`expectClean`);
 * - axe-core, with all its default rules, finds no violation in the light colour mode, nor
 *   after a reload with the dark mode stored (spec §4: key 'theme', read before the first
 *   paint), as a returning visitor who chose dark gets it.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {sitemapPaths} from '../lib/sitemap';
import {SITE_ROUTES} from '../lib/sources';
import {apiRoutes} from '../lib/spec';

const paths = sitemapPaths();

/** axe's violations on the page as it is, in a form that reads well in a failure. */
async function axeViolations(page: Page) {
  // Legacy mode runs axe in the page itself instead of opening a second page to merge
  // per-frame results; the site has no iframes, so the result is the same, twice as fast.
  const {violations} = await new AxeBuilder({page}).setLegacyMode(true).analyze();
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 10),
  }));
}

test("the sitemap lists the spec's routes, every post and guide, and nothing else", () => {
  const routes = [...SITE_ROUTES, ...apiRoutes().map((r) => r.route)];
  expect(new Set(paths.map((p) => p.replace(/(.)\/$/, '$1')))).toEqual(new Set(routes));
});

test.describe('every page', () => {
  // The API pages are long; axe checks the contrast of every token of their code.
  test.describe.configure({timeout: 120_000});

  for (const path of paths) {
    test(`${path} loads cleanly and has no axe violation, light and dark`, async ({
      page,
      watch,
    }) => {
      await test.step('light: loads cleanly', async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
        await expect(page.locator('main').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
      });
      await test.step('light: axe', async () => {
        expect(await axeViolations(page), `axe violations on ${path} (light)`).toEqual([]);
      });
      await test.step('dark: stored, reloaded, axe', async () => {
        await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
        await page.reload();
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        // Code blocks fetch the highlighter to take the dark theme's colours.
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page), `axe violations on ${path} (dark)`).toEqual([]);
      });
      expectClean(watch);
    });
  }
});
