/**
 * The live examples at work (src/plugins/live-examples/LiveService), in Chromium against the production
 * build: each page's example starts on request and shows the page's own output, input and
 * code edits recompute, errors are shown with their line while the last good run stays,
 * Reset restores the page's version, one example on a page runs at a time (another's start
 * pauses it), the worker ends with the page, and axe finds nothing
 * with an example running. Cost and policy: tests/site/live-cost.spec.ts.
 */
import {axeViolations} from '../lib/axe';
import {sharedTest as test, expect, hydrated} from '../lib/fixtures';
import {
  EXAMPLES,
  expectStep,
  editor,
  editorCode,
  exampleOf,
  liveFence,
  pageOutput,
  resourceRows,
  startExample,
  replaceCode,
  whatRan,
} from './live-helpers';
import type {Json} from '@skipruntime/core';
import {parseShow, shownLabel} from '../../src/plugins/live-examples/LiveService/state';
import {changeText} from '../../src/plugins/live-examples/LiveService/Live/traceSteps';
import {traceOnNode} from '../lib/live-trace';

for (const {route, file, outputs} of EXAMPLES) {
  test(`${route}: the example starts on request and shows the page's output`, async ({page}) => {
    // The page marks at least one output block `resource=` (tests/site/live-helpers.ts).
    expect(Object.keys(outputs), `${file}: an output block with resource=`).not.toEqual([]);
    await startExample(page, route);
    for (const [label, ref] of Object.entries(outputs)) {
      const expected = pageOutput(file, ref);
      await expect
        .poll(() => resourceRows(page, label), `${label} against ${ref}`)
        .toEqual(expected);
    }
    // The code is the page's fence, ready to edit; the page's block is hidden meanwhile.
    const {code, meta} = liveFence(file);
    await expect.poll(() => editorCode(page)).toEqual(code);
    if (route === '/') return; // the landing page's writes have a test of their own, below
    // "What ran" (issue 30) for a write: a copy of the first input row under a new key, as
    // the same code, traced the same way, runs it on Node.
    const table = exampleOf(page).locator('[data-live-input]').first();
    const collection = (await table.getAttribute('data-live-input'))!;
    const first = table.locator('tbody tr').first();
    const key = `${(await first.locator('th').innerText()).trim()}-copy`;
    const value = await first.locator('textarea').inputValue();
    await table.getByRole('textbox', {name: `New key in ${collection}`, exact: true}).fill(key);
    await table
      .getByRole('textbox', {name: `Value of the new key in ${collection} (JSON)`})
      .fill(value);
    await table.getByRole('button', {name: 'Add'}).click();
    const write = {collection, entries: [[key, [JSON.parse(value) as Json]]] as const};
    const {steps} = await traceOnNode(code, parseShow(meta), [write], 1);
    await whatRan(exampleOf(page)).locator('summary').click();
    await expectStep(exampleOf(page), steps[1]!, 1, 2, {
      collection,
      labels: parseShow(meta).map(shownLabel),
    });
  });
}

test('resources: two instances of one resource with different parameters side by side', async ({
  page,
}) => {
  await startExample(page, '/docs/resources');
  const ana = await resourceRows(page, 'tasksOf {"owner":"ana"}');
  const raj = await resourceRows(page, 'tasksOf {"owner":"raj"}');
  expect(ana.length).toBeGreaterThan(0);
  expect(raj.length).toBeGreaterThan(0);
  expect(ana.every(([, values]) => values.includes('"owner":"ana"'))).toBe(true);
  expect(raj.every(([, values]) => values.includes('"owner":"raj"'))).toBe(true);
});

