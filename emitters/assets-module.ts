/** The generated `assets.ts`: the manifest of `public/`, which is all the server may send from disk. */
import type { AppIR } from "../compiler/ir.js";
import { renderTemplate } from "./template.js";

export function emitAssetsModule(ir: AppIR): string {
  const entries = ir.assets.map(
    (asset) =>
      `  ${JSON.stringify(asset.path)}: { file: ${JSON.stringify(asset.path.slice(1))}, type: ${JSON.stringify(asset.type)}, etag: ${JSON.stringify(asset.etag)}, size: ${asset.size}${asset.immutable ? ", immutable: true" : ""} },`,
  );
  const manifest = entries.length ? `{\n${entries.join("\n")}\n}` : "{}";
  return renderTemplate("assets.ts.tpl", { manifest });
}
