/**
 * The two clients of a live example (src/plugins/live-examples/LiveService/Live/Clients.tsx, issue 22 §2).
 *
 * On Node: the landing page's service runs twice, once with the real `runService` (the page's
 * code as a reader runs it, `tsx` in a folder of its own, only the ports changed) read by two
 * `curl -N`-like readers over real HTTP, and once the way the example's worker runs it: the
 * same code evaluated with `runService` handing the service over, started with
 * `@skipruntime/wasm`'s `initService`, the example's table subscribed, and the two clients
 * opened with the page's own modules (stream.ts, sse.ts). Both go through the same steps
 * (connect, write, hang up, connect again) and must print the same text, event for event,
 * watermarks compared by order. The claims the example makes about watermarks are checked on
 * both. In Chromium: the landing page's clients at work.
 */
import type {ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {transform} from 'sucrase';
import type {Entry, Json, SkipService} from '@skipruntime/core';
import type {Locator, Page} from '@playwright/test';
import {axeViolations} from '../lib/axe';
import {freePort, startService} from '../lib/ports';
import {sharedTest as test, expect} from '../lib/fixtures';
import {ROOT} from '../lib/build-output';
import {liveFence, startExample} from './live-helpers';
import {parseClients, parseShow} from '../../src/plugins/live-examples/LiveService/state';
import {openStream, type OpenStream} from '../../src/plugins/live-examples/LiveService/stream';
import {parseEvents, watermarkParts} from '../../src/plugins/live-examples/LiveService/sse';

const LANDING = 'src/pages/_home/sample.mdx';

type Order = {customer: string; amount: number};
/** The steps both sides take: a client connects or hangs up, or an order is written. */
type Step = {connect: number} | {hangUp: number} | {write: Entry<Json, Json>};

const order = (id: string, value?: Order): Step => ({write: [id, value ? [value] : []]});

const STEPS: Step[] = [
  {connect: 0},
  {connect: 1},
  order('o-2', {customer: 'bob', amount: 5}),
  {hangUp: 1},
  order('o-3', {customer: 'ada', amount: 7}),
  // Client 2 comes back: a new stream, whose init holds what it missed.
  {connect: 1},
  order('o-1'),
  // Now the first client leaves and the second one keeps receiving.
  {hangUp: 0},
  order('o-4', {customer: 'cy', amount: 2}),
  order('o-2', {customer: 'bob', amount: 6}),
];

/** What one side printed: each client's text, per connection, in order. */
type Printed = string[][];

/** The side that runs the steps: it applies one, then waits until the readers have `counts`. */
type Side = {
  apply: (step: Step) => Promise<void>;
  counts: () => number[];
  printed: () => Printed;
  close: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// The page's side: the worker's way, on Node.

async function pageSide(code: string): Promise<Side> {
  const fence = liveFence(LANDING);
  const [shown] = parseShow(fence.meta);
  const stream = parseClients(fence.meta)!;
  // As worker.ts `evaluate`: sucrase, then the body of an async function whose `runService`
  // hands the service over.
  let service: SkipService | undefined;
  const modules: Record<string, unknown> = {
    '@skipruntime/core': await import('@skipruntime/core'),
    '@skipruntime/helpers': await import('@skipruntime/helpers'),
    '@skipruntime/server': {runService: async (given: SkipService) => void (service = given)},
  };
  const js = transform(code, {transforms: ['typescript', 'imports'], production: true}).code;
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  await new AsyncFunction('require', 'exports', 'process', js)(
    (name: string) => modules[name],
    {},
    {on: () => undefined},
  );
  const {initService} = await import('@skipruntime/wasm');
  const instance = await initService(service!);
  // The example's own table, subscribed first, as the worker does.
  await instance.instantiateResource('live-1-0', shown!.resource, shown!.params);
  const table = instance.subscribe('live-1-0', {
    subscribed: () => undefined,
    notify: () => undefined,
    close: () => undefined,
  });
  const printed: Printed = [[], []];
  const open: (OpenStream | undefined)[] = [undefined, undefined];
  return {
    apply: async (step) => {
      if ('write' in step) await instance.update('orders', [step.write]);
      else if ('hangUp' in step) open[step.hangUp]!.close();
      else {
        const texts: string[] = [];
        printed[step.connect]!.push('');
        const index = printed[step.connect]!.length - 1;
        open[step.connect] = await openStream(instance, stream.resource, stream.params, {
          write: (text) => {
            texts.push(text);
            printed[step.connect]![index] += text;
          },
          end: () => undefined,
        });
      }
    },
    counts: () => printed.map((texts) => parseEvents(texts.join('')).length),
    printed: () => printed,
    close: async () => {
      instance.unsubscribe(table);
      await instance.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The real server's side: the page's code run with `tsx`, read over HTTP.

/** Sends a request and returns the status and body. */
function request(
  port: number,
  method: string,
  route: string,
  body?: unknown,
): Promise<{status: number; body: string}> {
  return new Promise((done, fail) => {
    const req = http.request(
      {host: '127.0.0.1', port, method, path: route, headers: {'Content-Type': 'application/json'}},
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({status: res.statusCode ?? 0, body: text}));
      },
    );
    req.on('error', fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** A `curl -N` reader: the stream's bytes as they come, and a way to hang up. */
type Reader = {text: string; status: number; hangUp: () => void};

function read(port: number, uuid: string): Promise<Reader> {
  return new Promise((done, fail) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/v1/streams/${uuid}`,
        headers: {Accept: 'text/event-stream'},
      },
      (res) => {
        const reader: Reader = {text: '', status: res.statusCode ?? 0, hangUp: () => req.destroy()};
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (reader.text += chunk));
        res.on('error', () => undefined);
        done(reader);
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : fail(error)));
  });
}

type Server = {control: number; streaming: number; child: ChildProcess; dir: string};

async function startServer(code: string): Promise<Server> {
  const control = await freePort();
  const streaming = await freePort();
  const ported = code
    .replace(/control_port:\s*\d+/, `control_port: ${control}`)
    .replace(/streaming_port:\s*\d+/, `streaming_port: ${streaming}`);
  expect(ported, 'the code names both ports').not.toBe(code);
  // A folder of its own, as a reader's project: the code as service.ts, the packages linked.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skip-live-clients-'));
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type": "module"}\n');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'service.ts'), ported);
  const child = await startService(['--import', 'tsx', 'service.ts'], {
    cwd: dir,
    control,
    streaming,
  });
  return {control, streaming, child, dir};
}

async function serverSide(server: Server, resource: string): Promise<Side> {
  const readers: Reader[][] = [[], []];
  const current: (Reader | undefined)[] = [undefined, undefined];
  return {
    apply: async (step) => {
      if ('write' in step) {
        const answer = await request(server.control, 'PATCH', '/v1/inputs/orders', [step.write]);
        expect(answer.status).toBe(200);
      } else if ('hangUp' in step) {
        current[step.hangUp]!.hangUp();
        // One round trip through the server after the hang-up: its loop has seen the closed
        // connection (and unsubscribed) before the next step reaches it.
        expect((await request(server.control, 'GET', '/v1/healthcheck')).status).toBe(200);
      } else {
        const created = await request(server.control, 'POST', `/v1/streams/${resource}`, {});
        expect(created.status).toBe(201);
        const reader = await read(server.streaming, created.body);
        expect(reader.status).toBe(200);
        readers[step.connect]!.push(reader);
        current[step.connect] = reader;
      }
    },
    counts: () => readers.map((list) => parseEvents(list.map((r) => r.text).join('')).length),
    printed: () => readers.map((list) => list.map((r) => r.text)),
    close: async () => {
      for (const list of readers) for (const reader of list) reader.hangUp();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Comparing and checking.

/** Each event's clock replaced by its rank among the clocks of the run: order kept, values not. */
function byOrder(printed: Printed): {text: Printed; starts: Set<string>} {
  const clocks = new Set<number>();
  const starts = new Set<string>();
  const all = printed.flat().join('');
  for (const event of parseEvents(all)) {
    const parts = watermarkParts(event.id);
    expect(parts, `a watermark of the form start/clock: ${event.id}`).toBeDefined();
    clocks.add(parts!.clock);
    starts.add(parts!.start);
  }
  const rank = new Map([...clocks].sort((a, b) => a - b).map((clock, i) => [clock, i + 1]));
  const text = printed.map((texts) =>
    texts.map((t) =>
      t.replace(
        /^id: (.+)\/(\d+)$/gm,
        (_, _start: string, clock: string) => `id: <start>/<${rank.get(Number(clock))}>`,
      ),
    ),
  );
  return {text, starts};
}

/** The clocks of each connection of each client, in order. */
const clocksOf = (printed: Printed): number[][][] =>
  printed.map((texts) =>
    texts.map((t) => parseEvents(t).map((event) => watermarkParts(event.id)!.clock)),
  );

/**
 * What the example's legend says of watermarks (Clients.tsx), checked on one run of the steps:
 * every event has a higher id than the one before; both clients get the same id for the same
 * write; a new stream, a write and a client leaving each move the clock.
 */
function checkClaims(printed: Printed): void {
  const [a, b] = clocksOf(printed) as [number[][], number[][]];
  // Connections: a = [client 1's only stream], b = [client 2's first, then its second].
  for (const connection of [...a, ...b]) {
    for (let i = 1; i < connection.length; i++) {
      expect(connection[i]!).toBeGreaterThan(connection[i - 1]!);
    }
  }
  const [first] = a as [number[]];
  const [b1, b2] = b as [number[], number[]];
  // Inits: a new stream moves the clock (client 2's init comes after client 1's).
  expect(b1[0]!).toBeGreaterThan(first[0]!);
  // The write of o-2 reaches both with the same id.
  expect(b1[1]).toBe(first[1]);
  // The write of o-1 reaches client 1 and client 2's new stream with the same id.
  expect(b2[1]).toBe(first[3]);
  // Client 2's new stream starts after everything client 1 had seen.
  expect(b2[0]!).toBeGreaterThan(first[2]!);
  // A client leaving moves the clock too: a write with a hang-up before it (o-3 on client 1,
  // o-4 on client 2) moves it further than a write alone (the second o-2 on client 2).
  const writeAlone = b2[3]! - b2[2]!;
  expect(first[2]! - first[1]!).toBeGreaterThan(writeAlone);
  expect(b2[2]! - b2[1]!).toBeGreaterThan(writeAlone);
}

test.describe('two clients on one resource, on Node', () => {
  test.describe.configure({timeout: 120_000});
  let server: Server | undefined;

  test.afterAll(() => {
    server?.child.kill('SIGINT');
    if (server) fs.rmSync(server.dir, {recursive: true, force: true});
  });

  test("the page's streams print what curl -N prints from runService for the same writes", async () => {
    const {code, meta} = liveFence(LANDING);
    const stream = parseClients(meta);
    expect(stream, 'the landing page shows two clients').not.toBeNull();
    server = await startServer(code);
    const real = await serverSide(server, stream!.resource);
    const page = await pageSide(code);
    try {
      for (const step of STEPS) {
        await page.apply(step);
        await real.apply(step);
        const expected = page.counts();
        await expect.poll(() => real.counts(), {message: JSON.stringify(step)}).toEqual(expected);
      }
      // A second reader of a stream another connection reads is refused (409): so each
      // client has its own stream.
      const {body: uuid} = await request(
        server.control,
        'POST',
        `/v1/streams/${stream!.resource}`,
        {},
      );
      const firstReader = await read(server.streaming, uuid);
      const secondReader = await read(server.streaming, uuid);
      expect([firstReader.status, secondReader.status]).toEqual([200, 409]);
      firstReader.hangUp();
      secondReader.hangUp();

      const pagePrinted = page.printed();
      const realPrinted = real.printed();
      // The same events, in the same order, with the same text; watermarks by order.
      const p = byOrder(pagePrinted);
      const r = byOrder(realPrinted);
      expect(p.text).toEqual(r.text);
      // One start per run, a different one for each run.
      expect(p.starts.size).toBe(1);
      expect(r.starts.size).toBe(1);
      expect([...p.starts][0]).not.toBe([...r.starts][0]);
      // What the steps must have printed (so an empty run cannot pass).
      expect(realPrinted[1]![1]).toMatch(
        /^event: init\nid: \S+\ndata: \[\["ada",\[37\]\],\["bob",\[5\]\]\]\n\n/,
      );
      expect(parseEvents(realPrinted.flat().join('')).length).toBe(10);
      checkClaims(pagePrinted);
      checkClaims(realPrinted);
      // The legend: the example's table is one more reader, so each clock in the panes is one
      // tick ahead of the real server's for the same steps.
      expect(clocksOf(pagePrinted)).toEqual(
        clocksOf(realPrinted).map((c) => c.map((stream) => stream.map((clock) => clock + 1))),
      );

      // The legend: most other requests move the clock too, a snapshot read for one, and a
      // health check does not. On the real server, client 2 still reading: a write after a
      // health check lands as far on as a write after a write, one after a snapshot read
      // further.
      const lastClock = () => clocksOf(real.printed())[1]!.at(-1)!.at(-1)!;
      const writeAndWait = async (step: Step) => {
        const before = real.counts()[1]!;
        await real.apply(step);
        await expect.poll(() => real.counts()[1]).toBe(before + 1);
        return lastClock();
      };
      // The readers of the 409 check have left (one round trip: the server has seen it).
      expect((await request(server.control, 'GET', '/v1/healthcheck')).status).toBe(200);
      const base = await writeAndWait(order('o-5', {customer: 'dee', amount: 1}));
      const alone = (await writeAndWait(order('o-5', {customer: 'dee', amount: 2}))) - base;
      expect((await request(server.control, 'GET', '/v1/healthcheck')).status).toBe(200);
      const afterHealth = await writeAndWait(order('o-5', {customer: 'dee', amount: 4}));
      expect(afterHealth - (base + alone)).toBe(alone);
      const snapshot = await request(
        server.control,
        'POST',
        `/v1/snapshot/${stream!.resource}`,
        {},
      );
      expect(snapshot.status).toBe(200);
      const afterRead = await writeAndWait(order('o-5', {customer: 'dee', amount: 3}));
      expect(afterRead - afterHealth).toBeGreaterThan(alone);
    } finally {
      await real.close();
      await page.close();
    }
    // A new Run in the worker is a new start of the service: a new first part of the ids.
    const again = await pageSide(code);
    await again.apply({connect: 0});
    const id = parseEvents(again.printed()[0]!.join(''))[0]!.id;
    await again.close();
    expect(watermarkParts(id)!.start).not.toBe(
      watermarkParts(parseEvents(page.printed()[0]!.join(''))[0]!.id)!.start,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// In the browser.

const clientPane = (page: Page, name: string) =>
  page.locator(`[data-live-clients] [data-live-client='${name}']`);

/** A pane's events, each as its exact text (the `pre` of each event). */
const eventsOf = (pane: Locator): Promise<string[]> =>
  pane.locator('[data-sse]').evaluateAll((els) => els.map((el) => el.textContent ?? ''));

/** One event of the form the streaming port writes, with these data. */
const event = (name: 'init' | 'update', data: string) =>
  new RegExp(`^event: ${name}\\nid: [\\w-]+/\\d+\\ndata: ${data.replace(/[[\]]/g, '\\$&')}\\n\\n$`);

const idOf = (text: string) => /^id: (.+)$/m.exec(text)![1]!;

async function addOrder(page: Page, key: string, value: string): Promise<void> {
  const orders = page.locator("[data-live-input='orders']");
  await orders.getByRole('textbox', {name: 'New key in orders', exact: true}).fill(key);
  await orders.getByRole('textbox', {name: 'Value of the new key in orders (JSON)'}).fill(value);
  await orders.getByRole('button', {name: 'Add'}).click();
}

test('landing: two clients get the init, a write reaches both, a client that hangs up and connects again gets the current state', async ({
  page,
}) => {
  await startExample(page, '/');
  const one = clientPane(page, 'Client 1');
  const two = clientPane(page, 'Client 2');
  // The panes are logs, named by their client.
  await expect(page.getByRole('log', {name: 'Client 1'})).toBeVisible();
  await expect(page.getByRole('log', {name: 'Client 2'})).toBeVisible();
  for (const pane of [one, two]) {
    await expect.poll(() => eventsOf(pane)).toHaveLength(1);
    expect((await eventsOf(pane))[0]).toMatch(event('init', '[["ada",[30]]]'));
    await expect(
      pane.locator('p', {hasText: /^\$ curl -N …\/v1\/streams\/[0-9a-f-]{36}$/}),
    ).toHaveCount(1);
  }
  // The init's watermark is explained under it.
  const initClock = watermarkParts(idOf((await eventsOf(one))[0]!))!.clock;
  await expect(one.getByText(`↑ id: clock ${initClock}.`, {exact: false})).toBeVisible();

  // A write reaches both clients, with the same watermark.
  await addOrder(page, 'o-2', '{"customer": "bob", "amount": 5}');
  for (const pane of [one, two]) {
    await expect.poll(() => eventsOf(pane)).toHaveLength(2);
    expect((await eventsOf(pane))[1]).toMatch(event('update', '[["bob",[5]]]'));
  }
  const [, update1] = await eventsOf(one);
  const [, update2] = await eventsOf(two);
  expect(idOf(update1!)).toBe(idOf(update2!));
  const clock = watermarkParts(idOf(update1!))!.clock;
  expect(clock).toBeGreaterThan(initClock);
  await expect(
    one.getByText(`↑ id: clock ${clock}, up from ${initClock}:`, {exact: false}),
  ).toBeVisible();

  // Client 2 hangs up; client 1 keeps receiving.
  await page.getByRole('button', {name: 'Disconnect Client 2'}).click();
  await expect(page.getByRole('button', {name: 'Connect Client 2'})).toBeFocused();
  await addOrder(page, 'o-3', '{"customer": "ada", "amount": 7}');
  await expect.poll(() => eventsOf(one)).toHaveLength(3);
  expect((await eventsOf(one))[2]).toMatch(event('update', '[["ada",[37]]]'));
  expect(await eventsOf(two)).toHaveLength(2);

  // It connects again: a new stream, whose init holds the current state.
  await page.getByRole('button', {name: 'Connect Client 2'}).click();
  await expect.poll(() => eventsOf(two)).toHaveLength(3);
  expect((await eventsOf(two))[2]).toMatch(event('init', '[["ada",[37]],["bob",[5]]]'));
  await expect(two.locator('p', {hasText: /^\$ curl -N/})).toHaveCount(2);

  // Now client 1 hangs up, and client 2 receives alone.
  await page.getByRole('button', {name: 'Disconnect Client 1'}).click();
  await addOrder(page, 'o-4', '{"customer": "cy", "amount": 2}');
  await expect.poll(() => eventsOf(two)).toHaveLength(4);
  expect((await eventsOf(two))[3]).toMatch(event('update', '[["cy",[2]]]'));
  expect(await eventsOf(one)).toHaveLength(3);
});

test('client guide: its example shows two clients of scores, each with the init', async ({
  page,
}) => {
  await startExample(page, '/docs/client');
  for (const name of ['Client 1', 'Client 2']) {
    const pane = clientPane(page, name);
    await expect.poll(() => eventsOf(pane)).toHaveLength(1);
    expect((await eventsOf(pane))[0]).toMatch(event('init', '[["blue",[5]],["red",[3]]]'));
  }
});

test('landing at 390 px: the clients fit without a horizontal scroll, the keyboard reaches and works them', async ({
  page,
}) => {
  await page.setViewportSize({width: 390, height: 844});
  await startExample(page, '/');
  // On a phone the result has the screen to itself once asked for.
  await page.getByRole('button', {name: 'Result', exact: true}).click();
  await expect.poll(() => eventsOf(clientPane(page, 'Client 2'))).toHaveLength(1);
  await addOrder(page, 'o-2', '{"customer": "a customer with a long name", "amount": 1234567}');
  await expect.poll(() => eventsOf(clientPane(page, 'Client 2'))).toHaveLength(2);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Each pane sits inside the viewport's width.
  for (const name of ['Client 1', 'Client 2']) {
    const box = (await page.getByRole('log', {name}).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Keyboard: from the Disconnect button of client 1, Tab reaches its log (it scrolls), then
  // client 2's button; Space and Enter work them.
  const disconnect = page.getByRole('button', {name: 'Disconnect Client 1'});
  await disconnect.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', {name: 'Connect Client 1'})).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('log', {name: 'Client 1'})).toBeFocused();
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', {name: 'Disconnect Client 2'})).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', {name: 'Disconnect Client 1'})).toBeFocused();
  await expect.poll(() => eventsOf(clientPane(page, 'Client 1'))).toHaveLength(3);
});

for (const mode of ['light', 'dark'] as const) {
  test(`landing: axe finds no violation with the two clients running (${mode})`, async ({page}) => {
    await page.goto('/');
    await page.evaluate((m) => window.localStorage.setItem('theme', m), mode);
    await startExample(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect.poll(() => eventsOf(clientPane(page, 'Client 2'))).toHaveLength(1);
    await page.getByRole('button', {name: 'Disconnect Client 2'}).click();
    expect(await axeViolations(page, '[data-live-example]')).toEqual([]);
  });
}
