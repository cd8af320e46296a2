/**
 * What a challenge tells the live example inside it (src/components/LiveService): its id and
 * its solution's code, for the "Use the solution" action. Its own module, so that the closed
 * example imports this and nothing else of the challenge.
 */
import {createContext} from 'react';

export type ChallengeInfo = {
  id: string;
  title: string;
  /** The solution's code, as the page's `<Solution>` shows it. */
  solution?: string;
  /** How many times the reader asked to put the solution in the editor. */
  requests: number;
  requestSolution: () => void;
};

export const ChallengeContext = createContext<ChallengeInfo | null>(null);
