/**
 * What a live example costs and what it may do (src/plugins/live-examples/LiveService): nothing of the
 * runtime, worker or transpiler before Run; no other-origin request, console error or CSP
 * violation while it runs, under the policies the build ships (the page's, and the worker's
 * own from serve.json, applied as a host would); readable without JavaScript; a start fetches
 * each part once, within its byte budget, and the type checker only after the first output
 * (the bytes of each part are attached to the test's result).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Page} from '@playwright/test';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {BUILD} from '../lib/build-output';
import {exampleOf, liveFence, resourceRows, startExample} from './live-helpers';

/**
 * What one start may fetch, gzip: the README states 718 KiB ("How it works, and what it
 * costs"): the runtime's .wasm (506 KiB), then the editor (CodeMirror, in the running
 * example's chunk, 141 KiB) and the transpiler.
 */
const START_BUDGET_BYTES = 740 * 1024;

/** A request for any part of a live example beyond its first-load shell. */
const isLivePart = (url: string) =>
  /\/assets\/((js|css)\/live-|wasm\/)|\.wasm(\?|$)/.test(new URL(url).pathname);

/** gzip -9 size of a file of the build. */
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), {level: 9}).length;

// One page stands for all: every example is the same closed component until Run, and a start
// fetches the same parts whichever page asks (the landing page's example, the one with clients).
test('/: no runtime, worker or transpiler request before Run; a start fetches each part once, within its budget, and the type checker after the first output', async ({
  page,
}, testInfo) => {
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  await page.goto('/');
  await hydrated(page);
  await exampleOf(page).scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  // After two idle periods (link prefetches run in the first or the second), what the page
  // has asked for is a request seen, an element in its document or a resource timing.
  const inPage = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestIdleCallback(() =>
          requestIdleCallback(() =>
            resolve([
              ...Array.from(document.querySelectorAll('link[href], script[src]'), (el) =>
                el instanceof HTMLLinkElement ? el.href : (el as HTMLScriptElement).src,
              ),
              ...performance.getEntriesByType('resource').map((entry) => entry.name),
            ]),
          ),
        ),
      ),
  );
  expect([...requests, ...inPage].filter(isLivePart)).toEqual([]);
  expect(page.workers()).toHaveLength(0);
  const beforeRun = requests.length;
  // When the first output row appears, in the page's clock.
  await page.evaluate(() => {
    const mark = () => {
      if (!document.querySelector('[data-live-resource] tbody tr')) return false;
      (window as unknown as {firstRow: number}).firstRow = performance.now();
      return true;
    };
    const observer = new MutationObserver(() => mark() && observer.disconnect());
    observer.observe(document.body, {subtree: true, childList: true});
  });
  // Run is what fetches them: the same measure sees them afterwards.
  await exampleOf(page).getByRole('button', {name: 'Run live'}).click();
  await expect(page.locator("[data-live-resource='totals'] tbody tr").first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(exampleOf(page).locator('[data-live-types]')).toHaveAttribute(
    'data-live-types',
    'ok',
    {timeout: 30_000},
  );
  await page.waitForLoadState('networkidle');
  const fetched = [
    ...new Set(requests.slice(beforeRun).map((url) => new URL(url).pathname)),
  ].filter((p) => p.startsWith('/assets/'));
  // A start: the parts the plugin's README names, each fetched once, within the budget. The
  // type checker comes after the first output and is not part of a start.
  const start = fetched.filter((p) => !/\/live-type(check|script)\./.test(p));
  const parts = {
    'runtime .wasm': /^\/assets\/wasm\/libskip-runtime-ts\.[0-9a-f]+\.wasm$/,
    'runtime JavaScript': /\/live-runtime\.[0-9a-f]+\.js$/,
    transpiler: /\/live-transpiler\.[0-9a-f]+\.js$/,
    'running example': /\/live-example\.[0-9a-f]+\.js$/,
    "example's stylesheet": /\/live-example-styles\.[0-9a-f]+\.css$/,
    worker: /\/live-service\.[0-9a-f]+\.js$/,
  };
  for (const [part, pattern] of Object.entries(parts)) {
    expect(
      start.filter((f) => pattern.test(f)),
      part,
    ).toHaveLength(1);
  }
  const sizes = start.map((p) => ({file: p, gzip: gzipSize(path.join(BUILD, p))}));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  testInfo.annotations.push({
    type: 'live-start',
    description: [
      ...sizes.map((s) => `${s.file}: ${s.gzip} B gzip`),
      `total: ${total} B gzip`,
    ].join('; '),
  });
  expect(total, 'gzip bytes of a start').toBeLessThanOrEqual(START_BUDGET_BYTES);
  // The type checker: its worker and the compiler with the declarations, each fetched once,
  // the worker's script requested only after the first output was on screen.
  for (const [part, pattern] of Object.entries({
    'type checker worker': /\/live-typecheck\.[0-9a-f]+\.js$/,
    'TypeScript and the declarations': /\/live-typescript\.[0-9a-f]+\.js$/,
  })) {
    expect(
      fetched.filter((f) => pattern.test(f)),
      part,
    ).toHaveLength(1);
  }
  const {firstRow, checkerStart} = await page.evaluate(() => ({
    firstRow: (window as unknown as {firstRow?: number}).firstRow,
    checkerStart: performance
      .getEntriesByType('resource')
      .find((entry) => /\/live-typecheck\.[0-9a-f]+\.js$/.test(entry.name))?.startTime,
  }));
  expect(firstRow, 'the first output row was seen').toBeDefined();
  expect(checkerStart, "the checker's script was fetched").toBeDefined();
  expect(checkerStart!).toBeGreaterThanOrEqual(firstRow!);
  // The page still matches its fence.
  expect(await resourceRows(page, 'totals')).toHaveLength(1);
  expect(liveFence('src/pages/_home/sample.mdx').code).toContain('Sum');
});

