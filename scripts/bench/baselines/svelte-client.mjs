// Client-size baseline: Svelte alone in the browser, hydrating the Svelte hello page's own layout
// and page (nested by svelte-client-root.svelte) with nothing of ours: no router, no page data, no
// helpers. Bundled by the same client build as `sdk build` (bundleClient, production mode).
import { hydrate } from "svelte";
import Root from "./svelte-client-root.svelte";

hydrate(Root, { target: document.getElementById("root") });
