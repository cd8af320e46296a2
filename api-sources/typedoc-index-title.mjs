// @ts-check
// A TypeDoc plugin: with `mergeReadme`, typedoc-plugin-markdown lets the README open the
// package's index page, so the page would have no h1. This puts the package name (TypeDoc's
// `name` option, set from the package table) back as the page's single h1.
import {MarkdownPageEvent} from 'typedoc-plugin-markdown';

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (page.model.isProject() && page.contents && !page.contents.startsWith('# ')) {
      page.contents = `# ${app.options.getValue('name')}\n\n${page.contents}`;
    }
  });
}
