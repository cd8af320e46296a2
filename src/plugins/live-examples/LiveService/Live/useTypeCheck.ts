/**
 * Type errors as the reader's editor would show them: the code of each Run (and Check, Reset,
 * Retry) is type-checked by a second worker (../typecheck.ts, the TypeScript compiler),
 * loaded only once a run has shown its first output (`mayStart`), a frame after it, so that
 * it never delays one. Only the last check asked for counts. The code runs whatever the
 * outcome, as with `tsx`.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import type {FromChecker, ToChecker, TypeDiagnostic} from '../protocol';

/** The last type check of the code run: its first errors and their count, or why there is none. */
export type Types = {errors: TypeDiagnostic[]; count: number; ms: number} | {failed: string};

export function useTypeCheck(
  /** The code checked first (the page's), sent once `mayStart` allows. */
  initial: string,
  mayStart: boolean,
): {types: Types | null; typeCheck: (source: string) => void} {
  const [types, setTypes] = useState<Types | null>(null);
  const checker = useRef<Worker | null>(null);
  /** The last check's number, the code waiting for a check, whether the checker may load. */
  const checks = useRef(0);
  const waiting = useRef<string | null>(initial);
  const allowed = useRef(false);

  /** Sends the code waiting for a check to the type checker, loading it the first time. */
  const send = useCallback(() => {
    const source = waiting.current;
    if (source === null || !allowed.current) return;
    waiting.current = null;
    if (!checker.current) {
      const instance = new Worker(new URL('../typecheck.ts', import.meta.url), {
        name: 'live-typecheck',
      });
      instance.onmessage = (event: MessageEvent<FromChecker>) => {
        const {check, errors, count, ms} = event.data;
        if (check === checks.current) setTypes({errors, count, ms});
      };
      instance.onerror = (event) => {
        event.preventDefault();
        instance.terminate();
        if (checker.current === instance) checker.current = null;
        setTypes({failed: 'The type checker could not be loaded; the code runs unchecked.'});
      };
      checker.current = instance;
    }
    const message: ToChecker = {type: 'check', check: ++checks.current, code: source};
    checker.current.postMessage(message);
  }, []);

  /** Type-checks the code the reader runs (now, or after the first output). */
  const typeCheck = useCallback(
    (source: string) => {
      setTypes(null);
      waiting.current = source;
      send();
    },
    [send],
  );

  // After the frame that shows the first output: the checker's download and start never
  // come before it.
  useEffect(() => {
    if (!mayStart || allowed.current) return;
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        allowed.current = true;
        send();
      });
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [mayStart, send]);

  useEffect(
    () => () => {
      checker.current?.terminate();
      checker.current = null;
    },
    [],
  );

  return {types, typeCheck};
}
