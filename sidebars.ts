import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {createRequire} from 'node:module';

import {apiPackages, type ApiPackage} from './api-sources/packages';

const require = createRequire(import.meta.url);

/** One entry of a sidebar, as `SidebarsConfig` accepts it. */
type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/** The guides, in reading order (the tests read this list: tests/lib/sources.ts). */
export const guides = [
  'introduction',
  'getting_started',
  'functions',
  'resources',
  'externals',
  'client',
  'deploying',
  'glossary',
  'community',
];

/** One category per package, filled from the sidebar TypeDoc writes next to its pages. */
function apiCategory(pkg: ApiPackage): SidebarItemConfig {
  const generated = require(`./docs/api/${pkg.route}/typedoc-sidebar.cjs`) as SidebarItemConfig[];
  return {
    type: 'category',
    label: pkg.title,
    link: {type: 'doc', id: `api/${pkg.route}/index`},
    items: generated,
  };
}

function apiCategories(): SidebarItemConfig[] {
  const items: SidebarItemConfig[] = [];
  const groups = new Map<string, SidebarItemConfig[]>();
  for (const pkg of apiPackages) {
    if (!pkg.group) {
      items.push(apiCategory(pkg));
      continue;
    }
    let members = groups.get(pkg.group);
    if (!members) {
      members = [];
      groups.set(pkg.group, members);
      items.push({type: 'category', label: pkg.group, items: members});
    }
    members.push(apiCategory(pkg));
  }
  return items;
}

const sidebars: SidebarsConfig = {
  docs: [
    ...guides,
    {
      type: 'category',
      label: 'API reference',
      collapsed: false,
      items: apiCategories(),
    },
  ],
};

export default sidebars;
