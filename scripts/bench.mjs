#!/usr/bin/env node
/**
 * `npm run bench`: the site's performance budget, measured on this machine.
 *
 *   1. Copies the project (working tree, without node_modules/build/.docusaurus) to a
 *      temporary folder, its node_modules linked entry by entry so that the bundler's
 *      cache (node_modules/.cache) belongs to the copy (scripts/lib/temp-copy.cjs, the tests'
 *      copies too), and times production builds there:
 *        - cold: `docusaurus clear` + docs/api and its stamp removed, so TypeDoc runs;
 *        - warm: the same build again, with every cache in place;
 *      with Docusaurus Faster on (the site as configured) and, in a second copy, off
 *      (`DOCUSAURUS_FASTER=false`), in the same run, cold and warm builds interleaved.
 *      Wall time and CPU time (user + sys of the build and its children) are reported,
 *      since the machine may be shared.
 *   2. Serves the Faster build on 127.0.0.1 as `docusaurus serve` does, plus gzip (see
 *      startServer), and runs Lighthouse (the npm package, driving /usr/bin/chromium or
 *      $CHROME_PATH) on five page types,
 *      mobile and desktop, N runs each (runs interleaved), and prints the medians of the
 *      four category scores, FCP, LCP, TBT, CLS, bytes transferred, requests and requests
 *      to another origin.
 *   3. Reads the build's HTML for the first-load bytes of each page type: the HTML and the
 *      scripts and stylesheets it references, gzip-compressed (level 9).
 *   4. Prints the tables, checks them against the targets, and writes every figure (runs
 *      included) to bench-results/bench-<time>.json and bench-results/latest.json.
 *
 * Options:
 *   --runs N         Lighthouse runs per page and form factor (default 3)
 *   --port N         port of the served build (default $BENCH_PORT or 4310)
 *   --no-builds      skip the build timings (builds once, warm, only to serve it)
 *   --no-faster-off  skip the Faster-off builds
 *   --mobile-only    skip the desktop runs
 *   --keep           keep the temporary copies (their paths are printed)
 *   --versus DIR     also build the project in DIR (another worktree: the site without a
 *                    piece, an older commit), serve it on the next port, and run Lighthouse
 *                    on both, run by run interleaved, so both see the same machine load;
 *                    prints both sets of medians and their differences (this − DIR).
 *                    Implies --no-builds.
 *   --cpu-time       Lighthouse's timings from the CPU time of each task rather than its wall
 *                    time (scripts/bench/lighthouse.mjs, `report`): the same simulation, with
 *                    what other work on the machine adds taken out. Use it on a shared machine,
 *                    and say so with the figures.
 *
 * A full run takes about 8 to 12 minutes on a 2-core machine. Timings move with the
 * machine's load: the load average is recorded before and after, and targets on timings
 * are printed, never enforced. Sizes are enforced by tests/build/byte-budgets.spec.ts.
 *
 * This file reads the options and runs the steps in order; the steps are in scripts/bench/:
 * builds.mjs (copies and timed builds), lighthouse.mjs (the server and Lighthouse) and
 * report.mjs (targets, first-load bytes, tables).
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {ROOT} from '../src/lib/root.cjs';
import {PAGE_TYPES} from './lib/first-load.cjs';
import {buildOnce, measureBuilds} from './bench/builds.mjs';
import {runLighthouse, startServer} from './bench/lighthouse.mjs';
import {
  TARGETS,
  buildTable,
  firstLoadBytes,
  firstLoadTable,
  lighthouseTable,
  targetChecks,
  versusTable,
} from './bench/report.mjs';

const RESULTS_DIR = path.join(ROOT, 'bench-results');

/** The five page types of the budget (shared with tests/build/byte-budgets.spec.ts). */
const PAGES = PAGE_TYPES;

