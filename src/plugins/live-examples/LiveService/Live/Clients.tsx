/**
 * Two clients of a live example's resource (a fence's `clients="<resource>"`, README, "Live
 * examples"): each pane is one client's stream, printed as `curl -N` prints the server-sent
 * events of the real server, so a reader learns the wire protocol while writing to the inputs.
 * The worker opens each stream as `runService` does (./stream.ts, ./sse.ts); this component
 * asks for them and shows their text, with each watermark explained beside it.
 *
 * Both clients connect when a run starts. Disconnect drops one client's subscription while
 * the other keeps receiving; Connect opens a new stream, which starts with an `init` of the
 * current state. Each client has its own stream (resource instance): the server lets one
 * connection read an instance at a time. Part of the running example's chunk (./index.tsx),
 * so nothing here loads before Run.
 */
import {useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import type {FromWorker, Shown, ToWorker} from '../protocol';
import {parseEvents, watermarkParts} from '../sse';
import {shownLabel} from '../state';
import SmallButton from './SmallButton';
import styles from './Clients.module.css';

type StreamMessage = Extract<FromWorker, {type: 'stream'}>;

/** What a pane shows, in order: the command of each connection, events, how it ended. */
type Item =
  | {kind: 'command'; uuid: string}
  | {kind: 'event'; text: string}
  | {kind: 'left'}
  | {kind: 'end'}
  | {kind: 'failed'; message: string};

type Client = {
  /** The stream asked for last (0: not connected); messages of another one are stale. */
  connection: number;
  open: boolean;
  items: Item[];
  /** Items dropped from the top to keep the pane short. */
  dropped: number;
};

type State = {run: number; clients: Client[]; next: number};

const NAMES = ['Client 1', 'Client 2'];
/** Items a pane keeps. */
const KEPT = 60;

/** At the start of a run both clients connect, with connections 1 and 2. */
const fresh = (run: number): State => ({
  run,
  clients: NAMES.map((_, i) => ({connection: run ? i + 1 : 0, open: false, items: [], dropped: 0})),
  next: NAMES.length + 1,
});

const push = (client: Client, item: Item): Client => {
  const items = [...client.items, item];
  const over = Math.max(0, items.length - KEPT);
  return {...client, items: items.slice(over), dropped: client.dropped + over};
};

export default function Clients({
  run,
  paused,
  stream,
  post,
  messages,
}: {
  /** The run on screen (0: none yet, or one starting). */
  run: number;
  /** Whether the example is paused (its worker ended): the panes keep their text, inert. */
  paused: boolean;
  stream: Shown;
  post: (message: ToWorker) => void;
  /** Where ./useLiveWorker.ts forwards the worker's `stream` messages. */
  messages: EventTarget;
}): ReactNode {
  const [state, setState] = useState<State>(() => fresh(run));
  if (state.run !== run) setState(fresh(run));
  const legendId = useId();
  const label = shownLabel(stream);

  useEffect(() => {
    if (run === 0) return;
    NAMES.forEach((_, client) =>
      post({type: 'connect', run, client, connection: client + 1, stream}),
    );
  }, [run, stream, post]);

  useEffect(() => {
    const listener = (event: Event) => {
      const message = (event as CustomEvent<StreamMessage>).detail;
      setState((current) => {
        const client = current.clients[message.client];
        if (current.run !== message.run || client?.connection !== message.connection) {
          return current;
        }
        const {part} = message;
        let next: Client;
        if (part.kind === 'open')
          next = push({...client, open: true}, {kind: 'command', uuid: part.uuid});
        else if (part.kind === 'event') next = push(client, {kind: 'event', text: part.text});
        else next = push({...client, open: false, connection: 0}, part);
        return {
          ...current,
          clients: current.clients.map((c, i) => (i === message.client ? next : c)),
        };
      });
    };
    messages.addEventListener('stream', listener);
    return () => messages.removeEventListener('stream', listener);
  }, [messages]);

  const toggle = (index: number) => {
    const client = state.clients[index]!;
    if (client.connection !== 0) {
      post({type: 'disconnect', run, client: index});
      const left = push({...client, connection: 0, open: false}, {kind: 'left'});
      setState({...state, clients: state.clients.map((c, i) => (i === index ? left : c))});
    } else {
      const connection = state.next;
      post({type: 'connect', run, client: index, connection, stream});
      const asking = {...client, connection};
      setState({
        ...state,
        next: connection + 1,
        clients: state.clients.map((c, i) => (i === index ? asking : c)),
      });
    }
  };

  return (
    <div className={styles.clients} data-live-clients={label}>
      <span className={styles.label}>
        Two clients of <code>{label}</code>
      </span>
      <p className={styles.hint}>
        Each pane is one client reading its own stream of <code>{label}</code>, printed as{' '}
        <code>curl -N</code> prints the server-sent events of the real server. A write that changes{' '}
        <code>{label}</code> reaches both. Disconnect one: the other keeps receiving. Connect it
        again: its new stream starts with an <code>init</code> holding the current state.
      </p>
      <p id={legendId} className={styles.hint}>
        <code>id:</code> is the event’s watermark, <code>start/clock</code>. The part before the
        slash names this start of the service (each Run makes a new one). The number is the
        service’s clock, which moves forward whenever the service does work: a write it accepts, a
        new stream, a client leaving, a snapshot read. So in each pane every event has a higher id
        than the one before it, and both clients get the same id for the same write. The table above
        is one more reader of the service, so a terminal that makes only these requests shows
        numbers one lower; most other requests (a snapshot read, another stream) move the clock too,
        a health check does not. The order is the same.
      </p>
      <div className={styles.clientPanes}>
        {state.clients.map((client, index) => (
          <Pane
            key={index}
            name={NAMES[index]!}
            client={client}
            describedBy={legendId}
            disabled={run === 0 || paused}
            onToggle={() => toggle(index)}
          />
        ))}
      </div>
    </div>
  );
}

function Pane({
  name,
  client,
  describedBy,
  disabled,
  onToggle,
}: {
  name: string;
  client: Client;
  describedBy: string;
  disabled: boolean;
  onToggle: () => void;
}): ReactNode {
  const titleId = useId();
  const log = useRef<HTMLDivElement>(null);
  const connected = client.connection !== 0;
  // Like a terminal: the newest output in view.
  const count = client.items.length + client.dropped;
  useLayoutEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);
  const notes = watermarkNotes(client.items);
  return (
    <section
      className={styles.client}
      aria-labelledby={titleId}
      data-live-client={name}
      data-connected={client.open || undefined}
    >
      <div className={styles.clientHead}>
        <span id={titleId} className={styles.label}>
          {name}
        </span>
        <span className={styles.hint}>
          {client.open ? 'connected' : connected ? 'connecting…' : 'not connected'}
        </span>
        <SmallButton
          className={styles.toggle}
          primary={!connected}
          aria-label={`${connected ? 'Disconnect' : 'Connect'} ${name}`}
          disabled={disabled}
          onClick={onToggle}
        >
          {connected ? 'Disconnect' : 'Connect'}
        </SmallButton>
      </div>
      <div
        ref={log}
        role="log"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the log scrolls once it grows: a keyboard user must be able to reach and scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className={styles.stream}
      >
        {client.dropped > 0 && <p className={styles.note}>(earlier output not kept)</p>}
        {client.items.map((item, i) => {
          if (item.kind === 'command') {
            return (
              <p key={i + client.dropped} className={styles.command}>
                $ curl -N …/v1/streams/{item.uuid}
              </p>
            );
          }
          if (item.kind !== 'event') {
            return (
              <p key={i + client.dropped} className={styles.note}>
                {item.kind === 'left'
                  ? '^C: this client hung up; the server dropped its subscription.'
                  : item.kind === 'end'
                    ? 'The server ended the stream.'
                    : `The stream could not open: ${item.message}`}
              </p>
            );
          }
          const note = notes[i];
          return (
            <div key={i + client.dropped} className={styles.event}>
              <pre className={styles.sse} data-sse="">
                {item.text}
              </pre>
              {note && <p className={styles.note}>{note}</p>}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Each event's watermark in the reader's terms, shown under the event (by item index). */
function watermarkNotes(items: Item[]): (string | undefined)[] {
  let previous: number | undefined;
  return items.map((item) => {
    if (item.kind === 'command') previous = undefined;
    if (item.kind !== 'event') return undefined;
    const [event] = parseEvents(item.text);
    const mark = event && watermarkParts(event.id);
    if (!mark) return undefined;
    const note =
      event.event === 'init' || previous === undefined
        ? `↑ id: clock ${mark.clock}. This init is the whole resource at that moment.`
        : `↑ id: clock ${mark.clock}, up from ${previous}: the service changed since this client’s last event.`;
    previous = mark.clock;
    return note;
  });
}