test('landing: adding an order and changing one update the totals within 2 seconds, changed keys marked; Add says when it replaces a key', async ({
  page,
}) => {
  await startExample(page, '/');
  const before = await resourceRows(page, 'totals');
  const orders = page.locator("[data-live-input='orders']");
  await orders.getByRole('textbox', {name: 'New key in orders', exact: true}).fill('o-2');
  await orders
    .getByRole('textbox', {name: 'Value of the new key in orders (JSON)'})
    .fill('{"customer": "bob", "amount": 12}');
  let clicked = Date.now();
  await orders.getByRole('button', {name: 'Add'}).click();
  await expect(page.locator("[data-live-resource='totals'] tr", {hasText: 'bob'})).toBeVisible({
    timeout: 2000,
  });
  expect(Date.now() - clicked).toBeLessThan(2000);
  await expect(page.locator("[data-live-resource='totals'] tr[data-changed]")).toHaveText(
    /bob\s*\[12\]/,
  );
  expect(await resourceRows(page, 'totals')).toEqual([...before, ['bob', '[12]']]);

  // A second order of the same customer: the runtime adds it to the total.
  await orders.getByRole('textbox', {name: 'New key in orders', exact: true}).fill('o-3');
  await orders
    .getByRole('textbox', {name: 'Value of the new key in orders (JSON)'})
    .fill('{"customer": "bob", "amount": 8}');
  clicked = Date.now();
  await orders.getByRole('textbox', {name: 'Value of the new key in orders (JSON)'}).press('Enter');
  await expect(page.locator("[data-live-resource='totals'] tr", {hasText: 'bob'})).toHaveText(
    /\[20\]/,
    {timeout: 2000},
  );
  expect(Date.now() - clicked).toBeLessThan(2000);
  // The log lists updates with their keys, kind and watermark.
  await expect(page.locator('ol li').first()).toHaveText(
    /^totals: update, keys bob, watermark \S+$/,
  );

  // Deleting a key removes its share.
  await orders.getByRole('button', {name: 'Delete o-2'}).click();
  await expect(page.locator("[data-live-resource='totals'] tr", {hasText: 'bob'})).toHaveText(
    /\[8\]/,
    {timeout: 2000},
  );
  // A key the table has: the new-row line says Add replaces it.
  await orders.getByRole('textbox', {name: 'New key in orders', exact: true}).fill('o-3');
  await expect(orders.getByRole('button', {name: 'Replace'})).toBeVisible();
  await expect(orders).toContainText('o-3 exists: this replaces its value');

  // "What ran" (issue 30): each step holds the calls the same code, traced the same way, made
  // on Node for the same writes, and the same cost from scratch; arrow keys step back.
  const {steps} = await traceOnNode(liveFence('src/pages/_home/sample.mdx').code, 'totals', [
    {collection: 'orders', entries: [['o-2', [{customer: 'bob', amount: 12}]]]},
    {collection: 'orders', entries: [['o-3', [{customer: 'bob', amount: 8}]]]},
    {collection: 'orders', entries: [['o-2', []]]},
  ]);
  // The deletion changes a key on Node: the comparisons below are not between empty tables.
  expect(steps[3]!.trace.outputs[0]!.rows.map(changeText)).toEqual(['[20] → [8]']);
  const trace = whatRan(exampleOf(page));
  await trace.locator('summary').click();
  const next = trace.getByRole('button', {name: 'Next'});
  for (let index = steps.length - 1; index >= 0; index--) {
    await expectStep(exampleOf(page), steps[index]!, index, steps.length);
    if (index > 0) {
      await next.focus();
      await page.keyboard.press('ArrowLeft');
    }
  }
});

