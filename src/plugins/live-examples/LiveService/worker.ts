/**
 * The Web Worker that runs a live example's service on the Skip runtime's WebAssembly build,
 * so that compiling, evaluating and recomputing never block the page. Created by
 * ./Live/useLiveWorker.ts with `new Worker(new URL('../worker.ts', import.meta.url))`, i.e.
 * only when the reader asks for a run; the runtime (`@skipruntime/wasm`'s browser entry and
 * its .wasm, a hashed asset of the build, see src/plugins/live-examples) and the
 * transpiler (sucrase) are bundled into this worker's chunks, never into a page's.
 *
 * A run: strip the types from the page's code (sucrase, `typescript` + `imports`, which keeps
 * every line where it was), evaluate it as the body of an async function whose `require`
 * hands out browser shims of the Skip packages, and start the service it gives to
 * `runService`. Evaluating the reader's code is why this worker, and only it, needs
 * `'unsafe-eval'` (see src/plugins/content-security-policy). A new run is started beside the
 * running one, which is closed only when the new one is up: a compile or runtime error leaves
 * the last good run usable.
 *
 * The page keeps this worker honest: it answers `ping` whenever it is free, and a worker
 * stuck in the reader's code (an endless loop) is terminated by the page, which starts a new
 * one. Failures are told in the reader's terms: a download that failed is a `load` failure,
 * never the code's; the runtime's own terse messages are explained (see `runtimeError`).
 *
 * This file dispatches the page's messages (see `self.onmessage`); the runtime's download and
 * its instances are ./wasm.ts's, what each write ran is ./traceRun.ts's.
 */
import type {Entry, Json} from '@skipruntime/core';
import * as core from '@skipruntime/core';
// The reducers only (plain classes): the package's index also pulls the HTTP helpers
// (express, eventsource). The alias is set by src/plugins/live-examples.
import * as reducers from '@skipruntime/helpers/reducers';
import type {ChallengeDefinition} from '../../../challenges/format';
import {runCheck} from './check';
import {codeLine, evaluate, LiveError, transpile} from './evaluate';
import type {FromWorker, LiveFailure, StreamPart, ToWorker} from './protocol';
import {openStream, type OpenStream} from './stream';
import {traceRun, type TracedRun} from './traceRun';
import {downloadFor, load, newInstance, wasmFailed, type Instance} from './wasm';

// The bundler's public path (the site's baseUrl, `/`) made absolute, so that the runtime's
// `new URL(wasmUrl, import.meta.url)` lands on this origin's hashed .wasm asset.
declare let __webpack_public_path__: string;
// eslint-disable-next-line prefer-const -- the bundler's free variable, not a declaration
__webpack_public_path__ = new URL(__webpack_public_path__, self.location.href).href;

const post = (message: FromWorker) => self.postMessage(message);

async function compile(code: string): Promise<string> {
  const {transform} = await load(
    'The TypeScript transpiler',
    () => import(/* webpackChunkName: "live-transpiler" */ 'sucrase'),
  );
  return transpile(transform, code);
}

/** The Skip packages a page's code may import here: `runService` is the evaluator's own. */
const PACKAGES = {'@skipruntime/core': core, '@skipruntime/helpers': reducers};

/**
 * The runtime's terse messages, said in the reader's terms. Each pattern is a message the
 * runtime's JavaScript or Skip code throws as it is (see @skipruntime/core dist/src/*.js and
 * the runtime's `SKStore.Error`s); anything else is shown as it came.
 */
const EXPLAINED: [RegExp, string][] = [
  [
    /Non-number JSON input to native reducer/,
    'Sum, Min and Max reduce numbers only, and a value that reached one of them is not a number. Map each value to a number before reducing.',
  ],
];

/** The runtime's own error classes, which carry no message. */
const ERROR_CLASSES: [new () => Error, string][] = [
  [
    core.SkipNonUniqueValueError,
    'getUnique() found no value or several values under one key. Use toArray() when a key may hold several values.',
  ],
  [
    core.SkipUnknownCollectionError,
    'The code reads or writes a collection the service does not have.',
  ],
];

