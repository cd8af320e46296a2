/**
 * The type check of the code run (./useTypeCheck.ts): its errors as an editor lists them, or
 * that it has none. Its line is there from the start, so that the result moves nothing below it.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useLive} from './context';
import styles from './TypeCheck.module.css';

export default function TypeCheck({id}: {id: string}): ReactNode {
  const {types} = useLive();
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
