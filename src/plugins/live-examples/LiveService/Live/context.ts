/**
 * What the running example's parts read (./index.tsx provides it): the state of
 * ./reducer.ts and the reader's actions, each of which dispatches to the reducer and tells
 * the hooks (the challenge) what they need to know; `types` is the type checker's view of
 * the editor's code (./useTypeCheck.ts).
 */
import {createContext, useContext} from 'react';
import type {Edit} from '../state';
import type {LiveState, View} from './reducer';
import type {Types} from './useTypeCheck';

export type LiveActions = {
  setCode: (code: string) => void;
  /** Run; from the editor (Ctrl/Cmd+Enter) a phone keeps showing the code. */
  run: (from?: 'editor') => void;
  /** Present for a challenge's example only: runs the code, then checks it. */
  check?: () => void;
  stop: (why: string) => void;
  reset: () => void;
  retry: () => void;
  /** On a phone: show the code or the result. */
  show: (view: View) => void;
  /** An edit of an input table: sent to the runtime, or why it was not (invalid JSON…). */
  edit: (collection: string, result: Edit) => string | null;
};

export type LiveContextValue = {state: LiveState; types: Types; actions: LiveActions};

export const LiveContext = createContext<LiveContextValue | null>(null);

export function useLive(): LiveContextValue {
  const value = useContext(LiveContext);
  if (!value) throw new Error('useLive() outside a running live example');
  return value;
}