function runtimeError(error: unknown): LiveError {
  if (error instanceof LiveError) return error;
  const line = codeLine(error);
  let message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const known = ERROR_CLASSES.find(([kind]) => error instanceof kind);
  if (known) message = known[1];
  for (const [pattern, explanation] of EXPLAINED) {
    if (pattern.test(message)) message = `${explanation} (The runtime said: ${message})`;
  }
  return new LiveError(message, 'runtime', line);
}

/** The service the reader's code defines; a throw while evaluating it is a `runtime` failure. */
async function evaluateCode(code: string) {
  const js = await compile(code);
  try {
    return await evaluate(js, PACKAGES);
  } catch (error) {
    throw runtimeError(error);
  }
}

const failure = (error: LiveError): LiveFailure => ({
  phase: error.phase,
  message: error.message,
  ...(error.line === undefined ? {} : {line: error.line}),
  ...(error.column === undefined ? {} : {column: error.column}),
});

type Run = {
  run: number;
  instance: Instance;
  subscriptions: ReturnType<Instance['subscribe']>[];
  /** The example's clients' open streams (./stream.ts), and the connection each asked for last. */
  clients: Map<number, OpenStream>;
  wanted: Map<number, number>;
  /** What ran (./trace.ts), and the inputs after each write for a run from scratch. */
  traced: TracedRun;
};
let current: Run | undefined;
let latest = 0;

async function start(message: Extract<ToWorker, {type: 'run'}>): Promise<void> {
  const {run} = message;
  latest = Math.max(latest, run);
  const started = performance.now();
  let next: Run | undefined;
  // Updates wait here until the new run has replaced the old one.
  let pending: FromWorker[] | undefined = [];
  const send = (update: FromWorker) => (pending ? pending.push(update) : post(update));
  try {
    const service = await evaluateCode(message.code);
    // A resource the example shows must be one the code declares: say which ones it does.
    const names = Object.keys(service.resources ?? {});
    for (const {resource} of message.show) {
      if (!names.includes(resource)) {
        throw new LiveError(
          `The example shows the resource "${resource}", which the service does not declare: its resources are ${names.map((n) => `"${n}"`).join(', ') || 'none'}. Keep "${resource}" in \`resources\`.`,
          'runtime',
        );
      }
    }
    // The reader's edited inputs replace the code's initial data, collection by collection.
    const initialData: Record<string, Entry<Json, Json>[]> = {...service.initialData};
    for (const [name, entries] of Object.entries(message.inputs ?? {})) {
      if (name in initialData) initialData[name] = entries;
    }
    downloadFor(run);
    const traced = traceRun(service, initialData, message.show);
    let instance: Instance;
    try {
      instance = await newInstance(traced.service);
    } catch (error) {
      const failed = wasmFailed();
      if (failed !== undefined) {
        throw new LiveError(
          `The Skip runtime's WebAssembly file could not be downloaded (${failed}).`,
          'load',
        );
      }
      throw error;
    }
    next = {run, instance, subscriptions: [], clients: new Map(), wanted: new Map(), traced};
    for (const [index, {resource, params}] of message.show.entries()) {
      const id = `live-${run}-${index}`;
      await instance.instantiateResource(id, resource, params);
      next.subscriptions.push(
        instance.subscribe(id, {
          subscribed: () => undefined,
          notify: (update) => {
            traced.delivered(index, update.values);
            send({
              type: 'update',
              run,
              index,
              update: {
                values: update.values,
                watermark: update.watermark,
                isInitial: Boolean(update.isInitial),
              },
              ms: performance.now() - started,
            });
          },
          close: () => undefined,
        }),
      );
    }
    if (run !== latest) return void closeRun(next);
    const previous = current;
    current = next;
    if (previous) await closeRun(previous);
    post({type: 'started', run, inputs: initialData});
    post({type: 'traced', run, write: 0, trace: traced.started()});
    const buffered = pending;
    pending = undefined;
    buffered.forEach(post);
  } catch (error) {
    post({type: 'error', run, ...failure(runtimeError(error))});
    if (next && next !== current) void closeRun(next);
  }
}

