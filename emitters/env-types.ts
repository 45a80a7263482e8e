/** The `.sdk/types/env.d.ts` that `sdk prepare` writes for an app with env.ts. */
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";

export function envTypes(ir: AppIR): EmittedFile[] {
  if (!ir.env) return [];
  const { file } = ir.env;
  return [{ path: "types/env.d.ts", content: renderTemplate("env.d.ts.tpl", { envFile: file, envImport: JSON.stringify(`../../${file}`) }) }];
}
