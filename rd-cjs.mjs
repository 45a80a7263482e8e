import { rolldown } from "rolldown";
import { writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
const B = new Set([...builtinModules, ...builtinModules.map((n) => `node:${n}`)]);
writeFileSync("/work/main/cjs-entry.mjs", `import mysql from "mysql2/promise"; export default { fetch() { return new Response(typeof mysql.createConnection); } };`);
for (const platform of ["neutral", "node", "browser"]) {
  const bundle = await rolldown({ input: "/work/main/cjs-entry.mjs", cwd: "/work/main", platform, external: (id) => B.has(id), resolve: { conditionNames: ["workerd", "worker", "browser", "import", "default"], mainFields: ["module", "main"] }, onLog(l, log) { if (l === "warn") console.log(platform, "WARN", log.code, log.message.slice(0, 150)); } });
  const { output } = await bundle.generate({ format: "es", codeSplitting: false });
  const code = output[0].code;
  console.log(platform, code.length, (code.match(/__require\b/g) || []).length, code.split("\n").filter(l => /createRequire|__require =|Calling `require`|from "node:|from "net|from "tls/.test(l)).slice(0, 8));
}
