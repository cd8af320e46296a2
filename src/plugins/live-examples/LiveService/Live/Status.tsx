/**
 * The running example's status line: what it is doing (starting, running, the first output's
 * time, the last update) and, while the runtime downloads, how far it got. While the outputs
 * lag behind the editor it is silent: the note over them says why (`staleNote`, one voice).
 */
import type {ReactNode} from 'react';
import {useLive} from './context';
import {statusLine} from './selectors';
import styles from './Status.module.css';

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

export default function Status(): ReactNode {
  const {state} = useLive();
  const {progress} = state;
  return (
    <p role="status" className={styles.status} data-live-status="">
      {statusLine(state)}
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
  );
}
