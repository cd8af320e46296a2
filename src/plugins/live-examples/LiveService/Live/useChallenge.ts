/**
 * A challenge's side of the running example (src/plugins/live-examples/Challenge): Check sends the code
 * to the worker, numbered so that only the last Check's outcome counts (./reducer.ts keeps
 * it); Check pressed on the closed example checks the page's code as soon as the worker is
 * up; "Put this solution in the editor" puts it there and runs it (the toolbar then focuses
 * Check).
 */
import {useCallback, useEffect, useRef, type Dispatch} from 'react';
import type {ToWorker} from '../protocol';
import type {Action} from './reducer';

/** A challenge's id, its solution's code and how many times the reader asked for it. */
export type ChallengeProps = {id: string; solution?: string; requests: number};

export function useChallenge({
  challenge,
  checkAtStart,
  pageCode,
  dispatch,
  post,
}: {
  challenge: ChallengeProps | undefined;
  checkAtStart: boolean;
  pageCode: string;
  dispatch: Dispatch<Action>;
  post: (message: ToWorker) => void;
}): (source: string) => void {
  /** The last Check's number. */
  const checks = useRef(0);
  const id = challenge?.id;
  /** Checks the code against the challenge, in the worker, beside the running example. */
  const check = useCallback(
    (source: string) => {
      if (id === undefined) return;
      const check = ++checks.current;
      dispatch({type: 'check', check});
      post({type: 'check', check, code: source, challenge: id});
    },
    [id, dispatch, post],
  );

  // Check pressed on the closed example: check the page's code once the worker is up (the
  // worker's effects, declared before this hook's, have started it).
  const checkedAtStart = useRef(false);
  useEffect(() => {
    if (!checkAtStart || checkedAtStart.current) return;
    checkedAtStart.current = true;
    check(pageCode);
  }, [checkAtStart, check, pageCode]);

  // "Put this solution in the editor" (in the challenge's solution).
  const requests = challenge?.requests ?? 0;
  const solution = challenge?.solution;
  useEffect(() => {
    if (requests === 0 || solution === undefined) return;
    dispatch({type: 'solution', code: solution});
  }, [requests, solution, dispatch]);

  return check;
}
