/**
 * static/openapi/skip-http-0.0.15.yaml, the OpenAPI document the client guide links, checked
 * against the real server: the test starts `runService` from @skipruntime/server twice (default
 * options, and `no_cors: true`) with tests/lib/openapi-service.mjs on free ports, then walks the
 * document. For every documented response of every operation it sends the request listed in
 * REQUESTS below and checks the status, the content type (every documented media type must be
 * met), the documented headers and the body against the document's schema; the event stream
 * is parsed and each event checked against the document's `x-skip-events`. A documented
 * response without a request here, a request for a response the document lacks, or a route of
 * the server's dist/src/rest.js the document leaves out fails the test. The document must also
 * validate as OpenAPI 3.1 (@apidevtools/swagger-parser) and keep one path item per route shape,
 * each operation naming the parameters of its path template.
 */
import type {ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import SwaggerParser from '@apidevtools/swagger-parser';
import {test, expect} from '@playwright/test';
import {freePort, startService} from '../lib/ports';

const ROOT = path.resolve(__dirname, '../..');
const DOCUMENT = 'static/openapi/skip-http-0.0.15.yaml';
const REST_JS = 'node_modules/@skipruntime/server/dist/src/rest.js';

type Schema = {[key: string]: unknown};
type MediaType = {schema?: Schema; 'x-skip-events'?: Record<string, EventSpec>};
type EventSpec = {fields: string[]; id: Schema; data: Schema};
type Response = {content?: Record<string, MediaType>; headers?: Record<string, {schema: Schema}>};
type Operation = {operationId: string; tags: string[]; responses: Record<string, Response>};
type Document = {openapi: string; paths: Record<string, Record<string, Operation>>};

// ---------------------------------------------------------------------------------------------
// The document, with its local $refs resolved.

function resolve(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, root));
  if (node === null || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  if (typeof object.$ref === 'string') {
    const target = object.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], root);
    if (target === undefined) throw new Error(`unresolved $ref ${object.$ref}`);
    return resolve(target, root);
  }
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, resolve(v, root)]));
}

const raw = yaml.load(fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8'));
const doc = resolve(raw, raw) as Document;
const METHODS = ['get', 'post', 'patch', 'delete', 'options'];

type Documented = {method: string; route: string; operation: Operation; status: string; response: Response};
const documented: Documented[] = Object.entries(doc.paths).flatMap(([route, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .flatMap(([method, operation]) =>
      Object.entries(operation.responses).map(([status, response]) => ({method, route, operation, status, response})),
    ),
);

// ---------------------------------------------------------------------------------------------
// A JSON Schema check for the keywords the document uses; an unknown keyword fails loudly.

const KNOWN = new Set(['description', 'const', 'type', 'pattern', 'items', 'prefixItems', 'minItems', 'maxItems', 'required', 'properties']);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function check(schema: Schema, value: unknown, at = '$'): string[] {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length) return [`${at}: schema keywords this test does not know: ${unknown.join(', ')}`];
  const errors: string[] = [];
  if ('const' in schema && JSON.stringify(value) !== JSON.stringify(schema.const)) {
    errors.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  }
  if (typeof schema.type === 'string' && typeOf(value) !== schema.type) {
    errors.push(`${at}: ${typeOf(value)} is not ${schema.type}`);
    return errors;
  }
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(String(value))) {
    errors.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) errors.push(`${at}: more than ${schema.maxItems} items`);
    const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
    value.forEach((item, i) => {
      const itemSchema = prefix[i] ?? (schema.items as Schema | undefined);
      if (itemSchema) errors.push(...check(itemSchema, item, `${at}[${i}]`));
    });
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in object)) errors.push(`${at}: lacks ${key}`);
    for (const [key, sub] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
      if (key in object) errors.push(...check(sub, object[key], `${at}.${key}`));
    }
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// The two running services.

type Service = {control: number; streaming: number; child: ChildProcess};
const services: Record<'plain' | 'cors', Service | undefined> = {plain: undefined, cors: undefined};

async function start(cors: boolean): Promise<Service> {
  const control = await freePort();
  const streaming = await freePort();
  const args = ['tests/lib/openapi-service.mjs', String(control), String(streaming), ...(cors ? ['cors'] : [])];
  const child = await startService(args, {cwd: ROOT, control, streaming});
  return {control, streaming, child};
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  [services.plain, services.cors] = await Promise.all([start(false), start(true)]);
});

