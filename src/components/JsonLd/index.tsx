/**
 * A schema.org JSON-LD block in the page's <head>. Browsers never run it, so the Content
 * Security Policy needs no hash for it.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';

export type JsonLdProps = {data: Record<string, unknown>};

export default function JsonLd({data}: JsonLdProps): ReactNode {
  // `<` escaped so that no value can close the script element.
  const json = JSON.stringify({'@context': 'https://schema.org', ...data}).replace(/</g, '\\u003c');
  return (
    <Head>
      <script type="application/ld+json">{json}</script>
    </Head>
  );
}
