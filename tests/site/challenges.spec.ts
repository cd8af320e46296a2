/**
 * The challenges in the browser (CONTRIBUTING.md, "Challenges"), on one challenge that stands for
 * all (the first of getting_started; every challenge is one component, and every challenge's
 * check runs on Node in tests/unit/challenges.test.ts): Check on the starting code shows the
 * first difference, word for word what the same check finds on Node; the hint and the
 * solution open; the solution put in the editor passes. Also: nothing of the live example or
 * the checks is fetched before Check, runaway code in a check is stopped, at 390 px the
 * challenge fits the width, axe finds nothing in light and dark mode, and every challenge of
 * every page reads without JavaScript.
 */
import type {Locator, Page} from '@playwright/test';
import {axeViolations} from '../lib/axe';
import {sharedTest as test, expect, hydrated} from '../lib/fixtures';
import {CHALLENGES, checkOnNode, type FoundChallenge} from '../lib/challenges';
import {editorCode, replaceCode, startExample} from './live-helpers';

/** The challenge the browser tests use: the first of getting_started. */
const FIRST = CHALLENGES.find((c) => c.route === '/docs/getting_started');

const section = (page: Page, id: string): Locator => page.locator(`[data-challenge='${id}']`);
const result = (page: Page, id: string): Locator =>
  section(page, id).locator('[data-challenge-result]');

/** Opens the page and presses Check on the challenge's closed example. */
async function checkClosed(page: Page, challenge: FoundChallenge): Promise<void> {
  await page.goto(challenge.route);
  await hydrated(page);
  const check = section(page, challenge.id).getByRole('button', {name: 'Check', exact: true});
  await check.scrollIntoViewIfNeeded();
  await check.click();
}

/** Check pressed on the closed example, and its outcome for the starting code: failed. */
async function startingCodeChecked(page: Page, challenge: FoundChallenge): Promise<Locator> {
  await checkClosed(page, challenge);
  const outcome = result(page, challenge.id);
  await expect(outcome).toHaveAttribute('data-challenge-result', 'failed', {timeout: 30_000});
  return outcome;
}

test('getting_started has a challenge for these tests', () => {
  expect(FIRST, 'a challenge on /docs/getting_started').toBeDefined();
});

for (const challenge of FIRST ? [FIRST] : []) {
  test(`${challenge.route}, ${challenge.id}: nothing is fetched before Check; Check shows the first difference; hint, solution, and the solution passes`, async ({
    context,
  }) => {
    // A page of its own, with an empty cache: it counts requests.
    const page = await context.newPage();
    const onNode = await checkOnNode(challenge.id, challenge.start);
    expect(onNode.passed, 'the starting code fails on Node').toBe(false);
    const expected = onNode.passed ? '' : onNode.message;

    // Nothing of the live example or of a check is fetched before Check.
    const requests: string[] = [];
    page.on('request', (req) => requests.push(new URL(req.url()).pathname));
    await page.goto(challenge.route);
    await hydrated(page);
    await section(page, challenge.id).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const isLivePart = (p: string) => /\/assets\/(js|css)\/(live-|challenge-)|\.wasm$/.test(p);
    expect(requests.filter(isLivePart)).toEqual([]);
    expect(page.workers()).toHaveLength(0);

    const check = section(page, challenge.id).getByRole('button', {name: 'Check', exact: true});
    await check.click();
    const outcome = result(page, challenge.id);
    await expect(outcome).toHaveAttribute('data-challenge-result', 'failed', {timeout: 30_000});
    await expect(outcome).toHaveText(`Not yet. ${expected}`);
    // The check's definition came with Check, as a chunk of its own.
    expect(requests.filter((p) => p.includes(`/challenge-${challenge.id}-`))).toHaveLength(1);

    // The hint and the solution are folded until asked for.
    const hint = section(page, challenge.id).locator('[data-challenge-hint]');
    await expect(hint).not.toHaveAttribute('open');
    await hint.locator('summary').click();
    await expect(hint).toHaveAttribute('open');
    await expect(hint.locator('p').first()).toBeVisible();
    const solution = section(page, challenge.id).locator('[data-challenge-solution]');
    const use = solution.getByRole('button', {name: 'Put this solution in the editor'});
    await expect(use).toBeHidden();
    await solution.locator('summary').click();
    await use.click();
    await expect.poll(() => editorCode(page)).toBe(challenge.solution);
    await expect(check).toBeFocused();
    // The solution runs as it goes in, the lines it changed marked in the editor.
    const example = section(page, challenge.id).locator('[data-live-example]');
    await expect(example.locator('[data-live-status]')).toContainText(/first output \d+ ms/, {
      timeout: 20_000,
    });
    await expect(example.locator('.cm-line[class*="solutionLine"]').first()).toBeVisible();
    await check.click();
    await expect(outcome).toHaveAttribute('data-challenge-result', 'passed', {timeout: 30_000});
    await expect(outcome).toContainText('Passed');
    // Reset goes back to the starting code: the Passed goes with it.
    await example.getByRole('button', {name: 'Reset'}).click();
    await expect(outcome).toHaveAttribute('data-challenge-result', 'none');
    await expect(example.locator('.cm-line[class*="solutionLine"]')).toHaveCount(0);

    // A wrong edit fails again, with the difference the check finds on Node.
    await replaceCode(page, challenge.start);
    await check.click();
    await expect(outcome).toHaveText(`Not yet. ${expected}`, {timeout: 30_000});
  });
}

