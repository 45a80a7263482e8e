/** The `.sdk/types/env.d.ts` that `sdk prepare` writes for an app with env.ts. */
import type { AppIR } from "../compiler/ir.js";
import type { EmittedFile } from "./emitted-file.js";
import { renderTemplate } from "./template.js";

/** `rootFromTypes`: the project root from the folder the file is written to (`sdk eject` writes it to server/). */
export function envTypes(ir: AppIR, rootFromTypes = "../.."): EmittedFile[] {
  if (!ir.env) return [];
  const { file } = ir.env;
  return [{ path: "types/env.d.ts", content: renderTemplate("env.d.ts.tpl", { envFile: file, envImport: JSON.stringify(`${rootFromTypes}/${file}`) }) }];
}
