/**
 * Types where the reader looks (issue 22, section 3), in the browser: a sample's identifier
 * shows its quick info on hover and on keyboard focus, in both colour modes, with no axe
 * violation while the popup is open; a compile error reads under its line; and the same on a
 * page reached by a link (client-side navigation). Screenshots of the open popups are attached
 * to the report.
 */
import type {Locator, Page, TestInfo} from '@playwright/test';
import {axeViolations} from '../lib/axe';
import {sharedTest as test, expect, expectClean, hydrated, ownPage} from '../lib/fixtures';
import {editor, exampleOf} from './live-helpers';

const GUIDE = '/docs/deploying';
/** The block under test, marked by the test so that axe looks at it alone. */
const BLOCK = '[data-block-under-test]';

/** A live example's typed block (before Run). */
const LIVE_BLOCK = '[data-live-example] .tq';

/**
 * The first focusable identifier spelled `name` (its own text, popup left out) in a typed
 * block (`blocks`: which ones).
 */
async function identifier(page: Page, name: string, blocks = '.tq'): Promise<Locator> {
  const all = page.locator(`${blocks} .tq-id`);
  const index = await all.evaluateAll(
    (els, wanted) =>
      els.findIndex(
        (el) =>
          Array.from(el.childNodes)
            .filter((c) => !(c instanceof Element && c.classList.contains('tq-pop')))
            .map((c) => c.textContent)
            .join('') === wanted,
      ),
    name,
  );
  expect(index, `a focusable identifier ${name}`).toBeGreaterThanOrEqual(0);
  return all.nth(index);
}

/** The box of an identifier's own text, its popup left out. */
const wordBox = (id: Locator) =>
  id.evaluate((el) => {
    const range = document.createRange();
    range.setStartAfter(el.querySelector(':scope > .tq-pop')!);
    range.setEndAfter(el.lastChild!);
    const {x, y, width, height} = range.getBoundingClientRect();
    return {x, y, width, height};
  });

/**
 * The popup opens next to its word: touching it (at most 2 px between them), over or beside it
 * horizontally (at most 2 px apart), above or below its line without covering it, and inside the
 * viewport. Returns the distance popup to word, and whether it is above.
 */
async function nextToWord(page: Page, id: Locator): Promise<{gap: number; above: boolean}> {
  const [box, word] = [(await id.locator('.tq-pop').boundingBox())!, await wordBox(id)];
  const {width, height} = page.viewportSize()!;
  const gapX = Math.max(0, box.x - (word.x + word.width), word.x - (box.x + box.width));
  const gapY = Math.max(0, box.y - (word.y + word.height), word.y - (box.y + box.height));
  const above = box.y + box.height <= word.y + 1;
  expect(
    above || box.y >= word.y + word.height - 1,
    `the popup leaves its line readable (popup, word: ${JSON.stringify([box, word])})`,
  ).toBe(true);
  expect(Math.hypot(gapX, gapY), 'the popup touches its word').toBeLessThanOrEqual(2);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  return {gap: Math.hypot(gapX, gapY), above};
}

// axe on code blocks of a few hundred spans is slow on a busy machine.
test.describe.configure({timeout: 180_000});

/**
 * Hover, then keyboard focus, on the first focusable `runService` of the page: its popup
 * opens, is described to assistive technology, and axe finds nothing in its block.
 */
