/**
 * The live examples' plugin (the feature's folder: ./README.md; its components: ./LiveService,
 * ./Challenge). It bundles the Skip runtime's WebAssembly build for them the documented way,
 * through `configureWebpack` (Rspack under Docusaurus Faster, webpack without it):
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
 * - The running example's stylesheet stays out of the site's one first-load stylesheet.
 * - The worker knows the .wasm file's size (`__LIVE_WASM_BYTES__`), so the download's
 *   progress has a total even when the server compresses it (no usable Content-Length).
 * - The type checker's worker (./LiveService/typecheck.ts, loaded after the first output)
 *   gets the texts it checks against as one JSON module, `live-type-files`, written here to
 *   node_modules/.cache/live-type-files.json: the real declarations of
 *   @skipruntime/{core,helpers,server} (every `.d.ts` under their `dist/`, with their
 *   package.json for `exports`) and TypeScript's own lib files for ES2022 and a Web Worker
 *   (with every lib they reference), as paths of an in-memory file system. `typescript.js`
 *   is bundled as it is (`noParse`): its Node-only `require`s are never reached in a worker.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

const require = createRequire(import.meta.url);

/** The runtime package's folder, and the reducers module of the helpers package. */
// (The packages export no package.json: resolve their entries, `dist/src/*.js`.)
const runtimeDir = path.resolve(path.dirname(require.resolve('@skipruntime/wasm')), '../..');
const reducersFile = path.join(path.dirname(require.resolve('@skipruntime/helpers')), 'utils.js');
/** The .wasm file's size, read when the bundler is configured (loading the config reads no file). */
const wasmBytes = () => fs.statSync(path.join(runtimeDir, 'dist/src/libskip-runtime-ts.wasm')).size;

/** The libs the live examples' code is checked against: what a Web Worker offers. */
export const LIVE_LIBS = ['lib.es2022.d.ts', 'lib.webworker.d.ts', 'lib.webworker.iterable.d.ts'];

/**
 * The files the type checker reads, by their path in its in-memory file system: the Skip
 * packages under `/node_modules/`, TypeScript's libs under `/lib/`.
 */
export function liveTypeFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of ['core', 'helpers', 'server']) {
    const dir = path.resolve(path.dirname(require.resolve(`@skipruntime/${name}`)), '../..');
    const add = (file: string) => {
      files[
        `/node_modules/@skipruntime/${name}/${path.relative(dir, file).split(path.sep).join('/')}`
      ] = fs.readFileSync(file, 'utf8');
    };
    add(path.join(dir, 'package.json'));
    for (const file of fs.readdirSync(path.join(dir, 'dist'), {
      recursive: true,
      encoding: 'utf8',
    })) {
      if (file.endsWith('.d.ts')) add(path.join(dir, 'dist', file));
    }
  }
  const libDir = path.dirname(require.resolve('typescript/lib/lib.d.ts'));
  const todo = [...LIVE_LIBS];
  for (let lib = todo.pop(); lib !== undefined; lib = todo.pop()) {
    if (`/lib/${lib}` in files) continue;
    const text = fs.readFileSync(path.join(libDir, lib), 'utf8');
    files[`/lib/${lib}`] = text;
    for (const [, ref] of text.matchAll(/^\/\/\/\s*<reference lib="([^"]+)"/gm)) {
      todo.push(`lib.${ref!.toLowerCase()}.d.ts`);
    }
  }
  return files;
}

/** Writes the type checker's files as a JSON module and returns its path. */
function writeLiveTypeFiles(siteDir: string): string {
  const file = path.join(siteDir, 'node_modules/.cache/live-type-files.json');
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, JSON.stringify(liveTypeFiles()));
  return file;
}

export default function liveServiceBundlingPlugin(context: LoadContext): Plugin {
  return {
    name: 'live-examples',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const typeFiles = writeLiveTypeFiles(context.siteDir);
      return {
        plugins: [
          new currentBundler.instance.DefinePlugin({__LIVE_WASM_BYTES__: String(wasmBytes())}),
        ],
        module: {
          noParse: /[\\/]typescript[\\/]lib[\\/]typescript\.js$/,
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
        // The running example's styles come with it, on Run: Docusaurus puts every
        // stylesheet into the one file all pages load first (its `styles` cache group,
        // `css/mini-extract` modules, priority 50); this group, ahead of it, keeps the CSS
        // modules of the running example (LiveService/Live/, one per part) in one chunk of
        // their own, loaded with it.
        optimization: {
          splitChunks: {
            cacheGroups: {
              liveExampleStyles: {
                test: /LiveService[\\/]Live[\\/][^\\/]+\.module\.css$/,
                name: 'live-example-styles',
                type: 'css/mini-extract',
                chunks: 'async',
                enforce: true,
                priority: 60,
              },
              // The type checker's compiler and files, named so that tests and readers can
              // tell them (a number otherwise): loaded by its worker only.
              liveTypescript: {
                test: /[\\/](typescript[\\/]lib[\\/]typescript\.js|live-type-files\.json)$/,
                name: 'live-typescript',
                chunks: 'all',
                enforce: true,
                priority: 60,
              },
            },
          },
        },
        resolve: {
          alias: {
            '@skipruntime/helpers/reducers$': reducersFile,
            'live-type-files$': typeFiles,
          },
        },
      };
    },
  };
}
