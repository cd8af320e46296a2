/**
 * The running example's buttons: Run, Check (a challenge's example), Stop (while a run or a
 * Check is under way, or a write waits too long), Reset and Copy; on a phone, the switch
 * between the code and the result (./styles.module.css shows one of them there, both on a
 * wider screen). Where the focus goes is decided here: to Run (or to Check, when the reader
 * pressed Check on the closed example) once the example is up, back to Run after a Stop, and
 * to Check once the editor holds a solution the reader asked for.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import {useLive} from './context';
import {canStop} from './selectors';
import type {View} from './reducer';
import styles from './Toolbar.module.css';

/** The phone's switch: what each button shows. */
const VIEWS: [View, string][] = [
  ['code', 'Code'],
  ['result', 'Result'],
];

export default function Toolbar({checkAtStart}: {checkAtStart: boolean}): ReactNode {
  const {state, actions} = useLive();
  const [copied, setCopied] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const checkButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const focused = document.activeElement;
    const example = bar.current?.closest('[data-live-example]');
    if (!focused || focused === document.body || example?.contains(focused)) {
      // Without scrolling: the block this editor replaces may still be on the page. The
      // reader who pressed Check finds Check focused.
      (checkAtStart ? checkButton : runButton).current?.focus({preventScroll: true});
    }
    // Once, when the example is up.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (state.stops > 0) runButton.current?.focus();
  }, [state.stops]);

  // On a phone, the code or the result just shown starts under the buttons.
  const view = useRef(state.view);
  useEffect(() => {
    if (view.current === state.view) return;
    view.current = state.view;
    const top = bar.current?.getBoundingClientRect().top ?? 0;
    if (top < 0 || top > window.innerHeight) bar.current?.scrollIntoView({block: 'start'});
  }, [state.view]);

  // Once the editor holds the solution (so that Check checks it), Check takes the focus.
  useEffect(() => {
    if (state.solutions === 0) return;
    checkButton.current?.focus({preventScroll: true});
    bar.current?.closest('[data-live-example]')?.scrollIntoView({block: 'nearest'});
  }, [state.solutions]);

  return (
    <div ref={bar} className={styles.buttons}>
      <button
        ref={runButton}
        type="button"
        className="button button--primary button--sm"
        onClick={() => actions.run()}
      >
        Run
      </button>
      {actions.check && (
        <button
          ref={checkButton}
          type="button"
          className="button button--primary button--sm"
          data-challenge-check=""
          onClick={actions.check}
        >
          Check
        </button>
      )}
      {canStop(state) && (
        <button
          type="button"
          className="button button--danger button--sm"
          onClick={() => actions.stop('Stopped.')}
        >
          Stop
        </button>
      )}
      <button type="button" className="button button--secondary button--sm" onClick={actions.reset}>
        Reset
      </button>
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() =>
          void navigator.clipboard.writeText(state.code).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span role="group" aria-label="Show" className={styles.switch}>
        {VIEWS.map(([view, label]) => (
          <button
            key={view}
            type="button"
            className="button button--outline button--primary button--sm"
            aria-pressed={state.view === view}
            onClick={() => actions.show(view)}
          >
            {label}
          </button>
        ))}
      </span>
    </div>
  );
}