const {values: options} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: process.env.BENCH_PORT ?? '4310'},
    'no-builds': {type: 'boolean', default: false},
    'no-faster-off': {type: 'boolean', default: false},
    'mobile-only': {type: 'boolean', default: false},
    keep: {type: 'boolean', default: false},
    versus: {type: 'string'},
    'cpu-time': {type: 'boolean', default: false},
  },
});
const VERSUS = options.versus ? path.resolve(options.versus) : undefined;
if (VERSUS) options['no-builds'] = true;
const RUNS = Number(options.runs);
const PORT = Number(options.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;

const log = (...args) => console.log(...args);

function versionOf(command, args) {
  try {
    return execFileSync(command, args, {encoding: 'utf8'}).trim().split('\n')[0];
  } catch {
    return 'unknown';
  }
}

async function main() {
  const started = new Date();
  const machine = {
    cpus: os.availableParallelism?.() ?? os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverageBefore: os.loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
    chromium: versionOf(process.env.CHROME_PATH ?? '/usr/bin/chromium', ['--version']),
    lighthouse: JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
    ).version,
  };
  log(
    `bench: ${machine.cpus} CPUs, load average ${machine.loadAverageBefore.join(' ')}, ${machine.chromium}, Lighthouse ${machine.lighthouse}`,
  );

  log('\n== builds');
  const built = options['no-builds']
    ? await buildOnce()
    : await measureBuilds({fasterOff: !options['no-faster-off']});
  const buildDir = path.join(built.siteDir, 'build');

  const versus = VERSUS ? await buildOnce(VERSUS) : undefined;
  if (versus) built.dirs.push(...versus.dirs);

  log('\n== first-load bytes');
  const loads = firstLoadBytes(buildDir);
  const versusLoads = versus && firstLoadBytes(path.join(versus.siteDir, 'build'));

  log(`\n== Lighthouse, ${RUNS} run(s) per page and form factor`);
  const servers = [await startServer(built.siteDir, PORT)];
  if (versus) servers.push(await startServer(versus.siteDir, PORT + 1));
  let lh, versusLh;
  try {
    [lh, versusLh] = await runLighthouse({
      origins: versus ? [ORIGIN, `http://127.0.0.1:${PORT + 1}`] : [ORIGIN],
      runs: RUNS,
      mobileOnly: options['mobile-only'],
      cpuTime: options['cpu-time'],
    });
  } finally {
    // Closed before the copies are removed: a file still being served from a removed copy
    // would end the run with an unhandled ENOENT.
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            server.close(resolve);
            server.closeAllConnections();
          }),
      ),
    );
  }
  machine.loadAverageAfter = os.loadavg().map((l) => Number(l.toFixed(2)));

  const report = [
    `\nLighthouse ${machine.lighthouse}, medians of ${RUNS} run(s)${options['cpu-time'] ? ', tasks timed by their CPU time (--cpu-time)' : ''}; ${machine.cpus} CPUs, load average ${machine.loadAverageBefore[0]} before, ${machine.loadAverageAfter[0]} after`,
    lighthouseTable(lh),
    '\nFirst-load bytes (gzip -9): the HTML and the scripts and stylesheets it references',
    firstLoadTable(loads),
  ];
  if (versus)
    report.push(
      `\nThis project / ${VERSUS} (--versus), medians of the same interleaved runs`,
      versusTable(lh, versusLh, loads, versusLoads),
    );
  if (built.builds)
    report.push('\nBuilds (production, `docusaurus build`)', buildTable(built.builds));
  report.push('\nTargets', targetChecks(lh, loads, built.builds));
  const failing = [];
  for (const [type, byFactor] of Object.entries(lh.results)) {
    for (const [formFactor, {median: m}] of Object.entries(byFactor)) {
      if (m.failing.length) failing.push(`${type} ${formFactor}: ${m.failing.join('; ')}`);
    }
  }
  if (failing.length) report.push('\nAudits below 1 in some run', failing.join('\n'));
  log(report.join('\n'));

  fs.mkdirSync(RESULTS_DIR, {recursive: true});
  const json = JSON.stringify(
    {
      startedAt: started.toISOString(),
      runs: RUNS,
      cpuTime: options['cpu-time'],
      machine,
      targets: TARGETS,
      pages: PAGES,
      lighthouse: lh.results,
      firstLoad: loads,
      builds: built.builds,
      versus: versus && {dir: VERSUS, lighthouse: versusLh.results, firstLoad: versusLoads},
    },
    null,
    2,
  );
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  fs.writeFileSync(path.join(RESULTS_DIR, `bench-${stamp}.json`), json);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.txt'), report.join('\n') + '\n');
  log(`\nwritten: bench-results/bench-${stamp}.json (and latest.json, latest.txt)`);

  if (options.keep) log(`kept: ${built.dirs.join(', ')}`);
  else for (const dir of built.dirs) fs.rmSync(dir, {recursive: true, force: true});
}

await main();
