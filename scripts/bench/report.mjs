/**
 * The printed half of `npm run bench` (scripts/bench.mjs): the budget's targets, the
 * first-load bytes of the five page types, and the tables and target checks it prints.
 */
import {PAGE_TYPES, firstLoad} from '../lib/first-load.cjs';
import {CATEGORIES} from './lighthouse.mjs';

/** The targets of the budget (medians, mobile), printed next to the figures. */
export const TARGETS = {
  performance: 95,
  otherCategories: 100,
  cls: 0.05,
  firstLoadJsKiB: 134,
  coldBuildS: 25,
  warmBuildS: 10,
};

const kib = (bytes) => bytes / 1024;

/** First-load bytes of each page type of a build folder (scripts/lib/first-load.cjs). */
export function firstLoadBytes(buildDir) {
  return PAGE_TYPES.map(({type, path: route}) => ({
    type,
    path: route,
    ...firstLoad(buildDir, route),
  }));
}

/** This project's medians next to --versus's, with the differences (this − versus). */
export function versusTable(lh, other, loads, otherLoads) {
  const rows = [];
  const signed = (n, digits = 0) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;
  for (const {type} of PAGE_TYPES) {
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

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function lighthouseTable({results, formFactors}) {
  const rows = [];
  for (const {type} of PAGE_TYPES) {
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

export function firstLoadTable(loads) {
  return table(
    ['page', 'path', 'HTML', 'JS', 'CSS', 'total'],
    loads.map((p) => [
      p.type,
      p.path,
      ...[p.html, p.js, p.css, p.total].map((b) => `${kib(b).toFixed(1)} KiB`),
    ]),
  );
}

export function buildTable(builds) {
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

export function targetChecks({results}, loads, builds) {
  const checks = [];
  const check = (ok, text) => checks.push(`${ok ? 'ok  ' : 'MISS'} ${text}`);
  for (const {type} of PAGE_TYPES) {
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
