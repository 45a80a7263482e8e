// Client-size baseline: Vue alone in the browser, hydrating the Vue hello page's own layout and
// page (the same files our build bundles) with nothing of ours: no router, no page data, no helpers.
// Bundled by the same client build as `sdk build` (bundleClient, production mode).
import { createSSRApp, h } from "vue";
import Hello from "../apps/hello-page-vue/pages/index.vue";
import Layout from "../apps/hello-page-vue/pages/layout.vue";

createSSRApp({ render: () => h(Layout, null, { default: () => h(Hello) }) }).mount("#root");
