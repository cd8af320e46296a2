/**
 * The resource instances the fence shows (`show="…"`), as tables fed by the worker's
 * subscription updates: keys that just changed are marked for a moment (./reducer.ts),
 * values are JSON that wraps after `,` and `:` only. Side by side when there is room.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {keyText, shownKey, shownLabel} from '../state';
import {useLive} from './context';
import type {Resource} from './reducer';
import styles from './Resources.module.css';

export default function Resources(): ReactNode {
  const {show, resources} = useLive().state;
  return (
    <div className={styles.resources}>
      {resources.map((resource, index) => (
        <ResourceTable key={index} label={shownLabel(show[index]!)} resource={resource} />
      ))}
    </div>
  );
}

/** JSON that may wrap after its commas and colons only, never inside a word. */
function breakable(json: string): ReactNode[] {
  return json.split(/(?<=[,:])/).map((part, i) => (
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));
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
                  <code>{shownKey(key)}</code>
                </th>
                <td>
                  <code className={styles.json}>{breakable(JSON.stringify(row.values))}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