test('an endless loop in the checked code: the watchdog stops it, and Check works again', async ({
  page,
}) => {
  const challenge = FIRST!;
  const outcome = await startingCodeChecked(page, challenge);
  await replaceCode(
    page,
    challenge.start.replace(/(mapEntry\([^)]*\)[^{]*\{)/, '$1\n    while (true) {}'),
  );
  await expect.poll(() => editorCode(page)).toContain('while (true) {}');
  const check = section(page, challenge.id).getByRole('button', {name: 'Check', exact: true});
  await check.click();
  await expect(section(page, challenge.id).getByRole('button', {name: 'Stop'})).toBeVisible();
  await expect(outcome).toHaveAttribute('data-challenge-result', 'stopped', {timeout: 20_000});
  await expect(section(page, challenge.id).locator('[data-live-error]')).toContainText(
    'did not answer for 4 s',
  );
  await replaceCode(page, challenge.solution);
  await check.click();
  await expect(outcome).not.toHaveAttribute('data-challenge-result', 'running', {timeout: 30_000});
  // A failure says what the example showed, and which code was checked.
  const shown = await section(page, challenge.id).locator('[data-live-error]').allInnerTexts();
  expect(
    await outcome.getAttribute('data-challenge-result'),
    `after the restart, Check on the solution: ${await outcome.innerText()} ${shown.join(' ')}`,
  ).toBe('passed');
  expect(await editorCode(page)).toBe(challenge.solution);
});

test('a check that cannot be downloaded says so, with the error and Retry below it, and Check works once it can', async ({
  context,
}) => {
  const challenge = FIRST!;
  const page = await context.newPage();
  const chunk = new RegExp(`/challenge-${challenge.id}-[^/]*\\.js$`);
  await page.route(chunk, (route) => route.abort());
  await checkClosed(page, challenge);
  const outcome = result(page, challenge.id);
  await expect(outcome).toHaveText(
    'Not checked: a part of the check could not be downloaded (see below).',
    {timeout: 30_000},
  );
  // The example's run starts after the check has failed: the error stays.
  await expect(section(page, challenge.id).locator('[data-live-status]')).toContainText('Running', {
    timeout: 30_000,
  });
  const error = section(page, challenge.id).locator('[data-live-error]');
  await expect(error).toBeVisible();
  await expect(error).toContainText(
    "Download failed: The challenge's check could not be downloaded",
  );
  await expect(error.getByRole('button', {name: 'Retry'})).toBeVisible();
  // Below the outcome, as the outcome says.
  const [outcomeBox, errorBox] = [await outcome.boundingBox(), await error.boundingBox()];
  expect(errorBox!.y).toBeGreaterThan(outcomeBox!.y);
  await page.unroute(chunk);
  await section(page, challenge.id).getByRole('button', {name: 'Check', exact: true}).click();
  await expect(outcome).toHaveAttribute('data-challenge-result', 'failed', {timeout: 30_000});
  await expect(outcome).toHaveText(/^Not yet\. /);
  await expect(error).toBeHidden();
});

test('a syntax error in the checked code shows as in the live examples, with its line', async ({
  page,
}) => {
  const challenge = FIRST!;
  const outcome = await startingCodeChecked(page, challenge);
  const lines = challenge.start.split('\n');
  const at = lines.findIndex((line) => line.includes('mapEntry('));
  lines[at] = `${lines[at]} )(`;
  await replaceCode(page, lines.join('\n'));
  await section(page, challenge.id).getByRole('button', {name: 'Check', exact: true}).click();
  await expect(outcome).toHaveText('Not checked: the code did not run (the error is shown below).');
  await expect(section(page, challenge.id).locator('[data-live-error]')).toContainText(
    `Syntax error at line ${at + 1}`,
  );
});

/** A code block's text as the reader reads it: the typed blocks' quick-info popups left out. */
const codeOf = (pre: Locator): Promise<string> =>
  pre.evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    copy.querySelectorAll('.tq-pop').forEach((pop) => pop.remove());
    return (copy.textContent ?? '').trim();
  });

