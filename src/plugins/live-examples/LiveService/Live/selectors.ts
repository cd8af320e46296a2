/**
 * What the running example's parts read from its state (./reducer.ts) beyond the fields
 * themselves: whether a run is under way, whether Stop is offered, whether the outputs lag
 * behind the editor with the note that says so, and the status line, silent while the note speaks. Pure, unit-tested with the
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

/**
 * The note over the outputs while they lag behind the editor (`staleness`), null when they
 * do not: the one voice that says why the tables are not the editor's code.
 */
export function staleNote(state: LiveState): string | null {
  switch (staleness(state)) {
    case 'paused':
      return 'Paused: another example on this page is running. Run to resume; the tables show the last run.';
    case 'edited':
      return 'Edited: Run to update. The tables show the last run.';
    case 'failed':
      return 'The code in the editor did not run: the tables show the last good run.';
    case null:
      return null;
  }
}

/**
 * The status line: what the example is doing (starting, running, the first output's time, the
 * last update). Empty while the note over the outputs (`staleNote`) speaks, so that the two
 * never say the same thing twice nor speak of a run the tables no longer follow.
 */
export const statusLine = (state: LiveState): string =>
  staleness(state) === null ? state.status : '';
