/**
 * Wraps the docs' page metadata: every doc page is an Open Graph "article" and carries
 * schema.org JSON-LD: `TechArticle` for the guides, `APIReference` (schema.org's
 * TechArticle for API documentation) for the pages under /docs/api/.
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Metadata from '@theme-original/DocItem/Metadata';
import type MetadataType from '@theme/DocItem/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import JsonLd from '@site/src/components/JsonLd';

type Props = WrapperProps<typeof MetadataType>;

/** TypeDoc's titles keep Markdown escapes (`Mapper\<K, V\>`); structured data gets plain text. */
const plainText = (markdown: string) => markdown.replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, '$1');

export default function MetadataWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {metadata, frontMatter} = useDoc();
  // A category's index doc has a permalink ending in `/`; its page is served without it.
  const path =
    siteConfig.trailingSlash === false
      ? metadata.permalink.replace(/(.)\/$/, '$1')
      : metadata.permalink;
  const url = useBaseUrl(path, {absolute: true});
  const title = plainText(metadata.title);
  const siteUrl = useBaseUrl('/', {absolute: true});
  const image = frontMatter.image ?? (siteConfig.themeConfig.image as string | undefined);
  const imageUrl = useBaseUrl(image ?? '', {absolute: true});
  return (
    <>
      <Metadata {...props} />
      <Head>
        <meta property="og:type" content="article" />
      </Head>
      <JsonLd
        data={{
          '@type': metadata.id.startsWith('api/') ? 'APIReference' : 'TechArticle',
          '@id': url,
          url,
          mainEntityOfPage: url,
          headline: title,
          name: title,
          description: metadata.description,
          inLanguage: 'en',
          ...(image ? {image: imageUrl} : {}),
          isPartOf: {'@type': 'WebSite', '@id': siteUrl, name: siteConfig.title, url: siteUrl},
          publisher: {'@type': 'Organization', name: siteConfig.organizationName},
        }}
      />
    </>
  );
}
