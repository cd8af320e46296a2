/**
 * The running example's buttons: Run, Check (a challenge's example), Stop (while a run or a
 * Check is under way), Reset and Copy. Where the focus goes is decided here: to Run (or to
 * Check, when the reader pressed Check on the closed example) once the example is up, back to
 * Run after a Stop, and to Check once the editor holds a solution the reader asked for.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import {useLive} from './context';
import {isBusy} from './reducer';
import styles from './Toolbar.module.css';

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
        onClick={actions.run}
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
      {(isBusy(state) || state.checked?.state === 'running') && (
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
    </div>
  );
}
