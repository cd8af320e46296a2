/**
 * `<link rel="alternate" type="text/markdown">` to a page's Markdown twin (written by
 * src/plugins/markdown-twins), in the server-rendered `<head>`, so that an agent reading
 * the HTML finds the Markdown.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {twinPath} from '@site/src/plugins/markdown-twins/twin-path';

/** `permalink`: the page's route, base URL included. */
export default function TwinLink({permalink}: {permalink: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Head>
      <link rel="alternate" type="text/markdown" href={`${siteConfig.url}${twinPath(permalink)}`} />
    </Head>
  );
}
