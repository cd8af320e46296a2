/**
 * Where the Markdown twin of a page is served: the page's route plus `.md`, whatever the
 * `trailingSlash` setting (`/docs/functions` and `/docs/functions/` both give
 * `/docs/functions.md`), and `/index.md` for the landing page. One function for the plugin
 * that writes the twins and the components that link them.
 */
export function twinPath(route: string): string {
  const clean = route.replace(/\/+$/, '');
  return clean === '' ? '/index.md' : `${clean}.md`;
}
