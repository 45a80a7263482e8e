/**
 * sdk.config.ts, bundler.config.ts, env.ts and auth.ts run from a bundle under `.sdk/cache/`, so
 * `import.meta.url`, `dirname` and `filename` would name the cache. A config that finds files
 * beside itself (a plugin reading the app's pages) needs its own location, as Node would give it:
 * each module's are written in as literals before bundling, as Vite does for its config.
 */
import MagicString from "magic-string";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "rollup";

const FILE_SCOPE = /\bimport\.meta\.(url|dirname|filename)\b/g;

export function fileScopePlugin(): Plugin {
  return {
    name: "sdk:config-file-scope",
    transform(code, id) {
      if (id.startsWith("\0") || !path.isAbsolute(id) || !code.includes("import.meta")) return null;
      const values: Record<string, string> = { url: pathToFileURL(id).href, dirname: path.dirname(id), filename: id };
      const source = new MagicString(code);
      for (const match of code.matchAll(FILE_SCOPE)) source.overwrite(match.index, match.index + match[0].length, JSON.stringify(values[match[1]!]));
      return source.hasChanged() ? { code: source.toString(), map: source.generateMap({ hires: true }) } : null;
    },
  };
}
