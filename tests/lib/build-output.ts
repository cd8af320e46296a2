/**
 * The one module that reads the production build (build/) for the tests: its pages with
 * their HTML, the file a route or URL is served from, the ids of a page, PNG sizes. The
 * mapping from a route to its file is scripts/lib/route-file.cjs; the sitemap's pages, ./sitemap.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {ROOT} from '../../src/lib/root.cjs';
import {fileRoute, routeFile as routeFileIn} from '../../scripts/lib/route-file.cjs';

export {ROOT};
export const BUILD = path.join(ROOT, 'build');

export type BuiltPage = {
  /** Path of the HTML file, relative to build/. */
  file: string;
  /** The clean URL path the page is served at (`/docs/introduction`, `/`). */
  route: string;
  html: string;
};

/** Documents parsed in this worker, by their HTML (see `parse`). */
const parsed = new Map<string, cheerio.CheerioAPI>();

/**
 * The document of `html`, parsed once per worker: the build tests read the same 83 pages again
 * and again (some 2,000 parses, 140 MB of HTML, 17 CPU s a run when each read parsed afresh).
 * The document is shared, so it is read only: a test that changes part of it (removes the code
 * blocks from an article, say) changes a `.clone()` of that part.
 */
export function parse(html: string): cheerio.CheerioAPI {
  let $ = parsed.get(html);
  if (!$) {
    $ = cheerio.load(html);
    parsed.set(html, $);
  }
  return $;
}

/** Every file under `dir` (absolute paths), at any depth. */
export function walk(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The route an HTML file of the build is served at (the mapping: scripts/lib/route-file.cjs). */
export const routeOf = (file: string): string => fileRoute(file);

let pages: BuiltPage[] | undefined;

/** Every HTML file of the build. */
export function builtPages(): BuiltPage[] {
  pages ??= walk(BUILD)
    .filter((file) => file.endsWith('.html'))
    .map((full) => {
      const file = path.relative(BUILD, full);
      return {file, route: routeOf(file), html: fs.readFileSync(full, 'utf8')};
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  return pages;
}

/** Every HTML file under a folder of build/, as routes. */
export function builtRoutes(under = ''): string[] {
  const dir = path.join(BUILD, under);
  if (!fs.existsSync(dir)) return [];
  return walk(dir)
    .filter((file) => file.endsWith('.html'))
    .map((full) => routeOf(path.relative(BUILD, full)))
    .sort();
}

/** A page that only sends the browser elsewhere (a `refresh` meta tag: `/docs`). */
export const isRedirectPage = (html: string) => /<meta\b[^>]*\shttp-equiv=["']?refresh/i.test(html);

/** Real pages: every built page but the not-found page and redirect pages. */
export const contentPages = () =>
  builtPages().filter((p) => p.file !== '404.html' && !isRedirectPage(p.html));

export function readBuilt(file: string): string {
  return fs.readFileSync(path.join(BUILD, file), 'utf8');
}

/** The HTML file a route is written to, or undefined (the mapping: scripts/lib/route-file.cjs). */
export function routeFile(route: string): string | undefined {
  return routeFileIn(BUILD, route);
}

export function readRoute(route: string): cheerio.CheerioAPI {
  const file = routeFile(route);
  if (!file) throw new Error(`no built page for ${route}`);
  return parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The build file a path of the site is served from, or undefined: a file as named (an image,
 * sitemap.xml), else the page of that route (scripts/lib/route-file.cjs). Relative to build/.
 */
export function fileForPath(urlPath: string): string | undefined {
  const clean = decodeURIComponent(urlPath).replace(/^\/+/, '');
  const full = path.join(BUILD, clean);
  if (clean !== '' && fs.statSync(full, {throwIfNoEntry: false})?.isFile()) return clean;
  const page = routeFile(urlPath);
  return page && path.relative(BUILD, page);
}

/** The ids of a built page, for checking `#anchor` targets. */
export function idsOf(route: string): Set<string> {
  const $ = readRoute(route);
  return new Set(
    $('[id]')
      .map((_, el) => $(el).attr('id') ?? '')
      .get(),
  );
}

/** The content of `<meta property|name="key">` in a parsed page, or undefined. */
export function meta($: cheerio.CheerioAPI, key: string): string | undefined {
  return $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(file: string): {width: number; height: number} {
  const bytes = fs.readFileSync(file);
  const signature = bytes.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a' || bytes.subarray(12, 16).toString('ascii') !== 'IHDR') {
    throw new Error(`${file} is not a PNG`);
  }
  return {width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20)};
}