async function quickInfoOpens(
  page: Page,
  mode: string,
  shot: (name: string, y: number) => Promise<void>,
  blocks = '.tq',
) {
  const run = await identifier(page, 'runService', blocks);
  const popup = page.locator(`#${await run.getAttribute('aria-describedby')}`);
  const block = run.locator('xpath=ancestor::div[contains(@class, "tq ")]');
  await block.evaluate((el) => el.setAttribute('data-block-under-test', ''));
  await expect(popup).toBeHidden();
  await expect(popup).toHaveAttribute('role', 'tooltip');
  // Hidden as content (it would be read twice once shown): announced as the description.
  await expect(popup).toHaveAttribute('aria-hidden', 'true');
  // A screen reader announces the name, then its type as the description.
  await expect(run).toHaveAccessibleDescription(/function runService\(service: SkipService/);

  await test.step('hover', async () => {
    await run.hover();
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Promise<SkipServer>');
    await nextToWord(page, run);
    const anchor = (await run.boundingBox())!;
    await shot(`hover-${mode}`, anchor.y);
    expect(await axeViolations(page, BLOCK), `axe with the popup open (${mode})`).toEqual([]);
    // Hoverable: the pointer moves onto the popup, which stays open.
    const box = (await popup.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, {steps: 4});
    await expect(popup).toBeVisible();
    // Dismissible: Escape closes it, and it stays closed while the pointer stays on the word,
    // until the pointer has left it (WCAG 1.4.13).
    await page.mouse.move(anchor.x + anchor.width / 2, anchor.y + anchor.height / 2, {steps: 4});
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await page.mouse.move(anchor.x + 2, anchor.y + anchor.height / 2, {steps: 2});
    await expect(popup).toBeHidden();
    await page.mouse.move(0, 0);
    await run.hover();
    await expect(popup).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(popup).toBeHidden();
  });

  await test.step('keyboard', async () => {
    // From the block itself (a scrollable region, reached by Tab), Tab reaches its first
    // identifier, and the arrow keys the others (one tab stop for them all).
    const pre = run.locator('xpath=ancestor::pre');
    await pre.focus();
    const ids = pre.locator('.tq-id');
    await page.keyboard.press('Tab');
    await expect(ids.first()).toBeFocused();
    await expect(ids.first().locator('.tq-pop')).toBeVisible();
    let steps = 0;
    while (!(await run.evaluate((el) => el === document.activeElement)) && steps++ < 200)
      await page.keyboard.press('ArrowRight');
    await expect(run).toBeFocused();
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('function runService(');
    await nextToWord(page, run);
    await shot(`focus-${mode}`, (await run.boundingBox())!.y);
    expect(await axeViolations(page, BLOCK), `axe with the popup focused (${mode})`).toEqual([]);
    // Escape closes it, the focus staying; it opens again once the focus has moved away and back.
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(run).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(run).not.toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(run).toBeFocused();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(popup).toBeHidden();
  });
  return block;
}

/** Attaches a screenshot of the viewport's width around `y` to the report. */
const screenshots = (page: Page, testInfo: TestInfo) => async (name: string, y: number) => {
  await testInfo.attach(`${name}.png`, {
    body: await page.screenshot({
      path: testInfo.outputPath(`${name}.png`),
      clip: {x: 0, y: Math.max(0, y - 120), width: page.viewportSize()!.width, height: 360},
    }),
    contentType: 'image/png',
  });
};

/** Sets the colour mode the next load starts with, and loads `path`. */
async function open(page: Page, path: string, mode: 'light' | 'dark') {
  await page.goto(path);
  if (mode === 'dark') {
    await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
    await page.reload();
  }
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

// Light at the desktop's width, dark at a phone's.
for (const mode of ['light', 'dark'] as const) {
  test(`${mode}: hover and keyboard focus open an identifier's quick info`, async ({
    page,
    watch,
  }, testInfo) => {
    if (mode === 'dark') await page.setViewportSize({width: 390, height: 800});
    await open(page, GUIDE, mode);
    const block = await quickInfoOpens(page, mode, screenshots(page, testInfo));

    await test.step('the copy button copies the plain code', async () => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await block.hover();
      await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('import { runService } from "@skipruntime/server";');
      expect(copied).not.toContain('Promise<SkipServer>');
    });
    expectClean(watch);
  });
}

// Reached by a link, the page's blocks come from its HTML, fetched once: from a page without
// samples (no stylesheet of typed blocks in the document yet) and from another typed page.
for (const [mode, from] of [
  ['light', '/docs/introduction'],
  ['dark', '/docs/functions'],
] as const) {
  test(`${mode}: reached by a link from ${from}, a sample's identifiers open their quick info`, async ({
    context,
  }, testInfo) => {
    const {page, watch} = await ownPage(context);
    await open(page, from, mode);
    expect((await page.locator('.tq').count()) > 0, `${from} has typed samples`).toBe(
      from !== '/docs/introduction',
    );
    // The typed blocks the server wrote for the page.
    const served = await page.evaluate(async (route) => {
      const html = await (await fetch(route)).text();
      return new DOMParser().parseFromString(html, 'text/html').querySelectorAll('.tq').length;
    }, GUIDE);
    expect(served).toBeGreaterThan(1);
    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') fetched.push(new URL(request.url()).pathname);
    });
    await page.locator(`.theme-doc-sidebar-menu a[href="${GUIDE}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
    // Every block of the page is typed, the first one carrying the stylesheet.
    await expect(page.locator('.tq')).toHaveCount(served);
    await expect(page.locator('.tq-wait')).toHaveCount(0);
    await expect(page.locator('style.tq-css')).toHaveCount(1);
    await quickInfoOpens(page, `${mode}-after-link`, screenshots(page, testInfo));
    // A client-side navigation, not a load, and one fetch of the page's HTML for all its blocks.
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
    expect(fetched).toEqual([GUIDE]);
    expectClean(watch);
  });
}

// A live example's block is typed as the others, until Run replaces it with the editor. Its
// popups are those of every typed block, whose dark colours the tests above check: one mode here.
for (const mode of ['light'] as const) {
  test(`${mode}: the landing page's live example opens quick info on hover and focus before Run`, async ({
    page,
    watch,
  }, testInfo) => {
    await open(page, '/', mode);
    await expect(exampleOf(page).locator('.tq')).toHaveCount(1);
    await quickInfoOpens(page, `live-${mode}`, screenshots(page, testInfo), LIVE_BLOCK);
    // All of it before Run: the button is there and no editor is.
    await expect(exampleOf(page).getByRole('button', {name: 'Run live'})).toBeVisible();
    await expect(editor(page)).toHaveCount(0);
    expectClean(watch);
  });
}

