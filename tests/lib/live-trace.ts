/**
 * A live example traced on Node as the page's worker traces it
 * (src/plugins/live-examples/LiveService/traceRun.ts, `traceRun`): evaluated with the same
 * stand-ins of the Skip packages (./challenges.ts), started on `@skipruntime/wasm`, the shown
 * resource instances instantiated in the page's order and subscribed to, then each write
 * applied; each step's calls (0: the start), what each instance sent its subscriber, and the
 * measured cost of a run from scratch over the inputs after it. Used by
 * tests/unit/live-trace.test.ts and, to compare with what the page shows,
 * tests/site/live-examples.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {transform} from 'sucrase';
import type {Json} from '@skipruntime/core';
import {evaluate, transpile} from '../../src/plugins/live-examples/LiveService/evaluate';
import {
  traceRun,
  type Cost,
  type StepTrace,
} from '../../src/plugins/live-examples/LiveService/traceRun';
import type {Shown} from '../../src/plugins/live-examples/LiveService/protocol';
import {ROOT} from '../../src/lib/root.cjs';
import fences from '../../src/lib/fences.cjs';
import {PACKAGES} from './challenges';

/** The code of the `index`-th live fence of a page's source. */
export function liveFence(file: string, index: number): string {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const live = fences.extractBlocks(text).filter((b) => fences.parseMeta(b.meta).flags.has('live'));
  const block = live[index];
  if (!block) throw new Error(`${file}: no live fence number ${index}`);
  return block.code;
}

export type TraceWrite = {
  readonly collection: string;
  readonly entries: readonly (readonly [Json, readonly Json[]])[];
};
/** A step's calls, and the cost from scratch over the inputs after it (unless left out). */
export type TraceStep = {trace: StepTrace; scratch?: Cost};

/**
 * `shown`: a resource's name (its instance without parameters), or the instances the page
 * shows, as its fence's `show=` gives them (`parseShow`).
 */
export async function traceOnNode(
  code: string,
  shown: string | readonly Shown[],
  writes: readonly TraceWrite[],
  /** The first step whose cost from scratch is measured (each is a start of its own). */
  scratchFrom = 0,
): Promise<{steps: TraceStep[]}> {
  const {initService} = await import('@skipruntime/wasm');
  const service = await evaluate(transpile(transform, code), PACKAGES);
  const show = typeof shown === 'string' ? [{resource: shown, params: {}}] : shown;
  const traced = traceRun(service, (service.initialData ?? {}) as never, show);
  const instance = await initService(traced.service);
  try {
    for (const [index, {resource, params}] of show.entries()) {
      await instance.instantiateResource(`node-${index}`, resource, params);
      instance.subscribe(`node-${index}`, {
        subscribed: () => undefined,
        notify: (update) => traced.delivered(index, update.values),
        close: () => undefined,
      });
    }
    const step = async (trace: StepTrace, i: number): Promise<TraceStep> =>
      i < scratchFrom ? {trace} : {trace, scratch: await traced.scratch(i, initService)};
    const steps = [await step(traced.started(), 0)];
    for (const [i, {collection, entries}] of writes.entries()) {
      const trace = await traced.write(instance, i + 1, collection, entries as never);
      steps.push(await step(trace, i + 1));
    }
    return {steps};
  } finally {
    await instance.close();
  }
}
