/**
 * The one table behind the API reference. Each row is a published framework package;
 * the rows produce the TypeDoc plugin instances (docusaurus.config.ts) and the sidebar
 * categories (sidebars.ts). Nothing about a package is written anywhere else.
 */
import type {PluginConfig} from '@docusaurus/types';
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

export function apiReferencePlugins({watch}: {watch: boolean}): PluginConfig[] {
  return apiPackages.map((pkg) => [
    'docusaurus-plugin-typedoc',
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
}
