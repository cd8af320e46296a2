/**
 * "Last updated on" under each guide (docs option `showLastUpdateTime`): the date is the
 * last commit of the guide's source, as `git log` gives it in this clone (in a shallow
 * clone, the clone's commit: README, "Continuous integration and deployment"). The API pages are generated and
 * untracked: they show no date.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT, readRoute} from '../lib/build-output';
import {apiRoutes} from '../lib/spec';
import {GUIDES} from '../lib/sources';

/**
 * The time of the last commit that changed `file`, as ISO 8601, or undefined. Docusaurus
 * Faster reads the history once (`git log --name-status`, @docusaurus/utils `vcsGitEager`), in
 * which merge commits list no files: the same as the newest non-merge commit of the file.
 */
function lastCommit(file: string): string | undefined {
  const args = ['log', '-1', '--full-history', '--no-merges', '--format=%ct', '--', file];
  const seconds = execFileSync('git', args, {cwd: ROOT, encoding: 'utf8'}).trim();
  return seconds ? new Date(Number(seconds) * 1000).toISOString() : undefined;
}

test('every guide shows the date of the last commit of its source', () => {
  const wrong: string[] = [];
  for (const id of GUIDES) {
    const source = ['md', 'mdx'].map((ext) => `docs/${id}.${ext}`).find((f) => fs.existsSync(path.join(ROOT, f)))!;
    const $ = readRoute(`/docs/${id}`);
    const time = $('.theme-last-updated time[itemprop="dateModified"]');
    const expected = lastCommit(source);
    if (!expected) wrong.push(`${source} has no commit`);
    else if (time.length !== 1 || time.attr('datetime') !== expected) {
      wrong.push(`/docs/${id}: ${time.attr('datetime') ?? 'no date'}, git says ${expected}`);
    } else if (!/^Last updated on \w+ \d{1,2}, \d{4}$/.test($('.theme-last-updated').text().trim())) {
      wrong.push(`/docs/${id}: "${$('.theme-last-updated').text().trim()}"`);
    }
  }
  expect(wrong).toEqual([]);
});

test('API pages, generated and untracked, show no date', () => {
  const dated = apiRoutes().filter(({route}) => readRoute(route)('.theme-last-updated').length > 0);
  expect(dated.map((r) => r.route)).toEqual([]);
});
