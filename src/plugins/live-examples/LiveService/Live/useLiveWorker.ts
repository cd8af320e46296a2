/**
 * The running example's worker (../worker.ts): started when the state asks for a new one
 * (`state.worker`, on mount, Reset, Retry, Stop and the watchdog), terminated when it is
 * replaced or the example unmounts. It posts each run the state asks for, hands every
 * message to the reducer (./reducer.ts), and keeps the watchdog: the worker is asked every
 * second whether it is free, and one silent for `STUCK_MS` after it answered once (an
 * endless loop in the reader's code) is stopped, which restarts the last good run (the
 * editor keeps the reader's code). Each second also tells the reducer the time, so that a
 * write left unanswered offers Stop before the watchdog acts.
 *
 * One runtime on a page at a time: the Skip runtime's WebAssembly build holds about 80 MB per
 * worker, so the example whose worker starts ends the worker of the one that ran before, which
 * keeps its tables under "Paused" (./reducer.ts) until a run of its own resumes it in a new
 * worker. A Check asked for while paused waits for that worker.
 */
import {useCallback, useEffect, useRef, type Dispatch} from 'react';
import type {FromWorker, ToWorker} from '../protocol';
import {entriesOf, keyText} from '../state';
import {MARK_MS, type Action, type Inputs, type LiveState} from './reducer';

/** A worker that has not answered for this long is stuck in the reader's code. */
export const STUCK_MS = 4000;

/** The example holding the page's runtime: ends its worker when another one starts. */
let holder: (() => void) | null = null;

const toEntries = (inputs: Inputs) =>
  Object.fromEntries(Object.entries(inputs).map(([n, rows]) => [n, entriesOf(rows)]));

export function useLiveWorker(
  state: LiveState,
  dispatch: Dispatch<Action>,
  /** Where the worker's `stream` (./Clients.tsx) and `traced`, `scratched` (./Trace.tsx) go. */
  streams: EventTarget,
): (message: ToWorker) => void {
  const worker = useRef<Worker | null>(null);
  /** When the worker last answered (0: not yet). */
  const lastPong = useRef(0);
  /** A Check sent while paused, for the worker that resumes the example. */
  const waiting = useRef<ToWorker[]>([]);
  const post = useCallback((message: ToWorker) => {
    if (worker.current) worker.current.postMessage(message);
    else if (message.type === 'check') waiting.current.push(message);
  }, []);

  useEffect(() => {
    lastPong.current = 0;
    const instance = new Worker(new URL('../worker.ts', import.meta.url), {name: 'live-service'});
    worker.current = instance;
    instance.onmessage = ({data: message}: MessageEvent<FromWorker>) => {
      lastPong.current = Date.now();
      if (message.type === 'pong') return;
      // Clients (./Clients.tsx) keep the streams of the run they show and drop the others;
      // "What ran" (./Trace.tsx) keeps the traces of the newest run.
      if (message.type === 'stream' || message.type === 'traced' || message.type === 'scratched') {
        streams.dispatchEvent(new CustomEvent(message.type, {detail: message}));
        return;
      }
      dispatch({type: 'message', message});
      if (message.type === 'update') {
        const keys = message.update.values.map(([key]) => keyText(key));
        const {run, index} = message;
        window.setTimeout(() => dispatch({type: 'unmark', run, index, keys}), MARK_MS);
      }
    };
    instance.onerror = (event) => {
      event.preventDefault();
      dispatch({type: 'crashed', downloaded: lastPong.current !== 0, message: event.message});
    };
    const pause = () => {
      instance.onmessage = null;
      instance.terminate();
      if (worker.current === instance) worker.current = null;
      dispatch({type: 'pause'});
    };
    holder?.();
    holder = pause;
    return () => {
      instance.terminate();
      if (worker.current === instance) worker.current = null;
      if (holder === pause) holder = null;
    };
  }, [state.worker, dispatch, streams]);

  // Each run the state asks for, once, to the worker of that moment (created just above).
  const {pending, show} = state;
  useEffect(() => {
    if (!pending) return;
    const {run, code, inputs} = pending;
    post({type: 'run', run, code, show, inputs: inputs ? toEntries(inputs) : undefined});
  }, [pending, show, post]);

  // A Check pressed while paused goes to the new worker, after the run that resumes.
  useEffect(() => {
    waiting.current.splice(0).forEach(post);
  }, [state.worker, post]);

  // The watchdog: a worker that answered once and then falls silent is stuck.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!worker.current) return;
      // A write waiting too long offers Stop (the reducer decides).
      dispatch({type: 'tick', now: Date.now()});
      if (lastPong.current > 0 && Date.now() - lastPong.current > STUCK_MS) {
        const why = `The code did not answer for ${STUCK_MS / 1000} s (an endless loop?) and was stopped.`;
        lastPong.current = 0;
        dispatch({type: 'stop', why});
      } else {
        post({type: 'ping'});
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [dispatch, post]);

  return post;
}
