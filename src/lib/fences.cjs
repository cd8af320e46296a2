// @ts-check
/**
 * The one fence parser of the site's tests: the sample checker (tests/lib/samples.mjs)
 * and the runnable runner (tests/lib/runnable.ts) both read pages with it, so a block one
 * of them sees is a block the other sees, with the same language, meta and line.
 * CommonJS so that both load it: an ES module script, and Playwright's CommonJS transform
 * of the runner on Node 20 (which cannot require an ES module).
 *
 * Meta flags that only other tools read (`live`, for the live examples) pass through as
 * flags; neither the checker nor the runner gives them a meaning.
 */

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
 * A fence's meta: `title="a b" run=x exec` gives attrs {title: 'a b', run: 'x'}, flags {exec}.
 * @param {string} meta
 * @returns {Meta}
 */
function parseMeta(meta) {
  /** @type {Record<string, string>} */
  const attrs = {};
  const flags = new Set();
  for (const m of meta.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g)) {
    const value = m[2] ?? m[3] ?? m[4];
    if (value === undefined) flags.add(m[1]);
    else attrs[m[1]] = value;
  }
  return {attrs, flags};
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
