/**
 * A live example's place on the page, rendered by the code block wrapper (src/theme/CodeBlock)
 * for a fence whose meta carries `live` (README, "Live examples"). On the server and on a
 * first load it is the code block as usual plus one line with a Run button, in a box of fixed
 * height so nothing shifts; without JavaScript the line says that JavaScript runs it live.
 * Only Run fetches the rest (./Live.tsx, which starts the worker, runtime and transpiler).
 */
import {lazy, Suspense, useMemo, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {parseShow} from './state';
import styles from './styles.module.css';

const Live = lazy(() => import(/* webpackChunkName: "live-example" */ './Live'));

type Props = {code: string; metastring: string; children: ReactNode};

export default function LiveExample({code, metastring, children}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const [running, setRunning] = useState(false);
  const show = useMemo(() => parseShow(metastring), [metastring]);
  return (
    <div className={styles.example} data-live-example="">
      <div hidden={running}>{children}</div>
      {running ? (
        <Suspense fallback={<p className={styles.bar}>Loading the live example…</p>}>
          <Live code={code} show={show} />
        </Suspense>
      ) : (
        <p className={styles.bar}>
          <button
            type="button"
            className="button button--primary button--sm"
            disabled={!isBrowser}
            onClick={() => setRunning(true)}
          >
            Run live
          </button>
          {' With JavaScript, this service runs live in your browser: edit its inputs and code.'}
        </p>
      )}
    </div>
  );
}
