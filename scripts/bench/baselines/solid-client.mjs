// Client-size baseline: Solid alone in the browser, hydrating the Solid hello page's own layout
// and page (the same files our build bundles) with nothing of ours: no router, no page data, no
// helpers. Bundled by the same client build as `sdk build` (bundleClient, production mode).
import { createComponent, hydrate } from "solid-js/web";
import Hello from "../apps/hello-page-solid/pages/index.tsx";
import Layout from "../apps/hello-page-solid/pages/layout.tsx";

// What `<Layout><Hello /></Layout>` compiles to; this file is plain JavaScript.
hydrate(() => createComponent(Layout, { get children() { return createComponent(Hello, {}); } }), document.getElementById("root"));
