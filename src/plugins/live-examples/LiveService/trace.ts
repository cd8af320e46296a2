/**
 * What the runtime ran, recorded without changing the reader's code (issue 30, "See Skip
 * work"): before a service reaches the runtime, `traceService` hands its `createGraph` and its
 * resources' `instantiate` collections whose `map`, `mapReduce` and `reduce` (and a context
 * whose `createLazyCollection`) take the reader's classes and pass on, in their place,
 * subclasses of the same name (the runtime refuses a class without one) that record each
 * `mapEntry`, `add`, `remove` and `compute`: the key, what it returned (cut short). A native
 * reducer (Sum, Count, Min, Max) runs inside the runtime and cannot be recorded: it is named,
 * with the keys of its input whose values changed during the write (a key written with the
 * values it had runs nothing and changes nothing; one written with none is deleted).
 *
 * Pure of the page and of the browser: the worker traces the running example through
 * ./traceRun.ts, and the Node test (tests/unit/live-trace.test.ts) traces the same code on the
 * same runtime the same way; both group the calls per write with `takeWrite`. Nothing is merged or deduplicated: on 0.0.15
 * a mapper runs twice per written key and a reducer removes every old value before adding the
 * new ones, and the trace says so.
 */
import type {Json, SkipService} from '@skipruntime/core';

/** One call of the reader's code by the runtime. */
export type TracedCall = {
  kind: 'mapEntry' | 'add' | 'remove' | 'compute';
  /** The reader's class. */
  name: string;
  /** The key it ran on, as JSON (a reducer is not told its key: absent). */
  key?: string;
  /** What it returned, as JSON, cut at `MAX_TEXT` characters. */
  returned: string;
};

/** A native reducer, which runs inside the runtime: the keys it was handed during the write. */
export type NativeRun = {name: string; keys: string[]};

/** What ran for one write (or for the start of a run). */
export type WriteTrace = {calls: TracedCall[]; natives: NativeRun[]};

export const MAX_TEXT = 80;

/** A text cut at `MAX_TEXT` characters for a table cell. */
export const cut = (text: string): string =>
  text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;

/** JSON, whole (a value that is not JSON as `String` says it). */
export function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** JSON, cut short for a table cell. */
export const brief = (value: unknown): string => cut(json(value));

/** Distinct keys the write's calls ran on (a native reducer's keys are named apart). */
export function keysOf(trace: WriteTrace): string[] {
  const keys = new Set<string>();
  for (const call of trace.calls) if (call.key !== undefined) keys.add(call.key);
  return [...keys];
}

type Ctor = new (...params: never[]) => object;
/** Where a collection's changed keys come from: an input written to, or a node of the graph. */
type Source = {input: string} | {node: number} | {all: Source[]};

export type Tracer = {
  /** The service with its graph traced; the same object shape the runtime expects. */
  service: SkipService;
  /**
   * The entries the worker is about to write to `collection`: their keys (for a native reducer
   * over it), and those with no value, which the write deletes.
   */
  writing(collection: string, entries: readonly (readonly [Json, readonly Json[]])[]): void;
  /** The calls since the last take: one write's, or a start's. */
  takeWrite(): WriteTrace;
};

/**
 * A native reducer's name, from the runtime's own tag (`sum`, `count`, `min`, `max`), which
 * survives a minifier that renames the helpers' classes in the worker's bundle.
 */
function nativeName(base: Ctor, params: unknown[]): string {
  const probe = new (base as new (...p: unknown[]) => object)(...params) as Record<symbol, unknown>;
  const tag = Object.getOwnPropertySymbols(probe)
    .map((symbol) => probe[symbol])
    .find((value): value is string => typeof value === 'string');
  return tag ? tag.charAt(0).toUpperCase() + tag.slice(1) : base.name;
}

/** The same class under the same name (the runtime names its objects by their class). */
function named<T extends Ctor>(sub: T, base: Ctor): T {
  Object.defineProperty(sub, 'name', {value: base.name});
  return sub;
}

