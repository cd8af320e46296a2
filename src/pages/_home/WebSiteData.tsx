import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import JsonLd from '@site/src/components/JsonLd';

/** schema.org `WebSite` for search engines: the site's name, address and publisher. */
export default function WebSiteData({description}: {description: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const url = useBaseUrl('/', {absolute: true});
  const logo = useBaseUrl('/img/logo.svg', {absolute: true});
  return (
    <JsonLd
      data={{
        '@type': 'WebSite',
        '@id': url,
        url,
        name: siteConfig.title,
        alternateName: `${siteConfig.title}: ${siteConfig.tagline}`,
        description,
        inLanguage: 'en',
        publisher: {'@type': 'Organization', name: siteConfig.organizationName, logo},
      }}
    />
  );
}
