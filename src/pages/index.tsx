import Layout from '@theme/Layout';
export default function Home() { return <Layout><main>Home</main></Layout>; }
