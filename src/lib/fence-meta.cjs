// @ts-check
/**
 * A fence's meta, read by the grammar of ./fences.cjs (its header states it). Apart from the
 * block extractor because pages bundle this part (the live examples' code block wrapper and
 * the typed code blocks read `live`, `show=`, `clients=`, `challenge=` in the browser): a
 * page chunk carries these few lines, not the whole parser.
 */

/** One option: a name, then `="…"`, `='…'` or a bare value, or nothing (a flag). */
const OPTION = /([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;

/**
 * A fence's meta: `title="a b" run=x exec` gives attrs {title: 'a b', run: 'x'}, flags {exec}.
 * @param {string} meta
 * @returns {{attrs: Record<string, string>, flags: Set<string>}}
 */
function parseMeta(meta) {
  /** @type {Record<string, string>} */
  const attrs = {};
  const flags = new Set();
  for (const m of meta.matchAll(OPTION)) {
    const value = m[2] ?? m[3] ?? m[4];
    if (value === undefined) flags.add(m[1]);
    else attrs[m[1]] = value;
  }
  return {attrs, flags};
}

/**
 * The meta without the flag `name`, every other option as written (a flag's word inside a
 * quoted value stays).
 * @param {string} meta
 * @param {string} name
 * @returns {string}
 */
function withoutFlag(meta, name) {
  return meta.replace(OPTION, (option) => (option === name ? '' : option));
}

module.exports = {parseMeta, withoutFlag};
