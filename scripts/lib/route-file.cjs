// @ts-check
/**
 * The one mapping between a route of the site and the HTML file of build/ that holds it,
 * both ways. Every test and script that looks for a page's file goes through here
 * (tests/lib/build-output.ts, ./first-load.cjs and so scripts/bench.mjs), so a change of
 * output layout is one change.
 *
 * `trailingSlash` is left undefined in docusaurus.config.ts: Docusaurus writes the route
 * `/a/b` as `a/b/index.html` and `/` as `index.html`; a route that already ends in `.html`
 * (the not-found page, `/404.html`) is written under its own name. CommonJS, so that the
 * plain Node benchmark can load it as well as the Playwright tests.
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The file of `route`, relative to build/ and `/`-separated; a trailing slash on the route
 * names the same page.
 * @param {string} route
 */
function routeFilePath(route) {
  const clean = route.replace(/^\/+/, '').replace(/\/+$/, '');
  if (clean === '') return 'index.html';
  if (/\.html?$/i.test(clean)) return clean;
  return `${clean}/index.html`;
}

/**
 * The absolute path of the built file of `route`, or undefined when the build has none.
 * @param {string} buildDir
 * @param {string} route
 */
function routeFile(buildDir, route) {
  const file = path.join(buildDir, routeFilePath(route));
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    // ENOENT, or ENOTDIR when a part of the path is a file (`/docs/intro.md/…`).
    return undefined;
  }
}

/**
 * The route an HTML file of build/ is served at: `a/b/index.html` → `/a/b`, `404.html` →
 * `/404.html`.
 * @param {string} file relative to build/, with either separator
 */
function fileRoute(file) {
  const rel = file.split(path.sep).join('/').replace(/^\/+/, '');
  if (rel === 'index.html') return '/';
  return `/${rel.replace(/\/index\.html$/, '')}`;
}

module.exports = {routeFilePath, routeFile, fileRoute};