test('functions, 10,000 orders: the table folds its rows; one write shows in What ran as on Node, against a start from scratch', async ({
  page,
}, testInfo) => {
  const {code} = liveFence('docs/functions.mdx', 1);
  await page.goto('/docs/functions');
  await hydrated(page);
  const example = page.locator('[data-live-example]:not([data-live-challenge])', {
    hasText: 'AmountByCustomer',
  });
  const clicked = Date.now();
  await example.getByRole('button', {name: 'Run live'}).click();
  await expect(example.locator("[data-live-resource='totals'] tbody tr").first()).toBeAttached({
    timeout: 30_000,
  });
  const status = await example.locator('[data-live-status]').innerText();
  testInfo.annotations.push({
    type: 'first output',
    description: `${Date.now() - clicked} ms from Run live; status: ${status}`,
  });
  // The first 20 orders and the new-row line; the rest counted, and the hint names the button
  // the reader will press (Replace, as the key exists).
  const orders = example.locator("[data-live-input='orders']");
  await expect(orders.locator('tbody tr')).toHaveCount(21);
  await expect(example.locator('[data-live-input-more]')).toHaveText(
    /^9,980 more keys are not shown, of 10,000\. .* press Replace\.$/,
  );
  // A write to an order out of view, through the new-row line: it replaces, and comes into view.
  const write = {
    collection: 'orders',
    entries: [['o5000', [{customer: 'bob', amount: 7}]]],
  } as const;
  await orders.getByRole('textbox', {name: 'New key in orders', exact: true}).fill('o5000');
  await orders
    .getByRole('textbox', {name: 'Value of the new key in orders (JSON)'})
    .fill('{"customer":"bob","amount":7}');
  await orders.getByRole('button', {name: 'Replace'}).click();
  await expect(orders.getByRole('textbox', {name: 'Value of o5000 in orders (JSON)'})).toHaveValue(
    '{"customer":"bob","amount":7}',
  );
  const {steps} = await traceOnNode(code, 'totals', [write], 1);
  await whatRan(example).locator('summary').click();
  await expectStep(example, steps[1]!, 1, 2);
  testInfo.annotations.push({
    type: 'what ran',
    description: await whatRan(example).locator('[data-trace-summary]').innerText(),
  });
});

test('invalid JSON in an input row gets an inline message and changes nothing', async ({page}) => {
  await startExample(page, '/');
  const before = await resourceRows(page, 'totals');
  const orders = page.locator("[data-live-input='orders']");
  const value = orders.getByRole('textbox', {name: 'Value of o-1 in orders (JSON)'});
  await value.fill('{"customer": "ada", amount: 99}');
  await orders.getByRole('button', {name: 'Save o-1'}).click();
  await expect(orders.locator('[data-live-input-error]')).toContainText('Not valid JSON');
  await expect(value).toHaveAttribute('aria-describedby', /.+/);
  // Nothing was sent: a valid write made after it, in the same order to the same worker,
  // shows alone.
  await orders.getByRole('textbox', {name: 'New key in orders', exact: true}).fill('o-9');
  await orders
    .getByRole('textbox', {name: 'Value of the new key in orders (JSON)'})
    .fill('{"customer": "zed", "amount": 1}');
  await orders.getByRole('button', {name: 'Add'}).click();
  await expect(page.locator("[data-live-resource='totals'] tr", {hasText: 'zed'})).toBeVisible();
  expect(await resourceRows(page, 'totals')).toEqual([...before, ['zed', '[1]']]);
});

test('functions: a code edit that changes the mapper changes the output', async ({page}) => {
  await startExample(page, '/docs/functions');
  const before = await resourceRows(page, 'spending');
  const code = await editorCode(page);
  // Drop the minimum: the order under it now counts too.
  expect(code).toContain('inputs.orders.map(AmountPerCustomer, 10)');
  await replaceCode(
    page,
    code.replace(
      'inputs.orders.map(AmountPerCustomer, 10)',
      'inputs.orders.map(AmountPerCustomer, 0)',
    ),
  );
  await exampleOf(page).getByRole('button', {name: 'Run', exact: true}).click();
  await expect.poll(() => resourceRows(page, 'spending')).not.toEqual(before);
  const ada = (await resourceRows(page, 'spending')).find(([key]) => key === 'ada');
  expect(ada?.[1]).toBe('[{"orders":2,"spent":45}]');
});

test('edited code dims the outputs under a note that says so, the status line silent; Ctrl+Enter runs it', async ({
  page,
}) => {
  await startExample(page, '/');
  const status = exampleOf(page).locator('[data-live-status]');
  await expect(status).toContainText(/first output \d+ ms/);
  const code = await editorCode(page);
  await replaceCode(page, code.replace('amount: 30', 'amount: 70'));
  // One voice: the note over the dimmed outputs says it, the status line is silent.
  await expect(exampleOf(page).locator('[data-live-stale=edited]')).toContainText(
    'Edited: Run to update',
  );
  await expect(status).toHaveText('');
  await editor(page).focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.locator("[data-live-resource='totals'] tr", {hasText: 'ada'})).toHaveText(
    /\[70\]/,
  );
  await expect(exampleOf(page).locator('[data-live-stale]')).toHaveCount(0);
  await expect(status).toContainText(/first output \d+ ms/);
  // Ctrl+Enter ran the code, and added no line to it.
  expect(await editorCode(page)).toBe(code.replace('amount: 30', 'amount: 70'));
});

