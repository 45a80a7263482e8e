/** An sdk.config.ts holding config values: what `sdk migrate` writes from older config files. */
import { renderTemplate } from "./template.js";

const IDENTIFIER_KEY = /^(\s*)"([A-Za-z_$][A-Za-z0-9_$]*)":/gm;

export function emitConfigFile(config: Record<string, unknown>): string {
  const literal = JSON.stringify(config, null, 2).replace(IDENTIFIER_KEY, "$1$2:");
  return renderTemplate("config-file.ts.tpl", { config: literal });
}
