// @ts-check
/**
 * The options a code fence of this site may carry (the grammar and its parser are
 * ./fences.cjs): per option, whether it is a flag or takes a value, which files read it, and
 * what it means. It is the one list: CONTRIBUTING.md's table of fence options is this table
 * rendered (`node src/lib/fence-options.cjs` prints it), and tests/unit/fences.test.ts fails
 * when the two differ, when a reader named here no longer mentions its option, or when a
 * fence in docs/, blog/ or src/ uses an option missing from this list.
 *
 * A new option is a row here first. Kept apart from ./fences.cjs because browser code
 * imports the parser and none of it needs this prose.
 */

/**
 * @typedef {object} FenceOption
 * @property {string} name
 * @property {'flag' | 'value' | 'flag or value'} form
 * @property {string} example how it is written in a fence
 * @property {string[]} readBy files of the repository that read it (each mentions the name)
 * @property {string} [readByOther] a reader outside the repository
 * @property {string} meaning one line, for writers
 */

/** @type {FenceOption[]} */
const FENCE_OPTIONS = [
  {
    name: 'title',
    form: 'value',
    example: 'title="service.ts"',
    readBy: ['src/plugins/typed-samples/samples.mjs', 'tests/lib/runnable.ts'],
    readByOther: "Docusaurus's code block",
    meaning:
      'The caption above the block; for a runnable file, its file name (else `// name.ts` on its first line).',
  },
  {
    name: 'fragment',
    form: 'flag',
    example: 'fragment',
    readBy: [
      'src/lib/fences.cjs',
      'src/plugins/typed-samples/samples.mjs',
      'tests/lib/runnable.ts',
    ],
    meaning:
      'A deliberately incomplete sample: counted and typed where it resolves, never checked for errors nor run.',
  },
  {
    name: 'errors',
    form: 'value',
    example: 'errors=2344,2322',
    readBy: ['src/plugins/typed-samples/samples.mjs'],
    meaning:
      'The TypeScript error codes a sample teaches: it must fail with exactly these, and the page shows the messages under their lines.',
  },
  {
    name: 'run',
    form: 'value',
    example: 'run="orders/service"',
    readBy: ['tests/lib/runnable.ts', 'src/plugins/typed-samples/samples.mjs'],
    meaning:
      'A step of a runnable scenario, `<scenario>/<block>` (several space-separated): a bash block runs, any other block is saved as a file.',
  },
  {
    name: 'output',
    form: 'value',
    example: 'output="orders/service"',
    readBy: ['tests/lib/runnable.ts', 'tests/site/live-helpers.ts'],
    meaning: 'What that step prints next; the run must print exactly this.',
  },
  {
    name: 'background',
    form: 'flag or value',
    example: 'background',
    readBy: ['tests/lib/runnable.ts'],
    meaning:
      'A bash step that keeps running (a service, `curl -N`); `background="<scenario> …"` limits it to those scenarios.',
  },
  {
    name: 'needs',
    form: 'value',
    example: 'needs="postgresql"',
    readBy: ['tests/lib/runnable.ts'],
    meaning: 'The scenario gets its own PostgreSQL server (the one need known).',
  },
  {
    name: 'live',
    form: 'flag',
    example: 'live',
    readBy: [
      'src/theme/CodeBlock/index.tsx',
      'src/components/TypedCode/index.tsx',
      'tests/site/live-helpers.ts',
      'tests/lib/challenges.ts',
    ],
    meaning: 'A live example: a Run live button under the block runs the service in the browser.',
  },
  {
    name: 'show',
    form: 'value',
    example: 'show="totals tasksOf?owner=ana"',
    readBy: ['src/plugins/live-examples/LiveService/state.ts'],
    meaning:
      'The resource instances a live example shows as tables, space-separated; `?a=b&c=d` gives an instance its parameters.',
  },
  {
    name: 'clients',
    form: 'value',
    example: 'clients="totals"',
    readBy: ['src/plugins/live-examples/LiveService/Live/Clients.tsx'],
    meaning:
      'A live example also shows two clients streaming this resource (one item written as in `show=`).',
  },
  {
    name: 'resource',
    form: 'value',
    example: 'resource="spending"',
    readBy: ['tests/site/live-helpers.ts'],
    meaning:
      "On an output block of the live fence's scenario: what that resource (an item of `show=`) holds when the service starts.",
  },
  {
    name: 'challenge',
    form: 'value',
    example: 'challenge="tasks-no-owner"',
    readBy: [
      'src/plugins/live-examples/LiveService/meta.ts',
      'tests/lib/challenges.ts',
      'tests/site/live-helpers.ts',
    ],
    meaning:
      'The live fence of a challenge: its id, naming the check `src/challenges/<id>.ts`; Check appears beside Run.',
  },
];

/** Names of the known options. */
const KNOWN = new Set(FENCE_OPTIONS.map((option) => option.name));

/**
 * The options of a parsed meta that the table does not know, in the order met.
 * @param {{attrs: Record<string, string>, flags: Set<string>}} meta
 * @returns {string[]}
 */
function unknownOptions(meta) {
  return [...meta.flags, ...Object.keys(meta.attrs)].filter((name) => !KNOWN.has(name));
}

/**
 * The table as Markdown, as CONTRIBUTING.md holds it.
 * @returns {string}
 */
function optionsTable() {
  const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|');
  const rows = FENCE_OPTIONS.map((o) => {
    const readers = [
      ...o.readBy.map((file) => `\`${file}\``),
      ...(o.readByOther ? [o.readByOther] : []),
    ];
    return `| \`${o.example}\` | ${o.form} | ${cell(o.meaning)} | ${readers.join(', ')} |`;
  });
  return ['| Option | Form | Meaning | Read by |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

module.exports = {FENCE_OPTIONS, unknownOptions, optionsTable};

if (require.main === module) console.log(optionsTable());