test('without JavaScript every challenge reads: its task, its starting code, a folded hint and a folded solution that open', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  try {
    const page = await context.newPage();
    for (const route of new Set(CHALLENGES.map((c) => c.route))) {
      await page.goto(route);
      for (const challenge of CHALLENGES.filter((c) => c.route === route)) {
        const card = section(page, challenge.id);
        await expect(card.getByRole('heading', {name: /^Challenge: /})).toBeVisible();
        // The task: a paragraph before the code.
        await expect(card.locator('p').first()).not.toBeEmpty();
        // The starting code, as its block (the live example waits for JavaScript).
        expect(await codeOf(card.locator('pre').first())).toBe(challenge.start.trim());
        for (const part of ['hint', 'solution']) {
          const details = card.locator(`[data-challenge-${part}]`);
          await expect(details).not.toHaveAttribute('open');
          await details.locator('summary').click();
          await expect(details).toHaveAttribute('open');
          await expect(details.locator('div').first()).toBeVisible();
        }
        expect(await codeOf(card.locator('[data-challenge-solution] pre').first())).toBe(
          challenge.solution.trim(),
        );
      }
    }
  } finally {
    await context.close();
  }
});

test("a challenge checked, its hint and solution used, and the two clients driven store nothing but the spec's keys", async ({
  context,
}) => {
  const page = await context.newPage();
  const challenge = FIRST!;
  const outcome = await startingCodeChecked(page, challenge);
  await section(page, challenge.id).locator('[data-challenge-hint] summary').click();
  const solution = section(page, challenge.id).locator('[data-challenge-solution]');
  await solution.locator('summary').click();
  await solution.getByRole('button', {name: 'Put this solution in the editor'}).click();
  await section(page, challenge.id).getByRole('button', {name: 'Check', exact: true}).click();
  await expect(outcome).toHaveAttribute('data-challenge-result', 'passed', {timeout: 30_000});
  await startExample(page, '/');
  const clients = page.locator('[data-live-clients] [data-live-client]');
  await clients.first().getByRole('button', {name: 'Disconnect'}).click();
  await clients.first().getByRole('button', {name: 'Connect'}).click();
  // Spec §7: local storage holds 'theme' and the announcement bar's two keys, at most.
  const {cookies, origins} = await context.storageState();
  expect(cookies).toEqual([]);
  const keys = origins.flatMap((origin) => origin.localStorage.map((item) => item.name));
  expect(keys.filter((key) => key !== 'theme' && !/^docusaurus\.announcement/.test(key))).toEqual(
    [],
  );
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
});

for (const mode of ['light', 'dark'] as const) {
  test(`at 390 px a challenge with a failed check, hint and solution open fits the width, and axe finds no violation in it (${mode})`, async ({
    page,
  }) => {
    const challenge = FIRST!;
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(challenge.route);
    await page.evaluate((m) => window.localStorage.setItem('theme', m), mode);
    await checkClosed(page, challenge);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(result(page, challenge.id)).toHaveAttribute('data-challenge-result', 'failed', {
      timeout: 30_000,
    });
    // The outcome is where the reader pressed Check.
    await expect(result(page, challenge.id)).toBeInViewport();
    await section(page, challenge.id).locator('[data-challenge-hint] summary').click();
    await section(page, challenge.id).locator('[data-challenge-solution] summary').click();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const box = (await section(page, challenge.id).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await axeViolations(page, `[data-challenge='${challenge.id}']`)).toEqual([]);
  });
}
