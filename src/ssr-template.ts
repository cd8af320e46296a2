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
 * inserted at once; a timer is a fallback in case no paint is reported. Everything else is as in Docusaurus's default template. The
 * inline script is constant, so the Content Security Policy plugin hashes it like the
 * others.
 */

/** Inserts the preloaded entry scripts after the first paint (kept ES5: it runs unbundled). */
const LOADER = `(function () {
  var done = false;
  function load() {
    if (done) return;
    done = true;
    var links = document.querySelectorAll('link[data-entry-script]');
    for (var i = 0; i < links.length; i++) {
      var script = document.createElement('script');
      script.src = links[i].href;
      script.async = false;
      document.body.appendChild(script);
    }
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
