/**
 * One client's stream of a resource, opened on a running service the way `runService`'s two
 * routes do it (@skipruntime/server 0.0.15 `dist/src/rest.js`): `POST /v1/streams/:resource`
 * creates a resource instance under a new random UUID, `GET /v1/streams/:uuid` subscribes to
 * it with callbacks that write server-sent events (./sse.ts), and a client that hangs up is
 * unsubscribed. The worker (./worker.ts) opens the live example's clients with it; the
 * Node test (tests/site/live-clients.spec.ts) opens the same streams with it on
 * `@skipruntime/wasm` and compares them with `curl`-like readers of the real server.
 */
import type {Json, ServiceInstance} from '@skipruntime/core';
import {sseNotifier, type StreamSink} from './sse';

/** What a stream needs of a running service. */
export type Streamable = Pick<ServiceInstance, 'instantiateResource' | 'subscribe' | 'unsubscribe'>;

export type OpenStream = {uuid: string; close: () => void};

/** A random UUID, as the server makes one per stream (`crypto.randomUUID`). */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context `randomUUID` is missing: a version 4 UUID from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Creates an instance of `resource` with `params` and subscribes to it. `opened` gets the
 * instance's UUID before the first event (the `init`, which the runtime sends during the
 * subscription) reaches `sink`. `close` unsubscribes, as the server does when a reader leaves;
 * the instance stays until the runtime collects it.
 */
export async function openStream(
  service: Streamable,
  resource: string,
  params: Json,
  sink: StreamSink,
  opened: (uuid: string) => void = () => undefined,
): Promise<OpenStream> {
  const uuid = newUuid();
  await service.instantiateResource(uuid, resource, params);
  opened(uuid);
  const subscription = service.subscribe(uuid, sseNotifier(sink));
  let open = true;
  return {
    uuid,
    close: () => {
      if (!open) return;
      open = false;
      service.unsubscribe(subscription);
    },
  };
}
