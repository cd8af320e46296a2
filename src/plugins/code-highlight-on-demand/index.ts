/**
 * Takes the code highlighter (Prism, about 25 KiB gzip) out of the JavaScript every page
 * loads first. The classic theme registers `themeConfig.prism.additionalLanguages` from a
 * client module, and client modules are bundled into `main`; that one import pulls Prism
 * in with it. This plugin swaps that client module for an empty one, and the CodeBlock
 * wrapper (src/theme/CodeBlock) registers the languages instead, so Prism travels with the
 * code blocks: in the chunks of the pages that show code.
 */
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

export default function codeHighlightOnDemandPlugin(): Plugin {
  return {
    name: 'code-highlight-on-demand',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            // The client module only: not `lib/theme/prism-include-languages.js`, which
            // the CodeBlock wrapper calls.
            /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            fileURLToPath(new URL('./no-client-module.js', import.meta.url)),
          ),
        ],
      };
    },
  };
}
