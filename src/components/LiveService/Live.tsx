/**
 * A live example running: the page's service in a Web Worker (./worker.ts) on the Skip
 * runtime's WebAssembly build, its input collections as editable tables, the resources the
 * fence names as tables fed by `subscribe`, and the code itself, editable, with Run, Stop,
 * Reset and Copy.
 *
 * Loaded by ./index.tsx only when the reader presses Run, so nothing here (nor the worker,
 * the runtime or the transpiler it pulls) is part of a page's first load. The worker is
 * terminated when this component unmounts, i.e. when the reader leaves the page.
 *
 * Always stoppable: while a run is under way, Stop ends it; a watchdog asks the worker every
 * second whether it is free, and a worker silent for `STUCK_MS` (an endless loop in the
 * reader's code) is terminated and replaced. Either way the last run that worked, with the
 * inputs the runtime accepted, starts again in a new worker; Reset starts the page's own
 * version in a new worker, whatever state the old one was in.
 *
 * Type errors, as the reader's editor would show them: the code of each Run (and Reset) is
 * type-checked by a second worker (./typecheck.ts, the TypeScript compiler), started only
 * once a run has shown its first output, so that it never delays one. A type error does not
 * stop the code from running, as with `tsx` (the pages' own runner): the example shows it
 * with its line and column, marks the line, and runs the code all the same.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import type {
  FromChecker,
  FromWorker,
  LiveFailure,
  ToChecker,
  ToWorker,
  TypeDiagnostic,
} from './protocol';
import {
  applyUpdate,
  deleteRow,
  entriesOf,
  keyText,
  parseShow,
  rowsOf,
  shownLabel,
  upsertRow,
  valueText,
  type Edit,
  type Row,
} from './state';
import Editor from './Editor';
import Clients, {parseClients} from './Clients';
import styles from './Live.module.css';

/**
 * The page's code, the fence's meta (`show="…"`), and how to tell the page the editor is up;
 * for a challenge's example (src/components/Challenge), its id, its solution's code and how
 * many times the reader asked to put it in the editor, and whether to check at once (the
 * reader pressed Check on the closed example).
 */
type Props = {
  code: string;
  metastring: string;
  onReady: (ready: boolean) => void;
  challenge?: {id: string; solution?: string; requests: number};
  checkAtStart?: boolean;
};

type Inputs = Record<string, Row[]>;
type LogLine = {id: number; text: string};
type Resource = {rows: Row[]; changed: Set<string>; updates: number};
/** What the banner says: a failed run, or an edit the runtime refused. */
type Shown = LiveFailure & {from: 'run' | 'write' | 'stop' | 'check'};
/** A challenge's Check: under way, passed, not passed (the first difference), or stopped. */
type Checked =
  | {state: 'running'}
  | {state: 'passed'; writes: number}
  | {state: 'failed'; message?: string; threw: boolean; download?: boolean}
  | {state: 'stopped'};
/** The last type check of the code run: its first errors and their count, or why there is none. */
type Types = {errors: TypeDiagnostic[]; count: number; ms: number} | {failed: string};

/** How long a changed row stays marked. */
const MARK_MS = 1500;
/** Updates kept in the log. */
const LOG_LINES = 6;
/** A worker that has not answered for this long is stuck in the reader's code. */
const STUCK_MS = 4000;

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
const toEntries = (inputs: Inputs) =>
  Object.fromEntries(Object.entries(inputs).map(([n, rows]) => [n, entriesOf(rows)]));

