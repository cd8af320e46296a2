/**
 * The Web Worker that runs a live example's service on the Skip runtime's WebAssembly build,
 * so that compiling, evaluating and recomputing never block the page. Created by ./Live.tsx
 * with `new Worker(new URL('./worker.ts', import.meta.url))`, i.e. only when the reader asks
 * for a run; the runtime (`@skipruntime/wasm`'s browser entry and its .wasm, a hashed asset
 * of the build, see src/plugins/live-service-bundling) and the transpiler (sucrase) are
 * bundled into this worker's chunks, never into a page's.
 *
 * A run: strip the types from the page's code (sucrase, `typescript` + `imports`, which keeps
 * every line where it was), evaluate it as the body of an async function whose `require`
 * hands out browser shims of the Skip packages, and start the service it gives to
 * `runService`. Evaluating the reader's code is why this worker, and only it, needs
 * `'unsafe-eval'` (see src/plugins/content-security-policy). A new run is started beside the
 * running one, which is closed only when the new one is up: a compile or runtime error leaves
 * the last good run usable.
 */
import type {Entry, Json, SkipService} from '@skipruntime/core';
import * as core from '@skipruntime/core';
// The reducers only (plain classes): the package's index also pulls the HTTP helpers
// (express, eventsource). The alias is set by src/plugins/live-service-bundling.
import * as reducers from '@skipruntime/helpers/reducers';
import type {FromWorker, ToWorker} from './protocol';

// The bundler's public path (the site's baseUrl, `/`) made absolute, so that the runtime's
// `new URL(wasmUrl, import.meta.url)` lands on this origin's hashed .wasm asset.
declare let __webpack_public_path__: string;
// eslint-disable-next-line prefer-const -- the bundler's free variable, not a declaration
__webpack_public_path__ = new URL(__webpack_public_path__, self.location.href).href;

type Instance = Awaited<ReturnType<typeof import('@skipruntime/wasm').initService>>;

const post = (message: FromWorker) => self.postMessage(message);

/** The name the evaluated code carries in stack traces. */
const SOURCE_URL = 'live-example.ts';

/** Lines the `AsyncFunction` constructor puts before the body (measured, not assumed). */
const HEADER_LINES = (() => {
  try {
    new Function(`throw new Error();\n//# sourceURL=${SOURCE_URL}`)();
  } catch (error) {
    const line = lineOf(error);
    if (line !== undefined) return line - 1;
  }
  return 2;
})();

function lineOf(error: unknown): number | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const match = new RegExp(`${SOURCE_URL.replace('.', '\\.')}:(\\d+):\\d+`).exec(stack);
  return match ? Number(match[1]) : undefined;
}

class LiveError extends Error {
  constructor(
    message: string,
    readonly phase: 'compile' | 'runtime',
    readonly line?: number,
  ) {
    super(message);
  }
}

async function compile(code: string): Promise<string> {
  const {transform} = await import(/* webpackChunkName: "live-transpiler" */ 'sucrase');
  try {
    return transform(code, {transforms: ['typescript', 'imports'], production: true}).code;
  } catch (error) {
    const loc = (error as {loc?: {line: number}}).loc;
    const message = (error as Error).message.replace(/\s*\(\d+:\d+\)$/, '');
    throw new LiveError(message, 'compile', loc?.line);
  }
}

/** Evaluates the compiled module and returns the service it passes to `runService`. */
async function evaluate(js: string): Promise<SkipService> {
  let service: SkipService | undefined;
  const shims: Record<string, unknown> = {
    '@skipruntime/core': core,
    '@skipruntime/helpers': reducers,
    '@skipruntime/server': {
      // In the page, starting the service means handing it to this worker.
      runService: async (given: SkipService) => {
        service = given;
        return {close: async () => undefined};
      },
    },
  };
  const require = (name: string) => {
    if (name in shims) return shims[name];
    throw new Error(`Cannot import "${name}" in the live example`);
  };
  const exports: Record<string, unknown> = {};
  // A page's service may stop on Ctrl-C (`process.on('SIGINT', …)`); there is no process here.
  const process = {on: () => process, exit: () => undefined, env: {}};
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  try {
    const body = new AsyncFunction(
      'require',
      'exports',
      'process',
      `${js}\n//# sourceURL=${SOURCE_URL}`,
    );
    await body(require, exports, process);
  } catch (error) {
    throw runtimeError(error);
  }
  service ??= (exports.service ?? exports.default) as SkipService | undefined;
  if (!service) throw new LiveError('The code never calls runService(service, …)', 'runtime');
  return service;
}

function runtimeError(error: unknown): LiveError {
  if (error instanceof LiveError) return error;
  const line = lineOf(error);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new LiveError(message, 'runtime', line === undefined ? undefined : line - HEADER_LINES);
}

type Run = {instance: Instance; subscriptions: ReturnType<Instance['subscribe']>[]; ids: string[]};
let current: Run | undefined;
let runNumber = 0;

async function start(message: Extract<ToWorker, {type: 'run'}>): Promise<void> {
  const run = ++runNumber;
  const started = performance.now();
  let next: Run | undefined;
  // Updates wait here until the new run has replaced the old one.
  let pending: FromWorker[] | undefined = [];
  const send = (update: FromWorker) => (pending ? pending.push(update) : post(update));
  try {
    const service = await evaluate(await compile(message.code));
    // The reader's edited inputs replace the code's initial data, collection by collection.
    const initialData: Record<string, Entry<Json, Json>[]> = {...service.initialData};
    for (const [name, entries] of Object.entries(message.inputs ?? {})) {
      if (name in initialData) initialData[name] = entries;
    }
    const {initService} = await import(/* webpackChunkName: "live-runtime" */ '@skipruntime/wasm');
    const instance = await initService({...service, initialData});
    next = {instance, subscriptions: [], ids: []};
    for (const [index, {resource, params}] of message.show.entries()) {
      const id = `live-${run}-${index}`;
      await instance.instantiateResource(id, resource, params);
      next.ids.push(id);
      next.subscriptions.push(
        instance.subscribe(id, {
          subscribed: () => undefined,
          notify: (update) =>
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
            }),
          close: () => undefined,
        }),
      );
    }
    if (run !== runNumber) return void closeRun(next);
    const previous = current;
    current = next;
    if (previous) await closeRun(previous);
    post({type: 'started', run, inputs: initialData});
    const buffered = pending;
    pending = undefined;
    buffered.forEach(post);
  } catch (error) {
    const live = runtimeError(error);
    post({type: 'error', run, phase: live.phase, message: live.message, line: live.line});
    if (next && next !== current) void closeRun(next);
  }
}

async function closeRun(run: Run): Promise<void> {
  try {
    for (const subscription of run.subscriptions) run.instance.unsubscribe(subscription);
    await run.instance.close();
  } catch {
    // A run that failed half-way may refuse to close; it is dropped either way.
  }
}

async function write(message: Extract<ToWorker, {type: 'write'}>): Promise<void> {
  if (!current) return;
  try {
    await current.instance.update(message.collection, message.entries);
  } catch (error) {
    const live = runtimeError(error);
    post({type: 'error', run: runNumber, phase: 'runtime', message: live.message, line: live.line});
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'run') void start(message);
  else if (message.type === 'write') void write(message);
};
post({type: 'ready'});
