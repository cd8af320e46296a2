// Loads docusaurus.config.ts the way a command that only needs the config does (serve,
// clear), with spies on the file system and on hashing, and prints as JSON what the site's
// own modules called directly (not node_modules, not the module loader) while it loaded. Then, as a control
// that the spies see such work, it computes the API input hash. Run from the site's folder
// with `node --import tsx tests/lib/config-load-probe.mjs` (tests/build/config-side-effects.spec.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const site = process.cwd();
const probe = new URL(import.meta.url).pathname;
let calls = [];

/** True when the direct caller is a file of the site outside node_modules (module loaders are not). */
function fromSite() {
  // Lines: "Error", fromSite, the spy, then the caller.
  const caller = (new Error().stack ?? '').split('\n')[3] ?? '';
  const file = /(?:file:\/\/)?(\/[^\s:)]+):\d+:\d+/.exec(caller)?.[1];
  return (
    Boolean(file) &&
    file.startsWith(site + path.sep) &&
    !file.includes(`${path.sep}node_modules${path.sep}`) &&
    file !== probe
  );
}

function spy(object, name, label) {
  const original = object[name];
  object[name] = function (...args) {
    if (fromSite())
      calls.push(
        `${label}.${name}(${typeof args[0] === 'string' ? path.relative(site, args[0]) : (args[0] ?? '')})`,
      );
    return original.apply(this, args);
  };
}
for (const name of [
  'readFileSync',
  'readdirSync',
  'existsSync',
  'statSync',
  'rmSync',
  'unlinkSync',
  'writeFileSync',
  'mkdirSync',
]) {
  spy(fs, name, 'fs');
}
spy(crypto, 'createHash', 'crypto');

const config = (await import(path.join(site, 'docusaurus.config.ts'))).default;
const configLoad = calls;
calls = [];
const {apiInputsHash} = await import(path.join(site, 'api-sources', 'packages.ts'));
apiInputsHash();
console.log(JSON.stringify({plugins: config.plugins.length, configLoad, control: calls}));
