/**
 * The pages build/sitemap.xml lists: the one place tests read the sitemap, which drives the
 * page-by-page tests as in Docusaurus's own site.
 */
import fs from 'node:fs';
import path from 'node:path';
import {BUILD} from './build-output';

let urls: string[] | undefined;

/** The URLs of build/sitemap.xml, as written (on the site's public origin). */
export function sitemapUrls(): string[] {
  urls ??= [
    ...fs.readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g),
  ].map((m) => m[1]!);
  return urls;
}

/** The paths of the sitemap's URLs (`/`, `/docs/introduction`), to load from a local server. */
export function sitemapPaths(): string[] {
  return sitemapUrls().map((url) => new URL(url).pathname);
}
