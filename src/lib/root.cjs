// @ts-check
/**
 * The project's root folder: the one definition the tests, their helpers and the scripts
 * use. CommonJS, so that the build (src/plugins/typed-samples/samples.mjs), the plain Node
 * scripts (scripts/bench.mjs), the Playwright tests and other CommonJS helpers all load it.
 */
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

module.exports = {ROOT};
