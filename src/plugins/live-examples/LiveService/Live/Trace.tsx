/**
 * "What ran" (issue 30): after each write, what the runtime ran for it (../trace.ts records it
 * in the worker), against a run from scratch over the same inputs. Closed by default and placed
 * last, under the outputs, so that opening it or its updates never move the example above it.
 * The timeline of the steps since Run (Previous and Next, or the arrow keys, Home and End,
 * while either has the focus), then the selected step: its calls per function, a table of its
 * calls (function, key, what it returned; the first rows of a big step, the rest counted; the
 * native reducers with the keys they were handed), and a table of what each shown resource
 * sent its readers (key, values, what that made of the key). The cost of a run from scratch is
 * measured by the worker when the reader opens a step (a fresh instance on the inputs after
 * it), never written in. Part of the running example's chunk (./index.tsx).
 */
import {useEffect, useId, useReducer, useState, type KeyboardEvent, type ReactNode} from 'react';
import type {FromWorker, ToWorker} from '../protocol';
import {shownLabel} from '../state';
import {useLive} from './context';
import SmallButton from './SmallButton';
import {
  changeText,
  emptyTrace,
  moreCalls,
  nativeKeys,
  perFunction,
  sentLine,
  shownIndex,
  stepName,
  summary,
  traceReducer,
} from './traceSteps';
import styles from './Trace.module.css';

type TraceMessage = Extract<FromWorker, {type: 'traced' | 'scratched'}>;

export default function Trace({
  post,
  messages,
}: {
  post: (message: ToWorker) => void;
  /** Where ./useLiveWorker.ts forwards the worker's `traced` and `scratched` messages. */
  messages: EventTarget;
}): ReactNode {
  const [state, dispatch] = useReducer(traceReducer, emptyTrace);
  const [open, setOpen] = useState(false);
  const ids = useId();
  const {show} = useLive().state;

  useEffect(() => {
    const listener = (event: Event) =>
      dispatch({type: 'message', message: (event as CustomEvent<TraceMessage>).detail});
    messages.addEventListener('traced', listener);
    messages.addEventListener('scratched', listener);
    return () => {
      messages.removeEventListener('traced', listener);
      messages.removeEventListener('scratched', listener);
    };
  }, [messages]);

  const index = shownIndex(state);
  const step = state.steps[index];
  // The cost from scratch of the step shown, measured once, when the reader looks at it.
  const {run} = state;
  const write = step?.write;
  const measured = step?.scratch !== undefined;
  useEffect(() => {
    if (open && write !== undefined && !measured) post({type: 'scratch', run, write});
  }, [open, run, write, measured, post]);

  const labelOf = (i: number) => (show[i] ? shownLabel(show[i]) : `resource ${i + 1}`);
  const select = (to: number) => dispatch({type: 'select', index: to});
  const onKeyDown = (event: KeyboardEvent) => {
    const to = {
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      Home: 0,
      End: state.steps.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    select(to);
  };

  return (
    <details className={styles.trace} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>What ran</summary>
      {!step ? (
        <p className={styles.note}>Nothing yet: the start of the run shows here.</p>
      ) : (
        <div className={styles.body}>
          <div
            className={styles.timeline}
            role="toolbar"
            aria-label="Steps since Run (arrow keys move)"
            onKeyDown={onKeyDown}
          >
            <SmallButton onClick={() => select(index - 1)} aria-disabled={index === 0}>
              Previous
            </SmallButton>
            <output id={`${ids}-step`} aria-live="polite">
              {stepName(step)}, {index + 1} of {state.steps.length}
            </output>
            <SmallButton
              onClick={() => select(index + 1)}
              aria-disabled={index === state.steps.length - 1}
            >
              Next
            </SmallButton>
          </div>
          <p className={styles.summary} data-trace-summary>
            {summary(step)}
          </p>
          {perFunction(step.trace) && (
            <p className={styles.note} data-trace-functions>
              {perFunction(step.trace)}
            </p>
          )}
          <div className={styles.scroll}>
            <table>
              <caption>Calls of {stepName(step)}, in the order they ran</caption>
              <thead>
                <tr>
                  <th scope="col">Function</th>
                  <th scope="col">Key</th>
                  <th scope="col">Returned</th>
                </tr>
              </thead>
              <tbody>
                {step.trace.calls.map((call, i) => (
                  <tr key={i} data-trace-call>
                    <th scope="row">
                      {call.name}
                      <wbr />.{call.kind}
                    </th>
                    <td>{call.key ?? '(not told)'}</td>
                    <td>{call.returned}</td>
                  </tr>
                ))}
                {step.trace.natives.map((native) => (
                  <tr key={`native-${native.name}`} data-trace-native>
                    <th scope="row">{native.name} (native, not traced)</th>
                    <td>{nativeKeys(native)}</td>
                    <td>updated inside the runtime</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {moreCalls(step.trace) && (
              <p className={styles.note} data-trace-more>
                {moreCalls(step.trace)}
              </p>
            )}
          </div>
          <div className={styles.scroll}>
            <table data-trace-outputs>
              <caption>
                Outputs of {stepName(step)}:{' '}
                {step.trace.outputs
                  .map((output) => sentLine(output, labelOf(output.index)))
                  .join('; ')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Resource</th>
                  <th scope="col">Key</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {step.trace.outputs.map((output) =>
                  output.rows.length === 0 ? (
                    <tr key={output.index} data-trace-output>
                      <th scope="row">{labelOf(output.index)}</th>
                      <td colSpan={3}>sent nothing</td>
                    </tr>
                  ) : (
                    output.rows.map((row, i) => (
                      <tr key={`${output.index}-${i}`} data-trace-output>
                        <th scope="row">{labelOf(output.index)}</th>
                        <td>{row.key}</td>
                        <td>{row.sent}</td>
                        <td>{changeText(row)}</td>
                      </tr>
                    ))
                  ),
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </details>
  );
}