export default function Live({
  code: pageCode,
  metastring,
  onReady,
  challenge,
  checkAtStart = false,
}: Props): ReactNode {
  const show = useMemo(() => parseShow(metastring), [metastring]);
  const clients = useMemo(() => parseClients(metastring), [metastring]);
  /** The run on screen, for the clients (./Clients.tsx), and where their streams' messages go. */
  const [liveRun, setLiveRun] = useState(0);
  const streams = useMemo(() => new EventTarget(), []);
  const [code, setCode] = useState(pageCode);
  const [inputs, setInputs] = useState<Inputs | null>(null);
  const [resources, setResources] = useState<Resource[]>(() =>
    show.map(() => ({rows: [], changed: new Set(), updates: 0})),
  );
  const [error, setError] = useState<Shown | null>(null);
  const [status, setStatus] = useState('Starting the Skip runtime…');
  const [progress, setProgress] = useState<{loaded: number; total?: number} | null>(null);
  const [busy, setBusy] = useState(true);
  const [log, setLog] = useState<LogLine[]>([]);
  const [copied, setCopied] = useState(false);
  const [types, setTypes] = useState<Types | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  /** The number of the last Check asked for: an older one's outcome is ignored. */
  const checks = useRef(0);
  const worker = useRef<Worker | null>(null);
  /** The type checker's worker, its last check's number, the code waiting for a check. */
  const checker = useRef<Worker | null>(null);
  const typeChecks = useRef(0);
  const toCheck = useRef<string | null>(null);
  /** Set by the first output: from then on the type checker may load without delaying one. */
  const mayCheck = useRef(false);
  /** The run on screen, the run asked for and not settled yet, and the last number used. */
  const active = useRef(0);
  const pending = useRef(0);
  const runs = useRef(0);
  /** The last code that ran, with the inputs the runtime accepted: what Stop restarts. */
  const good = useRef<{code: string; inputs: Inputs} | null>(null);
  /** Edits sent and not yet answered: the rows to go back to if the runtime refuses one. */
  const writes = useRef(new Map<number, {collection: string; before: Row[]; after: Row[]}>());
  const lastPong = useRef(0);
  const logId = useRef(0);
  const runButton = useRef<HTMLButtonElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // Run keeps the rows the reader edited; until then the code's own initial data is used.
  const edited = useRef(false);
  const ids = useId();

  const post = useCallback((message: ToWorker) => worker.current?.postMessage(message), []);

  /** Sends the code waiting for a check to the type checker, loading it the first time. */
  const sendCheck = useCallback(() => {
    const source = toCheck.current;
    if (source === null || !mayCheck.current) return;
    toCheck.current = null;
    if (!checker.current) {
      const instance = new Worker(new URL('./typecheck.ts', import.meta.url), {
        name: 'live-typecheck',
      });
      instance.onmessage = (event: MessageEvent<FromChecker>) => {
        const {check, errors, count, ms} = event.data;
        if (check === typeChecks.current) setTypes({errors, count, ms});
      };
      instance.onerror = (event) => {
        event.preventDefault();
        instance.terminate();
        if (checker.current === instance) checker.current = null;
        setTypes({failed: 'The type checker could not be loaded; the code runs unchecked.'});
      };
      checker.current = instance;
    }
    const message: ToChecker = {type: 'check', check: ++typeChecks.current, code: source};
    checker.current.postMessage(message);
  }, []);

  /** Type-checks the code the reader runs (now, or after the first output). */
  const typeCheck = useCallback(
    (source: string) => {
      setTypes(null);
      toCheck.current = source;
      sendCheck();
    },
    [sendCheck],
  );

  /** The code of each run asked for, kept until it starts (then it may become `good`). */
  const sources = useRef(new Map<number, string>());

  const request = useCallback(
    (source: string, withInputs: Inputs | null) => {
      const run = ++runs.current;
      pending.current = run;
      sources.current.set(run, source);
      setBusy(true);
      setProgress(null);
      post({
        type: 'run',
        run,
        code: source,
        show,
        inputs: withInputs ? toEntries(withInputs) : undefined,
      });
    },
    [show, post],
  );

  const onUpdate = useCallback(
    (message: Extract<FromWorker, {type: 'update'}>) => {
      const label = shownLabel(show[message.index]!);
      const {isInitial, watermark} = message.update;
      let changed: string[] = [];
      setResources((all) =>
        all.map((resource, i) => {
          if (i !== message.index) return resource;
          const next = applyUpdate(resource.rows, message.update);
          changed = next.changed;
          return {rows: next.rows, changed: new Set(next.changed), updates: resource.updates + 1};
        }),
      );
      const keys = message.update.values.map(([key]) => keyText(key)).join(', ') || 'none';
      const id = ++logId.current;
      setLog((lines) =>
        [
          {
            id,
            text: `${label}: ${isInitial ? 'init' : 'update'}, keys ${keys}, watermark ${watermark}`,
          },
          ...lines,
        ].slice(0, LOG_LINES),
      );
      if (isInitial) {
        setStatus(`Running: first output ${Math.round(message.ms)} ms after the run started.`);
        if (!mayCheck.current) {
          // After the frame that shows the first output: the checker's download and start
          // never come before it.
          window.requestAnimationFrame(() =>
            window.setTimeout(() => {
              mayCheck.current = true;
              sendCheck();
            }),
          );
        }
      } else {
        setStatus(`${label} updated: ${keys}.`);
      }
      window.setTimeout(() => {
        setResources((all) =>
          all.map((resource, i) => {
            if (i !== message.index || changed.every((k) => !resource.changed.has(k)))
              return resource;
            const still = new Set(resource.changed);
            changed.forEach((k) => still.delete(k));
            return {...resource, changed: still};
          }),
        );
      }, MARK_MS);
    },
    [show, sendCheck],
  );

  const onMessage = useCallback(
    (message: FromWorker) => {
      lastPong.current = Date.now();
      if (message.type === 'pong') return;
      if (message.type === 'checked') {
        if (message.check !== checks.current) return;
        checks.current = 0;
        if (message.passed) {
          setChecked({state: 'passed', writes: message.writes});
          return;
        }
        if (message.failure) setError({...message.failure, from: 'check'});
        setChecked({
          state: 'failed',
          message: message.message,
          threw: Boolean(message.failure),
          download: message.failure?.phase === 'load',
        });
        return;
      }
      if (message.type === 'stream') {
        if (message.run === active.current) {
          streams.dispatchEvent(new CustomEvent('stream', {detail: message}));
        }
        return;
      }
      if (message.type === 'progress') {
        if (message.run === pending.current) setProgress(message);
      } else if (message.type === 'started') {
        if (message.run !== pending.current) return;
        active.current = message.run;
        setLiveRun(message.run);
        pending.current = 0;
        setBusy(false);
        setProgress(null);
        // A stop's explanation stays with the run it restarted, until the reader's next Run; a
        // Check's error stays with the Check, which may have ended before this run started.
        setError((shown) => (shown?.from === 'stop' || shown?.from === 'check' ? shown : null));
        const rows = Object.fromEntries(
          Object.entries(message.inputs).map(([n, e]) => [n, rowsOf(e)]),
        );
        good.current = {code: sources.current.get(message.run) ?? '', inputs: rows};
        sources.current.clear();
        writes.current.clear();
        setInputs(rows);
        setResources(show.map(() => ({rows: [], changed: new Set(), updates: 0})));
        setStatus('Running: waiting for the first output…');
      } else if (message.type === 'update') {
        if (message.run === active.current) onUpdate(message);
      } else if (message.type === 'written') {
        const edit = writes.current.get(message.write);
        writes.current.delete(message.write);
        if (message.run !== active.current || !edit) return;
        if (message.error) {
          // The runtime applied nothing of a refused edit: the table goes back to match it.
          setInputs((all) => (all ? {...all, [edit.collection]: edit.before} : all));
          setError({...message.error, from: 'write'});
          setStatus('The edit was refused; the table shows what the runtime kept.');
        } else {
          if (good.current) {
            good.current = {
              ...good.current,
              inputs: {...good.current.inputs, [edit.collection]: edit.after},
            };
          }
          setError((shown) => (shown?.from === 'write' ? null : shown));
        }
      } else if (message.run === pending.current) {
        pending.current = 0;
        setBusy(false);
        setProgress(null);
        setError({...message, from: 'run'});
        setStatus(
          message.phase === 'load'
            ? 'A part of the live example could not be downloaded.'
            : active.current > 0
              ? 'The code did not run; the last good run is still live.'
              : 'The code did not run.',
        );
      }
    },
    [show, onUpdate, streams],
  );

  /** A new worker, with `source` run in it (or nothing, when there is no run to restore). */
  const restart = useCallback(
    (source: {code: string; inputs: Inputs | null} | null) => {
      worker.current?.terminate();
      active.current = 0;
      setLiveRun(0);
      pending.current = 0;
      writes.current.clear();
      lastPong.current = 0;
      const instance = new Worker(new URL('./worker.ts', import.meta.url), {name: 'live-service'});
      worker.current = instance;
      instance.onmessage = (event: MessageEvent<FromWorker>) => onMessage(event.data);
      instance.onerror = (event) => {
        event.preventDefault();
        pending.current = 0;
        setBusy(false);
        setError({
          from: 'run',
          phase: 'load',
          message:
            lastPong.current === 0
              ? "The live example's worker could not be downloaded."
              : `The live example's worker failed: ${event.message}`,
        });
        setStatus('The live example stopped.');
      };
      if (source) request(source.code, source.inputs);
      else setBusy(false);
    },
    [onMessage, request],
  );

  const start = (source: string, withInputs: Inputs | null) => {
    setStatus('Running the code…');
    request(source, withInputs);
  };

  /** Ends the worker (Stop, or the watchdog) and restarts the last good run, if any. */
  const stop = useCallback(
    (why: string) => {
      if (checks.current !== 0) {
        checks.current = 0;
        setChecked({state: 'stopped'});
      }
      const last = good.current;
      restart(last);
      const message = last
        ? `${why} The last good run was started again.`
        : `${why} Edit the code and press Run, or Reset.`;
      setError({from: 'stop', phase: 'runtime', message});
      setStatus(message);
      runButton.current?.focus();
    },
    [restart],
  );

  // Before the first paint: the editor replaces the block in one frame, so nothing (and no
  // scroll anchoring) sees both at once.
  // CodeMirror sizes the lines it has not drawn yet by a first guess until it measures them
  // (when they are scrolled to): the editor starts at least as tall as the block's code.
  const [blockHeight, setBlockHeight] = useState<number>();
  useLayoutEffect(() => {
    setBlockHeight(root.current?.parentElement?.querySelector('pre')?.offsetHeight);
    onReady(true);
  }, [onReady]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- starts the worker (the system this effect syncs with); the busy flag and status are set with it
    restart({code: pageCode, inputs: null});
    typeCheck(pageCode);
    const focused = document.activeElement;
    if (!focused || focused === document.body || root.current?.parentElement?.contains(focused)) {
      // Without scrolling: the block this editor replaces may still be on the page. The
      // reader who pressed Check finds Check focused.
      (checkAtStart ? checkButton : runButton).current?.focus({preventScroll: true});
    }
    return () => {
      worker.current?.terminate();
      worker.current = null;
      checker.current?.terminate();
      checker.current = null;
    };
  }, [onReady, restart, typeCheck, pageCode, checkAtStart]);

  // The watchdog: a worker that answered once and then falls silent is stuck.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!worker.current) return;
      if (lastPong.current > 0 && Date.now() - lastPong.current > STUCK_MS) {
        stop(
          `The code did not answer for ${STUCK_MS / 1000} s (an endless loop?) and was stopped.`,
        );
      } else {
        post({type: 'ping'});
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [stop, post]);

  /** Checks the code against the challenge, in the worker, beside the running example. */
  const checkCount = useRef(0);
  const check = useCallback(
    (source: string) => {
      if (!challenge) return;
      setError((shown) => (shown?.from === 'check' ? null : shown));
      const id = ++checkCount.current;
      checks.current = id;
      setChecked({state: 'running'});
      post({type: 'check', check: id, code: source, challenge: challenge.id});
    },
    [challenge, post],
  );

  // Check pressed on the closed example: check the page's code once the worker is up.
  const checkedAtStart = useRef(false);
  useEffect(() => {
    if (!checkAtStart || checkedAtStart.current) return;
    checkedAtStart.current = true;
    check(pageCode);
  }, [checkAtStart, check, pageCode]);

  // "Put this solution in the editor" (in the challenge's solution): the editor gets it, and
  // the focus goes to Check.
  const solutionRequests = challenge?.requests ?? 0;
  const solution = challenge?.solution;
  const focusCheck = useRef(false);
  useEffect(() => {
    if (solutionRequests === 0 || solution === undefined) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the request comes from outside this component (the challenge's solution)
    setCode(solution);
    setChecked(null);
    focusCheck.current = true;
  }, [solutionRequests, solution]);
  // Once the editor holds the solution (so that Check checks it), Check takes the focus.
  useEffect(() => {
    if (!focusCheck.current) return;
    focusCheck.current = false;
    checkButton.current?.focus({preventScroll: true});
    root.current?.scrollIntoView({block: 'nearest'});
  }, [code]);

  const writeId = useRef(0);
  const edit = useCallback(
    (collection: string, result: Edit): string | null => {
      if (!result.ok) return result.message;
      edited.current = true;
      const write = ++writeId.current;
      setInputs((all) => {
        if (!all) return all;
        writes.current.set(write, {collection, before: all[collection] ?? [], after: result.rows});
        return {...all, [collection]: result.rows};
      });
      post({type: 'write', run: active.current, write, collection, entries: [result.entry]});
      return null;
    },
    [post],
  );

  const errorId = `${ids}-error`;
  const typesId = `${ids}-types`;
  const runError = (error?.from === 'run' || error?.from === 'check') && error.phase !== 'load';
  const typeErrors = types && 'errors' in types ? types.errors : [];
  return (
    <div ref={root} className={styles.live}>
      <div className={styles.code}>
        <span id={`${ids}-code`} className={styles.label}>
          Service code, runs in your browser
        </span>
        <span id={`${ids}-keys`} className={styles.hint}>
          Tab indents. To leave: Escape, then Tab.
        </span>
        <Editor
          labelledBy={`${ids}-code`}
          describedBy={clsx(`${ids}-keys`, error && errorId, typeErrors.length > 0 && typesId)}
          value={code}
          minHeight={blockHeight}
          invalid={runError || typeErrors.length > 0}
          line={runError ? error.line : typeErrors.find((e) => e.line !== undefined)?.line}
          onChange={setCode}
        />
        <div className={styles.buttons}>
          <button
            ref={runButton}
            type="button"
            className="button button--primary button--sm"
            onClick={() => {
              setError(null);
              start(code, edited.current ? inputs : null);
              typeCheck(code);
            }}
          >
            Run
          </button>
          {challenge && (
            <button
              ref={checkButton}
              type="button"
              className="button button--primary button--sm"
              data-challenge-check=""
              onClick={() => {
                // Check runs the code as Run does, so the tables show the version checked.
                setError(null);
                start(code, edited.current ? inputs : null);
                typeCheck(code);
                check(code);
              }}
            >
              Check
            </button>
          )}
          {(busy || checked?.state === 'running') && (
            <button
              type="button"
              className="button button--danger button--sm"
              onClick={() => stop('Stopped.')}
            >
              Stop
            </button>
          )}
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              setCode(pageCode);
              setLog([]);
              setError(null);
              setInputs(null);
              edited.current = false;
              setStatus('Running the page’s version…');
              restart({code: pageCode, inputs: null});
              typeCheck(pageCode);
            }}
          >
            Reset
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() =>
              void navigator.clipboard.writeText(code).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
        <p role="status" className={styles.status} data-live-status="">
          {status}
          {progress && (
            <>
              {' '}
              <progress
                className={styles.progress}
                value={progress.loaded}
                max={progress.total}
                aria-label="Runtime download"
              />{' '}
              {kib(progress.loaded)}
              {progress.total ? ` of ${kib(progress.total)}` : ''} of the runtime downloaded
            </>
          )}
        </p>
        {challenge && <CheckResult checked={checked} />}
        {error && (
          <div
            id={errorId}
            className={styles.error}
            data-live-error={error.phase}
            data-live-error-from={error.from}
          >
            {error.from === 'stop'
              ? ''
              : error.phase === 'load'
                ? 'Download failed: '
                : error.phase === 'compile'
                  ? 'Compile error'
                  : 'Runtime error'}
            {error.phase !== 'load' && error.from !== 'stop' && error.line !== undefined
              ? ` at line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}`
              : ''}
            {error.phase !== 'load' && error.from !== 'stop' ? ': ' : ''}
            {error.message}
            {error.phase === 'load' && (
              <>
                {' '}
                <button
                  type="button"
                  className={styles.small}
                  onClick={() => {
                    setError(null);
                    setStatus('Retrying…');
                    restart({code, inputs: edited.current ? inputs : null});
                    typeCheck(code);
                  }}
                >
                  Retry
                </button>
              </>
            )}
          </div>
        )}
        <TypeCheck id={typesId} types={types} />
      </div>
      <fieldset className={styles.tables} disabled={busy}>
        <legend className={styles.hidden}>Inputs</legend>
        {busy && inputs && (
          <p className={styles.hint}>The tables wait for the run under way (Stop ends it).</p>
        )}
        {inputs &&
          Object.entries(inputs).map(([collection, rows]) => (
            <InputTable key={collection} collection={collection} rows={rows} onEdit={edit} />
          ))}
      </fieldset>
      <div className={styles.resources}>
        {resources.map((resource, index) => (
          <ResourceTable key={index} label={shownLabel(show[index]!)} resource={resource} />
        ))}
      </div>
      {clients && <Clients run={liveRun} stream={clients} post={post} messages={streams} />}
      <div className={styles.log}>
        <span id={`${ids}-log`} className={styles.label}>
          Updates, newest first
        </span>
        <ol aria-labelledby={`${ids}-log`}>
          {log.map((line) => (
            <li key={line.id}>{line.text}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/**
 * What the last Check found: that the code passes, or the first difference in the reader's
 * terms. Its line is there from the start, so that an outcome moves nothing below it.
 */
function CheckResult({checked}: {checked: Checked | null}): ReactNode {
  let text =
    'Check runs your code against data and writes of its own, including cases not shown here.';
  if (checked?.state === 'running') text = 'Checking: running your code against the check’s data…';
  else if (checked?.state === 'stopped') text = 'The check was stopped before it finished.';
  else if (checked?.state === 'passed') {
    text = `Passed: the resources held what they should when the service started and after each of the check’s ${checked.writes} writes.`;
  } else if (checked?.state === 'failed') {
    // The error itself is the example's error line, just below this one.
    text = checked.message
      ? `Not yet. ${checked.message}${checked.threw ? ' The error is shown below.' : ''}`
      : checked.download
        ? 'Not checked: a part of the check could not be downloaded (see below).'
        : 'Not checked: the code did not run (the error is shown below).';
  }
  return (
    <p
      role="status"
      className={clsx(
        styles.check,
        checked?.state === 'passed' && styles.passed,
        checked?.state === 'failed' && styles.failed,
      )}
      data-challenge-result={checked?.state ?? 'none'}
    >
      {text}
    </p>
  );
}

/**
 * The type check of the code run: its errors as an editor lists them, or that it has none.
 * Its line is there from the start, so that the result moves nothing below it.
 */
function TypeCheck({id, types}: {id: string; types: Types | null}): ReactNode {
  if (types === null) {
    return (
      <p id={id} className={styles.hint} data-live-types="pending">
        TypeScript: checking…
      </p>
    );
  }
  if ('failed' in types) {
    return (
      <p id={id} className={styles.hint} data-live-types="failed">
        {types.failed}
      </p>
    );
  }
  if (types.errors.length === 0) {
    return (
      <p id={id} className={styles.hint} data-live-types="ok">
        TypeScript: no type errors ({Math.round(types.ms)} ms).
      </p>
    );
  }
  const more = types.count - types.errors.length;
  return (
    <div id={id} className={clsx(styles.error, styles.typeErrors)} data-live-types="errors">
      {types.errors.map((e, i) => (
        <p key={i} data-live-type-error="">
          Type error
          {e.line !== undefined ? ` at line ${e.line}, column ${e.column}` : ''}: {e.message} (TS
          {e.code})
        </p>
      ))}
      <p>
        {more > 0 ? `…and ${more} more. ` : ''}The code runs all the same, as it would with tsx
        (checked in {Math.round(types.ms)} ms).
      </p>
    </div>
  );
}

function InputTable({
  collection,
  rows,
  onEdit,
}: {
  collection: string;
  rows: Row[];
  onEdit: (collection: string, result: Edit) => string | null;
}): ReactNode {
  const [message, setMessage] = useState<string | null>(null);
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const messageId = useId();
  const table = useRef<HTMLTableElement>(null);
  const apply = (result: Edit) => {
    const problem = onEdit(collection, result);
    setMessage(problem);
    return problem === null;
  };
  const add = () => {
    if (apply(upsertRow(rows, newKey, newValue))) {
      setNewKey('');
      setNewValue('');
    }
  };
  /** After a delete, the focus goes to the row that took its place (or the new-row key). */
  const remove = (index: number, key: string) => {
    if (!apply(deleteRow(rows, key))) return;
    window.requestAnimationFrame(() => {
      const row = table.current?.querySelectorAll('tbody tr')[index];
      row?.querySelector<HTMLElement>('textarea, input')?.focus();
    });
  };
  return (
    <div className={clsx(styles.table, styles.inputTable)} data-live-input={collection}>
      <table ref={table}>
        <caption>
          Input collection <code>{collection}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Value (JSON)</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <InputRow
              key={keyText(row.key)}
              collection={collection}
              row={row}
              describedBy={message ? messageId : undefined}
              onSave={(text) => apply(upsertRow(rows, keyText(row.key), text))}
              onDelete={() => remove(index, keyText(row.key))}
            />
          ))}
          <tr className={styles.newRow}>
            <th scope="row">
              <input
                className={clsx(styles.input, styles.keyInput)}
                aria-label={`New key in ${collection}`}
                placeholder="new key"
                value={newKey}
                onChange={(event) => setNewKey(event.target.value)}
                onKeyDown={(event) => event.key === 'Enter' && add()}
              />
            </th>
            <td>
              <div className={styles.valueCell}>
                <input
                  className={styles.input}
                  aria-label={`Value of the new key in ${collection} (JSON)`}
                  aria-describedby={message ? messageId : undefined}
                  placeholder="JSON value"
                  value={newValue}
                  onChange={(event) => setNewValue(event.target.value)}
                  onKeyDown={(event) => event.key === 'Enter' && add()}
                />
                <span className={styles.actions}>
                  <button type="button" className={styles.small} onClick={add}>
                    Add
                  </button>
                </span>
              </div>
            </td>
          </tr>
        </tbody>
      </table>
      {message && (
        <p id={messageId} className={styles.error} data-live-input-error="">
          {message}
        </p>
      )}
    </div>
  );
}

