/**
 * The Lighthouse half of `npm run bench` (scripts/bench.mjs): a server for a build, as
 * `docusaurus serve` serves it plus gzip, and Lighthouse runs on the five page types with
 * the medians of their figures.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import compression from 'compression';
import serveHandler from 'serve-handler';

import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

import {PAGE_TYPES} from '../lib/first-load.cjs';
import {CHROMIUM_ARGS} from '../lib/chromium-args.cjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// Headless Debian Chromium, kept off the network (the flags of playwright.config.ts).
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const log = (...args) => console.log(...args);

/**
 * Serves the build the way `docusaurus serve` does (serve-handler with the same options),
 * plus gzip, as every production host does: without it, the scripts travel at three to
 * four times their real size and the figures describe a server nobody deploys.
 */
export async function startServer(siteDir, port) {
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
function figures(lhr, origin) {
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
 * One Lighthouse report. With `cpuTime`, the page is gathered once and audited from a trace in
 * which each event lasts the CPU time its thread spent on it (Chromium's `tdur`) rather than
 * its wall time: on a shared machine the wall time of a task adds the time its thread waited
 * for a core, which Lighthouse's simulation then multiplies by four as if it were work.
 */
async function report(url, flags, config, cpuTime) {
  if (!cpuTime) return (await lighthouse(url, flags, config)).lhr;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  try {
    await lighthouse(url, {...flags, gatherMode: dir}, config);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('trace.json'))) {
      const trace = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      for (const event of trace.traceEvents) {
        if (event.ph === 'X' && event.tdur !== undefined) event.dur = event.tdur;
      }
      fs.writeFileSync(path.join(dir, file), JSON.stringify(trace));
    }
    return (await lighthouse(url, {...flags, auditMode: dir}, config)).lhr;
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * Lighthouse on every page type and form factor, `runs` times; with several origins (the
 * project and --versus), each page is measured on each origin in turn within a run.
 */
export async function runLighthouse({origins, runs: RUNS, mobileOnly, cpuTime = false}) {
  const formFactors = mobileOnly ? ['mobile'] : ['mobile', 'desktop'];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const runs = origins.map(() => ({}));
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGE_TYPES) {
        for (const formFactor of formFactors) {
          for (const [i, origin] of origins.entries()) {
            const lhr = await report(
              `${origin}${page.path}`,
              {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES},
              formFactor === 'desktop' ? desktopConfig : undefined,
              cpuTime,
            );
            const f = figures(lhr, origin);
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
