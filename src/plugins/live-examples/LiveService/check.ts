/**
 * **Check** of a challenge (format: src/challenges/format.ts): runs a service, given as the
 * reader's code evaluated, against the challenge's own inputs and writes, and reads every
 * instance the definition names after the start and after each write. The first content that
 * differs from the expected one is said in the reader's terms by `compare`.
 *
 * Pure of the page and of the browser: the worker (./worker.ts) runs it on the runtime's
 * WebAssembly build in the page, and the Node test (tests/unit/challenges.test.ts) runs the
 * same function, with the same `compare`, on the same build under Node.
 */
import type {Entry, Json, ServiceInstance, SkipService} from '@skipruntime/core';
import type {
  ChallengeDefinition,
  CheckedInstance,
  CheckedWrite,
  Expected,
} from '../../../challenges/format';

/** The outcome of a check: passed, or the first difference (or failure) in the reader's terms. */
export type CheckOutcome =
  | {passed: true; writes: number}
  | {
      passed: false;
      /** What differs, or what stopped the check, as the reader reads it. */
      message: string;
      /** A throw of the reader's code (or of the runtime on its behalf), for its line. */
      error?: unknown;
    };

/** An instance's name as the live example's tables label it: `tasksOf {"owner":"ana"}`. */
export const instanceLabel = ({resource, params}: CheckedInstance): string =>
  params && typeof params === 'object' && Object.keys(params).length > 0
    ? `${resource} ${JSON.stringify(params)}`
    : resource;

/** JSON with its object keys sorted: two values are equal when these are. */
function canonical(value: Json | null): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, Json>)[k]!)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A key's values are a multiset: the runtime orders them, the check does not ask it to. */
const sameValues = (a: readonly Json[], b: readonly Json[]) =>
  a.length === b.length &&
  a.map(canonical).sort().join('\n') === b.map(canonical).sort().join('\n');

const show = (value: Json) => JSON.stringify(value);

/**
 * The first difference between what an instance should hold and what it holds, as one
 * sentence: `when` is the point of the check ("When the service starts", "After task t4
 * loses its owner"), `label` the instance. Keys are visited in the order the live example's
 * tables show them; `null` when the contents are equal.
 */
