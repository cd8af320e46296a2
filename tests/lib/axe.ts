/**
 * axe-core, with all its default rules, on the page as it is: the one way the browser tests run
 * it. The script is evaluated in the page once per document (not once per check, as
 * `@axe-core/playwright` does, which evaluates it twice per check and costs about 0.2 s each
 * time on the test machine), and only violations are reported (`resultTypes`), which spares
 * axe describing the thousands of elements that pass, mostly code tokens checked for contrast.
 * `page.evaluate` is not subject to the page's Content Security Policy, so the script is neither
 * blocked nor reported as a violation.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Page} from '@playwright/test';
import type {AxeResults} from 'axe-core';
import {ROOT} from '../../src/lib/root.cjs';

const AXE_SOURCE = fs.readFileSync(
  createRequire(path.join(ROOT, 'package.json')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** A violation, in a form that reads well in a failure. */
export type Violation = {rule: string; impact?: string | null; help: string; targets: string[]};

/** axe's violations in the document, or in what `selector` matches. */
export async function axeViolations(page: Page, selector?: string): Promise<Violation[]> {
  // Colours are checked as they end up: a switch of colour mode starts CSS transitions on
  // links and the navbar, and a colour caught halfway can fail a contrast it passes.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (include) => {
    const {axe} = window as unknown as {
      axe: {run(context: unknown, options: unknown): Promise<AxeResults>};
    };
    const results = await axe.run(include ?? document, {resultTypes: ['violations']});
    return results.violations;
  }, selector);
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 10),
  }));
}