function InputRow({
  collection,
  row,
  describedBy,
  onSave,
  onDelete,
}: {
  collection: string;
  row: Row;
  describedBy?: string;
  onSave: (text: string) => boolean;
  onDelete: () => void;
}): ReactNode {
  const saved = valueText(row);
  const [text, setText] = useState(saved);
  // A value that changed under the row (a run, a refused edit) replaces the text shown.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setText(saved);
  }
  const key = keyText(row.key);
  const unsaved = text !== saved;
  const pendingId = useId();
  return (
    <tr data-live-unsaved={unsaved || undefined}>
      <th scope="row">
        <code>{shownKey(key)}</code>
      </th>
      <td>
        <div className={styles.valueCell}>
          <textarea
            className={clsx(styles.input, styles.value, unsaved && styles.unsaved)}
            aria-label={`Value of ${key} in ${collection} (JSON)`}
            aria-describedby={clsx(describedBy, unsaved && pendingId) || undefined}
            rows={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.shiftKey) return;
              event.preventDefault();
              onSave(text);
            }}
          />
          <span className={styles.actions}>
            {unsaved && (
              <span id={pendingId} className={styles.pending}>
                Not saved
              </span>
            )}
            <button
              type="button"
              className={clsx(styles.small, unsaved && styles.primary)}
              aria-label={`Save ${key}`}
              onClick={() => onSave(text)}
            >
              Save
            </button>
            <button
              type="button"
              className={styles.small}
              aria-label={`Delete ${key}`}
              onClick={onDelete}
            >
              Delete
            </button>
          </span>
        </div>
      </td>
    </tr>
  );
}

/** A key as a table shows it: the empty string as `""`, so that its row has a visible name. */
const shownKey = (key: string) => (key === '' ? '""' : key);

/** JSON that may wrap after its commas and colons only, never inside a word. */
function breakable(json: string): ReactNode[] {
  return json.split(/(?<=[,:])/).map((part, i) => (
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));
}

function ResourceTable({label, resource}: {label: string; resource: Resource}): ReactNode {
  return (
    <div className={styles.table} data-live-resource={label}>
      <table>
        <caption>
          Resource <code>{label}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Values</th>
          </tr>
        </thead>
        <tbody>
          {resource.rows.map((row) => {
            const key = keyText(row.key);
            const changed = resource.changed.has(key);
            return (
              <tr
                key={key}
                className={clsx(changed && styles.changed)}
                data-changed={changed || undefined}
              >
                <th scope="row">
                  <code>{shownKey(key)}</code>
                </th>
                <td>
                  <code className={styles.json}>{breakable(JSON.stringify(row.values))}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
