/**
 * A live example's place on the page, rendered by the code block wrapper (src/theme/CodeBlock)
 * for a fence whose meta carries `live` (README, "Live examples"). On the server and on a
 * first load it is the code block as usual plus one line with a Run button, in a box of fixed
 * height so nothing shifts; without JavaScript the line says that JavaScript runs it live,
 * and a browser without WebAssembly or workers is told why it cannot run.
 * Only Run fetches the rest (./Live, which starts the worker, runtime and transpiler).
 *
 * Run keeps the example in place: the block stays until the running example is ready to
 * take its place (./Live calls `onReady`), the loading line sits where the button was,
 * and the box keeps at least the height it had. A part that fails to download (offline, an
 * old tab after a redeploy) or a running example that breaks is caught here: the block comes
 * back with what failed and a Retry, never the site's crash page.
 *
 * A challenge's example (`live challenge="<id>"`, inside src/plugins/live-examples/Challenge) has
 * **Check** next to Run, closed or running: on the closed example it loads the rest as Run
 * does, then checks the code as it stands.
 */
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type LiveType from './Live';
import {fenceMeta} from './meta';
import styles from './styles.module.css';

type Props = {code: string; metastring: string; children: ReactNode};

/** Catches a failed `import()` of ./Live (JS or CSS chunk) and anything it throws. */
class Failsafe extends Component<{children: ReactNode; onError: (e: unknown) => void}> {
  state = {failed: false};
  static getDerivedStateFromError = () => ({failed: true});
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export default function LiveExample({code, metastring, children}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // The run's attempt (0: not asked), whether the live editor has replaced the block, and
  // why the last attempt failed.
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState('');
  const [minHeight, setMinHeight] = useState<number>();
  const box = useRef<HTMLDivElement>(null);
  const challengeId = fenceMeta(metastring).attrs.challenge;
  // The solution the reader asked for ("Put this solution in the editor"), and how many times.
  const [solution, setSolution] = useState<{code: string; requests: number}>();
  const challenge =
    challengeId !== undefined
      ? {
          id: challengeId,
          solution: solution?.code,
          requests: solution?.requests ?? 0,
        }
      : undefined;
  const [checkAtStart, setCheckAtStart] = useState(false);

  // Made anew on each attempt: a lazy component that failed to load keeps its failure.
  const [Live, setLive] = useState<LazyExoticComponent<typeof LiveType> | null>(null);
  // "Put this solution in the editor", an event from the challenge's solution
  // (src/plugins/live-examples/Challenge; its name is SOLUTION_EVENT there, not imported so that this
  // module, in every page that shows code, stays apart from it): it opens a closed example.
  const opened = useRef(false);
  opened.current = Live !== null;
  useEffect(() => {
    const section = box.current?.closest('[data-challenge]');
    if (!challengeId || !section) return;
    const listener = (event: Event) => {
      const code = (event as CustomEvent<unknown>).detail;
      if (typeof code !== 'string') return;
      setSolution((last) => ({code, requests: (last?.requests ?? 0) + 1}));
      if (!opened.current) run();
    };
    section.addEventListener('challenge-solution', listener);
    return () => section.removeEventListener('challenge-solution', listener);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- listens once; `run` reads no stale state
  }, [Boolean(challengeId)]);
  const unable =
    isBrowser && (typeof WebAssembly !== 'object' || typeof Worker !== 'function')
      ? 'This browser cannot run the live example: it offers no WebAssembly or no Web Workers, which the Skip runtime needs. The code is above; the page shows its output below.'
      : '';
  function run() {
    setMinHeight(box.current?.offsetHeight);
    setFailure('');
    setAttempt((n) => n + 1);
    setLive(() => lazy(() => import(/* webpackChunkName: "live-example" */ './Live')));
  }
  const bar = (text: string, button?: ReactNode) => (
    <p className={styles.bar} role={button ? undefined : 'status'}>
      {button}
      {text}
    </p>
  );
  return (
    <div
      ref={box}
      className={styles.example}
      style={{minHeight}}
      data-live-example=""
      data-live-challenge={challenge?.id}
    >
      <div hidden={ready}>{children}</div>
      {Live && !failure ? (
        <Failsafe
          key={attempt}
          onError={(error) => {
            setReady(false);
            setFailure(String(error instanceof Error ? error.message : error));
          }}
        >
          <Suspense fallback={bar('Loading the live example…')}>
            <Live
              code={code}
              metastring={metastring}
              onReady={setReady}
              challenge={challenge}
              checkAtStart={checkAtStart}
            />
          </Suspense>
        </Failsafe>
      ) : (
        bar(
          unable ||
            (failure
              ? ` The live example could not load (${failure}). Check the connection, then retry.`
              : challenge
                ? ' With JavaScript, edit this code in your browser; Check tests it.'
                : ' With JavaScript, this service runs live in your browser: edit its inputs and code.'),
          unable ? undefined : (
            <>
              <button
                type="button"
                className="button button--primary button--sm"
                disabled={!isBrowser}
                data-live-failed={failure ? '' : undefined}
                // Retry takes the focus the reader gave Run live (lost when it was replaced).
                ref={(el) =>
                  void (failure && document.activeElement === document.body && el?.focus())
                }
                onClick={run}
              >
                {failure ? 'Retry' : 'Run live'}
              </button>
              {challenge && !failure && (
                <button
                  type="button"
                  className="button button--primary button--sm margin-left--sm"
                  disabled={!isBrowser}
                  data-challenge-check=""
                  onClick={() => {
                    setCheckAtStart(true);
                    run();
                  }}
                >
                  Check
                </button>
              )}
            </>
          ),
        )
      )}
    </div>
  );
}
