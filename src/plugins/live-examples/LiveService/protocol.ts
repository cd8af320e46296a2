/**
 * The messages between a live example (./Live) and its worker (./worker.ts), typed once
 * for both sides. Runs are numbered by the page: a message of an older run is ignored.
 */
import type {Entry, Json} from '@skipruntime/core';
import type {Cost, StepTrace} from './traceRun';

/** A resource instance the example shows: its name and its parameters. */
export type Shown = {resource: string; params: Json};

/** What a subscription delivers: all entries on init, then only the keys that changed. */
export type Update = {values: Entry<Json, Json>[]; watermark: string; isInitial: boolean};

/**
 * Where a run failed: `load`, a part of the example could not be downloaded (the reader's
 * code is not at fault); `compile`, the code does not parse; `runtime`, it threw.
 */
export type Phase = 'load' | 'compile' | 'runtime';

export type ToWorker =
  | {
      type: 'run';
      run: number;
      code: string;
      show: Shown[];
      /** The reader's input tables, replacing the code's initial data; none on a first run. */
      inputs?: Record<string, Entry<Json, Json>[]>;
    }
  | {type: 'write'; run: number; write: number; collection: string; entries: Entry<Json, Json>[]}
  /** A challenge's Check of `code` (src/challenges/<challenge>.ts), numbered by the page. */
  | {type: 'check'; check: number; code: string; challenge: string}
  /** A client of the example (./Live/Clients.tsx) opens a stream of `stream`, or hangs up. */
  | {type: 'connect'; run: number; client: number; connection: number; stream: Shown}
  | {type: 'disconnect'; run: number; client: number}
  /** The cost of a run from scratch over the inputs after write `write` (0: the start). */
  | {type: 'scratch'; run: number; write: number}
  /** The watchdog's question: a worker that does not answer is stuck in the reader's code. */
  | {type: 'ping'};

export type FromWorker =
  | {type: 'pong'}
  /** The runtime's .wasm file downloading: bytes so far, of `total` when known. */
  | {type: 'progress'; run: number; loaded: number; total?: number}
  | {type: 'started'; run: number; inputs: Record<string, Entry<Json, Json>[]>}
  | {type: 'update'; run: number; index: number; update: Update; ms: number}
  /** A write applied (`error` absent) or refused by the runtime (then nothing of it is kept). */
  | {type: 'written'; run: number; write: number; error?: LiveFailure}
  | ({type: 'error'; run: number} & LiveFailure)
  /**
   * A Check's outcome: passed after `writes` writes; or not, with the first difference
   * (`message`) and, when the code failed to compile or threw, that failure.
   */
  | {type: 'checked'; check: number; passed: true; writes: number}
  | {type: 'checked'; check: number; passed: false; message?: string; failure?: LiveFailure}
  /**
   * What the runtime ran for write `write` of `collection` (0: the start of the run), and what
   * the shown resources sent, recorded by ./traceRun.ts; sent after the write's `written`.
   */
  | {type: 'traced'; run: number; write: number; collection?: string; trace: StepTrace}
  /** The cost of a run from scratch after write `write`, or why it could not be measured. */
  | {type: 'scratched'; run: number; write: number; cost?: Cost; error?: string}
  /** A client's stream, numbered by the page's `connection`: see `StreamPart`. */
  | {type: 'stream'; run: number; client: number; connection: number; part: StreamPart};

/**
 * What happens on a client's stream: it opened (the instance's UUID), an event arrived (its
 * text, as the server writes it: ./sse.ts), the service ended it, or it could not open.
 */
export type StreamPart =
  | {kind: 'open'; uuid: string}
  | {kind: 'event'; text: string}
  | {kind: 'end'}
  | {kind: 'failed'; message: string};

export type LiveFailure = {
  phase: Phase;
  message: string;
  /** 1-based, in the reader's code. */
  line?: number;
  column?: number;
};

/**
 * A problem TypeScript finds in the reader's code, as an editor shows it: a syntax error (the
 * code does not parse) or a type error (it parses, and may run all the same).
 */
export type TypeDiagnostic = {
  kind: 'syntax' | 'type';
  /** 1-based, in the reader's code (absent for an error of no line, e.g. a missing lib). */
  line?: number;
  column?: number;
  /** Offsets in the code (UTF-16, as CodeMirror counts), for the underline. */
  from?: number;
  to?: number;
  /** TypeScript's message, its chained details on the lines after the first. */
  message: string;
  /** TypeScript's error code (`TS2322` is 2322). */
  code: number;
};

/** To the type checker (./typecheck.ts): the editor's code, numbered by the page. */
export type ToChecker = {type: 'check'; check: number; code: string};

/** From the type checker: the problems of that code (none: it parses and type-checks). */
export type FromChecker = {
  type: 'checked';
  check: number;
  /** The first problems (syntax errors alone when there are any), in the code's order. */
  errors: TypeDiagnostic[];
  /** How many there were in all. */
  count: number;
  ms: number;
};
