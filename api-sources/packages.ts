/**
 * The one table behind the API reference. Each row is a published framework package;
 * the rows produce the TypeDoc plugin instances (docusaurus.config.ts) and the sidebar
 * categories (sidebars.ts). Nothing about a package is written anywhere else.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {LoadContext, Plugin, PluginConfig} from '@docusaurus/types';
import type {PluginOptions as MarkdownOptions} from 'docusaurus-plugin-typedoc';
import type {TypeDocOptions} from 'typedoc';

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
};

export const apiPackages: readonly ApiPackage[] = [
  {id: 'core', npmName: '@skipruntime/core', route: 'core', title: '@skipruntime/core'},
  {id: 'server', npmName: '@skipruntime/server', route: 'server', title: '@skipruntime/server'},
  {id: 'helpers', npmName: '@skipruntime/helpers', route: 'helpers', title: '@skipruntime/helpers'},
  {
    id: 'postgres',
    npmName: '@skip-adapter/postgres',
    route: 'adapters/postgres',
    title: '@skip-adapter/postgres',
    group: '@skip-adapter',
  },
  {
    id: 'kafka',
    npmName: '@skip-adapter/kafka',
    route: 'adapters/kafka',
    title: '@skip-adapter/kafka',
    group: '@skip-adapter',
  },
];

/** Options every instance shares; only id, out and entry points differ. */
const sharedOptions = {
  tsconfig: './api-sources/tsconfig.json',
  mergeReadme: true,
  plugin: ['./api-sources/typedoc-index-title.mjs'],
  excludeExternals: false,
  excludePrivate: true,
  excludeInternal: true,
  disableSources: true,
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

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

function installedVersion(name: string): string {
  const file = path.join(siteDir, 'node_modules', name, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as {version: string}).version;
}

/**
 * A hash of exactly what the generated reference depends on: the installed versions of
 * the five packages and of the TypeDoc tools, the shared options, the package table and
 * every file in api-sources/ and its folders (entry modules, summaries, tsconfig, plugin, notes).
 */
export function apiInputsHash(): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({sharedOptions, apiPackages}));
  for (const name of [...apiPackages.map((pkg) => pkg.npmName), ...TOOLS]) {
    hash.update(`${name}@${installedVersion(name)}\n`);
  }
  // Recursive: the symbols' notes sit in api-sources/notes/<package>/.
  for (const file of fs.readdirSync(apiSourcesDir, {recursive: true, encoding: 'utf8'}).sort()) {
    if (fs.statSync(path.join(apiSourcesDir, file)).isDirectory()) continue;
    hash.update(`${file}\n`);
    hash.update(fs.readFileSync(path.join(apiSourcesDir, file)));
  }
  return hash.digest('hex');
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
    {
      ...sharedOptions,
      id: pkg.id,
      name: pkg.title,
      entryPoints: [`./api-sources/${pkg.id}.ts`],
      // A short summary of the package, shown at the top of its index page.
      readme: `./api-sources/${pkg.id}.md`,
      out: `./docs/api/${pkg.route}`,
      watch,
    } satisfies Partial<TypedocOptions> & {id: string},
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
