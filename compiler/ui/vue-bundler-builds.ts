/**
 * Vue's packages resolve to their ESM bundler builds on every side, as they do in the browser and
 * on the edge. Under the `node` condition (node, bun, deno servers) they would resolve to the
 * CommonJS builds, whose `vue` is the full build with the template compiler: about 1 MB of
 * compiler, Babel's parser and source maps in the server bundle that compiled components never use.
 */
import type { Plugin } from "rollup";

const BUNDLER_BUILDS: Readonly<Record<string, string>> = {
  vue: "vue/dist/vue.runtime.esm-bundler.js",
  ...Object.fromEntries(
    ["server-renderer", "runtime-dom", "runtime-core", "reactivity", "shared"].map((name) => [`@vue/${name}`, `@vue/${name}/dist/${name}.esm-bundler.js`]),
  ),
};

export function vueBundlerBuildsPlugin(): Plugin {
  return {
    name: "sdk:vue-bundler-builds",
    resolveId: {
      order: "pre",
      handler(source, importer, options) {
        const build = BUNDLER_BUILDS[source];
        return build ? this.resolve(build, importer, { ...options, skipSelf: true }) : null;
      },
    },
  };
}
