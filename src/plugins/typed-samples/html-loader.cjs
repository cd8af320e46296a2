// A typed block's HTML for the bundles (see ./index.ts): the server bundle gets it, the
// client bundle `null`, since the page's HTML already holds it and React keeps it while
// hydrating. Docusaurus's server compilation targets Node (`node<major>.<minor>`).
module.exports = function typedHtmlLoader(source) {
  const target = String(this._compiler?.options?.target ?? '');
  return target.startsWith('node') ? `module.exports = ${source};` : 'module.exports = null;';
};
