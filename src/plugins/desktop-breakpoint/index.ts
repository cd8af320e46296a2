/**
 * Moves the desktop breakpoint from "above 996 px" (Docusaurus and Infima's default) to
 * "996 px and above", as the spec asks (§2, §9: below 996 px the navbar is the mobile menu).
 *
 * Docusaurus has no option for it: the value sits in Infima's media queries and in
 * theme-common's `useWindowSize` hook, and both must agree. So this plugin
 *   - rewrites the stylesheets' `(max-width: 996px)` / `(min-width: 997px)` queries, and
 *   - swaps the hook's module for ./useWindowSize.js, the same hook with the new value.
 */
import {fileURLToPath} from 'node:url';
import type {Plugin} from '@docusaurus/types';

/** The first width, in CSS pixels, that gets the desktop layout. */
export const DESKTOP_MIN_WIDTH = 996;

const postcssBreakpoint = {
  postcssPlugin: 'site-desktop-breakpoint',
  AtRule: {
    media(rule: {params: string}) {
      rule.params = rule.params
        .replace(/max-width:\s*996px/g, `max-width: ${DESKTOP_MIN_WIDTH - 0.02}px`)
        .replace(/min-width:\s*997px/g, `min-width: ${DESKTOP_MIN_WIDTH}px`);
    },
  },
};

export default function desktopBreakpointPlugin(): Plugin {
  return {
    name: 'desktop-breakpoint',
    configurePostCss(options) {
      options.plugins.push(postcssBreakpoint);
      return options;
    },
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/,
            fileURLToPath(new URL('./useWindowSize.js', import.meta.url)),
          ),
        ],
      };
    },
  };
}
