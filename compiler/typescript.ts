/**
 * The TypeScript compiler API, for the commands that read or edit source by its TypeScript syntax
 * tree (`sdk init`, `sdk migrate`, `sdk eject`): the copy ts-morph ships (in @ts-morph/common),
 * loaded alone. Builds read the app's syntax with Oxc's parser instead (scan/parser.ts). Loaded
 * with `require`: Node's `import` of a CommonJS file lexes it for named exports first. Resolved
 * from ts-morph's own folder, so it is the copy ts-morph uses wherever the package manager put it.
 */
import { createRequire } from "node:module";
import type { ts as TypeScript } from "ts-morph";

let loaded: typeof TypeScript | undefined;

function load(): typeof TypeScript {
  const require = createRequire(import.meta.url);
  return (loaded = require(createRequire(require.resolve("ts-morph")).resolve("@ts-morph/common/dist/typescript.js")) as typeof TypeScript);
}

/** TypeScript, loaded when first used (about 0.3 s). */
export const ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_, name) => (loaded ?? load())[name as keyof typeof TypeScript],
});
