/**
 * Turning a live example's code into a running service's definition: strip the types
 * (sucrase, `typescript` + `imports`, which keeps every line where it was), evaluate the
 * result as the body of an async function whose `require` hands out the given stand-ins of
 * the Skip packages, and return the service the code passes to `runService`.
 *
 * Shared by the worker (./worker.ts, with the browser's stand-ins) and the Node test of the
 * challenges (tests/unit/challenges.test.ts), so that a check on Node evaluates the code as
 * the page does.
 */
import type {SkipService} from '@skipruntime/core';
import type {Phase} from './protocol';

/** The name the evaluated code carries in stack traces. */
const SOURCE_URL = 'live-example.ts';

/** Lines the `AsyncFunction` constructor puts before the body (measured, not assumed). */
const HEADER_LINES = (() => {
  try {
    new Function(`throw new Error();\n//# sourceURL=${SOURCE_URL}`)();
  } catch (error) {
    const line = lineOf(error);
    if (line !== undefined) return line - 1;
  }
  return 2;
})();

function lineOf(error: unknown): number | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const match = new RegExp(`${SOURCE_URL.replace('.', '\\.')}:(\\d+):\\d+`).exec(stack);
  return match ? Number(match[1]) : undefined;
}

/** The line of the reader's code a throw came from, when its stack says so. */
export function codeLine(error: unknown): number | undefined {
  const line = lineOf(error);
  return line === undefined ? undefined : line - HEADER_LINES;
}

export class LiveError extends Error {
  constructor(
    message: string,
    readonly phase: Phase,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

type Transform = (
  code: string,
  options: {transforms: ('typescript' | 'imports')[]; production: boolean},
) => {code: string};

/** The code with its types stripped, every line kept; a parse error is a `compile` failure. */
export function transpile(transform: Transform, code: string): string {
  try {
    return transform(code, {transforms: ['typescript', 'imports'], production: true}).code;
  } catch (error) {
    const loc = (error as {loc?: {line: number; column: number}}).loc;
    const message = (error as Error).message.replace(/\s*\(\d+:\d+\)$/, '');
    // Sucrase's `loc` is 1-based in both line and column, as an editor shows them.
    throw new LiveError(message, 'compile', loc?.line, loc?.column);
  }
}

/**
 * Evaluates the compiled module and returns the service it passes to `runService`.
 * `packages` are the modules the code may import: `@skipruntime/server`, if given, is
 * replaced by a `runService` that only takes the service (no ports are opened).
 */
export async function evaluate(
  js: string,
  packages: Record<string, unknown>,
): Promise<SkipService> {
  let service: SkipService | undefined;
  const shims: Record<string, unknown> = {
    ...packages,
    '@skipruntime/server': {
      // Starting the service means handing it over here.
      runService: async (given: SkipService) => {
        service = given;
        return {close: async () => undefined};
      },
    },
  };
  const require = (name: string) => {
    if (name in shims) return shims[name];
    throw new Error(
      `Cannot import "${name}" in the live example: it offers ${Object.keys(shims).join(', ')}.`,
    );
  };
  const exports: Record<string, unknown> = {};
  // A page's service may stop on Ctrl-C (`process.on('SIGINT', …)`); there is no process here.
  const process = {on: () => process, exit: () => undefined, env: {}};
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  const body = new AsyncFunction(
    'require',
    'exports',
    'process',
    `${js}\n//# sourceURL=${SOURCE_URL}`,
  );
  await body(require, exports, process);
  service ??= (exports.service ?? exports.default) as SkipService | undefined;
  if (!service) throw new LiveError('The code never calls runService(service, …).', 'runtime');
  return service;
}
