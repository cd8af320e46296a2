/**
 * The one table behind the API reference. Each row is a published framework package;
 * the rows produce the TypeDoc plugin instances (docusaurus.config.ts) and the sidebar
 * categories (sidebars.ts). Nothing about a package is written anywhere else.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginConfig} from '@docusaurus/types';
import type {PluginOptions as MarkdownOptions} from 'docusaurus-plugin-typedoc';
import type {ManuallyValidatedOption, TypeDocOptions} from 'typedoc';
import {guides} from '../guides';
import {usageInputs} from '../src/plugins/typed-samples/outline.cjs';

// The options our TypeDoc plugins declare (api-sources/typedoc-*.mjs), for the checks below.
declare module 'typedoc' {
  interface TypeDocOptionMap {
    /** typedoc-source-links.mjs: the packages' and copied folders' paths in the repository. */
    sourceRepository: ManuallyValidatedOption<{
      packages: Record<string, string>;
      copied: Record<string, string>;
    }>;
    /** typedoc-notes.mjs: the folder of the package's notes, and their title on a page. */
    notesDir: string;
    notesTitle: string;
    /** typedoc-examples.mjs: the folder of the package's examples. */
    examplesDir: string;
    /** typedoc-used-in.mjs: the guide ids in reading order, the order of the "Used in" lists. */
    usedInGuides: string[];
  }
}

type TypedocOptions = MarkdownOptions & TypeDocOptions;

export type ApiPackage = {
  /** Plugin instance id, also the file name of the entry module in api-sources/. */
  id: string;
  /** The published npm package the types come from. */
  npmName: string;
  /** Where the pages live, relative to `docs/api/`; also their route under `/docs/api/`. */
  route: string;
  /** Sidebar label. */
  title: string;
  /** Sidebar group the package belongs to, if any. */
  group?: string;
  /** The package's folder in the SkipLabs/skip repository, where its `src/` is. */
  repoDir: string;
};

/** The release the five packages are pinned at: the notes' title, the source links' tag. */
export const SKIP_VERSION = '0.0.15';

/**
 * Folders the packages' build copies in from elsewhere in the repository (its `prebuild.mjs`
 * links them), by their name inside a package: their declarations link to where they live.
 */
export const copiedSources: Record<string, string> = {
  'skiplang-json': 'skiplang/skjson/ts/binding/src',
  'skiplang-std': 'skiplang/prelude/ts/binding/src',
};

export const apiPackages: readonly ApiPackage[] = [
  {
    id: 'core',
    npmName: '@skipruntime/core',
    route: 'core',
    title: '@skipruntime/core',
    repoDir: 'skipruntime-ts/core',
  },
  {
    id: 'server',
    npmName: '@skipruntime/server',
    route: 'server',
    title: '@skipruntime/server',
    repoDir: 'skipruntime-ts/server',
  },
  {
    id: 'helpers',
    npmName: '@skipruntime/helpers',
    route: 'helpers',
    title: '@skipruntime/helpers',
    repoDir: 'skipruntime-ts/helpers',
  },
  {
    id: 'postgres',
    npmName: '@skip-adapter/postgres',
    route: 'adapters/postgres',
    title: '@skip-adapter/postgres',
    group: '@skip-adapter',
    repoDir: 'skipruntime-ts/adapters/postgres',
  },
  {
    id: 'kafka',
    npmName: '@skip-adapter/kafka',
    route: 'adapters/kafka',
    title: '@skip-adapter/kafka',
    group: '@skip-adapter',
    repoDir: 'skipruntime-ts/adapters/kafka',
  },
];

/**
 * Options every instance shares; only id, name, entry point, readme, notes, examples and out
 * differ.
 */
