/**
 * `/docs` has no guide of its own: this page sends the reader to the first guide, with or
 * without JavaScript, keeping the query and the fragment when it can.
 *
 * It replaces @docusaurus/plugin-client-redirects, whose page is a bare template (no `lang`,
 * no title, no description) written in `postBuild`, after the pages the Content Security
 * Policy plugin hashes. As an ordinary page it goes through the theme's layout and metadata
 * like every other page and is written before any `postBuild` runs, so the CSP plugin sees
 * its inline script without waiting for another plugin.
 *
 * As served, the page carries a `refresh` meta tag (no JavaScript) and an inline script that
 * replaces the location with the query and fragment kept (the tag alone would drop them);
 * both are rendered on the server only, like Docusaurus's base-URL banner script, so that a
 * client-side navigation here does not reload the site: then the router replaces the entry.
 * Leaf routes come before the docs plugin's `/docs` layout route, so this one matches.
 */
import {useEffect, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Layout from '@theme/Layout';

const DESCRIPTION = 'The Skip documentation starts with the introduction.';

export default function DocsIndex(): ReactNode {
  const target = useBaseUrl('/docs/introduction');
  const canonical = useBaseUrl('/docs/introduction', {absolute: true});
  const history = useHistory();
  const {search, hash} = useLocation();
  useEffect(() => history.replace(`${target}${search}${hash}`), [history, target, search, hash]);
  return (
    <Layout title="Documentation" description={DESCRIPTION}>
      {!ExecutionEnvironment.canUseDOM && (
        <Head>
          <meta name="robots" content="noindex" />
          <link rel="canonical" href={canonical} />
          <meta httpEquiv="refresh" content={`0; url=${target}`} />
          <script>{`location.replace(${JSON.stringify(target)} + location.search + location.hash);`}</script>
        </Head>
      )}
      <main className="container margin-vert--lg">
        <p>
          The documentation starts with the <Link to={target}>introduction</Link>.
        </p>
      </main>
    </Layout>
  );
}
