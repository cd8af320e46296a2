// @ts-check
/**
 * The grammar of a code fence's meta, and its one parser. The site reads fences with it (the
 * typed-samples plugin's compile, the live examples, the code block wrapper) and so do the
 * tests (the sample checker, the runnable runner, the live and challenge helpers): a block
 * one of them sees is a block the others see, with the same language, meta and line.
 *
 * The grammar: after the language, the meta is a list of options separated by white space.
 *   - `name` alone is a flag (`live`, `fragment`, `background`);
 *   - `name=value` gives the option a value, written `"in double quotes"`, `'in single
 *     quotes'` (either may hold spaces, and the other kind of quote), or bare up to the next
 *     white space (`run=orders/service`);
 *   - a name is letters, digits, `_` and `-`. A later option of the same name wins.
 * Options the site does not know are kept, not refused, so that Docusaurus's own (such as
 * `showLineNumbers`) pass through; ./fence-options.cjs lists the ones the site and its
 * tests read, and a unit test (tests/unit/fences.test.ts) fails when a page's fence uses
 * any other.
 *
 * CommonJS so that every reader loads it: the site's bundles, an ES module script, and
 * Playwright's CommonJS transform of the runner on Node 20 (which cannot require an ES
 * module). Browser code imports only ./fence-meta.cjs, the meta's parser (re-exported here);
 * the table of options, with its prose, lives in ./fence-options.cjs, which no page bundles.
 */

const {parseMeta} = require('./fence-meta.cjs');

/**
 * @typedef {{lang: string, meta: string, line: number, code: string}} Block
 *   line is 1-based, of the opening fence; code is the body, without the fence's indent.
 * @typedef {{attrs: Record<string, string>, flags: Set<string>}} Meta
 */

/**
 * Fenced code blocks of a Markdown or MDX file, in page order.
 * @param {string} text
 * @returns {Block[]}
 */
function extractBlocks(text) {
  const lines = text.split('\n');
  /** @type {Block[]} */
  const blocks = [];
  /** @type {{fence: string, indent: number, lang: string, meta: string, line: number, body: string[]} | null} */
  let open = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!open) {
      const m = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*(.*)$/.exec(line);
      if (m) {
        open = {
          fence: m[2],
          indent: m[1].length,
          lang: m[3].toLowerCase(),
          meta: m[4].trim(),
          line: i + 1,
          body: [],
        };
      }
      continue;
    }
    const close = new RegExp(
      `^\\s*${open.fence[0] === '`' ? '`' : '~'}{${open.fence.length},}\\s*$`,
    );
    if (close.test(line)) {
      blocks.push({lang: open.lang, meta: open.meta, line: open.line, code: open.body.join('\n')});
      open = null;
    } else {
      open.body.push(line.slice(Math.min(open.indent, line.length - line.trimStart().length)));
    }
  }
  return blocks;
}

/**
 * A block deliberately incomplete (```ts fragment): counted, never compiled nor run.
 * @param {{meta: string}} block
 */
function isFragment(block) {
  const {attrs, flags} = parseMeta(block.meta);
  return flags.has('fragment') || attrs.fragment !== undefined;
}

module.exports = {extractBlocks, parseMeta, isFragment};
