/**
 * The input collections as tables the reader edits: add a row (a key the table has is
 * replaced, and the button says so), change a value (JSON, in a text area that grows with
 * it), delete a key. A big collection shows its first rows and those written through the
 * new-row line (`boundedRows`), and says how many keys it leaves out. An edit shows at once and goes to the runtime
 * (`actions.edit`); invalid JSON changes nothing and says why under the table. While a run is
 * under way the tables wait (disabled), so that nothing reaches the old run.
 */
import {useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {
  boundedRows,
  deleteRow,
  hasKey,
  keyText,
  shownKey,
  upsertRow,
  valueText,
  type Edit,
  type Row,
} from '../state';
import {useLive} from './context';
import {isBusy} from './selectors';
import SmallButton from './SmallButton';
import styles from './Inputs.module.css';

/** A count as the page writes numbers: 9,980. */
const count = (n: number): string => n.toLocaleString('en-US');

export default function Inputs(): ReactNode {
  const {state, actions} = useLive();
  const busy = isBusy(state);
  return (
    <fieldset className={styles.tables} disabled={busy}>
      <legend className={styles.hidden}>Inputs</legend>
      {busy && state.inputs && (
        <p className={styles.hint}>The tables wait for the run under way (Stop ends it).</p>
      )}
      {state.inputs &&
        Object.entries(state.inputs).map(([collection, rows]) => (
          <InputTable key={collection} collection={collection} rows={rows} onEdit={actions.edit} />
        ))}
    </fieldset>
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
  const replacesId = useId();
  const replaces = hasKey(rows, newKey);
  const table = useRef<HTMLTableElement>(null);
  // Keys written through the new-row line: kept in view when the table folds its rows.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const {shown, hidden} = boundedRows(rows, touched);
  const moreId = useId();
  const apply = (result: Edit) => {
    const problem = onEdit(collection, result);
    setMessage(problem);
    return problem === null;
  };
  const add = () => {
    if (apply(upsertRow(rows, newKey, newValue))) {
      setTouched((keys) => new Set(keys).add(newKey));
      setNewKey('');
      setNewValue('');
    }
  };
  /** After a delete, the focus goes to the row that took its place (or the new-row key). */
  const remove = (index: number, key: string) => {
    if (!apply(deleteRow(rows, key))) return;
    window.requestAnimationFrame(() => {
      const row = table.current?.querySelectorAll('tbody tr')[index];
      row?.querySelector<HTMLElement>('textarea, input')?.focus();
    });
  };
  return (
    <div className={clsx(styles.table, styles.inputTable)} data-live-input={collection}>
      <table ref={table}>
        <caption>
          Input collection <code>{collection}</code>
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Value (JSON)</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <InputRow
              key={keyText(row.key)}
              collection={collection}
              row={row}
              describedBy={message ? messageId : undefined}
              onSave={(text) => apply(upsertRow(rows, keyText(row.key), text))}
              onDelete={() => remove(index, keyText(row.key))}
            />
          ))}
          <tr>
            <th scope="row">
              <input
                className={clsx(styles.input, styles.keyInput)}
                aria-label={`New key in ${collection}`}
                aria-describedby={hidden > 0 ? moreId : undefined}
                placeholder="new key"
                value={newKey}
                onChange={(event) => setNewKey(event.target.value)}
                onKeyDown={(event) => event.key === 'Enter' && add()}
              />
            </th>
            <td>
              <div className={styles.valueCell}>
                <input
                  className={styles.input}
                  aria-label={`Value of the new key in ${collection} (JSON)`}
                  aria-describedby={clsx(message && messageId, replaces && replacesId) || undefined}
                  placeholder="JSON value"
                  value={newValue}
                  onChange={(event) => setNewValue(event.target.value)}
                  onKeyDown={(event) => event.key === 'Enter' && add()}
                />
                <span className={styles.actions}>
                  <SmallButton onClick={add}>{replaces ? 'Replace' : 'Add'}</SmallButton>
                </span>
                {replaces && (
                  <span id={replacesId} className={clsx(styles.pending, styles.note)}>
                    {shownKey(newKey)} exists: this replaces its value
                  </span>
                )}
              </div>
            </td>
          </tr>
        </tbody>
      </table>
      {hidden > 0 && (
        <p id={moreId} className={styles.hint} data-live-input-more="">
          {count(hidden)} more {hidden === 1 ? 'key is' : 'keys are'} not shown, of{' '}
          {count(rows.length)}. To change one, type its key and new value in the last row, then
          press Replace.
        </p>
      )}
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
  const saved = valueText(row);
  const [text, setText] = useState(saved);
  // A value that changed under the row (a run, a refused edit) replaces the text shown.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setText(saved);
  }
  const key = keyText(row.key);
  const unsaved = text !== saved;
  const pendingId = useId();
  return (
    <tr data-live-unsaved={unsaved || undefined}>
      <th scope="row">
        <code>{shownKey(key)}</code>
      </th>
      <td>
        <div className={styles.valueCell}>
          <textarea
            className={clsx(styles.input, styles.value, unsaved && styles.unsaved)}
            aria-label={`Value of ${key} in ${collection} (JSON)`}
            aria-describedby={clsx(describedBy, unsaved && pendingId) || undefined}
            rows={1}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.shiftKey) return;
              event.preventDefault();
              onSave(text);
            }}
          />
          <span className={styles.actions}>
            {unsaved && (
              <span id={pendingId} className={styles.pending}>
                Not saved
              </span>
            )}
            <SmallButton primary={unsaved} aria-label={`Save ${key}`} onClick={() => onSave(text)}>
              Save
            </SmallButton>
            <SmallButton aria-label={`Delete ${key}`} onClick={onDelete}>
              Delete
            </SmallButton>
          </span>
        </div>
      </td>
    </tr>
  );
}