export function compare(
  when: string,
  label: string,
  expected: readonly Entry<Json, Json>[],
  actual: readonly Entry<Json, Json>[],
): string | null {
  const text = (key: Json) => (typeof key === 'string' ? key : JSON.stringify(key));
  // A key with no values is no key: a read of a resource instance may list a key whose
  // values have all left with `[]` (as an update does to say the key is gone).
  const byKey = (entries: readonly Entry<Json, Json>[]) =>
    new Map(
      entries
        .filter(([, values]) => values.length > 0)
        .map(([key, values]) => [canonical(key), {key, values}]),
    );
  const want = byKey(expected);
  const got = byKey(actual);
  const keys = [...new Set([...want.keys(), ...got.keys()])].sort((a, b) => {
    const [x, y] = [text(JSON.parse(a) as Json), text(JSON.parse(b) as Json)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const at = `${when}, ${label}`;
  for (const id of keys) {
    const w = want.get(id);
    const g = got.get(id);
    const key = show((w ?? g)!.key);
    if (w && !g) {
      return `${at}: key ${key} should hold ${show(w.values)}, but the resource has no key ${key}.`;
    }
    if (g && !w) {
      return `${at}: key ${key} should not be there, but it holds ${show(g.values)}.`;
    }
    if (w && g && !sameValues(w.values, g.values)) {
      return `${at}: key ${key} should hold ${show(w.values)}, but it holds ${show(g.values)}.`;
    }
  }
  return null;
}

/**
 * The check's own data as it differs from the data of the reader's service (what the example's
 * tables show on Run), one sentence, so that a difference naming a key the tables never showed
 * says where that key comes from; `null` when the check starts from the tables' data.
 */
export function unseenInputs(
  initialData: Readonly<Record<string, readonly Entry<Json, Json>[]>>,
  inputs: Readonly<Record<string, readonly Entry<Json, Json>[]>>,
): string | null {
  const parts: string[] = [];
  for (const [name, entries] of Object.entries(inputs)) {
    const theirs = new Map((initialData[name] ?? []).map(([k, v]) => [canonical(k), v]));
    const ours = new Set(entries.map(([k]) => canonical(k)));
    const changes = entries.flatMap(([key, values]) => {
      const had = theirs.get(canonical(key));
      if (had && sameValues(had, values)) return [];
      return [`${had ? 'sets' : 'adds'} ${show(key)} to ${show(values)}`];
    });
    const left = [...theirs.keys()].filter((k) => !ours.has(k));
    if (left.length > 0) changes.push(`leaves out ${left.join(', ')}`);
    if (changes.length > 0) parts.push(`in "${name}" it ${changes.join('; ')}`);
  }
  return parts.length > 0
    ? `The check starts from its own data, not the one your tables show: ${parts.join('; and ')}.`
    : null;
}

/**
 * A write of the check as the reader can repeat it in the example's input table: `the check's
 * write to "tasks" sets "t4" to [{…}]`, or `… deletes "t1"`. The write's own sentence
 * ("after task t1 moves to Lin") says why; this says what, so that a failure can be reproduced.
 */
export const writeText = ({collection, entries}: Pick<CheckedWrite, 'collection' | 'entries'>) =>
  `the check's write to "${collection}" ${entries
    .map(([key, values]) =>
      values.length === 0 ? `deletes ${show(key)}` : `sets ${show(key)} to ${show(values)}`,
    )
    .join(', ')}`;

/** What the check needs of a runtime: `initService` of `@skipruntime/wasm` (browser or Node). */
export type InitService = (service: SkipService) => Promise<ServiceInstance>;

/**
 * Runs `service` against the challenge: its inputs replace the service's initial data, then
 * each write is applied, and every instance is read (as a snapshot reads it) after the start
 * and after each write. Stops at the first difference.
 */
export async function runCheck(
  service: SkipService,
  challenge: ChallengeDefinition,
  initService: InitService,
): Promise<CheckOutcome> {
  const resources = Object.keys(service.resources ?? {});
  for (const {resource} of Object.values(challenge.instances)) {
    if (!resources.includes(resource)) {
      return {
        passed: false,
        message: `The check reads the resource "${resource}", which the service does not declare: its resources are ${resources.map((n) => `"${n}"`).join(', ') || 'none'}.`,
      };
    }
  }
  const initialData: Record<string, Entry<Json, Json>[]> = {...service.initialData};
  for (const [name, entries] of Object.entries(challenge.inputs)) {
    if (!(name in initialData)) {
      return {
        passed: false,
        message: `The check writes to the input collection "${name}", which the service's initialData does not list.`,
      };
    }
    initialData[name] = entries;
  }

  const unseen = unseenInputs(service.initialData ?? {}, challenge.inputs);
  /** A difference, with the check's data the reader's tables do not show. */
  const failed = (message: string): CheckOutcome => ({
    passed: false,
    message: unseen ? `${message} ${unseen}` : message,
  });
  let when = 'When the service starts';
  let instance: ServiceInstance | undefined;
  /** The first difference among the instances, read in the definition's order. */
  const differs = async (expected: Expected): Promise<string | null> => {
    for (const [name, shown] of Object.entries(challenge.instances)) {
      const actual = await instance!.getAll(shown.resource, shown.params);
      const difference = compare(when, instanceLabel(shown), expected[name] ?? [], actual);
      if (difference) return difference;
    }
    return null;
  };
  try {
    try {
      instance = await initService({...service, initialData});
    } catch (error) {
      return {passed: false, message: `${when}, the code threw.`, error};
    }
    const atStart = await differs(challenge.start);
    if (atStart) return failed(atStart);
    for (const write of challenge.writes) {
      when = `${capitalize(write.after)} (${writeText(write)})`;
      try {
        await instance.update(write.collection, write.entries);
      } catch (error) {
        return {passed: false, message: `${when}, the runtime refused the write.`, error};
      }
      const difference = await differs(write.expect);
      if (difference) return failed(difference);
    }
    return {passed: true, writes: challenge.writes.length};
  } catch (error) {
    return {passed: false, message: `${when}, reading the resources threw.`, error};
  } finally {
    await instance?.close().catch(() => undefined);
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
