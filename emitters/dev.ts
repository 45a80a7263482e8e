/**
 * What `sdk dev` serves, written to `.sdk/generated/dev/`: the build's generated app in
 * development mode, a request handler for Vite's module runner instead of the target's listening
 * entry, and a browser entry Vite serves in place of the client build.
 */
import { hasPages, type AppIR } from "../compiler/ir.js";
import { uiLibrary } from "../compiler/ui/libraries.js";
import type { ClientManifest } from "../runtime/pages/types.js";
import { emitTarget, type EmittedFile } from "./emit.js";
import { PRESETS } from "./targets.js";
import { renderTemplate } from "./template.js";

/** Project-relative, POSIX: Vite serves the browser entry at `/` plus this path. */
export const DEV_GENERATED_DIR = ".sdk/generated/dev";
export const DEV_HANDLER_FILE = "handler.ts";
const DEV_CLIENT_FILE = "client-dev.ts";

export interface DevEmitOptions {
  defaultName: string;
  lockResolved?: Record<string, unknown>;
}

/** No client build in dev: the document loads the dev entry, and Vite serves the rest on demand. */
function devClientManifest(): ClientManifest {
  return { version: "dev", entry: `/${DEV_GENERATED_DIR}/${DEV_CLIENT_FILE}`, pages: {} };
}

export function emitDevSources(ir: AppIR, options: DevEmitOptions): EmittedFile[] {
  const entryFile = PRESETS[ir.target].entryFile;
  const files = emitTarget(ir, { projectRootFromGenerated: "../../..", ...options, clientManifest: devClientManifest() })
    .filter((file) => file.path !== entryFile && file.path !== "wrangler.json");
  files.push({ path: DEV_HANDLER_FILE, content: renderTemplate("dev-handler.ts.tpl", {}) });
  if (hasPages(ir)) {
    const preamble = uiLibrary(ir.ui!).dev.clientPreamble;
    files.push({ path: DEV_CLIENT_FILE, content: renderTemplate("dev-client.ts.tpl", { preamble: preamble ? `\nimport ${JSON.stringify(preamble)};` : "" }) });
  }
  return files;
}
