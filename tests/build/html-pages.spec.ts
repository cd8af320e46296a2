/**
 * Every HTML file of build/, the not-found page and the `/docs` redirect page included,
 * says its language and direction, has a title with the site's delimiter and a description
 * (issue 13, spec gap 2): crawlers and screen readers see these before any script runs.
 */
import {test, expect} from '@playwright/test';
import {builtPages, meta, parse} from '../lib/build-output';

test('every HTML file of the build has lang="en" dir="ltr", a "… | Skip" title and a description', () => {
  const pages = builtPages();
  // The walk reaches the special pages too.
  expect(pages.map((p) => p.route)).toEqual(expect.arrayContaining(['/', '/docs', '/404.html']));
  const wrong: string[] = [];
  for (const page of pages) {
    const $ = parse(page.html);
    const html = $('html');
    if (html.attr('lang') !== 'en') wrong.push(`${page.file}: lang=${html.attr('lang')}`);
    if (html.attr('dir') !== 'ltr') wrong.push(`${page.file}: dir=${html.attr('dir')}`);
    const titles = $('head > title');
    if (titles.length !== 1 || !titles.text().includes(' | ')) wrong.push(`${page.file}: title "${titles.text()}"`);
    if (!meta($, 'description')?.trim()) wrong.push(`${page.file}: no description`);
  }
  expect(wrong).toEqual([]);
});
