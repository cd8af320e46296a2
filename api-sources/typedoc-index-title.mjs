// @ts-check
// A TypeDoc plugin for each package's index page (docs/api/<route>/index.md).
// - With `mergeReadme`, typedoc-plugin-markdown lets the README open the page, so the page
//   would have no h1: this puts the package name (TypeDoc's `name` option, set from the
//   package table) back as the page's single h1.
// - `trailingSlash` is undefined in docusaurus.config.ts, where the docs plugin gives an
//   index page the route `/docs/api/<route>/`: a `slug` front matter keeps the package's
//   canonical route `/docs/api/<route>` (the one with a slash still reaches it on any host).
import path from 'node:path';
import {MarkdownPageEvent} from 'typedoc-plugin-markdown';

/** @param {import('typedoc-plugin-markdown').MarkdownApplication} app */
export function load(app) {
  app.renderer.on(MarkdownPageEvent.END, (page) => {
    if (!page.model.isProject() || !page.contents) return;
    const body = page.contents.startsWith('# ')
      ? page.contents
      : `# ${app.options.getValue('name')}\n\n${page.contents}`;
    // TypeDoc runs in the site's folder; the slug is the page's folder under docs/.
    const folder = path
      .relative(path.resolve('docs'), path.dirname(page.filename))
      .split(path.sep)
      .join('/');
    page.contents = `---\nslug: /${folder}\n---\n\n${body}`;
  });
}
