/**
 * The docs' one sidebar (the spec: the docs share one sidebar): the guides (./guides.ts), then
 * the API reference, one category per package of api-sources/packages.ts. Docusaurus reads
 * every export of this file as a sidebar, so it exports its default and nothing else.
 */
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {createRequire} from 'node:module';

import {apiPackages, type ApiPackage} from './api-sources/packages';
import {guides} from './guides';

const require = createRequire(import.meta.url);

/** One entry of a sidebar, as `SidebarsConfig` accepts it. */
type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

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
      // Open, so that every page's sidebar shows all five packages.
      items.push({type: 'category', label: pkg.group, collapsed: false, items: members});
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
