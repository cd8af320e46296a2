/**
 * A live example running: the page's service in a Web Worker (./worker.ts) on the Skip
 * runtime's WebAssembly build, its input collections as editable tables, the resources the
 * fence names as tables fed by `subscribe`, and the code itself, editable, with Run and Reset.
 *
 * Loaded by ./index.tsx only when the reader presses Run, so nothing here (nor the worker,
 * the runtime or the transpiler it pulls) is part of a page's first load. The worker is
 * terminated when this component unmounts, i.e. when the reader leaves the page.
 */
import {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import type {FromWorker, Shown, ToWorker} from './protocol';
import {
  applyUpdate,
  deleteRow,
  entriesOf,
  keyText,
  rowsOf,
  shownLabel,
  upsertRow,
  valueText,
  type Edit,
  type Row,
} from './state';
import styles from './Live.module.css';

type Props = {code: string; show: Shown[]};

type LiveError = Extract<FromWorker, {type: 'error'}>;
type LogLine = {id: number; text: string};
type Resource = {rows: Row[]; changed: Set<string>; updates: number};

/** How long a changed row stays marked. */
const MARK_MS = 1500;
/** Updates kept in the log. */
const LOG_LINES = 6;

const canRun = () => typeof WebAssembly === 'object' && typeof Worker === 'function';

export default function Live({code: pageCode, show}: Props): ReactNode {
  const [code, setCode] = useState(pageCode);
  const [inputs, setInputs] = useState<Record<string, Row[]> | null>(null);
  const [resources, setResources] = useState<Resource[]>(() =>
    show.map(() => ({rows: [], changed: new Set(), updates: 0})),
  );
  const [error, setError] = useState<LiveError | null>(null);
  const [status, setStatus] = useState('Starting the Skip runtime…');
  const [log, setLog] = useState<LogLine[]>([]);
  const worker = useRef<Worker | null>(null);
  const run = useRef(0);
  const logId = useRef(0);
  const [runId, setRunId] = useState(0);
  const firstOutput = useRef(false);
  const ids = useId();

  const onMessage = useCallback(
    (message: FromWorker) => {
      if (message.type === 'started') {
        run.current = message.run;
        setRunId(message.run);
        setError(null);
        setInputs(
          Object.fromEntries(Object.entries(message.inputs).map(([n, e]) => [n, rowsOf(e)])),
        );
        setResources(show.map(() => ({rows: [], changed: new Set(), updates: 0})));
      } else if (message.type === 'update' && message.run === run.current) {
        const label = shownLabel(show[message.index]!);
        const {isInitial, watermark} = message.update;
        let changed: string[] = [];
        setResources((all) =>
          all.map((resource, i) => {
            if (i !== message.index) return resource;
            const next = applyUpdate(resource.rows, message.update);
            changed = next.changed;
            return {rows: next.rows, changed: new Set(next.changed), updates: resource.updates + 1};
          }),
        );
        const keys = message.update.values.map(([key]) => keyText(key)).join(', ') || 'none';
        const id = ++logId.current;
        setLog((lines) =>
          [
            {
              id,
              text: `${label}: ${isInitial ? 'init' : 'update'}, keys ${keys}, watermark ${watermark}`,
            },
            ...lines,
          ].slice(0, LOG_LINES),
        );
        if (!firstOutput.current) {
          firstOutput.current = true;
          setStatus(`Running: first output ${Math.round(message.ms)} ms after the run started.`);
        } else if (!isInitial) {
          setStatus(`${label} updated: ${keys}.`);
        }
        window.setTimeout(() => {
          setResources((all) =>
            all.map((resource, i) => {
              if (i !== message.index || changed.every((k) => !resource.changed.has(k)))
                return resource;
              const still = new Set(resource.changed);
              changed.forEach((k) => still.delete(k));
              return {...resource, changed: still};
            }),
          );
        }, MARK_MS);
      } else if (message.type === 'error') {
        setError(message);
        setStatus(
          run.current > 0
            ? 'The code did not run; the last good run is still live.'
            : 'The code did not run.',
        );
      }
    },
    [show],
  );

  /** Asks the worker for a run; `inputs` (the reader's tables) replace the code's data. */
  const request = useCallback(
    (source: string, withInputs: Record<string, Row[]> | null) => {
      const inputsOverride = withInputs
        ? Object.fromEntries(Object.entries(withInputs).map(([n, rows]) => [n, entriesOf(rows)]))
        : undefined;
      worker.current?.postMessage({
        type: 'run',
        code: source,
        show,
        inputs: inputsOverride,
      } satisfies ToWorker);
    },
    [show],
  );

  const start = (source: string, withInputs: Record<string, Row[]> | null) => {
    firstOutput.current = false;
    setStatus('Running the code…');
    request(source, withInputs);
  };

  useEffect(() => {
    if (!canRun()) return undefined;
    const instance = new Worker(new URL('./worker.ts', import.meta.url), {name: 'live-service'});
    worker.current = instance;
    instance.onmessage = (event: MessageEvent<FromWorker>) => onMessage(event.data);
    instance.onerror = () => setStatus('The live example stopped: its worker failed to load.');
    request(pageCode, null);
    return () => {
      instance.terminate();
      worker.current = null;
    };
  }, [onMessage, request, pageCode]);

  const edit = useCallback((collection: string, result: Edit): string | null => {
    if (!result.ok) return result.message;
    setInputs((all) => (all ? {...all, [collection]: result.rows} : all));
    const message: ToWorker = {type: 'write', collection, entries: [result.entry]};
    worker.current?.postMessage(message);
    return null;
  }, []);

  if (!canRun()) {
    return (
      <p className={styles.unavailable} role="status">
        This browser cannot run the live example: it needs WebAssembly and Web Workers. The code and
        its output above are what a run shows.
      </p>
    );
  }

  const errorId = `${ids}-error`;
  return (
    <div className={styles.live}>
      <div className={styles.code}>
        <label htmlFor={`${ids}-code`} className={styles.label}>
          Service code (TypeScript), runs in your browser
        </label>
        <textarea
          id={`${ids}-code`}
          className={styles.editor}
          value={code}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          rows={Math.min(24, code.split('\n').length + 1)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && (
          <p id={errorId} className={styles.error} data-live-error={error.phase}>
            {error.phase === 'compile' ? 'Compile error' : 'Runtime error'}
            {error.line !== undefined ? ` at line ${error.line}` : ''}: {error.message}
          </p>
        )}
        <div className={styles.buttons}>
          <button
            type="button"
            className="button button--primary button--sm"
            onClick={() => start(code, inputs)}
          >
            Run
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              setCode(pageCode);
              setLog([]);
              start(pageCode, null);
            }}
          >
            Reset
          </button>
        </div>
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      <div className={styles.tables}>
        {inputs &&
          Object.entries(inputs).map(([collection, rows]) => (
            <InputTable
              key={`${runId}-${collection}`}
              collection={collection}
              rows={rows}
              onEdit={edit}
            />
          ))}
        {resources.map((resource, index) => (
          <ResourceTable key={index} label={shownLabel(show[index]!)} resource={resource} />
        ))}
      </div>
      <div className={styles.log}>
        <span id={`${ids}-log`} className={styles.label}>
          Updates, newest first
        </span>
        <ol aria-labelledby={`${ids}-log`}>
          {log.map((line) => (
            <li key={line.id}>{line.text}</li>
          ))}
        </ol>
      </div>
    </div>
  );
}

