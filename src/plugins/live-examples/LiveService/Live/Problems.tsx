/**
 * The problems of the reader's code, in one place (./problems.ts decides what is said): a line
 * for TypeScript (checks the code once it is edited, loading, no errors, or how many), then
 * one item per problem, the run's syntax or runtime error first, and whether the code ran.
 * The line is there from the start, so that a result moves nothing below it; while the reader
 * types, the last result stays until the next one comes.
 */
import type {ReactNode} from 'react';
import {useLive} from './context';
import {problemsOf} from './problems';
import styles from './Problems.module.css';

export default function Problems({id}: {id: string}): ReactNode {
  const {state, types} = useLive();
  const {error} = state;
  const ran = state.active > 0 && state.good && !state.pending ? state.good.code : null;
  const {problems, more, verdict} = problemsOf(error, types, ran, {
    failed: state.failed,
    editor: state.code,
  });
  let line: string;
  switch (types.state) {
    case 'idle':
      line = 'TypeScript checks the code as you edit it.';
      break;
    case 'loading':
      line = 'TypeScript: loading the checker…';
      break;
    case 'failed':
      line = types.message;
      break;
    case 'checked': {
      const ms = `${Math.round(types.ms)} ms`;
      line =
        types.count === 0
          ? `TypeScript: no errors (${ms}).`
          : `TypeScript: ${types.count} ${types.count === 1 ? 'error' : 'errors'} (${ms}).`;
    }
  }
  // What a test waits for: idle, loading, failed, ok (no errors) or errors.
  const status = types.state !== 'checked' ? types.state : types.count > 0 ? 'errors' : 'ok';
  return (
    <div id={id} data-live-types={status}>
      <p className={styles.hint}>{line}</p>
      {problems.length > 0 && (
        <div className={styles.error} data-live-problems="">
          <ul className={styles.list}>
            {problems.map((problem, i) =>
              problem.failedRun && error ? (
                <li key={i} data-live-error={error.phase} data-live-error-from={error.from}>
                  {problem.text}
                </li>
              ) : (
                <li key={i} data-live-type-error={problem.kind}>
                  {problem.text}
                </li>
              ),
            )}
          </ul>
          {(more > 0 || verdict) && (
            <p className={styles.verdict}>
              {more > 0 ? `…and ${more} more. ` : ''}
              {verdict}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