test.afterAll(() => {
  for (const service of Object.values(services)) service?.child.kill('SIGINT');
});

// ---------------------------------------------------------------------------------------------
// The request that makes each documented response happen.

type Ctx = {service: Service; url: (port: 'control' | 'streaming', p: string) => string};
type Request = {
  server?: 'plain' | 'cors';
  /** Values of the path's parameters; a function may create what it needs first. */
  params: (ctx: Ctx) => Promise<Record<string, string>> | Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  /** Runs while the response is open, before it is read (the event stream's writes). */
  during?: (ctx: Ctx) => Promise<void>;
  /** Runs after the response was checked. */
  after?: () => void;
};

const JSON_TYPE = {'Content-Type': 'application/json'};
const TEXT_TYPE = {'Content-Type': 'text/plain'};
const SSE = {Accept: 'text/event-stream'};
const NEVER_ISSUED = '00000000-0000-4000-8000-000000000000';

async function newInstance(ctx: Ctx): Promise<string> {
  const res = await fetch(ctx.url('control', '/v1/streams/scores'), {method: 'POST', headers: JSON_TYPE, body: '{}'});
  expect(res.status).toBe(201);
  return res.text();
}

let held: AbortController | undefined;

const REQUESTS: Record<string, Request[]> = {
  'healthcheck 200': [{params: () => ({})}],
  'createStream 201': [{params: () => ({id: 'scores'}), headers: JSON_TYPE, body: '{"season": 1}'}],
  'createStream 400': [{params: () => ({id: 'scores'}), headers: JSON_TYPE, body: '{not json'}],
  'createStream 500': [
    {params: () => ({id: 'nope'}), headers: JSON_TYPE, body: '{}'},
    {params: () => ({id: 'scores'}), headers: JSON_TYPE, body: '{"refuse": true}'},
  ],
  'deleteStream 200': [
    {params: async (ctx) => ({id: await newInstance(ctx)})},
    {params: () => ({id: NEVER_ISSUED})},
  ],
  'readStream 200': [
    {
      params: async (ctx) => ({id: await newInstance(ctx)}),
      headers: SSE,
      // A write once the stream is open, so that an `update` follows the `init`.
      during: async (ctx) => {
        const res = await fetch(ctx.url('control', '/v1/inputs/plays'), {
          method: 'PATCH',
          headers: JSON_TYPE,
          body: JSON.stringify([[`p-${process.pid}`, [{team: 'blue', points: 4}]]]),
        });
        expect(res.status).toBe(200);
      },
    },
    // No Accept header at all is served too.
    {params: async (ctx) => ({id: await newInstance(ctx)})},
  ],
  'readStream 404': [{params: () => ({id: NEVER_ISSUED}), headers: SSE}],
  'readStream 406': [{params: async (ctx) => ({id: await newInstance(ctx)}), headers: {Accept: 'application/json'}}],
  'readStream 409': [
    {
      // A first reader holds the instance while the second asks for it.
      params: async (ctx) => {
        const uuid = await newInstance(ctx);
        held = new AbortController();
        const first = await fetch(ctx.url('streaming', `/v1/streams/${uuid}`), {headers: SSE, signal: held.signal});
        expect(first.status).toBe(200);
        return {id: uuid};
      },
      headers: SSE,
      after: () => held?.abort(),
    },
  ],
  'streamPreflight 200': [{params: () => ({id: NEVER_ISSUED})}],
  'streamPreflight 204': [{server: 'cors', params: () => ({id: NEVER_ISSUED})}],
  'snapshot 200': [
    {params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '{}'},
    // Not declared as JSON: the server reads {} and the constructor sees no `refuse`.
    {params: () => ({resource: 'scores'}), headers: TEXT_TYPE, body: '{"refuse": true}'},
  ],
  'snapshot 400': [{params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '[1,'}],
  'snapshot 500': [
    {params: () => ({resource: 'nope'}), headers: JSON_TYPE, body: '{}'},
    {params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '{"refuse": true}'},
  ],
  'lookup 200': [
    {params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '{"key": "red", "params": {}}'},
    {params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '{"key": "nobody", "params": {}}'},
  ],
  'lookup 400': [{params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '{"key":'}],
  'lookup 500': [
    {params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: '{"key": "red"}'},
    {params: () => ({resource: 'scores'}), headers: TEXT_TYPE, body: '{"key": "red", "params": {}}'},
    // `null` passes the server's `typeof body == "object"` test and fails its `in` with a TypeError.
    {params: () => ({resource: 'scores'}), headers: JSON_TYPE, body: 'null'},
    {params: () => ({resource: 'nope'}), headers: JSON_TYPE, body: '{"key": "red", "params": {}}'},
  ],
  'writeInput 200': [
    {params: () => ({collection: 'plays'}), headers: JSON_TYPE, body: '[["p2", [{"team": "red", "points": 1}]]]'},
    {params: () => ({collection: 'nope'}), headers: JSON_TYPE, body: '[]'},
  ],
  'writeInput 400': [
    {params: () => ({collection: 'plays'}), headers: JSON_TYPE, body: '{}'},
    {params: () => ({collection: 'plays'}), headers: TEXT_TYPE, body: '[["k", [1]]]'},
    {params: () => ({collection: 'plays'}), headers: JSON_TYPE, body: '[['},
  ],
  'writeInput 500': [{params: () => ({collection: 'nope'}), headers: JSON_TYPE, body: '[["k", [1]]]'}],
};

