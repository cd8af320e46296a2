/**
 * The build half of `npm run bench` (scripts/bench.mjs): temporary copies of a project
 * (scripts/lib/temp-copy.cjs) and production builds in them, timed in wall and CPU time.
 */
import {spawn, execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import {ROOT} from '../../src/lib/root.cjs';
import {copyProject} from '../lib/temp-copy.cjs';

const log = (...args) => console.log(...args);

/** Removes every cache a build can reuse: `docusaurus clear` plus docs/api and its stamp. */
function makeCold(dir) {
  execFileSync(path.join(dir, 'node_modules/.bin/docusaurus'), ['clear'], {
    cwd: dir,
    stdio: 'ignore',
  });
  fs.rmSync(path.join(dir, 'docs', 'api'), {recursive: true, force: true});
}

/** Parses bash's `times` output: the second line holds the children's user and sys time. */
function parseTimes(text) {
  const seconds = (s) => {
    const m = /(\d+)m([\d.]+)s/.exec(s);
    return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  };
  const lines = text.trim().split('\n');
  const [user, sys] = lines[lines.length - 1].trim().split(/\s+/).map(seconds);
  return {user, sys};
}

/**
 * Runs `docusaurus build` in `dir`, timed: wall time, and the CPU time of the build and all
 * its children (bash's `times` builtin). The build log goes to `<dir>/bench-build-<n>.log`.
 */
let buildCount = 0;
function timedBuild(dir, env) {
  const logFile = path.join(dir, `bench-build-${++buildCount}.log`);
  const script = `node_modules/.bin/docusaurus build > '${logFile}' 2>&1; status=$?; times >&2; exit $status`;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: dir,
      env: {...process.env, ...env},
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let times = '';
    child.stderr.on('data', (chunk) => (times += chunk));
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0)
        return reject(new Error(`build failed in ${dir} (exit ${code}); see ${logFile}`));
      const {user, sys} = parseTimes(times);
      const typedoc = fs.readFileSync(logFile, 'utf8').includes('markdown generated');
      resolve({wall, cpu: user + sys, user, sys, typedoc});
    });
  });
}

/**
 * Cold then warm builds, with Faster on and (unless `fasterOff` is false) off, each kind
 * interleaved across the two copies.
 */
export async function measureBuilds({fasterOff = true} = {}) {
  const variants = [{name: 'Faster on', env: {}}];
  if (fasterOff) variants.push({name: 'Faster off', env: {DOCUSAURUS_FASTER: 'false'}});
  for (const variant of variants)
    variant.dir = copyProject({
      label: `bench-${variant.name === 'Faster on' ? 'faster' : 'webpack'}`,
    });

  const builds = {};
  // Cold builds first, then warm ones, each kind interleaved across variants.
  for (const kind of ['cold', 'warm']) {
    for (const variant of variants) {
      if (kind === 'cold') makeCold(variant.dir);
      log(`  ${variant.name}, ${kind} build ...`);
      const result = await timedBuild(variant.dir, variant.env);
      log(
        `    ${result.wall.toFixed(1)} s wall, ${result.cpu.toFixed(1)} s CPU${result.typedoc ? ' (TypeDoc ran)' : ''}`,
      );
      (builds[variant.name] ??= {})[kind] = result;
    }
  }
  return {builds, siteDir: variants[0].dir, dirs: variants.map((v) => v.dir)};
}

/** One warm build of a copy, for --no-builds: reuses the project's docs/api when present. */
export async function buildOnce(source = ROOT) {
  // The copy has the project's (or --versus's) docs/api/ and stamp, when present.
  const dir = copyProject({label: source === ROOT ? 'bench-faster' : 'bench-versus', source});
  log('  building once (no timings) ...');
  await timedBuild(dir, {});
  return {builds: null, siteDir: dir, dirs: [dir]};
}