test('a syntax error shows its message and line; the last good run stays usable', async ({
  page,
}) => {
  await startExample(page, '/');
  const code = await editorCode(page);
  const lines = code.split('\n');
  const line = lines.findIndex((l) => l.includes('const {customer, amount}')) + 1;
  expect(line).toBeGreaterThan(0);
  lines[line - 1] = '    const {customer, amount} = = orders.getUnique();';
  await replaceCode(page, lines.join('\n'));
  await exampleOf(page).getByRole('button', {name: 'Run', exact: true}).click();
  const error = exampleOf(page).locator('[data-live-error]');
  const column = lines[line - 1]!.indexOf('= =') + 3;
  // A syntax error, not a type error, whoever finds it: the transpiler on Run, or TypeScript,
  // whose finding on that line is told in the same item and underlined in the editor.
  await expect(error).toHaveText(
    new RegExp(`^Syntax error at line ${line}, column ${column}: Unexpected token`),
  );
  await expect(error).toContainText('— TypeScript: Expression expected.', {timeout: 30_000});
  await expect(exampleOf(page).locator('[data-live-type-error]')).toHaveCount(0);
  await expect(exampleOf(page).locator('.cm-lintRange-error')).toHaveCount(1);
  await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');
  // The previous run still answers input edits.
  const orders = page.locator("[data-live-input='orders']");
  await orders
    .getByRole('textbox', {name: 'Value of o-1 in orders (JSON)'})
    .fill('{"customer": "ada", "amount": 31}');
  await orders.getByRole('button', {name: 'Save o-1'}).click();
  await expect(page.locator("[data-live-resource='totals'] tr", {hasText: 'ada'})).toHaveText(
    /\[31\]/,
  );
});

test('a runtime error names the line of the code that threw', async ({page}) => {
  await startExample(page, '/');
  const code = await editorCode(page);
  const lines = code.split('\n');
  const line = lines.findIndex((l) => l.includes('const {customer, amount}')) + 1;
  lines.splice(line, 0, "    throw new Error('no orders today');");
  await replaceCode(page, lines.join('\n'));
  await exampleOf(page).getByRole('button', {name: 'Run', exact: true}).click();
  await expect(exampleOf(page).locator('[data-live-error]')).toHaveText(
    new RegExp(`^Runtime error at line ${line + 1}: .*no orders today`),
  );
});

test('Reset returns the code and the data to the page version', async ({page}) => {
  const {code} = liveFence('src/pages/_home/sample.mdx');
  await startExample(page, '/');
  const original = await resourceRows(page, 'totals');
  await replaceCode(page, code.replace('amount: 30', 'amount: 70'));
  await exampleOf(page).getByRole('button', {name: 'Run', exact: true}).click();
  await expect.poll(() => resourceRows(page, 'totals')).not.toEqual(original);
  await exampleOf(page).getByRole('button', {name: 'Reset'}).click();
  await expect.poll(() => editorCode(page)).toEqual(code);
  await expect.poll(() => resourceRows(page, 'totals')).toEqual(original);
  await expect(page.locator("[data-live-input='orders'] tbody tr")).toHaveCount(2); // o-1 and the new-row line
});

