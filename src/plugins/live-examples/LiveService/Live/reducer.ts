/**
 * The running example's state, and how each worker message (./messages.ts) and each of the
 * reader's actions changes it: a pure reducer (no React, no DOM, no worker), so that the rules it keeps are
 * unit-tested on their own (tests/unit/live-state.test.ts). ./index.tsx holds it with
 * `useReducer`; ./useLiveWorker.ts feeds it the worker's messages and carries out what it
 * asks for (a new worker, a run to post).
 *
 * The rules: runs are numbered here, and a message of a run that is neither the one asked for
 * nor the one on screen is ignored; the last run that worked, with the inputs the runtime
 * accepted, is what Stop (and the watchdog) start again in a new worker; an edit shows at
 * once and is taken back if the runtime refuses it; a Check's outcome counts only for the
 * last Check asked for. What the outputs show is marked as soon as the editor's code differs
 * from the code that produced them (`staleness`). One example on a page holds a runtime at a
 * time: another's start pauses this one (its worker ended, its tables kept), and any run resumes
 * it in a new worker.
 */
import type {FromWorker, LiveFailure, Shown} from '../protocol';
import {changedLines} from '../diff';
import type {Row} from '../state';
import {empty, onMessage} from './messages';

export {LOG_LINES} from './messages';

export type Inputs = Record<string, Row[]>;
export type LogLine = {id: number; text: string};
export type Resource = {rows: Row[]; changed: Set<string>; updates: number};
/** What the banner says: a failed run, an edit the runtime refused, a stop, a Check's error. */
export type Banner = LiveFailure & {from: 'run' | 'write' | 'stop' | 'check'};
/** A Check's outcome: passed, not passed (the first difference), or stopped. */
export type Outcome =
  | {state: 'passed'; writes: number}
  | {state: 'failed'; message?: string; threw: boolean; download?: boolean}
  | {state: 'stopped'};
/** A challenge's Check: under way (with the last outcome, shown until the new one), or done. */
export type Checked = {state: 'running'; last: Outcome | null} | Outcome;
/** What the example shows on a phone, where code and result take turns (desktop: both). */
export type View = 'code' | 'result';
/** A run asked for and not settled yet: its number, its code and the inputs it starts with. */
export type PendingRun = {run: number; code: string; inputs: Inputs | null};

export type LiveState = {
  /** The resource instances the fence shows (constant). */
  show: Shown[];
  /** The page's code (constant: what Reset goes back to) and the editor's. */
  pageCode: string;
  code: string;
  /** The worker's generation: each restart asks for a new one. */
  worker: number;
  /** Whether another example's start ended this one's worker (the next run resumes it). */
  paused: boolean;
  /** The last run number used, the run asked for and not settled, the run on screen (0: none). */
  runs: number;
  pending: PendingRun | null;
  active: number;
  /** The last code that ran, with the inputs the runtime accepted: what Stop restarts. */
  good: {code: string; inputs: Inputs} | null;
  /** The last code asked to run that did not start (an error, a stop): not "edited" code. */
  failed: string | null;
  /**
   * Edits sent and not answered yet, by number: the rows to go back to if one is refused, and
   * when each was sent (a write unanswered for `SLOW_WRITE_MS` offers Stop).
   */
  writes: Record<number, {collection: string; before: Row[]; after: Row[]; at: number}>;
  /** Whether a write has gone unanswered for `SLOW_WRITE_MS` (the code may loop on it). */
  slow: boolean;
  /** Whether the reader edited a table: Run then keeps the rows, else the code's own data. */
  edited: boolean;
  inputs: Inputs | null;
  resources: Resource[];
  log: LogLine[];
  logId: number;
  status: string;
  progress: {loaded: number; total?: number} | null;
  error: Banner | null;
  /** The number of the Check under way (0: none) and what the last one found. */
  checking: number;
  checked: Checked | null;
  /** Set by the first output ever: from then on the type checker may load. */
  firstOutput: boolean;
  /** Counts Stops (focus goes back to Run) and solutions put in the editor (focus to Check). */
  stops: number;
  solutions: number;
  /** The editor's lines the last solution put in changed (1-based; none after Reset). */
  marked: number[];
  view: View;
};

export type Action =
  | {type: 'message'; message: FromWorker}
  /** The worker itself failed (`downloaded`: it had answered once). */
  | {type: 'crashed'; downloaded: boolean; message: string}
  /** Run (and Check, which runs the code too): the editor's code, with the edited rows. */
  | {type: 'run'; from?: 'editor'}
  | {type: 'reset'}
  /** Retry after a failed download: the editor's code in a new worker. */
  | {type: 'retry'}
  | {type: 'stop'; why: string}
  /** Another example on the page started: this one's worker was ended (./useLiveWorker.ts). */
  | {type: 'pause'}
  | {type: 'code'; code: string}
  | {type: 'edit'; write: number; collection: string; rows: Row[]; at: number}
  /** The watchdog's second: whether a write has waited too long. */
  | {type: 'tick'; now: number}
  | {type: 'view'; view: View}
  | {type: 'check'; check: number}
  | {type: 'solution'; code: string}
  /** A changed row's mark ends (after MARK_MS). */
  | {type: 'unmark'; run: number; index: number; keys: string[]};

/** How long a changed row stays marked (./useLiveWorker.ts sends the `unmark`). */
export const MARK_MS = 1500;
/** A write unanswered for this long offers Stop (the watchdog ends it at 4 s of silence). */
export const SLOW_WRITE_MS = 500;
/** The status of an example paused by another one's start. */
const PAUSED = 'Paused: another example on this page is running. Run to resume.';

