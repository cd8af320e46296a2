/**
 * Moves link prefetching out of the page's first seconds.
 *
 * Docusaurus prefetches the JavaScript of each internal link when that link scrolls into
 * view. Each prefetch matches the link against every route and adds a `<link rel=prefetch>`
 * to the head. A page shows 30 to 60 links at load, and those callbacks run together in
 * the same task as the hydration effects. On a throttled phone that task is one of the
 * page's longest. The client module (./client.ts) leaves Docusaurus's prefetch as it is
 * and queues the calls instead. The queue runs in idle periods, a few milliseconds at a
 * time. Hover and touch preloading (`preload`) are not changed.
 */
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

export default function idlePrefetchPlugin(): Plugin {
  return {
    name: 'idle-prefetch',
    getClientModules() {
      return [fileURLToPath(new URL('./client.ts', import.meta.url))];
    },
  };
}
