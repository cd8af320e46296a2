/**
 * A run traced as the live example's worker (./worker.ts) keeps it, apart from the worker so
 * that the worker stays a dispatcher of the page's messages: the service to start, traced by
 * ./trace.ts; each write's calls (the runtime recomputes during `update` itself); the inputs
 * after each write, for a run from scratch over them measured on request. The Node test
 * (tests/lib/live-trace.ts) runs the same code the same way, to compare with the page.
 */
import type {Json, SkipService} from '@skipruntime/core';
import {brief, keysOf, traceService, type Tracer, type WriteTrace} from './trace';

type Entries = [Json, Json[]][];
type Instance = {
  update(collection: string, entries: Entries): Promise<void>;
  instantiateResource(id: string, resource: string, params: Json): Promise<void>;
  close(): unknown;
};

/**
 * A write to a traced instance and the calls it caused: the runtime recomputes during
 * `update` itself (the promise settles later), so the calls recorded by its return are the
 * write's. Calls recorded before it (a client opening a stream) are not the write's: dropped.
 */
export function tracedWrite(
  tracer: Tracer,
  instance: Instance,
  collection: string,
  entries: Entries,
): {trace: WriteTrace; applied: Promise<void>} {
  tracer.takeWrite();
  tracer.writing(
    collection,
    entries.map(([key]) => key),
  );
  const applied = instance.update(collection, entries);
  return {trace: tracer.takeWrite(), applied};
}

/** The inputs after a write: a key's values replaced, or the key gone when it has none. */
export function applyWrite(
  inputs: Record<string, Entries>,
  collection: string,
  entries: Entries,
): Record<string, Entries> {
  const rows = new Map((inputs[collection] ?? []).map(([k, v]) => [brief(k), [k, v] as const]));
  for (const [key, values] of entries) {
    if (values.length === 0) rows.delete(brief(key));
    else rows.set(brief(key), [key, values]);
  }
  return {...inputs, [collection]: [...rows.values()].map(([k, v]) => [k, v])};
}

/** What a start from scratch costs: calls and the distinct keys they ran on. */
export type Cost = {calls: number; keys: number};

export const costOf = (trace: WriteTrace): Cost => ({
  calls: trace.calls.length,
  keys: keysOf(trace).length,
});

/**
 * The cost of a run from scratch over `inputs`, measured: a new traced instance of the same
 * service started on them, the shown resources instantiated, its calls counted, then closed.
 */
export async function fromScratch(
  service: SkipService,
  inputs: Record<string, Entries>,
  show: readonly {resource: string; params: Json}[],
  start: (service: SkipService) => Promise<Instance>,
): Promise<Cost> {
  const tracer = traceService({...service, initialData: inputs});
  for (const [name, entries] of Object.entries(inputs)) {
    tracer.writing(
      name,
      entries.map(([key]) => key),
    );
  }
  const instance = await start(tracer.service);
  try {
    for (const [index, {resource, params}] of show.entries()) {
      await instance.instantiateResource(`scratch-${index}`, resource, params);
    }
    return costOf(tracer.takeWrite());
  } finally {
    await instance.close();
  }
}

/**
 * A run traced, as the worker keeps it: the service to start (traced, on `initialData`), the
 * start's calls, each write's calls, and the inputs after each write (numbered by the page; 0
 * is the start) for a run from scratch over them.
 */
export function traceRun(
  service: SkipService,
  initialData: Record<string, Entries>,
  show: readonly {resource: string; params: Json}[],
) {
  const tracer = traceService(service);
  for (const [name, entries] of Object.entries(initialData)) {
    tracer.writing(
      name,
      entries.map(([key]) => key),
    );
  }
  const inputs = new Map([[0, initialData]]);
  let last = initialData;
  return {
    service: {...tracer.service, initialData},
    started: () => tracer.takeWrite(),
    async write(instance: Instance, write: number, collection: string, entries: Entries) {
      const {trace, applied} = tracedWrite(tracer, instance, collection, entries);
      await applied;
      last = applyWrite(last, collection, entries);
      inputs.set(write, last);
      return trace;
    },
    scratch(write: number, start: (service: SkipService) => Promise<Instance>): Promise<Cost> {
      const after = inputs.get(write);
      if (!after) return Promise.reject(new Error(`no write ${write} in this run`));
      return fromScratch(service, after, show, start);
    },
  };
}
export type TracedRun = ReturnType<typeof traceRun>;
