#!/usr/bin/env node
/**
 * `npm run bench`: the site's performance budget, measured on this machine.
 *
 *   1. Copies the project (working tree, without node_modules/build/.docusaurus) to a
 *      temporary folder, its node_modules linked entry by entry so that the bundler's
 *      cache (node_modules/.cache) belongs to the copy (tests/lib/temp-copy.cjs, the tests'
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
 *
 * A full run takes about 8 to 12 minutes on a 2-core machine. Timings move with the
 * machine's load: the load average is recorded before and after, and targets on timings
 * are printed, never enforced. Sizes are enforced by tests/build/byte-budgets.spec.ts.
 */
import {spawn, execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import http from 'node:http';

import compression from 'compression';
import serveHandler from 'serve-handler';

import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

import {PAGE_TYPES, firstLoad} from '../tests/lib/first-load.cjs';
import {CHROMIUM_ARGS} from '../tests/lib/chromium-args.cjs';
import {ROOT} from '../tests/lib/root.cjs';
import {copyProject} from '../tests/lib/temp-copy.cjs';

const RESULTS_DIR = path.join(ROOT, 'bench-results');

/** The five page types of the budget (shared with tests/build/byte-budgets.spec.ts). */
const PAGES = PAGE_TYPES;

/** The targets of the budget (medians, mobile), printed next to the figures. */
const TARGETS = {
  performance: 95,
  otherCategories: 100,
  cls: 0.05,
  firstLoadJsKiB: 134,
  coldBuildS: 25,
  warmBuildS: 10,
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// Headless Debian Chromium, kept off the network (the flags of playwright.config.ts).
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const {values: options} = parseArgs({
  options: {
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: process.env.BENCH_PORT ?? '4310'},
    'no-builds': {type: 'boolean', default: false},
    'no-faster-off': {type: 'boolean', default: false},
    'mobile-only': {type: 'boolean', default: false},
    keep: {type: 'boolean', default: false},
    versus: {type: 'string'},
  },
});
const VERSUS = options.versus ? path.resolve(options.versus) : undefined;
if (VERSUS) options['no-builds'] = true;
const RUNS = Number(options.runs);
const PORT = Number(options.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;

const log = (...args) => console.log(...args);
const kib = (bytes) => bytes / 1024;

// ---------------------------------------------------------------------------
// Temporary copies and timed builds
// ---------------------------------------------------------------------------

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

async function measureBuilds() {
  const variants = [{name: 'Faster on', env: {}}];
  if (!options['no-faster-off'])
    variants.push({name: 'Faster off', env: {DOCUSAURUS_FASTER: 'false'}});
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
async function buildOnce(source = ROOT) {
  // The copy has the project's (or --versus's) docs/api/ and stamp, when present.
  const dir = copyProject({label: source === ROOT ? 'bench-faster' : 'bench-versus', source});
  log('  building once (no timings) ...');
  await timedBuild(dir, {});
  return {builds: null, siteDir: dir, dirs: [dir]};
}

// ---------------------------------------------------------------------------
// First-load bytes
// ---------------------------------------------------------------------------

function firstLoadBytes(buildDir) {
  return PAGES.map(({type, path: route}) => ({type, path: route, ...firstLoad(buildDir, route)}));
}

// ---------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------

/**
 * Serves the build the way `docusaurus serve` does (serve-handler with the same options),
 * plus gzip, as every production host does: without it, the scripts travel at three to
 * four times their real size and the figures describe a server nobody deploys.
 */
async function startServer(siteDir, port = PORT) {
  const compress = compression();
  const server = http.createServer((req, res) => {
    compress(req, res, () =>
      serveHandler(req, res, {
        public: path.join(siteDir, 'build'),
        cleanUrls: true,
        // docusaurus.config.ts leaves trailingSlash undefined, and `docusaurus serve` passes it on.
        trailingSlash: undefined,
        directoryListing: false,
      }),
    );
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

/** The figures of one Lighthouse report. */
function figures(lhr, origin = ORIGIN) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests').details?.items ?? [];
  const foreign = requests
    .map((r) => r.url)
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  const failing = [];
  for (const [category, {auditRefs}] of Object.entries(lhr.categories)) {
    for (const ref of auditRefs) {
      const a = lhr.audits[ref.id];
      if (a && a.score !== null && a.score < 1 && (ref.weight > 0 || a.id.endsWith('-insight'))) {
        failing.push(`${category}/${ref.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
    }
  }
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    bytes: audit('total-byte-weight').numericValue,
    requests: requests.length,
    foreign,
    failing,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function medians(runs) {
  const pick = (f) => median(runs.map(f));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((r) => r.scores[c])])),
    fcp: pick((r) => r.fcp),
    lcp: pick((r) => r.lcp),
    tbt: pick((r) => r.tbt),
    cls: pick((r) => r.cls),
    bytes: pick((r) => r.bytes),
    requests: pick((r) => r.requests),
    foreign: [...new Set(runs.flatMap((r) => r.foreign))],
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

/**
 * Lighthouse on every page type and form factor, RUNS times; with several origins (the
 * project and --versus), each page is measured on each origin in turn within a run.
 */
async function runLighthouse(origins = [ORIGIN]) {
  const formFactors = options['mobile-only'] ? ['mobile'] : ['mobile', 'desktop'];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const runs = origins.map(() => ({}));
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        for (const formFactor of formFactors) {
          for (const [i, origin] of origins.entries()) {
            const result = await lighthouse(
              `${origin}${page.path}`,
              {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES},
              formFactor === 'desktop' ? desktopConfig : undefined,
            );
            const f = figures(result.lhr, origin);
            ((runs[i][page.type] ??= {})[formFactor] ??= []).push(f);
            log(
              `  run ${run}/${RUNS} ${page.type.padEnd(9)} ${formFactor.padEnd(7)}${origins.length > 1 ? ` ${i ? 'versus' : 'this  '}` : ''} perf ${f.scores.performance}, TBT ${Math.round(f.tbt)} ms`,
            );
          }
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return runs.map((byType) => {
    const results = {};
    for (const [type, byFactor] of Object.entries(byType)) {
      for (const [formFactor, list] of Object.entries(byFactor)) {
        (results[type] ??= {})[formFactor] = {median: medians(list), runs: list};
      }
    }
    return {results, formFactors};
  });
}

/** This project's medians next to --versus's, with the differences (this − versus). */
function versusTable(lh, other, loads, otherLoads) {
  const rows = [];
  const signed = (n, digits = 0) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;
  for (const {type} of PAGES) {
    const js = loads.find((p) => p.type === type).js;
    const otherJs = otherLoads.find((p) => p.type === type).js;
    for (const formFactor of lh.formFactors) {
      const a = lh.results[type][formFactor].median;
      const b = other.results[type][formFactor].median;
      rows.push([
        type,
        formFactor,
        `${a.scores.performance} / ${b.scores.performance} (${signed(a.scores.performance - b.scores.performance)})`,
        `${Math.round(a.tbt)} / ${Math.round(b.tbt)} ms (${signed(a.tbt - b.tbt)})`,
        `${(a.fcp / 1000).toFixed(2)} / ${(b.fcp / 1000).toFixed(2)} s`,
        `${(a.lcp / 1000).toFixed(2)} / ${(b.lcp / 1000).toFixed(2)} s`,
        `${a.requests} / ${b.requests}`,
        `${kib(js).toFixed(1)} / ${kib(otherJs).toFixed(1)} KiB (${signed(kib(js - otherJs), 1)})`,
      ]);
    }
  }
  return table(['page', 'form', 'perf', 'TBT', 'FCP', 'LCP', 'requests', 'first-load JS'], rows);
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function lighthouseTable({results, formFactors}) {
  const rows = [];
  for (const {type} of PAGES) {
    for (const formFactor of formFactors) {
      const m = results[type][formFactor].median;
      rows.push([
        type,
        formFactor,
        m.scores.performance,
        m.scores.accessibility,
        m.scores['best-practices'],
        m.scores.seo,
        `${(m.fcp / 1000).toFixed(2)} s`,
        `${(m.lcp / 1000).toFixed(2)} s`,
        `${Math.round(m.tbt)} ms`,
        m.cls.toFixed(3),
        `${kib(m.bytes).toFixed(1)} KiB`,
        m.requests,
        m.foreign.length,
      ]);
    }
  }
  return table(
    [
      'page',
      'form',
      'perf',
      'a11y',
      'b-p',
      'seo',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'transferred',
      'requests',
      'other-origin',
    ],
    rows,
  );
}

function firstLoadTable(loads) {
  return table(
    ['page', 'path', 'HTML', 'JS', 'CSS', 'total'],
    loads.map((p) => [
      p.type,
      p.path,
      ...[p.html, p.js, p.css, p.total].map((b) => `${kib(b).toFixed(1)} KiB`),
    ]),
  );
}

function buildTable(builds) {
  const rows = [];
  for (const [variant, kinds] of Object.entries(builds)) {
    for (const [kind, b] of Object.entries(kinds)) {
      rows.push([
        `${variant}, ${kind}`,
        `${b.wall.toFixed(1)} s`,
        `${b.cpu.toFixed(1)} s`,
        b.typedoc ? 'yes' : 'no',
      ]);
    }
  }
  let text = table(['build', 'wall', 'CPU (user+sys)', 'TypeDoc ran'], rows);
  const on = builds['Faster on'];
  const off = builds['Faster off'];
  if (on && off) {
    const ratio = (kind, key) => (off[kind][key] / on[kind][key]).toFixed(2);
    text += `\nFaster off / Faster on: cold ${ratio('cold', 'wall')}x wall, ${ratio('cold', 'cpu')}x CPU; warm ${ratio('warm', 'wall')}x wall, ${ratio('warm', 'cpu')}x CPU`;
  }
  return text;
}

function targetChecks({results}, loads, builds) {
  const checks = [];
  const check = (ok, text) => checks.push(`${ok ? 'ok  ' : 'MISS'} ${text}`);
  for (const {type} of PAGES) {
    const m = results[type].mobile.median;
    check(
      m.scores.performance >= TARGETS.performance,
      `${type}: mobile performance ${m.scores.performance} >= ${TARGETS.performance}`,
    );
    for (const c of CATEGORIES.slice(1)) {
      check(
        m.scores[c] >= TARGETS.otherCategories,
        `${type}: mobile ${c} ${m.scores[c]} = ${TARGETS.otherCategories}`,
      );
    }
  }
  for (const [type, byFactor] of Object.entries(results)) {
    for (const [formFactor, {median: m}] of Object.entries(byFactor)) {
      if (m.cls >= TARGETS.cls)
        check(false, `${type} ${formFactor}: CLS ${m.cls.toFixed(3)} < ${TARGETS.cls}`);
      if (m.foreign.length)
        check(false, `${type} ${formFactor}: requests to another origin: ${m.foreign.join(', ')}`);
    }
  }
  check(
    Object.values(results).every((f) =>
      Object.values(f).every(({median: m}) => m.cls < TARGETS.cls),
    ),
    `CLS < ${TARGETS.cls} everywhere`,
  );
  check(
    Object.values(results).every((f) =>
      Object.values(f).every(({median: m}) => m.foreign.length === 0),
    ),
    'no request to another origin',
  );
  const maxJs = Math.max(...loads.map((p) => p.js));
  check(
    kib(maxJs) <= TARGETS.firstLoadJsKiB,
    `first-load JavaScript ${kib(maxJs).toFixed(1)} KiB <= ${TARGETS.firstLoadJsKiB} KiB`,
  );
  const on = builds?.['Faster on'];
  if (on) {
    check(
      on.cold.wall <= TARGETS.coldBuildS,
      `cold build ${on.cold.wall.toFixed(1)} s <= ${TARGETS.coldBuildS} s (wall; on a quiet machine)`,
    );
    check(
      on.warm.wall <= TARGETS.warmBuildS,
      `warm build ${on.warm.wall.toFixed(1)} s <= ${TARGETS.warmBuildS} s (wall; on a quiet machine)`,
    );
  }
  return checks.join('\n');
}

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
  const built = options['no-builds'] ? await buildOnce() : await measureBuilds();
  const buildDir = path.join(built.siteDir, 'build');

  const versus = VERSUS ? await buildOnce(VERSUS) : undefined;
  if (versus) built.dirs.push(...versus.dirs);

  log('\n== first-load bytes');
  const loads = firstLoadBytes(buildDir);
  const versusLoads = versus && firstLoadBytes(path.join(versus.siteDir, 'build'));

  log(`\n== Lighthouse, ${RUNS} run(s) per page and form factor`);
  const servers = [await startServer(built.siteDir)];
  if (versus) servers.push(await startServer(versus.siteDir, PORT + 1));
  let lh, versusLh;
  try {
    [lh, versusLh] = await runLighthouse(
      versus ? [ORIGIN, `http://127.0.0.1:${PORT + 1}`] : [ORIGIN],
    );
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
    `\nLighthouse ${machine.lighthouse}, medians of ${RUNS} run(s); ${machine.cpus} CPUs, load average ${machine.loadAverageBefore[0]} before, ${machine.loadAverageAfter[0]} after`,
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
