/**
 * A resource stream as text: the subscription callbacks of the Skip runtime turned into the
 * server-sent events that `runService` of @skipruntime/server 0.0.15 writes on its streaming
 * port, byte for byte (its `dist/src/rest.js`, the `notify` of `GET /v1/streams/:uuid`: an
 * `event:` line, `init` for a first update and `update` after it, an `id:` line with the
 * watermark, a `data:` line with the entries as `JSON.stringify` writes them, a blank line).
 * So a live example's clients (./Live/Clients.tsx) print what `curl -N` prints for the same
 * service and writes; tests/site/live-clients.spec.ts compares the two on Node.
 *
 * Pure: no runtime, no DOM. ./stream.ts hands `sseNotifier` to the runtime in the worker,
 * and the page reads the text back with `parseEvents` and `watermarkParts` to explain it.
 */
import type {CollectionUpdate, Json} from '@skipruntime/core';

/** One event's text, as the streaming port writes it for one `notify`. */
export function eventText(update: CollectionUpdate<Json, Json>): string {
  const name = update.isInitial ? 'init' : 'update';
  return `event: ${name}\nid: ${update.watermark}\ndata: ${JSON.stringify(update.values)}\n\n`;
}

/** Where the stream's text goes: each event as it comes, and the end of the stream. */
export type StreamSink = {write: (text: string) => void; end: () => void};

/**
 * The callbacks to give `ServiceInstance.subscribe`: each update becomes one event's text;
 * the runtime closing the subscription ends the stream, as the server ends its response.
 * `subscribed` writes nothing: over HTTP it sends the headers, which `curl -N` does not print.
 */
export function sseNotifier(sink: StreamSink): {
  subscribed: () => void;
  notify: (update: CollectionUpdate<Json, Json>) => void;
  close: () => void;
} {
  return {
    subscribed: () => undefined,
    notify: (update) => sink.write(eventText(update)),
    close: () => sink.end(),
  };
}

/** An event read back from the text: its three fields, as written. */
export type SseEvent = {event: string; id: string; data: string};

/** The events of a stream's text (complete events only: a part without its blank line waits). */
export function parseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const blocks = text.split('\n\n');
  blocks.pop();
  for (const block of blocks) {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const colon = line.indexOf(': ');
      if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
    }
    events.push({
      event: fields.get('event') ?? '',
      id: fields.get('id') ?? '',
      data: fields.get('data') ?? '',
    });
  }
  return events;
}

/**
 * The two parts of a watermark as runtime 0.0.15 writes it, `<start>/<clock>` (Runtime.sk of
 * SkipLabs/skip at v0.0.15, `subscribe`: the service's run id, a KSUID made when the service
 * starts, then the store's tick). The watermark type is opaque: a page may show these parts
 * to explain a stream, a client must not rely on them.
 */
export function watermarkParts(id: string): {start: string; clock: number} | undefined {
  const match = /^(.+)\/(\d+)$/.exec(id);
  return match ? {start: match[1]!, clock: Number(match[2])} : undefined;
}