/** The state of a running example that has just asked for the page's code to run. */
export function initialState(pageCode: string, show: Shown[]): LiveState {
  return {
    show,
    pageCode,
    code: pageCode,
    worker: 1,
    paused: false,
    runs: 1,
    pending: {run: 1, code: pageCode, inputs: null},
    active: 0,
    good: null,
    failed: null,
    writes: {},
    slow: false,
    edited: false,
    inputs: null,
    resources: empty(show),
    log: [],
    logId: 0,
    status: 'Starting the Skip runtime…',
    progress: null,
    error: null,
    checking: 0,
    checked: null,
    firstOutput: false,
    stops: 0,
    solutions: 0,
    marked: [],
    view: 'code',
  };
}

/** A new run of `code`, in the current worker (a new one when the example was paused). */
function request(state: LiveState, code: string, inputs: Inputs | null): LiveState {
  const run = state.runs + 1;
  const worker = state.paused ? state.worker + 1 : state.worker;
  return {...state, worker, paused: false, runs: run, pending: {run, code, inputs}, progress: null};
}

/** A new worker, with `source` run in it (or nothing, when there is no run to restore). */
function restart(state: LiveState, source: {code: string; inputs: Inputs | null} | null) {
  const worker = state.worker + 1;
  const next = {...state, worker, paused: false, active: 0, pending: null, writes: {}, slow: false};
  return source ? request(next, source.code, source.inputs) : next;
}

export function liveReducer(state: LiveState, action: Action): LiveState {
  switch (action.type) {
    case 'message':
      return onMessage(state, action.message);
    case 'crashed':
      return {
        ...state,
        pending: null,
        error: {
          from: 'run',
          phase: 'load',
          message: action.downloaded
            ? `The live example's worker failed: ${action.message}`
            : "The live example's worker could not be downloaded.",
        },
        status: 'The live example stopped.',
      };
    case 'run':
      return {
        ...request(state, state.code, state.edited ? state.inputs : null),
        error: null,
        status: 'Running the code…',
        // On a phone the result takes the screen, unless the reader runs from the editor.
        view: action.from === 'editor' ? state.view : 'result',
      };
    case 'reset':
      return {
        ...restart(state, {code: state.pageCode, inputs: null}),
        code: state.pageCode,
        log: [],
        error: null,
        inputs: null,
        edited: false,
        checking: 0,
        checked: null,
        marked: [],
        status: 'Running the page’s version…',
      };
    case 'retry':
      return {
        ...restart(state, {code: state.code, inputs: state.edited ? state.inputs : null}),
        error: null,
        status: 'Retrying…',
      };
    case 'stop': {
      const message = state.good
        ? `${action.why} The last good run was started again.`
        : `${action.why} Edit the code and press Run, or Reset.`;
      return {
        ...restart(state, state.good),
        // The editor keeps the reader's code; code that never started is not "edited".
        failed: state.pending ? state.pending.code : state.failed,
        checking: 0,
        checked: state.checking !== 0 ? {state: 'stopped'} : state.checked,
        error: {from: 'stop', phase: 'runtime', message},
        status: message,
        stops: state.stops + 1,
      };
    }
    case 'pause':
      // The tables keep the last run (shown as paused); a Check under way ends unfinished.
      return {
        ...state,
        paused: true,
        pending: null,
        progress: null,
        writes: {},
        slow: false,
        checking: 0,
        checked: state.checking !== 0 ? {state: 'stopped'} : state.checked,
        status: PAUSED,
      };
    case 'code':
      return {...state, code: action.code};
    case 'edit': {
      // Paused, the rows wait for the run that resumes the example (no worker to write to).
      if (!state.inputs || state.paused) {
        const inputs = state.inputs && {...state.inputs, [action.collection]: action.rows};
        return {...state, edited: true, inputs};
      }
      const before = state.inputs[action.collection] ?? [];
      return {
        ...state,
        edited: true,
        writes: {
          ...state.writes,
          [action.write]: {
            collection: action.collection,
            before,
            after: action.rows,
            at: action.at,
          },
        },
        inputs: {...state.inputs, [action.collection]: action.rows},
      };
    }
    case 'check': {
      const {checked} = state;
      return {
        ...state,
        error: state.error?.from === 'check' ? null : state.error,
        checking: action.check,
        // A re-check keeps the last outcome on screen until the new one arrives.
        checked: {state: 'running', last: checked?.state === 'running' ? checked.last : checked},
      };
    }
    case 'solution': {
      // The solution goes in and runs; its changed lines are marked.
      const next = {...state, code: action.code, checked: null, solutions: state.solutions + 1};
      return {
        ...request(next, action.code, state.edited ? state.inputs : null),
        error: null,
        status: 'Running the solution…',
        marked: changedLines(state.code, action.code),
        view: 'result',
      };
    }
    case 'tick': {
      const slow = Object.values(state.writes).some(({at}) => action.now - at >= SLOW_WRITE_MS);
      return slow === state.slow ? state : {...state, slow};
    }
    case 'view':
      return action.view === state.view ? state : {...state, view: action.view};
    case 'unmark': {
      if (action.run !== state.active) return state;
      const resource = state.resources[action.index];
      if (!resource || action.keys.every((key) => !resource.changed.has(key))) return state;
      const still = new Set(resource.changed);
      action.keys.forEach((key) => still.delete(key));
      return {
        ...state,
        resources: state.resources.map((r, i) => (i === action.index ? {...r, changed: still} : r)),
      };
    }
  }
}
