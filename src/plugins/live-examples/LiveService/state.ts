/**
 * The state logic of a live example's tables, kept apart from React and the runtime so that
 * it can be tested on its own (tests/unit/live-state.test.ts): the input tables the reader
 * edits (add a row, change a value, delete a key; values are JSON, and invalid JSON changes
 * nothing) and the resource tables that subscription updates keep current; and the
 * example's options read from its fence meta (`show=`, `clients=`).
 */
import type {Entry, Json} from '@skipruntime/core';
import {fenceMeta} from './meta';
import type {Shown, Update} from './protocol';

/** One key of a collection with its values, in the order the table shows them. */
export type Row = {key: Json; values: Json[]};

/** The text a key is shown and matched by: a string as it is, anything else as JSON. */
export const keyText = (key: Json): string => (typeof key === 'string' ? key : JSON.stringify(key));

/** A key as a table shows it: the empty string as `""`, so that its row has a visible name. */
export const shownKey = (key: string): string => (key === '' ? '""' : key);

/**
 * The text of a row's value cell: the value itself when the key holds one, else the JSON
 * array of its values (then the cell is read back as that array).
 */
export const valueText = (row: Row): string =>
  JSON.stringify(row.values.length === 1 ? row.values[0] : row.values);

export const rowsOf = (entries: Entry<Json, Json>[]): Row[] =>
  entries.map(([key, values]) => ({key, values: [...values]}));

export const entriesOf = (rows: Row[]): Entry<Json, Json>[] =>
  rows.map(({key, values}) => [key, values]);

/** A table edit: the new rows and the entry to send to the runtime, or why nothing changed. */
export type Edit = {ok: true; rows: Row[]; entry: Entry<Json, Json>} | {ok: false; message: string};

function parseJson(text: string): {ok: true; value: Json} | {ok: false; message: string} {
  if (text.trim() === '') return {ok: false, message: 'Type a JSON value, such as {"amount": 10}.'};
  try {
    return {ok: true, value: JSON.parse(text) as Json};
  } catch (error) {
    return {ok: false, message: `Not valid JSON: ${(error as Error).message}`};
  }
}

/** Whether the table has the key (then Add replaces its values, and says so). */
export const hasKey = (rows: Row[], key: string): boolean =>
  rows.some((row) => keyText(row.key) === key);

/** Adds the key, or replaces its values when the table has it. */
export function upsertRow(rows: Row[], key: string, text: string): Edit {
  if (key.trim() === '') return {ok: false, message: 'Give the row a key.'};
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  const index = rows.findIndex((row) => keyText(row.key) === key);
  const multiple = index >= 0 && rows[index]!.values.length !== 1;
  if (multiple && !Array.isArray(parsed.value)) {
    return {ok: false, message: 'This key holds several values: type a JSON array of them.'};
  }
  const values = multiple ? (parsed.value as Json[]) : [parsed.value];
  const row: Row = {key: index >= 0 ? rows[index]!.key : key, values};
  const next = index >= 0 ? rows.map((r, i) => (i === index ? row : r)) : [...rows, row];
  return {ok: true, rows: next, entry: [row.key, values]};
}

/** Removes the key: the runtime is sent the key with no values. */
export function deleteRow(rows: Row[], key: string): Edit {
  const row = rows.find((r) => keyText(r.key) === key);
  if (!row) return {ok: false, message: `No key "${key}" in this table.`};
  return {ok: true, rows: rows.filter((r) => r !== row), entry: [row.key, []]};
}

/** The rows an input table shows before it folds the rest away (./Live/Inputs.tsx). */
export const SHOWN_ROWS = 20;

/**
 * The rows an input table shows, so that a collection of 10,000 entries stays a table one can
 * read and edit: all of them up to `limit`, else the first `limit` and, after them, those the
 * reader wrote to through the new-row line (`touched`: their key texts), in table order; with
 * how many keys are left out.
 */
export function boundedRows(
  rows: Row[],
  touched: ReadonlySet<string>,
  limit: number = SHOWN_ROWS,
): {shown: Row[]; hidden: number} {
  if (rows.length <= limit) return {shown: rows, hidden: 0};
  const shown = rows.filter((row, index) => index < limit || touched.has(keyText(row.key)));
  return {shown, hidden: rows.length - shown.length};
}

/** Orders keys as the runtime does for strings and numbers, enough for a table. */
const compareKeys = (a: Json, b: Json): number => {
  const [x, y] = [keyText(a), keyText(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Applies a subscription update: an init replaces the table, an update sets the keys it
 * names (no values: the key is gone). Returns the keys that changed.
 */
export function applyUpdate(rows: Row[], update: Update): {rows: Row[]; changed: string[]} {
  const byKey = new Map(update.isInitial ? [] : rows.map((row) => [keyText(row.key), row]));
  const changed: string[] = [];
  for (const [key, values] of update.values) {
    const text = keyText(key);
    changed.push(text);
    if (values.length === 0) byKey.delete(text);
    else byKey.set(text, {key, values: [...values]});
  }
  return {rows: [...byKey.values()].sort((a, b) => compareKeys(a.key, b.key)), changed};
}

/**
 * The example's options from its fence meta (README, "Live examples"):
 * `live show="totals"`, or several instances, each `name` or `name?param=value&…`
 * (parameters become a JSON object of strings), space-separated.
 */
export const parseShow = (meta: string): Shown[] => parseItems(fenceMeta(meta).attrs.show ?? '');

/**
 * The fence's `clients="name"` or `clients="name?param=value"` (./Live/Clients.tsx): the
 * resource instance the two clients read.
 */
export const parseClients = (meta: string): Shown | null =>
  parseItems(fenceMeta(meta).attrs.clients ?? '')[0] ?? null;

/** The items of a `show=` value (also of `clients=`, which names one). */
export function parseItems(spec: string): Shown[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => {
      const [resource = '', query] = item.split('?');
      return {
        resource,
        params: query === undefined ? {} : Object.fromEntries(new URLSearchParams(query)),
      };
    });
}

/** A resource instance's label: `tasksOf {"owner":"ana"}`, or its name alone. */
export const shownLabel = ({resource, params}: Shown): string =>
  params && typeof params === 'object' && Object.keys(params).length > 0
    ? `${resource} ${JSON.stringify(params)}`
    : resource;
