/** The log of the subscription updates the example received, newest first (./reducer.ts keeps six). */
import {useId, type ReactNode} from 'react';
import {useLive} from './context';
import styles from './UpdateLog.module.css';

export default function UpdateLog(): ReactNode {
  const {log} = useLive().state;
  const id = useId();
  return (
    <div className={styles.log}>
      <span id={id} className={styles.label}>
        Updates, newest first
      </span>
      <ol aria-labelledby={id}>
        {log.map((line) => (
          <li key={line.id}>{line.text}</li>
        ))}
      </ol>
    </div>
  );
}