// ---------------------------------------------------------------------------------------------
// Event streams.

type Event = {fields: [string, string][]};

/** Reads events from an open stream until every event name in `wanted` was seen. */
async function readEvents(body: ReadableStream<Uint8Array>, wanted: string[], during?: () => Promise<void>): Promise<Event[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: Event[] = [];
  let pending = '';
  let ranDuring = false;
  while (!wanted.every((name) => events.some((e) => e.fields.some(([k, v]) => k === 'event' && v === name)))) {
    const {done, value} = await reader.read();
    if (done) break;
    pending += decoder.decode(value, {stream: true});
    let end: number;
    while ((end = pending.indexOf('\n\n')) !== -1) {
      const fields = pending
        .slice(0, end)
        .split('\n')
        .map((line): [string, string] => {
          const colon = line.indexOf(':');
          return colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        });
      events.push({fields});
      pending = pending.slice(end + 2);
    }
    if (events.length > 0 && during && !ranDuring) {
      ranDuring = true;
      await during();
    }
  }
  await reader.cancel();
  return events;
}

// ---------------------------------------------------------------------------------------------
// The tests, in order in one worker, which owns the two services.

test.describe.configure({mode: 'default'});

test('the document is OpenAPI 3.1 and every documented response has a request here, and only those', () => {
  expect(doc.openapi).toBe('3.1.0');
  const keys = documented.map((d) => `${d.operation.operationId} ${d.status}`).sort();
  expect(keys.length).toBeGreaterThan(15);
  expect(Object.keys(REQUESTS).sort()).toEqual(keys);
});

test('the document validates as OpenAPI 3.1 (@apidevtools/swagger-parser)', async () => {
  // validate() rejects with the schema's errors; the resolved document it returns is checked too.
  const api = (await SwaggerParser.validate(path.join(ROOT, DOCUMENT))) as {openapi?: string};
  expect(api.openapi).toBe('3.1.0');
});

// Parameter names differ between the server's routes (`:resource`, `:uuid`) and the document,
// which has one name per path; a route is compared with its parameters' names erased.
const shape = (route: string) => route.replace(/\{\w+\}/g, '{}');

test('no two paths differ only in the names of their parameters, which OpenAPI 3.1 forbids', () => {
  const shapes = Object.keys(doc.paths).map(shape);
  // Five shapes for the seven routes: /v1/streams/{} carries three methods.
  expect(shapes.length).toBe(5);
  expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
});

test('every operation declares each parameter of its path template, with the same name', () => {
  for (const [route, item] of Object.entries(doc.paths)) {
    const names = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const pathLevel = (item as {parameters?: {name: string; in: string}[]}).parameters ?? [];
    for (const method of Object.keys(item).filter((m) => METHODS.includes(m))) {
      const own = (item[method] as unknown as {parameters?: {name: string; in: string}[]}).parameters ?? [];
      const declared = [...pathLevel, ...own].filter((p) => p.in === 'path').map((p) => p.name);
      expect([...new Set(declared)].sort(), `${method} ${route}`).toEqual(names);
    }
  }
});

