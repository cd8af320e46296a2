/**
 * Client module of the idle-prefetch plugin (see ./index.ts). `window.docusaurus` is set
 * by Docusaurus's client entry after the client modules load, and links only call it
 * from IntersectionObserver callbacks, which run after the first render. So the queue is
 * installed on the first route lifecycle call, before any of those callbacks.
 */
import type {ClientModule} from '@docusaurus/types';

type Docusaurus = Window['docusaurus'];
type Job = {routePath: string; resolve: (result: ReturnType<Docusaurus['prefetch']>) => void};

/** Most real time one idle callback may spend, in ms (a phone may run four times slower). */
const SLICE_MS = 4;

const queue: Job[] = [];
let scheduled = false;
let installed = false;

function schedule(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, {timeout: 3000});
  } else {
    window.setTimeout(run, 50);
  }
}

function install(): void {
  const original = window.docusaurus;
  if (installed || !original) return;
  installed = true;

  const drain = () => {
    const started = performance.now();
    do {
      const job = queue.shift()!;
      job.resolve(original.prefetch(job.routePath));
    } while (queue.length > 0 && performance.now() - started < SLICE_MS);
    if (queue.length > 0) schedule(drain);
    else scheduled = false;
  };

  window.docusaurus = Object.freeze({
    ...original,
    prefetch: (routePath: string) =>
      new Promise<void[]>((resolve) => {
        queue.push({routePath, resolve: (result) => resolve(result || [])});
        if (!scheduled) {
          scheduled = true;
          schedule(drain);
        }
      }),
  });
}

const clientModule: ClientModule = {
  onRouteUpdate: install,
  onRouteDidUpdate: install,
};

export default clientModule;
