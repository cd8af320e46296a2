/**
 * Pure: the steps of "What ran" (./Trace.tsx, issue 30): the worker's `traced` and `scratched`
 * messages (../traceRun.ts records them) to the writes since Run, one step each (the start is
 * the first), the one the reader selected, and the lines that say what a step ran and what
 * each shown resource sent its readers. A message of an
 * older run changes nothing; one of a newer run starts the list again. Unit-tested in
 * tests/unit/live-trace.test.ts, which feeds it the Node run's own traces.
 */
import type {FromWorker} from '../protocol';
import type {Cost, OutputRow, ResourceOutput, StepTrace} from '../traceRun';

export type TraceStep = {
  /** The page's id of the write (0: the start), which counts the writes of every run. */
  write: number;
  /**
   * Its place since Run (0: the start, 1: the first write whose trace came), kept when older
   * steps are dropped: the name the reader sees.
   */
  number: number;
  /** The collection written (absent: the start of the run). */
  collection?: string;
  trace: StepTrace;
  /** A run from scratch over the inputs after this step: measured, or why it could not be. */
  scratch?: Cost | {error: string};
};

/** `selected` is an index into `steps`, or -1: the newest step, following new writes. */
export type TraceState = {run: number; steps: TraceStep[]; selected: number};

export type TraceAction =
  | {type: 'message'; message: Extract<FromWorker, {type: 'traced' | 'scratched'}>}
  | {type: 'select'; index: number};

export const emptyTrace: TraceState = {run: 0, steps: [], selected: -1};

/** Steps kept: the oldest go first (a reader writing for a long time). */
export const KEPT_STEPS = 50;

export function traceReducer(state: TraceState, action: TraceAction): TraceState {
  if (action.type === 'select') {
    const last = state.steps.length - 1;
    const index = Math.max(0, Math.min(last, action.index));
    return {...state, selected: index === last ? -1 : index};
  }
  const {message} = action;
  if (message.run < state.run) return state;
  const base = message.run > state.run ? {...emptyTrace, run: message.run} : state;
  if (message.type === 'traced') {
    const number = message.collection === undefined ? 0 : (base.steps.at(-1)?.number ?? 0) + 1;
    const step: TraceStep = {write: message.write, number, trace: message.trace};
    if (message.collection !== undefined) step.collection = message.collection;
    const steps = [...base.steps, step];
    const over = Math.max(0, steps.length - KEPT_STEPS);
    const selected = base.selected < 0 ? -1 : Math.max(0, base.selected - over);
    return {...base, steps: steps.slice(over), selected};
  }
  const scratch = message.cost ?? {error: message.error ?? 'not measured'};
  return {
    ...base,
    steps: base.steps.map((s) => (s.write === message.write ? {...s, scratch} : s)),
  };
}

/** The index of the step shown. */
export const shownIndex = (state: TraceState): number =>
  state.selected < 0 ? state.steps.length - 1 : state.selected;

/** A count as a reader reads it: 10,000. */
export const count = (n: number): string => n.toLocaleString('en-US');

const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/** "2 calls on 1 key, against 2 calls on 2 keys from scratch". */
export function summary(step: Pick<TraceStep, 'trace' | 'scratch'>): string {
  const {total, keys} = step.trace;
  const own = `${plural(total, 'call')} on ${plural(keys, 'key')}`;
  const {scratch} = step;
  if (!scratch) return `${own}; from scratch: measuring…`;
  if ('error' in scratch) return `${own}; from scratch: not measured (${scratch.error})`;
  return `${own}, against ${plural(scratch.calls, 'call')} on ${plural(scratch.keys, 'key')} from scratch`;
}

/** "ByCustomer.mapEntry: 2 calls; Sum (native): 1 key", or null when nothing ran. */
export function perFunction(trace: StepTrace): string | null {
  const parts = [
    ...trace.functions.map(([name, n]) => `${name}: ${plural(n, 'call')}`),
    ...trace.natives.map(({name, count: n}) => `${name} (native): ${plural(n, 'key')}`),
  ];
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The line under the calls shown when there were more: "and 9,950 more calls (9,950 keys)". */
export function moreCalls(trace: StepTrace): string | null {
  const more = trace.total - trace.calls.length;
  return more > 0 ? `and ${plural(more, 'more call')} (${plural(trace.moreKeys, 'key')})` : null;
}

/** A native reducer's keys: the first ones, and how many more. */
export function nativeKeys({keys, count: n}: StepTrace['natives'][number]): string {
  const more = n - keys.length;
  return more > 0 ? `${keys.join(', ')} and ${count(more)} more` : keys.join(', ');
}

/** What a key sent became for its readers: "added", "[8] → [20]", "removed (was [8])". */
export function changeText(row: OutputRow): string {
  if (row.change === 'added') return 'added';
  if (row.change === 'removed') return `removed (was ${row.before})`;
  if (row.change === 'changed') return `${row.before} → ${row.sent}`;
  return 'unchanged';
}

/** "totals sent 1 key to its readers, 1 changed", or "totals sent nothing to its readers". */
export function sentLine(output: ResourceOutput, label: string): string {
  if (output.sent === 0) return `${label} sent nothing to its readers`;
  const more = output.sent - output.rows.length;
  return `${label} sent ${plural(output.sent, 'key')} to its readers, ${count(output.changed)} changed${more > 0 ? ` (the first ${count(output.rows.length)} shown)` : ''}`;
}

/** A step's name on the timeline: "Start" or "Write 3 (orders)", by its place since Run. */
export const stepName = (step: TraceStep): string =>
  step.collection === undefined ? 'Start' : `Write ${step.number} (${step.collection})`;
