/**
 * The Markdown twins' conversion on fixtures (tests/unit/fixtures/twins): each source file
 * next to the twin it must become (`<name>.expected.md`), converted as if the site lived at
 * https://site.test with the fixture guide's two neighbours as pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {toMarkdownTwin} from '../../src/plugins/markdown-twins/to-markdown';

export const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'twins',
);
const SITE = 'https://site.test';

/** Source files (not the expected twins) of the fixture folder. */
export const twinFixtures = () =>
  fs.readdirSync(FIXTURES).filter((name) => /\.mdx?$/.test(name) && !name.endsWith('.expected.md'));

/** The twin of fixture `name`, with what the conversion warned about. */
export function convertFixture(name: string): {twin: string; warnings: string[]} {
  const file = path.join(FIXTURES, name);
  const warnings: string[] = [];
  const twin = toMarkdownTwin(fs.readFileSync(file, 'utf8'), name.endsWith('.mdx') ? 'mdx' : 'md', {
    siteUrl: SITE,
    pageUrl: `${SITE}/docs/${name.replace(/\.mdx?$/, '')}`,
    file,
    pageOfFile: new Map([
      [path.join(FIXTURES, 'resources.mdx'), `${SITE}/docs/resources`],
      [path.join(FIXTURES, 'glossary.md'), `${SITE}/docs/glossary`],
    ]),
    title: name.startsWith('guide') ? 'A fixture guide' : undefined,
    warn: (message) => warnings.push(message),
  });
  return {twin, warnings};
}

export const expectedFile = (name: string) =>
  path.join(FIXTURES, `${name.replace(/\.mdx?$/, '')}.expected.md`);
