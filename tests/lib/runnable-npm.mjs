// `npm install` as the runnable samples' scenarios see it (tests/lib/runnable.ts puts a
// wrapper named `npm` first on their PATH; `npm init -y` and `npm pkg set name=value` are
// answered here too, as npm would; every other npm command goes to the real npm).
// The network is not needed: the packages a page installs are linked from the site's own
// node_modules, where they are pinned, instead of being downloaded. What the page does not
// install is not there, so a page that forgets a package (typescript for `npx tsc`, tsx,
// @types/node) fails as it would for a reader. Like npm, it links the packages' own
// dependencies, writes `node_modules/.bin` and records the packages in package.json.
//
// Usage (by the wrapper): node runnable-npm.mjs <site node_modules> <real npm> <npm args...>
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [siteModules, realNpm, ...args] = process.argv.slice(2);
const INSTALL = new Set(['install', 'i', 'in', 'add', 'isntall']);
const command = args.find((a) => !a.startsWith('-'));

// `npm init -y` in a folder with no package.json writes npm's default manifest, as npm 11 does,
// without starting npm (a scenario's first step, thirty times a run).
// tests/unit/runnable-npm.test.ts compares it with the real npm's.
if (
  command === 'init' &&
  args.length === 2 &&
  ['-y', '--yes'].includes(args.find((a) => a !== 'init')) &&
  !fs.existsSync(path.join(process.cwd(), 'package.json'))
) {
  const file = path.join(process.cwd(), 'package.json');
  const text = `${JSON.stringify(defaultManifest(path.basename(process.cwd())), null, 2)}\n`;
  fs.writeFileSync(file, text);
  process.stdout.write(`Wrote to ${file}:\n\n${text}\n\n`);
  process.exit(0);
}

// `npm pkg set <name>=<value>` of plain top-level names (`type=module`, a step of nearly every
// scenario) in a package.json laid out as npm writes it: the same file, without starting npm.
// Anything else (a nested name, --json, another layout) goes to the real npm.
// tests/unit/runnable-npm.test.ts compares it with the real npm's.
if (command === 'pkg' && args[0] === 'pkg' && args[1] === 'set' && args.length > 2) {
  const pairs = args.slice(2).map((a) => /^([A-Za-z_][\w-]*)=(.+)$/s.exec(a));
  const file = path.join(process.cwd(), 'package.json');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    manifest = undefined;
  }
  const plain =
    manifest !== null &&
    typeof manifest === 'object' &&
    !Array.isArray(manifest) &&
    text === `${JSON.stringify(manifest, null, 2)}\n`;
  if (plain && pairs.every((m) => m && m[1] !== '__proto__')) {
    for (const [, name, value] of pairs) manifest[name] = value;
    fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    process.exit(0);
  }
}

if (!INSTALL.has(command ?? '')) {
  const real = spawnSync(realNpm, args, {stdio: 'inherit'});
  process.exit(real.status ?? 1);
}

const fail = (message) => {
  console.error(`npm error ${message}`);
  process.exit(1);
};
const rest = args.slice(args.indexOf(command) + 1);
const dev = rest.some((a) => a === '-D' || a === '--save-dev');
const specs = rest.filter((a) => !a.startsWith('-'));
const cwd = process.cwd();
const manifestPath = path.join(cwd, 'package.json');
const manifest = fs.existsSync(manifestPath)
  ? JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
  : {};

/** name@range -> [name, range]; a scoped name keeps its leading @. */
const split = (spec) => {
  const at = spec.indexOf('@', 1);
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, ''];
};
const readPkg = (name) => {
  const file = path.join(siteModules, name, 'package.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
};

// `npm install` alone installs what package.json lists.
const wanted = specs.length
  ? specs.map(split)
  : Object.entries({...manifest.dependencies, ...manifest.devDependencies}).map(([n, r]) => [n, r]);
for (const [name, range] of wanted) {
  const pkg = readPkg(name);
  if (!pkg)
    fail(
      `404 '${name}' is not one of the site's packages (the runnable samples install nothing else)`,
    );
  // Loaded only here, and only semver's one function: the wrapper starts some 140 times a run,
  // and all of semver is a fifth of its start-up.
  const satisfies =
    range && range !== 'latest'
      ? (await import('semver/functions/satisfies.js')).default
      : () => true;
  if (!satisfies(pkg.version, range)) {
    fail(`'${name}@${range}': the site pins ${name} ${pkg.version}`);
  }
}

// The packages and, as npm would, everything they depend on.
const linked = new Set();
const queue = wanted.map(([name]) => name);
while (queue.length) {
  const name = queue.shift();
  if (linked.has(name)) continue;
  const pkg = readPkg(name);
  if (!pkg) continue; // an optional dependency the site does not have (another platform's)
  linked.add(name);
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
    queue.push(...Object.keys(pkg[field] ?? {}));
  }
}
const modules = path.join(cwd, 'node_modules');
const bin = path.join(modules, '.bin');
fs.mkdirSync(bin, {recursive: true});
let added = 0;
for (const name of linked) {
  const target = path.join(modules, name);
  if (fs.existsSync(target)) continue;
  fs.mkdirSync(path.dirname(target), {recursive: true});
  const source = fs.realpathSync(path.join(siteModules, name));
  fs.symlinkSync(source, target);
  added++;
  const pkg = readPkg(name);
  const bins = typeof pkg.bin === 'string' ? {[name.split('/').pop()]: pkg.bin} : (pkg.bin ?? {});
  for (const [cmd, file] of Object.entries(bins)) {
    const link = path.join(bin, cmd);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(source, file), link);
  }
}

const field = dev ? 'devDependencies' : 'dependencies';
for (const [name] of specs.map(split)) {
  manifest[field] = {...manifest[field], [name]: `^${readPkg(name).version}`};
}
if (specs.length) fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`\nadded ${added} packages (linked from the site's node_modules)`);

/** The manifest `npm init -y` writes in a folder named `folder` (npm 11). */
function defaultManifest(folder) {
  return {
    name: folder.toLowerCase(),
    version: '1.0.0',
    description: '',
    main: 'index.js',
    scripts: {test: 'echo "Error: no test specified" && exit 1'},
    keywords: [],
    author: '',
    license: 'ISC',
    type: 'commonjs',
  };
}
