// The four UI libraries the pages figures (ssr, client-size) measure. `ui` is the library's
// descriptor from the built compiler, the very object `sdk build` compiles its components with, so
// the baselines' components compile exactly as ours do. Each library has a twin of the React apps
// (`ssr-vue` of `ssr`, see copyApp) and its own baselines.
import { react } from "../../../lib/compiler/ui/react.js";
import { solid } from "../../../lib/compiler/ui/solid.js";
import { svelte } from "../../../lib/compiler/ui/svelte.js";
import { vue } from "../../../lib/compiler/ui/vue.js";

export const LIBRARIES = [
  { name: "React", ui: react, pageFile: "index.tsx", renderer: "react-dom renderToString" },
  { name: "Vue", ui: vue, pageFile: "index.vue", renderer: "vue renderToString" },
  { name: "Svelte", ui: svelte, pageFile: "index.svelte", renderer: "svelte render" },
  { name: "Solid", ui: solid, pageFile: "index.tsx", renderer: "solid renderToString" },
];

/** The React apps are the originals; the others are their twins. */
export function appFor(base, library) {
  return library.ui === react ? base : `${base}-${library.ui.name}`;
}
