/**
 * A run traced as the live example's worker (./worker.ts) keeps it, apart from the worker so
 * that the worker stays a dispatcher of the page's messages: the service to start, traced by
 * ./trace.ts; each write's calls (the runtime recomputes during `update` itself); the inputs
 * after each write, for a run from scratch over them measured on request; what each shown
 * resource's subscription delivered during the write, against what its readers held before.
 * A step is posted to the page as a `StepTrace`: every count whole, only the first
 * `SHOWN_ROWS` rows of each list (a start on 10,000 entries runs 10,000 calls). The Node test
 * (tests/lib/live-trace.ts) runs the same code the same way, to compare with the page.
 */
import type {Entry, Json, SkipService} from '@skipruntime/core';
import {
  brief,
  cut,
  json,
  keysOf,
  traceService,
  type NativeRun,
  type TracedCall,
  type Tracer,
  type WriteTrace,
} from './trace';

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
  tracer.writing(collection, entries);
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

/** Rows of a step the page is sent; the rest are counted, not sent. */
export const SHOWN_ROWS = 50;

/**
 * A key a shown resource's subscription delivered during a write: the values sent (JSON, cut
 * short; `[]` when the key left) and, against what its readers held before the write, what
 * that made of the key (`before` absent: the key was not there).
 */
export type OutputRow = {
  key: string;
  sent: string;
  before?: string;
  change: 'added' | 'removed' | 'changed' | 'unchanged';
};

/** What one resource of the example's `show=` (its place: `index`) sent to its readers. */
export type ResourceOutput = {index: number; rows: OutputRow[]; sent: number; changed: number};

/** A step as the worker posts it: whole counts, the first `SHOWN_ROWS` rows of each list. */
export type StepTrace = {
  calls: TracedCall[];
  /** All the calls, the distinct keys they ran on, and those of the calls not in `calls`. */
  total: number;
  keys: number;
  moreKeys: number;
  /** Calls per function (`ByCustomer.mapEntry`), in the order each first ran. */
  functions: [string, number][];
  /** Native reducers; `count` is how many keys each was handed. */
  natives: (NativeRun & {count: number})[];
  outputs: ResourceOutput[];
};

/**
 * What the shown resources deliver to their readers, write by write: each subscription's
 * update (`delivered`, as its `notify` receives it) applied to the table its readers hold, so
 * that `take` says, per resource, which keys it sent and what each was before.
 */
export function outputRecorder(shown: number) {
  /** Per resource: its readers' table (key's JSON to values' JSON), and this write's keys. */
  const tables = Array.from({length: shown}, () => new Map<string, string>());
  let sent = tables.map(() => [] as [string, string, string | undefined][]);
  return {
    delivered(index: number, values: readonly Entry<Json, Json>[]) {
      const table = tables[index];
      if (!table) return;
      for (const [key, vals] of values) {
        const k = json(key);
        const v = json(vals);
        sent[index]!.push([k, v, table.get(k)]);
        if (vals.length === 0) table.delete(k);
        else table.set(k, v);
      }
    },
    take(): ResourceOutput[] {
      const outputs = sent.map((entries, index): ResourceOutput => {
        const rows = entries.map(([key, values, before]): OutputRow => {
          const change =
            values === before
              ? 'unchanged'
              : values === '[]'
                ? before === undefined
                  ? 'unchanged'
                  : 'removed'
                : before === undefined
                  ? 'added'
                  : 'changed';
          const row: OutputRow = {key: cut(key), sent: cut(values), change};
          if (before !== undefined) row.before = cut(before);
          return row;
        });
        const changed = rows.filter((r) => r.change !== 'unchanged').length;
        return {index, rows: rows.slice(0, SHOWN_ROWS), sent: rows.length, changed};
      });
      sent = tables.map(() => []);
      return outputs;
    },
  };
}

/** A step's calls and outputs as posted: counted whole, the first rows kept. */
export function stepTrace(trace: WriteTrace, outputs: ResourceOutput[]): StepTrace {
  const functions = new Map<string, number>();
  for (const {name, kind} of trace.calls) {
    const fn = `${name}.${kind}`;
    functions.set(fn, (functions.get(fn) ?? 0) + 1);
  }
  const calls = trace.calls.slice(0, SHOWN_ROWS);
  const more = {calls: trace.calls.slice(SHOWN_ROWS), natives: []};
  return {
    calls,
    total: trace.calls.length,
    keys: keysOf(trace).length,
    moreKeys: keysOf(more).length,
    functions: [...functions],
    natives: trace.natives.map(({name, keys}) => ({
      name,
      keys: keys.slice(0, SHOWN_ROWS),
      count: keys.length,
    })),
    outputs,
  };
}

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
    tracer.writing(name, entries);
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
 * start's calls, each write's calls, what the shown resources sent (the worker hands each
 * subscription's update to `delivered`), and the inputs after each write (numbered by the
 * page; 0 is the start) for a run from scratch over them.
 */
export function traceRun(
  service: SkipService,
  initialData: Record<string, Entries>,
  show: readonly {resource: string; params: Json}[],
) {
  const tracer = traceService(service);
  for (const [name, entries] of Object.entries(initialData)) {
    tracer.writing(name, entries);
  }
  const outputs = outputRecorder(show.length);
  const inputs = new Map([[0, initialData]]);
  let last = initialData;
  return {
    service: {...tracer.service, initialData},
    /** A shown resource's update, as its subscription's `notify` receives it. */
    delivered: outputs.delivered,
    /** The start: its calls and the first update of each shown resource. */
    started: (): StepTrace => stepTrace(tracer.takeWrite(), outputs.take()),
    async write(
      instance: Instance,
      write: number,
      collection: string,
      entries: Entries,
    ): Promise<StepTrace> {
      outputs.take();
      // The runtime notifies the subscriptions during `update` itself, as it runs the calls.
      const {trace, applied} = tracedWrite(tracer, instance, collection, entries);
      const step = stepTrace(trace, outputs.take());
      await applied;
      last = applyWrite(last, collection, entries);
      inputs.set(write, last);
      return step;
    },
    scratch(write: number, start: (service: SkipService) => Promise<Instance>): Promise<Cost> {
      const after = inputs.get(write);
      if (!after) return Promise.reject(new Error(`no write ${write} in this run`));
      return fromScratch(service, after, show, start);
    },
  };
}
export type TracedRun = ReturnType<typeof traceRun>;