test("one runtime worker per page: a second example's start pauses the first, whose Run resumes it; the workers are gone after navigating away", async ({
  page,
}) => {
  await startExample(page, '/docs/functions');
  expect(page.workers()).toHaveLength(1);
  // The runtime's worker, and the type checker's once the reader has edited the code.
  await replaceCode(page, `${await editorCode(page)}\n`);
  await expect(page.locator("[data-live-types='ok']")).toBeVisible({timeout: 30_000});
  expect(page.workers()).toHaveLength(2);
  const runtimes = () => page.workers().filter((w) => /\/live-service\./.test(w.url())).length;
  // A challenge's example starts: the page's example's worker ends, its tables stay, paused.
  const challenge = page.locator('[data-live-challenge="functions-total-per-city"]');
  await challenge.getByRole('button', {name: 'Run live'}).click();
  await expect(challenge.locator('[data-live-resource] tbody tr').first()).toBeAttached({
    timeout: 20_000,
  });
  const paused = exampleOf(page).locator('[data-live-stale=paused]');
  await expect(paused).toContainText('Paused: another example on this page is running');
  await expect(paused.locator('[data-live-resource] tbody tr').first()).toBeAttached();
  await expect.poll(runtimes).toBe(1);
  // Its Run resumes it in a new worker, and pauses the challenge's.
  await exampleOf(page).getByRole('button', {name: 'Run', exact: true}).click();
  await expect(challenge.locator('[data-live-stale=paused]')).toBeVisible({timeout: 20_000});
  await expect(paused).toHaveCount(0);
  await expect(exampleOf(page).locator('[data-live-resource] tbody tr').first()).toBeAttached();
  await expect.poll(runtimes).toBe(1);
  const closed = Promise.all(
    page
      .workers()
      .map((worker) => new Promise<void>((resolve) => worker.once('close', () => resolve()))),
  );
  // Client-side navigation: the same document, a different page.
  await page.locator('.navbar').getByRole('link', {name: 'Blog', exact: true}).click();
  await page.waitForURL('**/blog');
  await closed;
  expect(page.workers()).toHaveLength(0);
});

test('keyboard: Run, the inputs and Reset are reachable and show focus', async ({page}) => {
  await page.goto('/docs/functions');
  await hydrated(page);
  const run = exampleOf(page).getByRole('button', {name: 'Run live'});
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-live-resource] tbody tr').first()).toBeVisible({
    timeout: 20_000,
  });
  // Tab indents in the editor; Escape, then Tab, leaves it (the hint under its label). The
  // editor's focus shows around its box, not clipped by it.
  await editor(page).focus();
  const box = exampleOf(page).locator('[data-live-editor]');
  await expect(box).toHaveCSS('outline-style', 'solid');
  await expect(exampleOf(page).getByText('press Escape, then Tab')).toBeVisible();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Tab');
  await expect.poll(() => editorCode(page)).toMatch(/^ {2}import/);
  // With text selected too: Escape drops the selection and the Tab after it still leaves,
  // neither indenting the selected line.
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(exampleOf(page).getByRole('button', {name: 'Run', exact: true})).toBeFocused();
  expect(await editorCode(page)).toMatch(/^ {2}import/);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
});

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds no violation with an example running (${mode})`, async ({page}) => {
    await page.goto('/docs/resources');
    await page.evaluate((m) => window.localStorage.setItem('theme', m), mode);
    await startExample(page, '/docs/resources');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    // An error message, a marked row and stale outputs are part of what axe must see.
    const orders = page.locator("[data-live-input='tasks']");
    await orders.getByRole('textbox', {name: 'Value of t3 in tasks (JSON)'}).fill('{oops');
    await orders.getByRole('button', {name: 'Save t3'}).click();
    await expect(orders.locator('[data-live-input-error]')).toBeVisible();
    // And the dimmed outputs of code edited since it ran.
    await replaceCode(page, `${await editorCode(page)}\n// edited`);
    await expect(exampleOf(page).locator('[data-live-stale]')).toBeVisible();
    // "What ran" open, its table of the start shown.
    await exampleOf(page).getByText('What ran', {exact: true}).click();
    await expect(exampleOf(page).locator('[data-trace-summary]')).toContainText('from scratch');
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('without WebAssembly, the code block stays and the example says why it cannot run', async ({
  context,
}) => {
  const page = await context.newPage();
  await page.addInitScript(() => {
    delete (window as {WebAssembly?: unknown}).WebAssembly;
  });
  await page.goto('/');
  await hydrated(page);
  const example = exampleOf(page);
  await expect(example.getByRole('status')).toContainText(
    'This browser cannot run the live example: it offers no WebAssembly',
  );
  await expect(example.getByRole('button', {name: 'Run live'})).toHaveCount(0);
  // The page's code is still there to read and copy.
  await expect(example.locator('pre code')).toContainText('runService(service');
  await expect(example.locator('pre')).toBeVisible();
  expect(page.workers()).toHaveLength(0);
});
