/**
 * Pure: the steps of "What ran" (./Trace.tsx, issue 30): the worker's `traced` and `scratched`
 * messages (../trace.ts records them) to the writes since Run, one step each (the start is the
 * first), the one the reader selected, and the sentence that sums one up. A message of an
 * older run changes nothing; one of a newer run starts the list again. Unit-tested in
 * tests/unit/live-trace.test.ts, which feeds it the Node run's own traces.
 */
import type {FromWorker} from '../protocol';
import {keysOf, type WriteTrace} from '../trace';
import {costOf, type Cost} from '../traceRun';

export type TraceStep = {
  write: number;
  /** The collection written (absent: the start of the run). */
  collection?: string;
  trace: WriteTrace;
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
    const step: TraceStep = {write: message.write, trace: message.trace};
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 calls on 1 key, against 2 calls on 2 keys from scratch". */
export function summary(step: TraceStep): string {
  const {calls, keys} = costOf(step.trace);
  const own = `${plural(calls, 'call')} on ${plural(keys, 'key')}`;
  const {scratch} = step;
  if (!scratch) return `${own}; from scratch: measuring…`;
  if ('error' in scratch) return `${own}; from scratch: not measured (${scratch.error})`;
  return `${own}, against ${plural(scratch.calls, 'call')} on ${plural(scratch.keys, 'key')} from scratch`;
}

/** A step's name on the timeline: "Start" or "Write 3 (orders)". */
export const stepName = (step: TraceStep, index: number): string =>
  step.collection === undefined ? 'Start' : `Write ${index} (${step.collection})`;

export {keysOf};
