/**
 * What a challenge's last Check found (./reducer.ts, `checked`): that the code passes, or the
 * first difference in the reader's terms. Its line is there from the start, so that an
 * outcome moves nothing below it. A re-check keeps the last outcome on screen, and says it
 * is checking again only if the check takes a moment (./CheckResult.module.css), so that a
 * quick one does not flash.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useLive} from './context';
import type {Checked, Outcome} from './reducer';
import styles from './CheckResult.module.css';

function text(checked: Checked | null): string {
  switch (checked?.state) {
    case undefined:
      return 'Check runs your code against data and writes of its own, including cases not shown here.';
    case 'running':
      return checked.last
        ? text(checked.last)
        : 'Checking: running your code against the check’s data…';
    case 'stopped':
      return 'The check was stopped before it finished.';
    case 'passed':
      return `Passed: the resources held what they should when the service started and after each of the check’s ${checked.writes} writes.`;
    case 'failed':
      // The error itself is the example's error line, just below this one.
      if (checked.message) {
        return `Not yet. ${checked.message}${checked.threw ? ' The error is shown below.' : ''}`;
      }
      return checked.download
        ? 'Not checked: a part of the check could not be downloaded (see below).'
        : 'Not checked: the code did not run (the error is shown below).';
  }
}

export default function CheckResult(): ReactNode {
  const {checked} = useLive().state;
  const again = checked?.state === 'running' ? checked.last : null;
  const shown: Outcome | Checked | null = again ?? checked;
  return (
    <p
      role="status"
      className={clsx(
        styles.check,
        shown?.state === 'passed' && styles.passed,
        shown?.state === 'failed' && styles.failed,
        again && styles.again,
      )}
      data-challenge-result={checked?.state ?? 'none'}
    >
      {text(checked)}
      {again && <span className={styles.checking}> Checking again…</span>}
    </p>
  );
}
