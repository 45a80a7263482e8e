/**
 * Older config files converted without writing anything, for `sdk deploy --dry-run`: the config
 * a real deploy would convert them into (migrate-configs.ts), validated the same way, so the dry
 * run reports the file's worker name and compatibility date and shows exactly what would be sent.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { SdkConfig } from "../../compiler/config/define.js";
import { CONFIG_FILE } from "../../compiler/config/load.js";
import { validateConfig } from "../../compiler/config/validate.js";
import { UserError } from "../../compiler/diagnostics.js";
import { convertOldConfigs } from "./convert.js";
import { configExists } from "./migrate-configs.js";
import { findOldConfigs, type OldConfig } from "./sources.js";

export interface InMemoryConversion {
  config: SdkConfig;
  sources: OldConfig[];
  dropped: string[];
  changed: string[];
}

/** Null when the project has no older config file. */
export function convertOldConfigsInMemory(root: string): InMemoryConversion | null {
  const sources = findOldConfigs(root);
  if (!sources.length) return null;
  const conversion = convertOldConfigs(sources);
  if (existsSync(path.join(root, CONFIG_FILE))) throw configExists(sources, conversion.config);
  const diagnostics = validateConfig(conversion.config, undefined, root);
  if (diagnostics.length) throw new UserError(diagnostics.map((d) => ({ ...d, message: `${sources.map((s) => s.file).join(" and ")} converted: ${d.message}` })));
  return { config: conversion.config as SdkConfig, sources, dropped: conversion.dropped, changed: conversion.changed };
}