const sharedOptions = {
  tsconfig: './api-sources/tsconfig.json',
  mergeReadme: true,
  // In this order: a page's note goes under its description, then its example before the
  // page's first section, before its source line is moved below the note (above the example).
  // The comment fixes mend upstream typing slips as TypeDoc reads the comments.
  plugin: [
    './api-sources/typedoc-index-title.mjs',
    './api-sources/typedoc-comment-fixes.mjs',
    './api-sources/typedoc-notes.mjs',
    './api-sources/typedoc-examples.mjs',
    './api-sources/typedoc-source-links.mjs',
    './api-sources/typedoc-used-in.mjs',
  ],
  // Every file is under node_modules/, so only Node's own declarations count as external and
  // are left out: the error classes lose the members Node adds to `Error` (stackTraceLimit,
  // captureStackTrace, prepareStackTrace), and keep those of the language's `Error`.
  excludeExternals: true,
  externalPattern: ['**/node_modules/@types/node/**'],
  excludePrivate: true,
  excludeInternal: true,
  // Each page links its declaration in the repository at the packages' tag; TypeDoc's
  // positions are in the published .d.ts files, typedoc-source-links.mjs maps them to src/.
  disableSources: false,
  disableGit: true,
  gitRevision: `v${SKIP_VERSION}`,
  sourceLinkTemplate: 'https://github.com/SkipLabs/skip/blob/{gitRevision}/{path}#L{line}',
  sourceRepository: {
    packages: Object.fromEntries(apiPackages.map((pkg) => [pkg.npmName, pkg.repoDir])),
    copied: copiedSources,
  },
  notesTitle: `In Skip ${SKIP_VERSION}`,
  usedInGuides: [...guides],
  hidePageHeader: true,
  hideBreadcrumbs: true,
  // Names in code: generic parameters then read `Mapper<K1, V1, K2, V2>` everywhere,
  // including the page title, instead of carrying markdown escapes.
  pageTitleTemplates: {member: '{kind}: `{rawName}`'},
  entryFileName: 'index',
  parametersFormat: 'table',
  typeDeclarationFormat: 'table',
  useCodeBlocks: true,
  expandObjects: false,
  sanitizeComments: true,
  validation: {notExported: false, invalidLink: false, rewrittenLink: false},
  sidebar: {
    autoConfiguration: true,
    pretty: true,
    typescript: false,
    deprecatedItemClassName: 'typedoc-sidebar-item-deprecated',
  },
} satisfies Partial<TypedocOptions>;

// `__dirname`, not `import.meta`: Docusaurus, tsx and Playwright all load this file as
// CommonJS (the API tests import the table), and the site is one folder up.
const siteDir = path.resolve(__dirname, '..');
const apiSourcesDir = path.join(siteDir, 'api-sources');
const outDir = (pkg: ApiPackage) => path.join(siteDir, 'docs', 'api', pkg.route);

/** Written after a successful generation: the hash of the inputs it was made from. */
export const API_STAMP = path.join(siteDir, 'docs', 'api', '.inputs-hash');

/** The tools whose version shapes the generated pages, besides the five packages. */
const TOOLS = [
  'typedoc',
  'typedoc-plugin-markdown',
  'docusaurus-plugin-typedoc',
  'typedoc-docusaurus-theme',
  'typescript',
];

/** The modules that make the "Used in" lists (typedoc-used-in.mjs calls them). */
const USAGE_MODULES = ['outline.cjs', 'usage.mjs', 'samples.mjs'].map(
  (name) => `src/plugins/typed-samples/${name}`,
);

function installedVersion(name: string): string {
  const file = path.join(siteDir, 'node_modules', name, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as {version: string}).version;
}

/**
 * A hash of exactly what the generated reference depends on: the installed versions of
 * the five packages and of the TypeDoc tools, the shared options, the package table,
 * every file TypeDoc reads in api-sources/ and its folders (entry modules, summaries,
 * tsconfig, plugins, notes; READMEs are read by people only), and what the "Used in" lists
 * are made from: the guides' and posts' samples, headings and front matter, and the modules
 * that index them (src/plugins/typed-samples/outline.cjs, usage.mjs, samples.mjs).
 */
export function apiInputsHash(): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({sharedOptions, apiPackages}));
  for (const name of [...apiPackages.map((pkg) => pkg.npmName), ...TOOLS]) {
    hash.update(`${name}@${installedVersion(name)}\n`);
  }
  const files = fs
    .readdirSync(apiSourcesDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name !== 'README.md')
    .map((entry) => path.relative(apiSourcesDir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(apiSourcesDir, file)));
  }
  for (const file of USAGE_MODULES) hash.update(fs.readFileSync(path.join(siteDir, file)));
  hash.update(usageInputs(siteDir));
  return hash.digest('hex');
}

