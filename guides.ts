/**
 * The guides, in reading order: the one list of them. sidebars.ts puts them first in the docs
 * sidebar, and the tests read them from here (tests/lib/sources.ts). It is its own module
 * because sidebars.ts may export nothing but its default: Docusaurus reads every export of
 * that file as a sidebar, so a named export there becomes a second sidebar (issue 31 §1).
 * A new guide is `docs/<id>.md(x)` plus its id here.
 */
export const guides: readonly string[] = [
  'introduction',
  'getting_started',
  'functions',
  'resources',
  'externals',
  'client',
  'deploying',
  'glossary',
  'community',
];