async function closeRun(run: Run): Promise<void> {
  try {
    for (const subscription of run.subscriptions) run.instance.unsubscribe(subscription);
    for (const stream of run.clients.values()) stream.close();
    await run.instance.close();
  } catch {
    // A run that failed half-way may refuse to close; it is dropped either way.
  }
}

async function write(message: Extract<ToWorker, {type: 'write'}>): Promise<void> {
  const {run, write: id} = message;
  if (!current || current.run !== run) {
    const error = new LiveError('This run has ended: press Run to start it again.', 'runtime');
    return post({type: 'written', run, write: id, error: failure(error)});
  }
  const {collection, entries} = message;
  try {
    const trace = await current.traced.write(current.instance, id, collection, entries);
    post({type: 'written', run, write: id});
    post({type: 'traced', run, write: id, collection, trace});
  } catch (error) {
    post({type: 'written', run, write: id, error: failure(runtimeError(error))});
  }
}

/**
 * A challenge's check (./check.ts) of the code in the editor, in a runtime instance of its
 * own beside the running example. The definition is downloaded now, on the reader's Check.
 */
async function check(message: Extract<ToWorker, {type: 'check'}>): Promise<void> {
  const {check: id} = message;
  try {
    if (!/^[a-z0-9-]+$/.test(message.challenge)) {
      throw new LiveError(`No challenge is named "${message.challenge}".`, 'load');
    }
    const {default: challenge} = await load(
      "The challenge's check",
      () =>
        import(
          /* webpackChunkName: "challenge-[request]", webpackExclude: /format\.ts$/ */ `../../../challenges/${message.challenge}.ts`
        ) as Promise<{default: ChallengeDefinition}>,
    );
    const service = await evaluateCode(message.code);
    const outcome = await runCheck(service, challenge, newInstance);
    if (outcome.passed)
      return post({type: 'checked', check: id, passed: true, writes: outcome.writes});
    post({
      type: 'checked',
      check: id,
      passed: false,
      message: outcome.message,
      ...(outcome.error === undefined ? {} : {failure: failure(runtimeError(outcome.error))}),
    });
  } catch (error) {
    post({type: 'checked', check: id, passed: false, failure: failure(runtimeError(error))});
  }
}

/** A run from scratch over the inputs after a write: its cost, in an instance of its own. */
async function scratch({run, write}: Extract<ToWorker, {type: 'scratch'}>): Promise<void> {
  try {
    if (current?.run !== run) throw new Error('this run has ended');
    const cost = await current.traced.scratch(write, newInstance);
    post({type: 'scratched', run, write, cost});
  } catch (error) {
    post({type: 'scratched', run, write, error: runtimeError(error).message});
  }
}

/** A client of the example connects (a new stream, as `POST` then `GET /v1/streams`) or leaves. */
async function client(message: Extract<ToWorker, {type: 'connect' | 'disconnect'}>) {
  const run = current;
  if (!run || run.run !== message.run) return;
  run.clients.get(message.client)?.close();
  run.clients.delete(message.client);
  run.wanted.set(message.client, message.type === 'connect' ? message.connection : 0);
  if (message.type === 'disconnect') return;
  const {client, connection} = message;
  const send = (part: StreamPart) =>
    post({type: 'stream', run: message.run, client, connection, part});
  try {
    const {resource, params} = message.stream;
    const stream = await openStream(
      run.instance,
      resource,
      params,
      {write: (text) => send({kind: 'event', text}), end: () => send({kind: 'end'})},
      (uuid) => send({kind: 'open', uuid}),
    );
    // A later Connect or Disconnect of this client, or a new run, makes this stream obsolete.
    if (current === run && run.wanted.get(client) === connection) run.clients.set(client, stream);
    else stream.close();
  } catch (error) {
    send({kind: 'failed', message: runtimeError(error).message});
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'ping') post({type: 'pong'});
  else if (message.type === 'run') void start(message);
  else if (message.type === 'check') void check(message);
  else if (message.type === 'scratch') void scratch(message);
  else if (message.type === 'connect' || message.type === 'disconnect') void client(message);
  else void write(message);
};
