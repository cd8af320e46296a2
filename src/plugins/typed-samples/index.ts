/**
 * Types where the reader looks: every TypeScript sample of the guides and posts shows the
 * quick info of its identifiers on hover and on keyboard focus, and a sample that teaches a
 * compile error shows the compiler's message under its line, as an editor would.
 *
 * - ./render.ts compiles the samples once per build, with the compile that checks them
 *   (./samples.mjs, which the tests run as the sample checker), and writes each block's HTML;
 * - ./remark.ts, a remark step of the docs, blog and pages plugins (`beforeDefaultRemarkPlugins`),
 *   turns each block into `<TypedCode>` (src/components/TypedCode), whose HTML is `require`d
 *   from a file through ./html-loader.cjs: the server bundle gets the HTML, the client bundle
 *   `null`. The HTML is in the page, never in its JavaScript. No Docusaurus plugin is needed
 *   (one would also add its name to every page's first JavaScript, in the site metadata).
 *
 * Popups open with CSS alone (`:hover`, `:focus`), so the page needs no script for them.
 */
export {default} from './remark';
