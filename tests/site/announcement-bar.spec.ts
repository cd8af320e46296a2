/**
 * The announcement bar takes the theme's colours in both modes (issue 13, spec gap 4): the
 * surface and text colours of the current mode, not Infima's fixed white and black. Its
 * contrast is checked by axe in both modes in tests/site/sitemap.spec.ts.
 */
import {test, expect, hydrated} from '../lib/fixtures';

/** The bar's colours and the mode's surface and text colours, all as computed `rgb()`. */
async function colours(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const bar = getComputedStyle(document.querySelector('.theme-announcement-bar')!);
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--ifm-background-surface-color)';
    probe.style.color = 'var(--ifm-font-color-base)';
    document.body.append(probe);
    const theme = getComputedStyle(probe);
    const result = {
      bar: [bar.backgroundColor, bar.color],
      theme: [theme.backgroundColor, theme.color],
    };
    probe.remove();
    return result;
  });
}

for (const mode of ['light', 'dark'] as const) {
  test(`in ${mode} mode the announcement bar has the mode's surface and text colours`, async ({
    page,
  }) => {
    await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
    await page.goto('/docs/introduction');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
    const {bar, theme} = await colours(page);
    expect(bar).toEqual(theme);
    if (mode === 'dark')
      expect(bar[0], 'no white strip on a dark page').not.toBe('rgb(255, 255, 255)');
  });
}