function InputTable({
  collection,
  rows,
  onEdit,
}: {
  collection: string;
  rows: Row[];
  onEdit: (collection: string, result: Edit) => string | null;
}): ReactNode {
  const [message, setMessage] = useState<string | null>(null);
  const [newKey, setNewKey] = useState('');
  const [newValue, setNewValue] = useState('');
  const messageId = useId();
  const apply = (result: Edit) => {
    const problem = onEdit(collection, result);
    setMessage(problem);
    return problem === null;
  };
  const add = () => {
    if (apply(upsertRow(rows, newKey, newValue))) {
      setNewKey('');
      setNewValue('');
    }
  };
  return (
    <div className={styles.table} data-live-input={collection}>
      <table>
        <caption>
          Input collection <code>{collection}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Value (JSON)</th>
            <th scope="col">
              <span className={styles.hidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <InputRow
              key={`${keyText(row.key)}=${valueText(row)}`}
              collection={collection}
              row={row}
              describedBy={message ? messageId : undefined}
              onSave={(text) => apply(upsertRow(rows, keyText(row.key), text))}
              onDelete={() => apply(deleteRow(rows, keyText(row.key)))}
            />
          ))}
          <tr>
            <td>
              <input
                className={styles.input}
                aria-label={`New key in ${collection}`}
                value={newKey}
                onChange={(event) => setNewKey(event.target.value)}
                onKeyDown={(event) => event.key === 'Enter' && add()}
              />
            </td>
            <td>
              <input
                className={styles.input}
                aria-label={`Value of the new key in ${collection} (JSON)`}
                aria-describedby={message ? messageId : undefined}
                value={newValue}
                onChange={(event) => setNewValue(event.target.value)}
                onKeyDown={(event) => event.key === 'Enter' && add()}
              />
            </td>
            <td>
              <button type="button" className={styles.small} onClick={add}>
                Add
              </button>
            </td>
          </tr>
        </tbody>
      </table>
      {message && (
        <p id={messageId} className={styles.error} data-live-input-error="">
          {message}
        </p>
      )}
    </div>
  );
}

function InputRow({
  collection,
  row,
  describedBy,
  onSave,
  onDelete,
}: {
  collection: string;
  row: Row;
  describedBy?: string;
  onSave: (text: string) => boolean;
  onDelete: () => void;
}): ReactNode {
  const [text, setText] = useState(() => valueText(row));
  const key = keyText(row.key);
  return (
    <tr>
      <th scope="row">
        <code>{key}</code>
      </th>
      <td>
        <input
          className={styles.input}
          aria-label={`Value of ${key} in ${collection} (JSON)`}
          aria-describedby={describedBy}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && onSave(text)}
        />
      </td>
      <td className={styles.actions}>
        <button
          type="button"
          className={styles.small}
          aria-label={`Save ${key}`}
          onClick={() => onSave(text)}
        >
          Save
        </button>
        <button
          type="button"
          className={styles.small}
          aria-label={`Delete ${key}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

function ResourceTable({label, resource}: {label: string; resource: Resource}): ReactNode {
  return (
    <div className={styles.table} data-live-resource={label}>
      <table>
        <caption>
          Resource <code>{label}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Values</th>
          </tr>
        </thead>
        <tbody>
          {resource.rows.map((row) => {
            const key = keyText(row.key);
            const changed = resource.changed.has(key);
            return (
              <tr
                key={key}
                className={clsx(changed && styles.changed)}
                data-changed={changed || undefined}
              >
                <th scope="row">
                  <code>{key}</code>
                </th>
                <td>
                  <code>{JSON.stringify(row.values)}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
