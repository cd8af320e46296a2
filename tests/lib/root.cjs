// @ts-check
/**
 * The project's root folder: the one definition the tests, their helpers and the scripts
 * use. CommonJS, so that the Playwright tests (TypeScript), the plain Node scripts
 * (scripts/bench.mjs, tests/lib/samples.mjs) and other CommonJS helpers can all load it.
 */
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

module.exports = {ROOT};
