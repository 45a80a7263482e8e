import type { AppProps } from "next/app";
import Head from "next/head";
import Layout from "../components/layout";

export default function App({ Component, pageProps }: AppProps) {
  return (
    <Layout>
      <Head><title>Items</title></Head>
      <Component {...pageProps} />
    </Layout>
  );
}
