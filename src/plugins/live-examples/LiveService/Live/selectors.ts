/**
 * What the running example's parts read from its state (./reducer.ts) beyond the fields
 * themselves: whether a run is under way, whether Stop is offered, whether the outputs lag
 * behind the editor, and the status line that follows from it. Pure, unit-tested with the
 * reducer (tests/unit/live-state.test.ts).
 */
import type {LiveState} from './reducer';

/** Whether a run is under way (the tables wait). */
export const isBusy = (state: LiveState): boolean => state.pending !== null;

/** Whether Stop is offered: a run, a Check, or a write that has waited too long. */
export const canStop = (state: LiveState): boolean =>
  state.pending !== null || state.checked?.state === 'running' || state.slow;

/**
 * Whether the outputs lag behind the editor: `paused` when another example's start ended this
 * one's worker (the tables show its last run, until Run resumes it), `edited` when its code
 * differs from the code that runs (or is starting), `failed` when it holds code that did not
 * run (an error, a stop), so the tables are the last good run's; null when they show the
 * editor's code, or nothing.
 */
export function staleness(state: LiveState): 'paused' | 'edited' | 'failed' | null {
  if (state.paused) return 'paused';
  const ran = state.pending?.code ?? state.good?.code;
  if (ran === undefined || state.code === ran) return null;
  return state.code === state.failed ? 'failed' : 'edited';
}

/** The status line: the state's, unless the code was edited since (then it says no more). */
export const statusLine = (state: LiveState): string =>
  staleness(state) === 'edited'
    ? 'Edited: press Run to update the output (the tables show the last run).'
    : state.status;
