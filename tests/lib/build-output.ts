/** Reading the production build (build/) from tests that need no browser. */
import fs from 'node:fs';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import {fileRoute, routeFile as routeFileIn} from './route-file.cjs';

export const ROOT = path.resolve(__dirname, '../..');
export const BUILD = path.join(ROOT, 'build');

/** The HTML file a route is written to, or undefined (the mapping: ./route-file.cjs). */
export function routeFile(route: string): string | undefined {
  return routeFileIn(BUILD, route);
}

export function readRoute(route: string): CheerioAPI {
  const file = routeFile(route);
  if (!file) throw new Error(`no built page for ${route}`);
  return load(fs.readFileSync(file, 'utf8'));
}

/** Every HTML file under a folder of build/, as routes. */
export function builtRoutes(under = ''): string[] {
  const dir = path.join(BUILD, under);
  const routes: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, {withFileTypes: true})) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) routes.push(fileRoute(path.relative(BUILD, full)));
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return routes.sort();
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
