// @ts-check
/**
 * Temporary copies to build in: of the whole project (tests/lib/temp-site.ts `copySite`,
 * scripts/bench.mjs) or of a small fixture site (`fixtureSite`). CommonJS, so that the
 * Playwright tests and the plain Node script share it.
 *
 * A copy's node_modules is a real folder whose entries link to the project's, so the
 * bundler's cache (node_modules/.cache) belongs to the copy and goes away with it.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {ROOT} = require('../../src/lib/root.cjs');

/** What a copy of the project leaves out: installed, generated, or test and benchmark output. */
const NOT_COPIED = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.git',
  'test-results',
  'bench-results',
  'playwright-report',
]);

/**
 * Links each entry of the project's (or `source`'s) node_modules into `dir`/node_modules,
 * but the cache.
 * @param {string} dir
 * @param {string} [source]
 */
function linkNodeModules(dir, source = ROOT) {
  const modules = fs.realpathSync(path.join(source, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(modules)) {
    if (entry !== '.cache')
      fs.symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  }
}

/**
 * Copies the project (its working tree, uncommitted changes included, without what
 * NOT_COPIED names) to a new temporary folder `skip-<label>-*` and returns its path.
 * `apiReference: false` leaves out the generated docs/api/ and its stamp. `source` copies
 * another checkout of the project instead (`npm run bench -- --versus <dir>`).
 * @param {{label?: string, apiReference?: boolean, source?: string}} [options]
 * @returns {string}
 */
function copyProject({label = 'site', apiReference = true, source = ROOT} = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skip-${label}-`));
  const apiDir = path.join(source, 'docs', 'api');
  fs.cpSync(source, dir, {
    recursive: true,
    filter: (src) => {
      if (!apiReference && (src === apiDir || src.startsWith(apiDir + path.sep))) return false;
      return !NOT_COPIED.has(path.relative(source, src).split(path.sep)[0]);
    },
  });
  linkNodeModules(dir, source);
  return dir;
}

/**
 * Copies the folder `source` (a fixture site) to a new temporary folder `skip-<label>-*`,
 * with the linked node_modules, and returns its path.
 * @param {string} source
 * @param {{label?: string}} [options]
 * @returns {string}
 */
function copyFolder(source, {label = 'fixture'} = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `skip-${label}-`));
  fs.cpSync(source, dir, {recursive: true});
  linkNodeModules(dir);
  return dir;
}

module.exports = {NOT_COPIED, copyProject, copyFolder};
