/**
 * Keeps the code highlighter (Prism, about 25 KiB gzip, and on a throttled phone the
 * longest task of a page that shows code) out of a page's first load.
 *
 * - The classic theme registers `themeConfig.prism.additionalLanguages` from a client
 *   module, and client modules are bundled into `main`; that one import pulls Prism in
 *   with it. This plugin swaps that client module for an empty one. ./Highlighted.tsx
 *   registers the languages instead.
 * - The code block content (./theme/CodeBlock/Content) renders ./highlighted: in the
 *   server bundle the highlighted content itself (./highlighted.ts), in the client bundle
 *   a lazy component (./highlighted.client.ts). The HTML has every block highlighted; the
 *   browser fetches Prism only when it has to colour a block itself.
 * - Its theme (`getThemePath`, ./theme) holds the code block those two need: the CodeBlock
 *   rebuilt without Prism and without the theme's re-mount (./theme/CodeBlock), and the
 *   content above. The site's `src/theme/CodeBlock` wraps this CodeBlock (as
 *   `@theme-original/CodeBlock`) to add the live examples.
 */
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default function codeHighlightOnDemandPlugin(): Plugin {
  return {
    name: 'code-highlight-on-demand',
    getThemePath: () => here('./theme'),
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const plugins = [
        new NormalModuleReplacementPlugin(
          // The client module only: not `lib/theme/prism-include-languages.js`, which
          // ./Highlighted.tsx calls.
          /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
          here('./no-client-module.js'),
        ),
      ];
      if (!isServer) {
        plugins.push(
          new NormalModuleReplacementPlugin(
            /code-highlight-on-demand[\\/]highlighted(\.ts)?$/,
            here('./highlighted.client.ts'),
          ),
        );
      }
      return {plugins};
    },
  };
}
