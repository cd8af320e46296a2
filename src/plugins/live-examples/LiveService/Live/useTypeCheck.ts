/**
 * Problems as the reader's editor would show them, while they type: the editor's code is
 * checked by a second worker (../typecheck.ts, the TypeScript compiler) `DEBOUNCE_MS` after
 * the last keystroke. The checker loads on the reader's first edit: a Run of the page's own
 * code never downloads TypeScript (about 1.1 MB gzip), since the page's code type-checks.
 * It never loads before a run's first output (`mayStart`), whose downloads it would slow.
 * Only the last check asked for counts; the previous result stays on screen until it comes,
 * so the list does not flash while the reader types. The code runs whatever the outcome, as
 * with `tsx`.
 */
import {useEffect, useRef, useState} from 'react';
import type {FromChecker, ToChecker, TypeDiagnostic} from '../protocol';

/** How long the reader's typing pauses before the code is checked. */
export const DEBOUNCE_MS = 300;

/**
 * The type checker's view of the editor's code: not wanted yet (no edit), loading (the first
 * check under way), failed to load, or the last check's problems, with the code checked.
 */
export type Types =
  | {state: 'idle'}
  | {state: 'loading'}
  | {state: 'failed'; message: string}
  | {state: 'checked'; code: string; errors: TypeDiagnostic[]; count: number; ms: number};

export function useTypeCheck(
  /** The page's code: until the editor's differs from it, nothing is checked. */
  pageCode: string,
  /** The editor's code. */
  code: string,
  /** Whether a run has shown its first output (or failed): the checker may load. */
  mayStart: boolean,
): Types {
  const [types, setTypes] = useState<Types>({state: 'idle'});
  const checker = useRef<Worker | null>(null);
  /** The last check's number; whether the reader has edited the code yet. */
  const checks = useRef(0);
  const edited = useRef(false);
  /** The code of each check asked for, by number, until its answer. */
  const asked = useRef(new Map<number, string>());

  useEffect(() => {
    if (code !== pageCode) edited.current = true;
    if (!edited.current || !mayStart) return;
    if (!checker.current) {
      // Loaded at once, so that the download runs while the reader types.
      const instance = new Worker(new URL('../typecheck.ts', import.meta.url), {
        name: 'live-typecheck',
      });
      instance.onmessage = ({data}: MessageEvent<FromChecker>) => {
        const checked = asked.current.get(data.check);
        asked.current.delete(data.check);
        if (data.check !== checks.current || checked === undefined) return;
        setTypes({
          state: 'checked',
          code: checked,
          errors: data.errors,
          count: data.count,
          ms: data.ms,
        });
      };
      instance.onerror = (event) => {
        event.preventDefault();
        instance.terminate();
        if (checker.current === instance) checker.current = null;
        setTypes({
          state: 'failed',
          message: 'The type checker could not be loaded; the code runs unchecked.',
        });
      };
      checker.current = instance;
      setTypes((now) => (now.state === 'idle' ? {state: 'loading'} : now));
    }
    const timer = window.setTimeout(() => {
      const check = ++checks.current;
      asked.current.set(check, code);
      const message: ToChecker = {type: 'check', check, code};
      checker.current?.postMessage(message);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [code, pageCode, mayStart]);

  useEffect(
    () => () => {
      checker.current?.terminate();
      checker.current = null;
    },
    [],
  );

  return types;
}