/**
 * The notes' and examples' folders are the package ids: a folder named otherwise would be read
 * by no TypeDoc instance, its files silently left out, so it stops the build.
 */
export function checkNotesFolders(): void {
  const ids = new Set(apiPackages.map((pkg) => pkg.id));
  for (const kind of ['notes', 'examples']) {
    const dir = path.join(apiSourcesDir, kind);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      if (!entry.isDirectory() || !ids.has(entry.name)) {
        throw new Error(
          `api-sources/${kind}/${entry.name}: the ${kind} folder holds one folder per package id (${[...ids].join(', ')})`,
        );
      }
    }
  }
}

/** True when docs/api/ holds a complete generation from the current inputs. */
function isApiReferenceFresh(hash: string): boolean {
  if (!fs.existsSync(API_STAMP) || fs.readFileSync(API_STAMP, 'utf8') !== hash) return false;
  return apiPackages.every((pkg) => fs.existsSync(path.join(outDir(pkg), 'typedoc-sidebar.cjs')));
}

type Decision = {generate: boolean; hash: string};

/** One decision per plugin initialisation round (a build, a start or a reload of start). */
const decisions = new WeakMap<LoadContext, Promise<Decision>>();

/**
 * Hashes the inputs and, when docs/api/ is stale (or in watch mode), removes the stamp so
 * that an interrupted generation is never taken for a complete one. Called from the plugins'
 * initialisation, never while the config is loaded: `docusaurus serve` and `clear` load the
 * config without initialising plugins, so they hash nothing and delete nothing.
 */
function decide(context: LoadContext, watch: boolean): Promise<Decision> {
  let decision = decisions.get(context);
  if (!decision) {
    decision = Promise.resolve().then(() => {
      checkNotesFolders();
      const hash = apiInputsHash();
      const generate = watch || !isApiReferenceFresh(hash);
      if (generate) fs.rmSync(API_STAMP, {force: true});
      return {generate, hash};
    });
    decisions.set(context, decision);
  }
  return decision;
}

/**
 * The five TypeDoc instances. Each is docusaurus-plugin-typedoc (which runs TypeDoc when it
 * is initialised, before any content is loaded), started only when docs/api/ is stale: the
 * packages are pinned, so most builds reuse it. Watch mode always generates. A last plugin
 * records the inputs once every instance has written its pages. Nothing runs at config load.
 */
export function apiReferencePlugins({watch}: {watch: boolean}): PluginConfig[] {
  const instances = apiPackages.map((pkg): PluginConfig => [
    async function apiReference(context: LoadContext, options: unknown) {
      if (!(await decide(context, watch)).generate) return null;
      const {default: typedocPlugin} = await import('docusaurus-plugin-typedoc');
      // The options below, passed through as Docusaurus received them.
      return typedocPlugin(context, options as Parameters<typeof typedocPlugin>[1]);
    },
    // Core writes the site config into the JavaScript every page loads (`JSON.stringify`);
    // `toJSON` (not enumerable, so Docusaurus passes the options on without it) leaves only
    // the id there: TypeDoc's options are for the build, never for a reader's browser.
    Object.defineProperty(
      {
        ...sharedOptions,
        id: pkg.id,
        name: pkg.title,
        entryPoints: [`./api-sources/${pkg.id}.ts`],
        // A short summary of the package, shown at the top of its index page.
        readme: `./api-sources/${pkg.id}.md`,
        // Notes of ours on the package's symbols (api-sources/README.md).
        notesDir: `./api-sources/notes/${pkg.id}`,
        // Examples of ours for the package's symbols, one `## Example` section each.
        examplesDir: `./api-sources/examples/${pkg.id}`,
        out: `./docs/api/${pkg.route}`,
        watch,
      } satisfies Partial<TypedocOptions> & {id: string},
      'toJSON',
      {value: () => ({id: pkg.id})},
    ),
  ]);
  return [
    ...instances,
    (context: LoadContext): Plugin => ({
      name: 'api-reference-stamp',
      // Runs after every plugin is initialised, so after TypeDoc has written the pages.
      async loadContent() {
        const {generate, hash} = await decide(context, watch);
        if (generate) fs.writeFileSync(API_STAMP, hash);
      },
    }),
  ];
}