/** serve.json's header rules, applied to every response as `serve` applies them. */
async function serveHeadersAsAHost(page: Page): Promise<Map<string, string>> {
  const {headers} = JSON.parse(fs.readFileSync(path.join(BUILD, 'serve.json'), 'utf8')) as {
    headers: {source: string; headers: {key: string; value: string}[]}[];
  };
  const seen = new Map<string, string>();
  await page.context().route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch();
    const extra: Record<string, string> = {};
    for (const rule of headers) {
      if (rule.source === '**' || rule.source === url.pathname) {
        for (const {key, value} of rule.headers) extra[key.toLowerCase()] = value;
      }
    }
    let body = await response.body();
    // The header alone applies, as on a host that reads the headers files.
    if (route.request().resourceType() === 'document') {
      body = Buffer.from(
        body.toString('utf8').replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
      );
    }
    seen.set(url.pathname, extra['content-security-policy'] ?? '');
    await route.fulfill({response, body, headers: {...response.headers(), ...extra}});
  });
  return seen;
}

test('under the shipped policies an example runs with no other-origin request, console error or CSP violation', async ({
  page,
  watch,
}) => {
  const policies = await serveHeadersAsAHost(page);
  const workerErrors: string[] = [];
  page.on('worker', (worker) =>
    worker.on('console', (msg) => msg.type() === 'error' && workerErrors.push(msg.text())),
  );
  await startExample(page, '/docs/resources');
  const orders = page.locator("[data-live-input='tasks']");
  await orders
    .getByRole('textbox', {name: 'Value of t3 in tasks (JSON)'})
    .fill('{"owner": "ana", "title": "Rotate the API keys", "status": "open"}');
  await orders.getByRole('button', {name: 'Save t3'}).click();
  await expect(
    page.locator(`[data-live-resource='tasksOf {"owner":"ana"}'] tr`, {hasText: 't3'}),
  ).toBeVisible();
  // The worker's script was served with its own policy: evaluation and WebAssembly, no more.
  const workerScript = [...policies.keys()].find((p) => /\/live-service\.[0-9a-f]+\.js$/.test(p));
  expect(workerScript, 'the worker script was fetched').toBeDefined();
  expect(policies.get(workerScript!)).toMatch(
    /^default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; connect-src 'self'/,
  );
  // The type checker's worker ran and checked the page's code under the site's own policy.
  await expect(exampleOf(page).locator("[data-live-types='ok']")).toBeVisible({timeout: 30_000});
  const checker = [...policies.keys()].find((p) => /\/live-typecheck\.[0-9a-f]+\.js$/.test(p));
  expect(checker, "the type checker's script was fetched").toBeDefined();
  expect(policies.get(checker!)).toBe(policies.get('/docs/resources'));
  // …and the pages with theirs, which allows a same-origin worker and no evaluation.
  expect(policies.get('/docs/resources')).toContain("worker-src 'self'");
  expect(policies.get('/docs/resources')).not.toContain('unsafe-eval');
  expectClean(watch);
  expect(workerErrors).toEqual([]);
});

test('without JavaScript, the code and its output show, with a line saying JavaScript runs it live', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/docs/functions');
  const example = exampleOf(page);
  await expect(example).toContainText('class AmountPerCustomer');
  await expect(example).toContainText('With JavaScript, this service runs live in your browser');
  await expect(page.locator('pre', {hasText: '[["ada",[{"orders":1'})).toBeVisible();
  await context.close();
});

test('the closed example reserves its space: Run appears without shifting the page', async ({
  page,
}) => {
  await page.goto('/');
  const before = await exampleOf(page).boundingBox();
  await hydrated(page);
  const after = await exampleOf(page).boundingBox();
  expect(after).toEqual(before);
});
