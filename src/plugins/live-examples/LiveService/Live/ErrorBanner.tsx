/**
 * The running example's error line: a failed download (with Retry; never blamed on the
 * code), an edit the runtime refused, or why the example was stopped. A syntax or runtime
 * error of the code is one of its problems, listed by ./Problems.tsx.
 */
import type {ReactNode} from 'react';
import {useLive} from './context';
import {isCodeProblem} from './problems';
import type {Banner} from './reducer';
import SmallButton from './SmallButton';
import styles from './ErrorBanner.module.css';

/** What comes before the message: what failed, and where in the reader's code. */
function heading(error: Banner): string {
  if (error.from === 'stop') return '';
  if (error.phase === 'load') return 'Download failed: ';
  const kind = error.phase === 'compile' ? 'Compile error' : 'Runtime error';
  if (error.line === undefined) return `${kind}: `;
  const column = error.column !== undefined ? `, column ${error.column}` : '';
  return `${kind} at line ${error.line}${column}: `;
}

export default function ErrorBanner({id}: {id: string}): ReactNode {
  const {state, actions} = useLive();
  const {error} = state;
  if (!error || isCodeProblem(error)) return null;
  return (
    <div
      id={id}
      className={styles.error}
      data-live-error={error.phase}
      data-live-error-from={error.from}
    >
      {heading(error)}
      {error.message}
      {error.phase === 'load' && (
        <>
          {' '}
          <SmallButton onClick={actions.retry}>Retry</SmallButton>
        </>
      )}
    </div>
  );
}
