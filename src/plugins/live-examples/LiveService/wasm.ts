/**
 * The Skip runtime in the live example's worker (./worker.ts): its parts downloaded on demand
 * (a failed download is a `load` failure, never the reader's code's), the .wasm download's
 * progress told to the page, and one new instance started at a time. Apart from the worker so
 * that it stays a dispatcher of the page's messages.
 */
import {LiveError} from './evaluate';
import type {FromWorker} from './protocol';

/** The .wasm file's size in bytes, set by src/plugins/live-examples. */
declare const __LIVE_WASM_BYTES__: number;

export type Instance = Awaited<ReturnType<typeof import('@skipruntime/wasm').initService>>;
type Service = Parameters<typeof import('@skipruntime/wasm').initService>[0];

const post = (message: FromWorker) => self.postMessage(message);

/** A part of the example downloaded on demand; its failure is a `load` failure. */
export async function load<T>(what: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new LiveError(`${what} could not be downloaded (${String(error)}).`, 'load');
  }
}

// The runtime downloads its .wasm with `fetch(url).then((res) => res.arrayBuffer())`
// (sk_browser.js) each time an instance starts: a Run, and a Check beside it. The first request
// of this worker is read here as a stream, so the page can show the download's progress, and a
// failed or refused download is named as such; its bytes are kept, and every later start of
// this worker takes them from here instead of asking the network (or the HTTP cache) again.
let wasmRun = 0;
let wasmFailure: string | undefined;
let wasmBytes: Promise<ArrayBuffer> | undefined;
const realFetch = self.fetch.bind(self);

/** The run whose start downloads the .wasm now: its progress is told under that run. */
export function downloadFor(run: number): void {
  wasmRun = run;
  wasmFailure = undefined;
}

/** Why the .wasm download failed since `downloadFor`, if it did. */
export const wasmFailed = (): string | undefined => wasmFailure;

async function downloadWasm(input: RequestInfo | URL, init?: RequestInit): Promise<ArrayBuffer> {
  const run = wasmRun;
  let response: Response;
  try {
    response = await realFetch(input, init);
  } catch (error) {
    wasmFailure = String(error);
    throw error;
  }
  if (!response.ok || !response.body) {
    wasmFailure = `HTTP ${response.status}`;
    throw new Error(wasmFailure);
  }
  const total = __LIVE_WASM_BYTES__ > 0 ? __LIVE_WASM_BYTES__ : undefined;
  let loaded = 0;
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  try {
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      parts.push(value);
      loaded += value.byteLength;
      post({type: 'progress', run, loaded, total});
    }
  } catch (error) {
    wasmFailure = String(error);
    throw error;
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes.buffer;
}

self.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = input instanceof Request ? input.url : String(input);
  if (!/\.wasm(\?|$)/.test(url)) return realFetch(input, init);
  if (!wasmBytes) {
    wasmBytes = downloadWasm(input, init);
    // A failed download is not kept: the reader's Retry downloads again.
    wasmBytes.catch(() => (wasmBytes = undefined));
  }
  return new Response(await wasmBytes, {
    status: 200,
    headers: {'Content-Type': 'application/wasm'},
  });
};

/**
 * A new instance of the runtime for `service`, one start at a time in this worker: each start
 * compiles the module and sets up a memory of its own (1 GiB declared), and a Check started
 * beside a Run, or both started right after a restart, would only compete for the same core.
 */
let starting: Promise<unknown> = Promise.resolve();
export async function newInstance(service: Service): Promise<Instance> {
  const {initService} = await load(
    'The Skip runtime',
    () => import(/* webpackChunkName: "live-runtime" */ '@skipruntime/wasm'),
  );
  const started = starting.then(() => initService(service));
  starting = started.catch(() => undefined);
  return started;
}
