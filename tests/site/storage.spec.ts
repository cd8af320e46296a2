/**
 * Browsers that refuse storage (blocked cookies, some privacy modes, full quota): every page
 * type still renders and hydrates, the colour toggle still switches the theme for the page,
 * and nothing is thrown uncaught. The theme logs its own storage errors to the console;
 * those are expected and not counted here.
 */
import type {Page} from '@playwright/test';
import {PAGE_TYPES} from '../../scripts/lib/first-load.cjs';
import {test, expect, hydrated} from '../lib/fixtures';

/**
 * One page per layout: the landing page, a doc (a guide; an API page is the same docs layout)
 * and a post (the blog list is the same blog layout). Storage is read by the colour mode and the
 * announcement bar on every page, and by the docs plugin on docs.
 */
const PAGES = PAGE_TYPES.filter(({type}) => ['landing', 'guide', 'blog post'].includes(type)).map(
  ({type, path}) => [type, path] as const,
);

/** Init scripts that break storage before any page script runs. */
const BROKEN_STORAGE = {
  'the localStorage getter throws': () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  },
  'localStorage getItem and setItem throw': () => {
    const refuse = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    Storage.prototype.getItem = refuse;
    Storage.prototype.setItem = refuse;
  },
} as const;

async function toggleColourMode(page: Page): Promise<void> {
  await page
    .getByRole('button', {name: /dark mode|light mode|system mode/i})
    .first()
    .click();
}

for (const [breakage, script] of Object.entries(BROKEN_STORAGE)) {
  test.describe(`when ${breakage}`, () => {
    for (const [kind, route] of PAGES) {
      test(`the ${kind} ${route} renders, hydrates and its colour toggle switches, with no uncaught error`, async ({
        page,
      }) => {
        const uncaught: string[] = [];
        page.on('pageerror', (error) => uncaught.push(error.message));
        await page.addInitScript(script);

        const response = await page.goto(route);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        // The storage really is broken on this page.
        const broken = await page.evaluate(() => {
          try {
            window.localStorage.setItem('probe', '1');
            return window.localStorage.getItem('probe') !== '1';
          } catch {
            return true;
          }
        });
        expect(broken, 'storage refuses').toBe(true);

        await expect(page.locator('main').first()).toBeVisible();
        await expect(page.getByText('This page crashed.')).toHaveCount(0);
        await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);

        const html = page.locator('html');
        await expect(html).toHaveAttribute('data-theme', 'light');
        await toggleColourMode(page);
        await expect(html).toHaveAttribute('data-theme', 'dark');
        await toggleColourMode(page);
        await expect(html).not.toHaveAttribute('data-theme', 'dark');

        expect(uncaught, 'uncaught errors').toEqual([]);
      });
    }
  });
}