export function traceService(service: SkipService): Tracer {
  let calls: TracedCall[] = [];
  /** Each node's output keys whose values changed in the current write. */
  const nodeKeys = new Map<number, Set<string>>();
  /** Each mapper's output keys left with no value in the current write. */
  const goneKeys = new Map<number, Set<string>>();
  const natives = new Map<number, {name: string; from: Source}>();
  /** Per input, the keys written and, of those, the ones deleted (written with no value). */
  const written = new Map<string, Set<string>>();
  const deleted = new Map<string, Set<string>>();
  let nodes = 0;

  /** A source's keys in one of the write's tables: an input's, a mapper's, or (through a
   * native reducer, whose key goes with its input's) the source it reduces. */
  const follow =
    (byInput: Map<string, Set<string>>, byNode: Map<number, Set<string>>) =>
    (source: Source): Set<string> => {
      const from = follow(byInput, byNode);
      if ('input' in source) return byInput.get(source.input) ?? new Set();
      if ('node' in source) {
        const native = natives.get(source.node);
        return native ? from(native.from) : (byNode.get(source.node) ?? new Set());
      }
      return new Set(source.all.flatMap((s) => [...from(s)]));
    };
  const keysFrom = follow(written, nodeKeys);
  /** The keys a source lost in this write. */
  const goneFrom = follow(deleted, goneKeys);
  /**
   * Per mapper (in the order they were made, a mapper's input before it): its input, what
   * each input key gave last (output key and value, as JSON), how many input keys give each
   * output key, and what the keys touched in this write gave before it. The runtime runs a
   * mapper on a key whose values changed, and on nothing else: a key written with the values
   * it had runs nothing (0.0.15), and keeps its outputs. A key its input lost (deleted) is not
   * run either: its old outputs go. An output key changed when what the touched keys give it
   * changed (a mapper rerun to the same outputs changes nothing downstream).
   */
  type Out = [string, string][];
  const mappers = new Map<
    number,
    {from: Source; last: Map<string, Out>; givers: Map<string, number>; before: Map<string, Out>}
  >();
  const replace = (node: number, key: string, now: Out) => {
    const {last, givers, before} = mappers.get(node)!;
    const old = last.get(key) ?? [];
    if (!before.has(key)) before.set(key, old);
    for (const [k] of old) {
      const n = (givers.get(k) ?? 0) - 1;
      if (n > 0) givers.set(k, n);
      else givers.delete(k);
    }
    for (const [k] of now) givers.set(k, (givers.get(k) ?? 0) + 1);
    if (now.length > 0) last.set(key, now);
    else last.delete(key);
  };
  const settle = () => {
    for (const [node, {from, last, givers, before}] of mappers) {
      for (const key of goneFrom(from)) if (last.has(key)) replace(node, key, []);
      const add = (map: Map<string, string[]>, k: string, v: string) => {
        const values = map.get(k);
        if (values) values.push(v);
        else map.set(k, [v]);
      };
      const was = new Map<string, string[]>();
      const is = new Map<string, string[]>();
      for (const [key, old] of before) {
        for (const [k, v] of old) add(was, k, v);
        for (const [k, v] of last.get(key) ?? []) add(is, k, v);
      }
      const same = (a: string[] = [], b: string[] = []) =>
        a.length === b.length && json(a.sort()) === json(b.sort());
      const changed = [...new Set([...was.keys(), ...is.keys()])].filter(
        (k) => !same(was.get(k), is.get(k)),
      );
      nodeKeys.set(node, new Set(changed));
      goneKeys.set(node, new Set(changed.filter((k) => !givers.has(k))));
      before.clear();
    }
  };

  function mapper(base: Ctor, from: Source): {ctor: Ctor; node: number} {
    const node = ++nodes;
    mappers.set(node, {from, last: new Map(), givers: new Map(), before: new Map()});
    const Base = base as new (...params: never[]) => {
      mapEntry(...args: unknown[]): Iterable<[Json, Json]>;
    };
    const ctor = class extends Base {
      mapEntry(key: Json, ...rest: unknown[]) {
        const out = Array.from(super.mapEntry(key, ...rest));
        const at = brief(key);
        calls.push({kind: 'mapEntry', name: base.name, key: at, returned: brief(out)});
        replace(
          node,
          at,
          out.map(([k, v]) => [brief(k), json(v)]),
        );
        return out;
      }
    };
    return {ctor: named(ctor, base), node};
  }

  /** A reducer traced, or `null` when it is native (no `add` of its own to call). */
  function reducer(base: Ctor, params: unknown[]): Ctor | null {
    const probe = new (base as new (...p: unknown[]) => {add?: unknown})(...params);
    if (typeof probe.add !== 'function') return null;
    const Base = base as new (...params: never[]) => {
      add(acc: Json | null, value: Json): Json;
      remove(acc: Json, value: Json): Json | null;
    };
    const ctor = class extends Base {
      add(acc: Json | null, value: Json) {
        const out = super.add(acc, value);
        calls.push({kind: 'add', name: base.name, returned: brief(out)});
        return out;
      }
      remove(acc: Json, value: Json) {
        const out = super.remove(acc, value);
        calls.push({kind: 'remove', name: base.name, returned: brief(out)});
        return out;
      }
    };
    return named(ctor, base);
  }

  function lazy(base: Ctor): Ctor {
    const Base = base as new (...params: never[]) => {
      compute(self: unknown, key: Json): Iterable<Json>;
    };
    const ctor = class extends Base {
      compute(self: unknown, key: Json) {
        const out = Array.from(super.compute(self, key));
        calls.push({kind: 'compute', name: base.name, key: brief(key), returned: brief(out)});
        return out;
      }
    };
    return named(ctor, base);
  }

  /** A reduce: traced, or a native node that reports its input's keys. */
  function reduced(from: Source, run: (ctor: Ctor) => unknown, base: Ctor, params: unknown[]) {
    const traced = reducer(base, params);
    if (traced) return collection(run(traced) as Collection, from);
    const node = ++nodes;
    natives.set(node, {name: nativeName(base, params), from});
    return collection(run(base) as Collection, {node});
  }

  type Collection = Record<string | symbol, unknown>;
  function collection(target: Collection, source: Source): Collection {
    const proxy = new Proxy(target, {
      get(obj, prop) {
        const value = Reflect.get(obj, prop, obj) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        if (prop === 'map')
          return (base: Ctor, ...params: unknown[]) => {
            const {ctor, node} = mapper(base, source);
            return collection(fn.call(obj, ctor, ...params) as Collection, {node});
          };
        if (prop === 'mapReduce')
          return (base: Ctor, ...mapParams: unknown[]) => {
            const {ctor, node} = mapper(base, source);
            const then = fn.call(obj, ctor, ...mapParams) as (...a: unknown[]) => unknown;
            return (red: Ctor, ...params: unknown[]) =>
              reduced({node}, (r) => then(r, ...params), red, params);
          };
        if (prop === 'reduce')
          return (red: Ctor, ...params: unknown[]) =>
            reduced(source, (r) => fn.call(obj, r, ...params), red, params);
        if (prop === 'slice' || prop === 'slices' || prop === 'take')
          return (...args: unknown[]) => collection(fn.apply(obj, args) as Collection, source);
        if (prop === 'merge')
          return (...others: Collection[]) =>
            collection(fn.apply(obj, others) as Collection, {
              all: [source, ...others.map((o) => sources.get(o) ?? {all: []})],
            });
        return fn.bind(obj);
      },
    });
    sources.set(proxy, source);
    return proxy;
  }
  const sources = new WeakMap<object, Source>();

  const context = (target: object) =>
    new Proxy(target, {
      get(obj, prop) {
        const value = Reflect.get(obj, prop, obj) as unknown;
        if (prop === 'createLazyCollection' && typeof value === 'function')
          return (base: Ctor, ...params: unknown[]) =>
            (value as (...a: unknown[]) => unknown).call(obj, lazy(base), ...params);
        return typeof value === 'function' ? (value as () => unknown).bind(obj) : value;
      },
    });
  const inputs = (collections: Record<string, Collection>, source: (name: string) => Source) =>
    Object.fromEntries(
      Object.entries(collections).map(([name, c]) => [name, collection(c, source(name))]),
    );

  const graphOutputs = new Map<string, Source>();
  const traced: SkipService = {
    ...service,
    createGraph(collections, ctx) {
      const result = service.createGraph(
        inputs(collections as never, (name) => ({input: name})) as never,
        context(ctx) as never,
      ) as unknown as Record<string, Collection>;
      for (const [name, c] of Object.entries(result)) {
        graphOutputs.set(name, sources.get(c) ?? {all: []});
      }
      return result as never;
    },
    resources: Object.fromEntries(
      Object.entries(service.resources ?? {}).map(([name, base]) => {
        const Base = base as unknown as new (...params: never[]) => {
          instantiate(collections: Record<string, Collection>, ctx: object): unknown;
        };
        const ctor = class extends Base {
          instantiate(collections: Record<string, Collection>, ctx: object) {
            return super.instantiate(
              inputs(collections, (n) => graphOutputs.get(n) ?? {all: []}),
              context(ctx),
            );
          }
        };
        return [name, named(ctor, base as Ctor)];
      }),
    ) as unknown as SkipService['resources'],
  };

  return {
    service: traced,
    writing(name, entries) {
      written.set(name, new Set(entries.map(([key]) => brief(key))));
      deleted.set(
        name,
        new Set(entries.filter(([, values]) => values.length === 0).map(([key]) => brief(key))),
      );
    },
    takeWrite() {
      settle();
      const ran = [...natives.values()].map(({name, from}) => ({
        name,
        keys: [...keysFrom(from)],
      }));
      const trace = {calls, natives: ran.filter((n) => n.keys.length > 0)};
      calls = [];
      nodeKeys.clear();
      goneKeys.clear();
      written.clear();
      deleted.clear();
      return trace;
    },
  };
}
