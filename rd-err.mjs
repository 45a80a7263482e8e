import { rolldown } from "rolldown";
import { sdkResolverPlugin } from "/work/main/lib/compiler/resolve-sdk.js";
import { builtinModules } from "node:module";
const B = new Set([...builtinModules, ...builtinModules.map((n) => `node:${n}`)]);
const input = process.argv[2];
try {
  const bundle = await rolldown({ input, platform: "node", external: (id) => B.has(id), plugins: [sdkResolverPlugin()], resolve: { conditionNames: ["node", "import", "default"] }, onLog(level, log) { console.log("LOG", level, JSON.stringify(log)); } });
  await bundle.write({ dir: `/tmp/exp/out-err`, format: "es" });
} catch (e) { console.log("ERR keys", Object.keys(e), e.code, JSON.stringify(e.errors?.map(x => ({...x})), null, 1)?.slice(0, 2000)); console.log(String(e.message).slice(0,600)); }