test("every route of the server's rest.js is in the document, and no other", () => {
  const source = fs.readFileSync(path.join(ROOT, REST_JS), 'utf8');
  const routes = [...source.matchAll(/app\.(get|post|patch|delete|put)\("([^"]+)"/g)].map(
    ([, method, route]) => `${method} ${shape(route!.replace(/:(\w+)/g, '{$1}'))}`,
  );
  expect(routes.length).toBe(7);
  expect(new Set(routes).size).toBe(7);
  const inDocument = documented.filter((d) => d.method !== 'options').map((d) => `${d.method} ${shape(d.route)}`);
  expect([...new Set(inDocument)].sort()).toEqual(routes.sort());
});

for (const {method, route, operation, status, response} of documented) {
  const key = `${operation.operationId} ${status}`;
  test(`${method.toUpperCase()} ${route} answers ${status} as documented`, async () => {
    test.setTimeout(30_000);
    const requests = REQUESTS[key];
    expect(requests, `a request for ${key}`).toBeDefined();
    const seenTypes = new Set<string>();
    const seenEvents = new Set<string>();
    let eventsDocumented: string[] = [];
    for (const request of requests!) {
      const service = services[request.server ?? 'plain']!;
      const ctx: Ctx = {
        service,
        url: (port, p) => `http://127.0.0.1:${port === 'control' ? service.control : service.streaming}${p}`,
      };
      const port = operation.tags.includes('streaming') ? 'streaming' : 'control';
      const params = await request.params(ctx);
      const url = ctx.url(
        port,
        route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `<${name}?>`)),
      );
      const hangUp = new AbortController();
      const res = await fetch(url, {
        method: method.toUpperCase(),
        headers: request.headers,
        body: request.body,
        signal: hangUp.signal,
      });
      const what = `${method.toUpperCase()} ${url} ${request.body ?? ''}`;
      expect(res.status, what).toBe(Number(status));

      for (const [name, header] of Object.entries(response.headers ?? {})) {
        expect(check(header.schema, res.headers.get(name)), `${what}: header ${name}`).toEqual([]);
      }

      const contentType = res.headers.get('content-type');
      if (!response.content) {
        expect(contentType, what).toBeNull();
        expect(await res.text(), what).toBe('');
      } else {
        expect(Object.keys(response.content), what).toContain(contentType);
        seenTypes.add(contentType!);
        const media = response.content[contentType!]!;
        const events = media['x-skip-events'];
        if (events) {
          eventsDocumented = Object.keys(events);
          // Without a write during the request, only the first event comes.
          const wanted = request.during ? eventsDocumented : ['init'];
          const seen = await readEvents(res.body!, wanted, request.during && (() => request.during!(ctx)));
          hangUp.abort();
          expect(seen[0]?.fields[0], 'the first event is init').toEqual(['event', 'init']);
          for (const event of seen) {
            const name = event.fields[0]?.[1] ?? '';
            seenEvents.add(name);
            const spec = events[name];
            expect(spec, `${what}: event "${name}" is documented`).toBeDefined();
            expect(event.fields.map(([k]) => k), `${what}: fields of ${name}`).toEqual(spec!.fields);
            const value = (field: string) => event.fields.find(([k]) => k === field)![1];
            expect(check(spec!.id, value('id')), `${what}: id of ${name}`).toEqual([]);
            expect(check(spec!.data, JSON.parse(value('data'))), `${what}: data of ${name}`).toEqual([]);
          }
        } else {
          const text = await res.text();
          const body = contentType!.startsWith('application/json') ? JSON.parse(text) : text;
          expect(check(media.schema ?? {}, body), `${what}: body ${text.slice(0, 200)}`).toEqual([]);
        }
      }
      request.after?.();
    }
    expect([...seenEvents].sort(), `every event of ${key} was met`).toEqual([...eventsDocumented].sort());
    if (response.content) expect([...seenTypes].sort(), `every media type of ${key} was met`).toEqual(Object.keys(response.content).sort());
  });
}

test('the build publishes the document as a file and llms.txt links it', () => {
  const built = path.join(ROOT, 'build', 'openapi', 'skip-http-0.0.15.yaml');
  expect(fs.readFileSync(built, 'utf8')).toBe(fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8'));
  const llms = fs.readFileSync(path.join(ROOT, 'build', 'llms.txt'), 'utf8');
  expect(llms).toContain('](https://skiplabs.io/openapi/skip-http-0.0.15.yaml)');
});
