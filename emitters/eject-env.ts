/**
 * An ejected app's env.ts: the generated platform.ts registers its keys and the public values
 * fixed at the eject (as a build fixes them), the ejected build replaces `import.meta.env.PUBLIC_*`
 * by those same values, server keys are read from the worker's env at run time (wrangler dev reads
 * them from the `.env` beside the root wrangler.json), and `sdk/env` and `import.meta.env` are typed by env.ts.
 */
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";
import { envTypes } from "./env-types.js";

export interface EjectedEnv {
  /** `import.meta.env.PUBLIC_*` to the value's expression, for the bundler's `define`. */
  define: Record<string, string>;
  files: EmittedFile[];
}

export function ejectedEnv(ir: AppIR): EjectedEnv {
  if (!ir.env) return { define: {}, files: [] };
  const publicKeys = ir.env.keys.filter((key) => key.scope === "public").map((key) => key.name);
  const define = Object.fromEntries(publicKeys.map((name) => [`import.meta.env.${name}`, JSON.stringify(ir.env!.publicValues[name]) ?? "undefined"]));
  return {
    define,
    files: envTypes(ir, "..").map((file) => ({ path: "server/env.d.ts", content: file.content })),
  };
}
