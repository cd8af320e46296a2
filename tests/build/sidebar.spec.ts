/**
 * The docs' one sidebar (spec, Documentation: the docs share one sidebar; its categories
 * cannot be hidden and are not auto-collapsed), read from build/ and from the data the docs
 * plugin loaded (.docusaurus/). Issue 31 §1: a named export of sidebars.ts became a second
 * sidebar, and the guide pages lost the API reference; no test compared the sidebars of two
 * pages. The same sidebar after hydration: tests/site/sidebar.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type {Cheerio, CheerioAPI} from 'cheerio';
import type {Element} from 'domhandler';
import {builtRoutes, readRoute, ROOT} from '../lib/build-output';
import {API} from '../lib/spec';
import {GUIDES} from '../lib/sources';

/** The spec's five packages, as the routes of their index pages. */
const PACKAGE_ROUTES = Object.keys(API).map((pkg) => `/docs/api/${pkg}`);

/**
 * What a page's sidebar holds, down to the packages: links, and categories with their state.
 * A package's own category is a leaf here: which of its kinds (Classes, Interfaces…) are open
 * depends on the page shown, as it should.
 */
type Entry =
  | {link: string; label: string}
  | {category: string; href?: string; expanded: boolean; items?: Entry[]};

function entries($: CheerioAPI, list: Cheerio<Element>): Entry[] {
  return list
    .children('li')
    .toArray()
    .map((li): Entry => {
      const $li = $(li);
      if (!$li.hasClass('theme-doc-sidebar-item-category')) {
        const a = $li.children('a').first();
        return {link: a.attr('href') ?? '', label: a.text().trim()};
      }
      const a = $li.find('> .menu__list-item-collapsible > a').first();
      // A category without a page of its own carries a caret, and the href of its first item.
      const href = a.hasClass('menu__link--sublist-caret') ? undefined : a.attr('href');
      const entry = {
        category: a.text().trim(),
        expanded: !$li.hasClass('menu__list-item--collapsed'),
      };
      if (href && PACKAGE_ROUTES.includes(href)) return {...entry, href};
      return {...entry, ...(href ? {href} : {}), items: entries($, $li.children('ul'))};
    });
}

/** The sidebar of a built page: its one menu, read as entries. */
function sidebarOf(route: string): Entry[] {
  const $ = readRoute(route);
  const menus = $('.theme-doc-sidebar-menu');
  expect(menus, `${route}: one sidebar menu`).toHaveLength(1);
  return entries($, menus.first());
}

const categories = (list: Entry[]): Extract<Entry, {category: string}>[] =>
  list.flatMap((e) => ('category' in e ? [e, ...categories(e.items ?? [])] : []));

/** Every page of the docs: the guides and the API reference, as built. */
const DOC_ROUTES = () => [
  ...GUIDES.map((id) => `/docs/${id}`),
  ...builtRoutes('docs/api'),
];

test('every guide and API page shows the same sidebar: the nine guides, then the API reference of the five packages', () => {
  const routes = DOC_ROUTES();
  expect(routes.length).toBeGreaterThan(GUIDES.length + Object.keys(API).length);
  const reference = sidebarOf(`/docs/${GUIDES[0]}`);
  // The guides first, in order, then one expanded category: the API reference.
  expect(reference.slice(0, GUIDES.length)).toEqual(
    GUIDES.map((id) => expect.objectContaining({link: `/docs/${id}`})),
  );
  expect(reference.slice(GUIDES.length)).toEqual([
    expect.objectContaining({category: 'API reference', expanded: true}),
  ]);
  // Its packages, each a category linking the package's page: the spec's five.
  const packages = categories(reference).filter((c) => c.href && PACKAGE_ROUTES.includes(c.href));
  expect(packages.map((c) => c.href).sort()).toEqual([...PACKAGE_ROUTES].sort());
  // A category that groups packages is open: every package shows on every page.
  const groups = categories(reference).filter((c) => !c.href);
  expect(groups.length).toBeGreaterThan(0);
  expect(groups.filter((c) => !c.expanded).map((c) => c.category)).toEqual([]);
  // The same on every other page (a package's own category open or not).
  const shape = (list: Entry[]): unknown =>
    list.map((e) =>
      'category' in e && e.href && PACKAGE_ROUTES.includes(e.href)
        ? {category: e.category, href: e.href}
        : 'category' in e
          ? {...e, items: e.items && shape(e.items)}
          : e,
    );
  const different = routes.filter(
    (route) => JSON.stringify(shape(sidebarOf(route))) !== JSON.stringify(shape(reference)),
  );
  expect(different, 'pages whose sidebar is not the guides\u2019 one').toEqual([]);
});

test('each docs page is the current item of that sidebar', () => {
  const missing = DOC_ROUTES().filter((route) => {
    const $ = readRoute(route);
    // Its own link (an item, or a package's category): categories above it are active too,
    // but those without a page of their own (a caret) only borrow their first item's href.
    const own = $(`.theme-doc-sidebar-menu a.menu__link--active[href="${route}"]`).not(
      '.menu__link--sublist-caret',
    );
    return own.length !== 1;
  });
  expect(missing).toEqual([]);
});

test('the sidebar cannot be hidden: no page has the button that collapses it', () => {
  const withButton = DOC_ROUTES().filter((route) => {
    const $ = readRoute(route);
    return (
      $('button[title="Collapse sidebar"], button[aria-label="Collapse sidebar"]').length > 0 ||
      $('[class*="collapseSidebarButton"]').length > 0
    );
  });
  expect(withButton).toEqual([]);
  // The sidebar itself is there to hide: the check looks at real pages.
  expect(readRoute('/docs/introduction')('.theme-doc-sidebar-container')).toHaveLength(1);
});

/** The docs plugin's loaded data, as the build wrote it to .docusaurus/ (a Docusaurus layout). */
function loadedDocsData(): {sidebars: Record<string, unknown>; docSidebar: Map<string, unknown>} {
  const dir = path.join(ROOT, '.docusaurus/docusaurus-plugin-content-docs/default');
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const versions = fs
    .readdirSync(path.join(dir, 'p'))
    .map((name) => read(path.join(dir, 'p', name)).version as {docsSidebars?: Record<string, unknown>})
    .filter((v) => v?.docsSidebars);
  expect(versions, 'the loaded version (.docusaurus/…/p/docs-*.json, written by a build)').toHaveLength(1);
  const docSidebar = new Map<string, unknown>();
  for (const name of fs.readdirSync(dir).filter((n) => n.startsWith('site-docs-'))) {
    const doc = read(path.join(dir, name));
    docSidebar.set(String(doc.id), doc.sidebar);
  }
  return {sidebars: versions[0]!.docsSidebars!, docSidebar};
}

test('the docs plugin loaded exactly one sidebar, and every doc belongs to it', () => {
  const {sidebars, docSidebar} = loadedDocsData();
  expect(Object.keys(sidebars)).toHaveLength(1);
  const [name] = Object.keys(sidebars);
  expect(docSidebar.size).toBeGreaterThan(GUIDES.length + Object.keys(API).length);
  for (const id of [...GUIDES, ...Object.keys(API).map((pkg) => `api/${pkg}/index`)]) {
    expect(docSidebar.has(id), `the doc ${id} was loaded`).toBe(true);
  }
  const elsewhere = [...docSidebar].filter(([, sidebar]) => sidebar !== name).map(([id]) => id);
  expect(elsewhere).toEqual([]);
});
