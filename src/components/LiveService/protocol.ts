/**
 * The messages between a live example (./Live.tsx) and its worker (./worker.ts), typed once
 * for both sides.
 */
import type {Entry, Json} from '@skipruntime/core';

/** A resource instance the example shows: its name and its parameters. */
export type Shown = {resource: string; params: Json};

/** What a subscription delivers: all entries on init, then only the keys that changed. */
export type Update = {values: Entry<Json, Json>[]; watermark: string; isInitial: boolean};

export type ToWorker =
  | {
      type: 'run';
      code: string;
      show: Shown[];
      /** The reader's input tables, replacing the code's initial data; none on a first run. */
      inputs?: Record<string, Entry<Json, Json>[]>;
    }
  | {type: 'write'; collection: string; entries: Entry<Json, Json>[]};

export type FromWorker =
  | {type: 'ready'}
  | {type: 'started'; run: number; inputs: Record<string, Entry<Json, Json>[]>}
  | {type: 'update'; run: number; index: number; update: Update; ms: number}
  | {
      type: 'error';
      run: number;
      phase: 'compile' | 'runtime';
      message: string;
      /** 1-based, in the reader's code. */
      line?: number;
    };
