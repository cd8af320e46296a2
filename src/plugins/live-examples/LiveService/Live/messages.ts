/**
 * What each message of the running example's worker does to its state: a part of the reducer
 * (./reducer.ts, which holds the state's type and the reader's actions), kept apart so that
 * each file stays short. Pure; unit-tested through the reducer (tests/unit/live-state.test.ts).
 * A message of a run that is neither the one asked for nor the one on screen changes nothing.
 */
import type {FromWorker, Shown} from '../protocol';
import {applyUpdate, keyText, rowsOf, shownKey, shownLabel} from '../state';
import type {LiveState, Resource} from './reducer';

/** Updates kept in the log. */
export const LOG_LINES = 6;

export const empty = (show: Shown[]): Resource[] =>
  show.map(() => ({rows: [], changed: new Set(), updates: 0}));

const without = <T>(record: Record<number, T>, key: number): Record<number, T> => {
  const rest = {...record};
  delete rest[key];
  return rest;
};

export function onMessage(state: LiveState, message: FromWorker): LiveState {
  switch (message.type) {
    case 'pong':
    case 'stream':
    case 'traced':
    case 'scratched':
      return state;
    case 'checked': {
      if (message.check !== state.checking) return state;
      if (message.passed) {
        return {...state, checking: 0, checked: {state: 'passed', writes: message.writes}};
      }
      return {
        ...state,
        checking: 0,
        error: message.failure ? {...message.failure, from: 'check'} : state.error,
        checked: {
          state: 'failed',
          message: message.message,
          threw: Boolean(message.failure),
          download: message.failure?.phase === 'load',
        },
      };
    }
    case 'progress':
      if (message.run !== state.pending?.run) return state;
      return {...state, progress: {loaded: message.loaded, total: message.total}};
    case 'started': {
      if (message.run !== state.pending?.run) return state;
      const inputs = Object.fromEntries(
        Object.entries(message.inputs).map(([name, entries]) => [name, rowsOf(entries)]),
      );
      return {
        ...state,
        active: message.run,
        pending: null,
        progress: null,
        // A stop's explanation stays with the run it restarted, until the reader's next Run;
        // a Check's error stays with the Check, which may have ended before this run started.
        error: state.error?.from === 'stop' || state.error?.from === 'check' ? state.error : null,
        good: {code: state.pending.code, inputs},
        writes: {},
        slow: false,
        inputs,
        resources: empty(state.show),
        status: 'Running: waiting for the first output…',
      };
    }
    case 'update': {
      if (message.run !== state.active) return state;
      const label = shownLabel(state.show[message.index]!);
      const {isInitial, watermark, values} = message.update;
      const keys = values.map(([key]) => shownKey(keyText(key))).join(', ') || 'none';
      const logId = state.logId + 1;
      const text = `${label}: ${isInitial ? 'init' : 'update'}, keys ${keys}, watermark ${watermark}`;
      return {
        ...state,
        resources: state.resources.map((resource, i) => {
          if (i !== message.index) return resource;
          const next = applyUpdate(resource.rows, message.update);
          return {rows: next.rows, changed: new Set(next.changed), updates: resource.updates + 1};
        }),
        logId,
        log: [{id: logId, text}, ...state.log].slice(0, LOG_LINES),
        status: isInitial
          ? `Running: first output ${Math.round(message.ms)} ms after the run started.`
          : `${label} updated: ${keys}.`,
        firstOutput: state.firstOutput || isInitial,
      };
    }
    case 'written': {
      const edit = state.writes[message.write];
      if (!edit) return state;
      const writes = without(state.writes, message.write);
      const slow = state.slow && Object.keys(writes).length > 0;
      if (message.run !== state.active) return {...state, writes, slow};
      if (message.error) {
        // The runtime applied nothing of a refused edit: the table goes back to match it.
        return {
          ...state,
          writes,
          slow,
          inputs: state.inputs ? {...state.inputs, [edit.collection]: edit.before} : null,
          error: {...message.error, from: 'write'},
          status: 'The edit was refused; the table shows what the runtime kept.',
        };
      }
      return {
        ...state,
        writes,
        slow,
        good: state.good && {
          ...state.good,
          inputs: {...state.good.inputs, [edit.collection]: edit.after},
        },
        error: state.error?.from === 'write' ? null : state.error,
      };
    }
    case 'error': {
      if (message.run !== state.pending?.run) return state;
      const {type: _type, run: _run, ...failure} = message;
      return {
        ...state,
        pending: null,
        failed: state.pending.code,
        progress: null,
        error: {...failure, from: 'run'},
        status:
          failure.phase === 'load'
            ? 'A part of the live example could not be downloaded.'
            : state.active > 0
              ? 'The code did not run; the last good run is still live.'
              : 'The code did not run.',
      };
    }
  }
}
