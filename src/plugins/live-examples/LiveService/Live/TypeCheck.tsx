/**
 * The type check of the code run (./useTypeCheck.ts): its errors as an editor lists them, or
 * that it has none; once the code is edited, that it speaks of the code as it last ran. Its
 * line is there from the start, so that the result moves nothing below it.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useLive} from './context';
import {staleness} from './selectors';
import styles from './TypeCheck.module.css';

export default function TypeCheck({id}: {id: string}): ReactNode {
  const {types, state} = useLive();
  const edited = staleness(state) === 'edited';
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
        {edited
          ? 'TypeScript: the code is checked again when it runs.'
          : `TypeScript: no type errors (${Math.round(types.ms)} ms).`}
      </p>
    );
  }
  const more = types.count - types.errors.length;
  return (
    <div
      id={id}
      className={clsx(styles.error, styles.typeErrors, edited && styles.stale)}
      data-live-types="errors"
    >
      {edited && <p>Found in the code as it last ran (edited since):</p>}
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
