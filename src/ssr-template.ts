/**
 * The HTML template of every page (`ssrTemplate`), to let the browser paint the page
 * before it runs the site's JavaScript.
 *
 * Docusaurus's own template loads the bundles with `<script defer>`. Deferred scripts run
 * as soon as the parser is done, and when they are already downloaded, which is what
 * happens on a fast connection, they can run before the first paint. Then the page is
 * shown only after `main` has been evaluated, which takes about 100 ms on this machine and
 * four times longer on a mid-range phone. Lighthouse measured it: on the pages where the
 * scripts ran before the first paint, the largest contentful paint came about a second
 * later (mobile, simulated 4G).
 *
 * Here the bundles are preloaded with `<link rel="preload" as="script">`, so they download
 * just as early. A small inline script at the end of the body inserts them, in order, once
 * the browser reports the first contentful paint (a `paint` PerformanceObserver; where
 * that is missing, after the next frame). A hidden tab paints nothing, so there they are
 * inserted at once; a timer is a fallback in case no paint is reported. Everything else is
 * as in Docusaurus's default template. The inline script is constant, so the Content
 * Security Policy plugin hashes it like the others.
 *
 * The base-URL banner (`baseUrlIssueBanner`, spec §8) is Docusaurus's own: its inline script
 * (home page only) listens for DOMContentLoaded on `document` and shows the banner when
 * `window.docusaurus` is still undefined, which with the default template means the bundles
 * did not run. Here the bundles run after the first paint, often after DOMContentLoaded, so
 * the loader moves that check to the moment it means something:
 *   - during the browser's own DOMContentLoaded dispatch only (a capturing listener on
 *     `window` before it, a bubbling one after it that sets it back to undefined),
 *     `window.docusaurus` holds an empty placeholder, so the banner's listener sees the
 *     bundles as present and stays quiet;
 *   - once every inserted script has fired `load` or `error`, if `window.docusaurus` is still
 *     undefined (the client entry never ran: wrong base path, missing files, a crash), the
 *     loader dispatches DOMContentLoaded again, and the banner's own listener runs its own
 *     check and inserts its own markup.
 * Nothing else listens for DOMContentLoaded when the bundles failed, so the second event
 * reaches only the banner's listener. tests/site/base-url-banner.spec.ts shows the banner
 * under a wrong base path and never on a correct serve.
 *
 * Spec §2: a path ending in `.html` or `/index.html` is the same page without the suffix.
 * The first script of `<head>` ({@link HTML_SUFFIX}) sends the browser to that path
 * (`location.replace`, so the history keeps one entry) before anything is painted or hydrated.
 * Without it, on a static host that has no `blog/why-skip.html` file (GitHub Pages, the plain
 * host of tests/lib/static-host.ts), `/blog/why-skip.html` is answered with `404.html`; the
 * client router strips the suffix (Docusaurus's normalizeLocation) and hydrates the post over
 * the not-found markup, and React's recovery from that mismatch leaves the server's markup in
 * place next to the post: two navbars, two footers, "Page Not Found" above the post. Even a
 * page's own file, served at `/blog/why-skip/index.html`, does not hydrate cleanly there.
 * `docusaurus serve` redirects these paths itself (serve-handler's `cleanUrls`), so there the
 * script never runs. tests/unit/html-suffix.test.ts checks the mapping for every shape of
 * path; tests/site/html-suffix.spec.ts, a route of each shape on both hosts.
 */

/** Sends `<path>.html` and `<path>/index.html` to `<path>`, query and fragment kept (ES5). */
export const HTML_SUFFIX = `(function () {
  var path = location.pathname;
  var clean = path.replace(/(?:\\/index)?\\.html$/, '');
  if (clean !== path) location.replace((clean || '/') + location.search + location.hash);
})();`;

/**
 * Inserts the preloaded entry scripts after the first paint, then runs the base-URL check
 * (kept ES5 apart from `new Event`: it runs unbundled).
 */
export const LOADER = `(function () {
  var done = false;
  var pending = {};
  window.addEventListener('DOMContentLoaded', function (event) {
    if (event.isTrusted && typeof window.docusaurus === 'undefined') window.docusaurus = pending;
  }, true);
  window.addEventListener('DOMContentLoaded', function () {
    if (window.docusaurus === pending) window.docusaurus = undefined;
  });
  function check() {
    if (typeof window.docusaurus === 'undefined') {
      document.dispatchEvent(new Event('DOMContentLoaded', {bubbles: true}));
    }
  }
  function load() {
    if (done) return;
    done = true;
    var links = document.querySelectorAll('link[data-entry-script]');
    var waiting = links.length;
    function settled() {
      waiting -= 1;
      if (waiting === 0) check();
    }
    for (var i = 0; i < links.length; i++) {
      var script = document.createElement('script');
      script.src = links[i].href;
      script.async = false;
      script.onload = settled;
      script.onerror = settled;
      document.body.appendChild(script);
    }
    if (waiting === 0) check();
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === 'hidden') {
    load();
  } else if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) {
        observer.disconnect();
        setTimeout(load, 0);
      }
    }).observe({type: 'paint', buffered: true});
    setTimeout(load, 2000);
  } else {
    requestAnimationFrame(function () { setTimeout(load, 0); });
    setTimeout(load, 1000);
  }
})();`;

export const SSR_TEMPLATE = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <script>${HTML_SUFFIX}</script>
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" href="<%= it.baseUrl %><%= script %>" data-entry-script />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${LOADER}</script>
  </body>
</html>
`;
