import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

import Hero from './_home/Hero';
import SampleSection from './_home/SampleSection';
import Features from './_home/Features';
import NextSteps from './_home/NextSteps';
import WebSiteData from './_home/WebSiteData';
import TwinLink from '@site/src/components/CopyPage/TwinLink';

const DESCRIPTION =
  'Skip is an open-source TypeScript framework for reactive backend services: declare collections computed from your inputs, and the runtime keeps them current and streams every change to clients.';

export default function Home(): ReactNode {
  return (
    <Layout title="Reactive backend services in TypeScript" description={DESCRIPTION}>
      <WebSiteData description={DESCRIPTION} />
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
