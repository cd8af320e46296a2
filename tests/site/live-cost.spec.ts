/**
 * What a live example costs and what it may do (src/plugins/live-examples/LiveService): nothing of the
 * runtime, worker or transpiler before Run; no other-origin request, console error or CSP
 * violation while it runs, under the policies the build ships (the page's, and the worker's
 * own from serve.json, applied as a host would); readable without JavaScript; a start fetches
 * each part once, within its byte budget, and no TypeScript, which the reader's first edit
 * loads (the bytes of each part, and of Run with and without an edit, are attached to the
 * test's result).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type {Page} from '@playwright/test';
import {test, expect, expectClean, hydrated} from '../lib/fixtures';
import {BUILD} from '../lib/build-output';
import {
  editorCode,
  exampleOf,
  liveFence,
  replaceCode,
  resourceRows,
  startExample,
} from './live-helpers';

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
test('/: no runtime, worker or transpiler request before Run; a start fetches each part once, within its budget, and TypeScript only once the reader edits the code', async ({
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
  // Run is what fetches them: the same measure sees them afterwards.
  await exampleOf(page).getByRole('button', {name: 'Run live'}).click();
  await expect(page.locator("[data-live-resource='totals'] tbody tr").first()).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
  const assetsSince = (from: number) =>
    [...new Set(requests.slice(from).map((url) => new URL(url).pathname))].filter((p) =>
      p.startsWith('/assets/'),
    );
  const start = assetsSince(beforeRun);
  // A start: the parts the plugin's README names, each fetched once, within the budget, and
  // no TypeScript: the page's own code is not type-checked until the reader edits it.
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
  const checkerParts = {
    'type checker worker': /\/live-typecheck\.[0-9a-f]+\.js$/,
    'TypeScript and the declarations': /\/live-typescript\.[0-9a-f]+\.js$/,
  };
  const isChecker = (f: string) => Object.values(checkerParts).some((p) => p.test(f));
  expect(start.filter(isChecker), 'TypeScript on a Run without an edit').toEqual([]);
  await expect(exampleOf(page).locator('[data-live-types]')).toHaveAttribute(
    'data-live-types',
    'idle',
  );
  const bytes = (files: string[]) => {
    const sizes = files.map((p) => ({file: p, gzip: gzipSize(path.join(BUILD, p))}));
    return {sizes, total: sizes.reduce((sum, s) => sum + s.gzip, 0)};
  };
  const run = bytes(start);
  expect(run.total, 'gzip bytes of a start').toBeLessThanOrEqual(START_BUDGET_BYTES);
  // The first edit loads the type checker: its worker and the compiler with the declarations,
  // each fetched once, and the editor's code checked.
  const beforeEdit = requests.length;
  await replaceCode(page, `${await editorCode(page)}\n`);
  await expect(exampleOf(page).locator('[data-live-types]')).toHaveAttribute(
    'data-live-types',
    'ok',
    {timeout: 30_000},
  );
  await page.waitForLoadState('networkidle');
  const edit = assetsSince(beforeEdit);
  for (const [part, pattern] of Object.entries(checkerParts)) {
    expect(
      edit.filter((f) => pattern.test(f)),
      part,
    ).toHaveLength(1);
  }
  const checker = bytes(edit.filter(isChecker));
  testInfo.annotations.push({
    type: 'live-start',
    description: [
      ...run.sizes.map((s) => `${s.file}: ${s.gzip} B gzip`),
      `Run live without an edit: ${run.total} B gzip`,
      ...checker.sizes.map((s) => `${s.file}: ${s.gzip} B gzip`),
      `with an edit: ${run.total + checker.total} B gzip`,
    ].join('; '),
  });
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
  // The type checker's worker, loaded by an edit, checked the code under the site's own policy.
  await replaceCode(page, `${await editorCode(page)}\n`);
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