test("reached by a link, a guide's live example opens quick info before Run, and Run puts the editor in its place", async ({
  page,
  watch,
}, testInfo) => {
  const route = '/docs/getting_started';
  await open(page, '/docs/introduction', 'light');
  await page.locator(`.theme-doc-sidebar-menu a[href="${route}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  const example = exampleOf(page);
  await expect(example.locator('.tq')).toHaveCount(1);
  await expect(page.locator('.tq-wait')).toHaveCount(0);
  await quickInfoOpens(page, 'live-after-link', screenshots(page, testInfo), LIVE_BLOCK);
  await example.getByRole('button', {name: 'Run live'}).click();
  await expect(editor(page)).toBeVisible({timeout: 60_000});
  await expect(example.locator('.tq')).toBeHidden();
  expectClean(watch);
});

test('a compile error reads under its line, in both modes, axe clean', async ({page}, testInfo) => {
  await page.goto('/docs/functions');
  await hydrated(page);
  const error = page.locator('.tq .tq-error');
  await expect(error).toHaveCount(1);
  await expect(error).toBeVisible();
  await expect(error).toContainText("Type 'Date' does not satisfy the constraint 'Json'");
  await error.scrollIntoViewIfNeeded();
  const block = page.locator('.tq:has(.tq-error)');
  await testInfo.attach('error-light.png', {
    body: await block.screenshot({path: testInfo.outputPath('error-light.png')}),
    contentType: 'image/png',
  });
  expect(await axeViolations(page, '.tq:has(.tq-error)')).toEqual([]);
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.tq .tq-error')).toBeVisible();
  await testInfo.attach('error-dark.png', {
    body: await block.screenshot({path: testInfo.outputPath('error-dark.png')}),
    contentType: 'image/png',
  });
  expect(await axeViolations(page, '.tq:has(.tq-error)')).toEqual([]);
});

test('one popup at a time: hovering an identifier hides the popup of the one the keyboard focused', async ({
  page,
}) => {
  await page.goto(GUIDE);
  await hydrated(page);
  // Two identifiers of the same block, the first block with a few.
  const blocks = page.locator('.tq');
  const at = await blocks.evaluateAll((els) =>
    els.findIndex((el) => el.querySelectorAll('.tq-id').length > 6),
  );
  expect(at).toBeGreaterThanOrEqual(0);
  const ids = blocks.nth(at).locator('.tq-id');
  const focused = ids.nth(0);
  const hovered = ids.nth(6);
  await focused.focus();
  await expect(focused.locator('.tq-pop')).toBeVisible();
  await hovered.hover();
  await expect(hovered.locator('.tq-pop')).toBeVisible();
  await expect(focused).toBeFocused();
  await expect(focused.locator('.tq-pop')).toBeHidden();
  await expect(page.locator('.tq-pop:visible')).toHaveCount(1);
});

test('the keyboard stops once on the identifiers of a block and moves among them with the arrow keys', async ({
  page,
}) => {
  await page.goto('/docs/functions');
  await hydrated(page);
  // Every identifier is focusable in the server's HTML (without JavaScript); once the page
  // runs, one per block is a tab stop.
  const blocks = page.locator('.tq');
  const count = await blocks.count();
  expect(count).toBeGreaterThan(3);
  await expect(page.locator('.tq .tq-id[tabindex="0"]')).toHaveCount(count);
  expect(await page.locator('.tq .tq-id').count()).toBeGreaterThan(10 * count);

  const block = blocks.nth(1);
  const ids = block.locator('.tq-id');
  const top = (i: number) => ids.nth(i).evaluate((el) => (el as HTMLElement).offsetTop);
  await block.locator('pre').focus();
  await page.keyboard.press('Tab');
  await expect(ids.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(ids.nth(1)).toBeFocused();
  await expect(ids.nth(1).locator('.tq-pop')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(ids.first()).toBeFocused();
  // Down: the first identifier of a later line; up: the first of the line above.
  await page.keyboard.press('ArrowDown');
  const down = await ids.evaluateAll((els) => els.indexOf(document.activeElement as HTMLElement));
  expect(await top(down)).toBeGreaterThan(await top(0));
  expect(await top(down - 1)).toBe(await top(0));
  await page.keyboard.press('End');
  const last = (await ids.count()) - 1;
  await expect(ids.nth(last)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(ids.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(ids.first()).toBeFocused();
  // The identifier last visited is the block's tab stop: Shift+Tab out, Tab back in.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+Tab');
  await expect(block.locator('pre')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(ids.nth(1)).toBeFocused();
  // Tab leaves the block: the next tab stop is not one of its identifiers.
  await page.keyboard.press('Tab');
  expect(await ids.evaluateAll((els) => els.includes(document.activeElement as HTMLElement))).toBe(
    false,
  );
});

test('a popup opens next to its word and leaves its line readable, in the viewport at 1280 and 390 px', async ({
  page,
}) => {
  await page.goto(GUIDE);
  await hydrated(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({width, height: 800});
    // The block's identifier furthest right, then one on the top line of the viewport.
    const block = page
      .locator('.tq')
      .filter({has: page.locator('.tq-id')})
      .nth(1);
    await block.scrollIntoViewIfNeeded();
    const ids = block.locator('.tq-id');
    const rights = await ids.evaluateAll((els) =>
      els.map((el) => {
        const {right, top} = el.getBoundingClientRect();
        return top > 100 && top < 700 && right <= document.documentElement.clientWidth ? right : 0;
      }),
    );
    const right = ids.nth(rights.indexOf(Math.max(...rights)));
    await right.hover();
    expect((await nextToWord(page, right)).above, `at ${width} px`).toBe(true);
    // Under the navbar, no room above: below the line.
    await page.mouse.move(0, 0);
    const top = await wordBox(right);
    await page.evaluate((y) => window.scrollBy(0, y - 70), top.y);
    await right.hover();
    expect((await nextToWord(page, right)).above, `at ${width} px, under the navbar`).toBe(false);
    await page.mouse.move(0, 0);
  }
});
