/**
 * Bundles the Skip runtime's WebAssembly build for the live examples
 * (src/components/LiveService) the documented way, through `configureWebpack` (Rspack under
 * Docusaurus Faster, webpack without it):
 *
 * - `@skipruntime/wasm` finds its module with `import("./libskip-runtime-ts.wasm?url")` under
 *   a bundler (or `new URL("./libskip-runtime-ts.wasm", import.meta.url)`); both become one
 *   hashed static asset, `assets/wasm/libskip-runtime-ts.<hash>.wasm`, fetched by the worker
 *   at run time. Nothing is copied into static/. The runtime then fetches it with
 *   `new URL(url, import.meta.url)`, which the bundler must leave alone (`parser.url: false`
 *   on that module only); the worker gives that URL its origin.
 * - Node-only code stays out of the browser bundle: the worker imports the runtime's browser
 *   entry (the package's `default` export condition; its Node entry is never reached), and
 *   `@skipruntime/helpers/reducers` names the one plain-code module of @skipruntime/helpers
 *   (`Sum`, `Count`, `Min`, `Max`), whose index also pulls express and eventsource.
 *   `@skipruntime/server` is never bundled: the worker hands the reader's code a shim.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

/** The runtime package's folder, and the reducers module of the helpers package. */
// (The packages export no package.json: resolve their entries, `dist/src/*.js`.)
const runtimeDir = path.resolve(path.dirname(require.resolve('@skipruntime/wasm')), '../..');
const reducersFile = path.join(path.dirname(require.resolve('@skipruntime/helpers')), 'utils.js');

export default function liveServiceBundlingPlugin(): Plugin {
  return {
    name: 'live-service-bundling',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.wasm$/,
              include: runtimeDir,
              type: 'asset/resource',
              generator: {filename: 'assets/wasm/[name].[contenthash:8][ext]'},
            },
            {
              // Its `fetch(url)` resolves the asset's URL with `new URL(url, import.meta.url)`,
              // a run-time value the bundler would otherwise turn into a module request that
              // always fails. The worker makes that URL absolute (see its public path).
              test: /sk_browser\.js$/,
              include: runtimeDir,
              parser: {url: false},
            },
          ],
        },
        resolve: {
          alias: {
            '@skipruntime/helpers/reducers$': reducersFile,
          },
        },
      };
    },
  };
}
