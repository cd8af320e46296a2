/**
 * The docs' one sidebar once React has hydrated the page (spec, Documentation): a guide and an
 * API page show the same sidebar, the guides then the API reference with its packages, and
 * opening one category leaves the others open. The built HTML of every docs page:
 * tests/build/sidebar.spec.ts.
 */
import type {Page} from '@playwright/test';
import {sharedTest as test, expect, expectClean, hydrated} from '../lib/fixtures';
import {API} from '../lib/spec';
import {GUIDES} from '../lib/sources';

const PACKAGE_ROUTES = Object.keys(API).map((pkg) => `/docs/api/${pkg}`);

/** The links and category labels the sidebar shows, in order, at any depth. */
async function shownItems(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await expect(sidebar).toBeVisible();
  return sidebar.locator('.theme-doc-sidebar-menu a.menu__link').evaluateAll((links) =>
    links
      .filter((a) => a.getClientRects().length > 0)
      .map((a) => {
        const caret = a.classList.contains('menu__link--sublist-caret');
        return `${a.textContent?.trim()} ${caret ? '(category)' : a.getAttribute('href')}`;
      }),
  );
}

test('a guide and an API page show the same sidebar, with the guides and the five packages', async ({
  page,
  watch,
}) => {
  await page.goto('/docs/getting_started');
  await hydrated(page);
  const onGuide = await shownItems(page);
  for (const id of GUIDES)
    expect(
      onGuide.some((item) => item.endsWith(` /docs/${id}`)),
      id,
    ).toBe(true);
  expect(onGuide).toContain('API reference (category)');
  for (const route of PACKAGE_ROUTES) {
    expect(
      onGuide.some((item) => item.endsWith(` ${route}`)),
      route,
    ).toBe(true);
  }

  // A package whose categories are closed on the guide: its page opens only its own.
  await page.goto('/docs/api/server');
  await hydrated(page);
  const onApi = await shownItems(page);
  const opened = onApi.filter((item) => !onGuide.includes(item));
  expect(opened.length, 'the package page opens its own categories').toBeGreaterThan(0);
  expect(onApi.filter((item) => !opened.includes(item))).toEqual(onGuide);
  expectClean(watch);
});

test('opening a category leaves the others open: none is collapsed automatically', async ({
  page,
  watch,
}) => {
  await page.goto('/docs/introduction');
  await hydrated(page);
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  const toggle = (action: 'Expand' | 'Collapse', label: string) =>
    sidebar.getByRole('button', {name: `${action} sidebar category '${label}'`});
  await expect(
    toggle('Expand', '@skipruntime/core'),
    'the packages are in the guide\u2019s sidebar',
  ).toBeVisible();
  await toggle('Expand', '@skipruntime/core').click();
  await expect(toggle('Collapse', '@skipruntime/core')).toBeVisible();
  await toggle('Expand', '@skipruntime/server').click();
  await expect(toggle('Collapse', '@skipruntime/server')).toBeVisible();
  // The first one opened is still open, and so is the API reference around them.
  await expect(toggle('Collapse', '@skipruntime/core')).toBeVisible();
  await expect(sidebar.getByRole('button', {name: 'API reference', exact: true})).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // And the sidebar has no button to hide it.
  await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
  expectClean(watch);
});
