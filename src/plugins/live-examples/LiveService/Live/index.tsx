/**
 * A live example running: the page's service in a Web Worker (../worker.ts) on the Skip
 * runtime's WebAssembly build, its input collections as editable tables, the resources the
 * fence names as tables fed by `subscribe`, and the code itself, editable, with Run, Stop,
 * Reset and Copy (the layout and how it works: src/plugins/live-examples/README.md).
 *
 * Loaded by ../index.tsx only when the reader presses Run, as the chunk `live-example` with
 * its stylesheet `live-example-styles` (src/plugins/live-examples), so nothing here
 * (nor the worker, the runtime or the transpiler it pulls) is part of a page's first load.
 *
 * This file is the root and the layout: the state (./reducer.ts, in `useReducer`), the hooks
 * that drive the workers and the challenge, and the reader's actions, given to the parts
 * through ./context.ts.
 */
import {useCallback, useId, useLayoutEffect, useMemo, useReducer, useRef, useState} from 'react';
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {parseClients, parseShow, type Edit} from '../state';
import CheckResult from './CheckResult';
import Clients from './Clients';
import {LiveContext, type LiveActions} from './context';
import Editor from './Editor';
import ErrorBanner from './ErrorBanner';
import Inputs from './Inputs';
import {isCodeProblem} from './problems';
import Problems from './Problems';
import {initialState, liveReducer} from './reducer';
import Resources from './Resources';
import {staleNote, staleness} from './selectors';
import Status from './Status';
import Toolbar from './Toolbar';
import Trace from './Trace';
import UpdateLog from './UpdateLog';
import {useChallenge, type ChallengeProps} from './useChallenge';
import {useLiveWorker} from './useLiveWorker';
import {useTypeCheck} from './useTypeCheck';
import styles from './styles.module.css';

/**
 * The page's code, the fence's meta (`show="…"`), and how to tell the page the editor is up;
 * for a challenge's example (src/plugins/live-examples/Challenge), its id, its solution's code and how
 * many times the reader asked to put it in the editor, and whether to check at once (the
 * reader pressed Check on the closed example).
 */
type Props = {
  code: string;
  metastring: string;
  onReady: (ready: boolean) => void;
  challenge?: ChallengeProps;
  checkAtStart?: boolean;
};

