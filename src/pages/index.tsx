import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

import Hero from './_home/Hero';
import SampleSection from './_home/SampleSection';
import Features from './_home/Features';
import NextSteps from './_home/NextSteps';
import WebSiteData from './_home/WebSiteData';
import TwinLink from '@site/src/components/CopyPage/TwinLink';

export default function Home(): ReactNode {
  // Kept in the config's customFields: the landing page's Markdown twin says the same.
  const {landingDescription} = useDocusaurusContext().siteConfig.customFields as {
    landingDescription: string;
  };
  return (
    <Layout title="Reactive backend services in TypeScript" description={landingDescription}>
      <WebSiteData description={landingDescription} />
      {/* The Markdown version of this page, /index.md (src/plugins/markdown-twins). */}
      <TwinLink permalink="/" />
      {/* The hero is part of the main content, not a second banner beside the announcement bar. */}
      <main>
        <Hero />
        <SampleSection />
        <Features />
        <NextSteps />
      </main>
    </Layout>
  );
}
