/**
 * With JavaScript off, every page type is readable from the server-rendered HTML, its links
 * are real anchors that navigate, and it is light, even when the system prefers dark.
 *
 * The tests share one page per worker, in a context with JavaScript off and a system that
 * prefers dark (`noScriptPage`): a page without scripts keeps nothing from one load to the
 * next (no script writes storage or cookies), and a context of its own per test cost about
 * 0.6 CPU s more than a load in the shared one.
 */
import {test as base, expect, type Page} from '@playwright/test';
import {PAGE_TYPES} from '../../scripts/lib/first-load.cjs';
import {BASE_URL} from '../../playwright.config';

/** One page per page type (the five of the performance budget). */
const PAGES = PAGE_TYPES.map(({type, path}) => [type === 'API' ? 'API page' : type, path] as const);

const NOT_FOUND = 'Page Not Found';

/** Relative luminance (0 black to 1 white) of a CSS `rgb()`/`rgba()` colour. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const test = base.extend<{page: Page}, {noScriptPage: Page}>({
  noScriptPage: [
    async ({browser}, use) => {
      // The system prefers dark: the site must still be light (spec §4: default light, no
      // system preference).
      const context = await browser.newContext({
        baseURL: BASE_URL,
        javaScriptEnabled: false,
        colorScheme: 'dark',
      });
      await use(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
  page: async ({noScriptPage}, use) => {
    await use(noScriptPage);
  },
});

/** The page's main text, trimmed. */
async function mainText(page: Page): Promise<string> {
  return (await page.locator('main').first().innerText()).trim();
}

for (const [kind, route] of PAGES) {
  test.describe(`without JavaScript, the ${kind} ${route}`, () => {
    test('is readable: its main content is in the HTML', async ({page}) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      // Nothing ran: the page is the server-rendered HTML.
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
      await expect(page.locator('main').first()).toBeVisible();
      expect((await mainText(page)).length, 'characters of main text').toBeGreaterThan(200);
      await expect(page.getByRole('heading', {name: NOT_FOUND})).toHaveCount(0);
      // One level-one heading with text (the landing page's sits in its hero, above main; the
      // blog list's is visually hidden).
      await expect(page.locator('h1')).toHaveCount(1);
      expect(
        (await page.locator('h1').textContent())?.trim().length,
        'characters of the h1',
      ).toBeGreaterThan(0);
    });

    test('is light, even when the system prefers dark', async ({page}) => {
      await page.goto(route);
      const theme = await page.locator('html').getAttribute('data-theme');
      expect(theme === null || theme === 'light', `data-theme=${theme}`).toBe(true);
      const colours = await page.evaluate(() => {
        const main = document.querySelector('main') ?? document.body;
        const paragraph = main.querySelector('p, li, h1, h2') ?? main;
        // The colour behind the text: the first opaque background from the text up, else the
        // canvas, which follows the root's color-scheme (Infima's light background is transparent).
        const scheme = getComputedStyle(document.documentElement).colorScheme;
        let background = scheme.includes('dark') ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)';
        for (let el: Element | null = paragraph; el; el = el.parentElement) {
          const colour = getComputedStyle(el).backgroundColor;
          if (!/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent') {
            background = colour;
            break;
          }
        }
        return {scheme, background, text: getComputedStyle(paragraph).color};
      });
      expect(colours.scheme, 'color-scheme of the root').not.toContain('dark');
      expect(luminance(colours.background), `background ${colours.background}`).toBeGreaterThan(
        0.8,
      );
      expect(luminance(colours.text), `text ${colours.text}`).toBeLessThan(0.3);
    });

    test('its links are real anchors, and an internal one navigates', async ({page}) => {
      await page.goto(route);
      // Every link in the page has a real href, not a script. (An empty `<a id>` is a heading's
      // anchor target, not a link.)
      const anchors = await page.locator('a').evaluateAll((links) =>
        links
          .map((a) => ({
            text: (a.textContent ?? '').trim().slice(0, 40),
            href: a.getAttribute('href'),
          }))
          .filter((a) => a.href !== null || a.text !== ''),
      );
      expect(anchors.length).toBeGreaterThan(0);
      expect(
        anchors.filter((a) => !a.href || /^\s*javascript:/i.test(a.href)),
        'links without a real href',
      ).toEqual([]);

      // The first visible internal link of the content that leads to another page.
      const here = new URL(page.url()).pathname;
      const internal = await page.locator('main a[href^="/"]').evaluateAll(
        (links, current) =>
          links
            .filter((a) => a.getClientRects().length > 0)
            .map((a) => a.getAttribute('href') ?? '')
            .map((href) => ({href, path: new URL(href, location.origin).pathname}))
            // A page, not a file such as the Markdown twin (`<route>.md`).
            .filter(({path}) => path !== current && !/\.\w+$/.test(path))
            .map(({href}) => href),
        here,
      );
      expect(internal.length, 'internal links in the content').toBeGreaterThan(0);
      const href = internal[0];
      const expected = new URL(href, page.url()).pathname;
      await page.locator(`main a[href="${href}"]`).first().click();
      await page.waitForURL((url) => url.pathname === expected);
      await expect(page.locator('main').first()).toBeVisible();
      await expect(page.getByRole('heading', {name: NOT_FOUND})).toHaveCount(0);
      expect(
        (await mainText(page)).length,
        `characters of main text on ${expected}`,
      ).toBeGreaterThan(100);
    });
  });
}