export default function Live({
  code: pageCode,
  metastring,
  onReady,
  challenge,
  checkAtStart = false,
}: Props): ReactNode {
  const clients = useMemo(() => parseClients(metastring), [metastring]);
  const [state, dispatch] = useReducer(liveReducer, undefined, () =>
    initialState(pageCode, parseShow(metastring)),
  );
  /** Where the worker's stream and trace messages go, for the clients and "What ran". */
  const streams = useMemo(() => new EventTarget(), []);
  // The order matters: the worker is started before a Check at start is sent to it.
  const post = useLiveWorker(state, dispatch, streams);
  const types = useTypeCheck(pageCode, state.code, state.firstOutput || state.error !== null);
  const check = useChallenge({challenge, checkAtStart, pageCode, dispatch, post});

  const writes = useRef(0);
  const {code, active} = state;
  const actions: LiveActions = {
    setCode: useCallback((next: string) => dispatch({type: 'code', code: next}), []),
    run: (from) => dispatch({type: 'run', from}),
    // Check runs the code as Run does, so the tables show the version checked.
    check: challenge
      ? () => {
          dispatch({type: 'run'});
          check(code);
        }
      : undefined,
    stop: (why) => dispatch({type: 'stop', why}),
    reset: () => dispatch({type: 'reset'}),
    retry: () => dispatch({type: 'retry'}),
    show: (view) => dispatch({type: 'view', view}),
    edit: (collection: string, result: Edit) => {
      if (!result.ok) return result.message;
      const write = ++writes.current;
      dispatch({type: 'edit', write, collection, rows: result.rows, at: Date.now()});
      // Paused, the rows wait for the run that resumes the example (./reducer.ts).
      if (!state.paused)
        post({type: 'write', run: active, write, collection, entries: [result.entry]});
      return null;
    },
  };

  // Before the first paint: the editor replaces the block in one frame, so nothing (and no
  // scroll anchoring) sees both at once.
  // CodeMirror sizes the lines it has not drawn yet by a first guess until it measures them
  // (when they are scrolled to): the editor starts as tall as the block's code, up to its
  // fixed height on a wide screen (./Editor.module.css), where it scrolls on its own.
  const root = useRef<HTMLDivElement>(null);
  const [blockHeight, setBlockHeight] = useState<number>();
  /** Where the block's code ended on the screen, for the editor's first second. */
  const place = useRef<{bottom: number; until: number} | null>(null);
  useLayoutEffect(() => {
    // The block is still shown, the Run live line under it.
    const block = root.current?.parentElement?.querySelector('pre');
    if (block)
      place.current = {bottom: block.getBoundingClientRect().bottom, until: Date.now() + 1000};
    setBlockHeight(block?.offsetHeight);
    onReady(true);
  }, [onReady]);
  /**
   * Keeps Run where the reader pressed Run live while the editor takes the block's place and
   * CodeMirror measures its lines: the editor ends where the block's code ended, so a shorter
   * editor scrolls the page by what it saved.
   */
  const keepPlace = useCallback(() => {
    const kept = place.current;
    const editor = root.current?.querySelector('[data-live-editor]');
    if (!kept || !editor || Date.now() > kept.until) return;
    const shift = editor.getBoundingClientRect().bottom - kept.bottom;
    if (Math.abs(shift) > 1) window.scrollBy({top: shift, behavior: 'instant'});
  }, []);
  useLayoutEffect(() => {
    if (blockHeight !== undefined) keepPlace();
  }, [blockHeight, keepPlace]);

  const ids = useId();
  const errorId = `${ids}-error`;
  const typesId = `${ids}-types`;
  const {error} = state;
  const runError = isCodeProblem(error);
  const typeErrors = types.state === 'checked' ? types.errors : [];
  const stale = staleness(state);
  const mod = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
  return (
    <LiveContext value={{state, types, actions}}>
      <div ref={root} className={styles.live} data-live-view={state.view}>
        <div className={styles.code}>
          <span id={`${ids}-code`} className={styles.label}>
            Service code, runs in your browser
          </span>
          <span id={`${ids}-keys`} className={styles.hint}>
            {mod}+Enter runs. Tab indents; to leave the editor, press Escape, then Tab.
          </span>
          <Editor
            labelledBy={`${ids}-code`}
            describedBy={clsx(
              `${ids}-keys`,
              error && !runError && errorId,
              (runError || typeErrors.length > 0) && typesId,
            )}
            value={code}
            minHeight={blockHeight}
            invalid={runError || typeErrors.length > 0}
            line={runError ? error?.line : undefined}
            underlined={types.state === 'checked' ? types : null}
            marked={state.marked}
            onChange={actions.setCode}
            onRun={() => actions.run('editor')}
            onHeightChange={keepPlace}
          />
        </div>
        <div className={styles.bar}>
          <Toolbar checkAtStart={checkAtStart} />
        </div>
        <div className={styles.messages}>
          <Status />
          {challenge && <CheckResult />}
          <ErrorBanner id={errorId} />
          <Problems id={typesId} />
        </div>
        <div className={styles.result} data-live-stale={stale ?? undefined}>
          {stale && (
            <p role="status" className={styles.staleNote}>
              {staleNote(state)}
            </p>
          )}
          <Inputs />
          <div className={styles.outputs}>
            <Resources />
            {clients && (
              <Clients
                run={active}
                paused={state.paused}
                stream={clients}
                post={post}
                messages={streams}
              />
            )}
            <UpdateLog />
            <Trace post={post} messages={streams} />
          </div>
        </div>
      </div>
    </LiveContext>
  );
}
