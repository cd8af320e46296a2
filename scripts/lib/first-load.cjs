// @ts-check
/**
 * First-load bytes of a page of the production build: its HTML and the same-origin
 * scripts and stylesheets the HTML references (`<script src>`, `<link rel=stylesheet>`,
 * script and style preloads), each gzip-compressed at level 9, read from build/ (no
 * browser). Shared by tests/build/byte-budgets.spec.ts and scripts/bench.mjs; CommonJS
 * so that both the Playwright tests and the plain Node script can load it.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const {routeFile} = require('./route-file.cjs');

/** The five page types of the performance budget. */
const PAGE_TYPES = /** @type {const} */ ([
  {type: 'landing', path: '/'},
  {type: 'guide', path: '/docs/introduction'},
  {type: 'API', path: '/docs/api/core/interfaces/Context'},
  {type: 'blog list', path: '/blog'},
  {type: 'blog post', path: '/blog/why-skip'},
]);

/** @param {Buffer} buffer */
const gzipSize = (buffer) => zlib.gzipSync(buffer, {level: 9}).length;

/**
 * Same-origin scripts and stylesheets an HTML page loads before anything else.
 * @param {string} html
 * @returns {{js: string[], css: string[]}}
 */
function firstLoadAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if (!src || !src.startsWith('/') || src.startsWith('//')) continue;
    const isScript =
      tag.startsWith('<script') ||
      /\bas=["']?script\b/.test(tag) ||
      /\brel=["']?modulepreload\b/.test(tag);
    const isStyle = /\brel=["']?stylesheet\b/.test(tag) || /\bas=["']?style\b/.test(tag);
    if (isScript && src.endsWith('.js')) js.add(src);
    else if (isStyle) css.add(src);
  }
  return {js: [...js], css: [...css]};
}

/**
 * @param {string} buildDir
 * @param {string} route
 * @returns {{html: number, js: number, css: number, total: number, files: {js: string[], css: string[]}}}
 */
function firstLoad(buildDir, route) {
  const file = routeFile(buildDir, route);
  if (!file) throw new Error(`no built page for ${route} in ${buildDir}`);
  const html = fs.readFileSync(file);
  const files = firstLoadAssets(html.toString('utf8'));
  /** @param {string[]} list */
  const size = (list) =>
    list.reduce((sum, file) => sum + gzipSize(fs.readFileSync(path.join(buildDir, file))), 0);
  const sizes = {html: gzipSize(html), js: size(files.js), css: size(files.css)};
  return {...sizes, total: sizes.html + sizes.js + sizes.css, files};
}

module.exports = {PAGE_TYPES, firstLoad, firstLoadAssets, gzipSize};
