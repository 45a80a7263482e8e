// Client-size baseline: React alone in the browser, hydrating the hello page's own layout and page
// (the same files our build bundles) with nothing of ours: no router, no page data, no helpers.
// Bundled by the same client build as `sdk build` (bundleClient, production mode).
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import Hello from "../apps/hello-page/pages/index.tsx";
import Layout from "../apps/hello-page/pages/layout.tsx";

function App() {
  return createElement(Layout, null, createElement(Hello));
}

hydrateRoot(document, createElement(App));
