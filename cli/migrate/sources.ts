/**
 * The older config files `sdk migrate` (and `sdk init` in an existing project) converts: the
 * legacy SDK JSON config `sdk.json` (or `sdk.jsonc`), and the edge platform's `wrangler.json`, `wrangler.jsonc`
 * and `wrangler.toml`. Each is parsed as its format says (comments and trailing commas in JSONC,
 * TOML through smol-toml); one that does not parse is a located error, never skipped.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseToml, TomlError } from "smol-toml";
import { ts } from "../../compiler/typescript.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { UNCONVERTED_CONFIG_FILES, type UnconvertedKind } from "../../compiler/config/unconverted.js";


export interface OldConfig {
  file: string;
  kind: UnconvertedKind;
  text: string;
  value: Record<string, unknown>;
}


export function findOldConfigs(root: string): OldConfig[] {
  return UNCONVERTED_CONFIG_FILES.filter(({ file }) => existsSync(path.join(root, file))).map(({ file, kind }) => {
    const text = readFileSync(path.join(root, file), "utf8");
    return { file, kind, text, value: parse(file, text) };
  });
}

function parse(file: string, text: string): Record<string, unknown> {
  let value: unknown;
  let problem: { message: string; line?: number; column?: number } | null = null;
  if (file.endsWith(".toml")) {
    try {
      value = parseToml(text);
    } catch (cause) {
      problem = cause instanceof TomlError ? { message: cause.message.split("\n")[0]!, line: cause.line, column: cause.column } : { message: String(cause) };
    }
  } else {
    const parsed = ts.parseConfigFileTextToJson(file, text);
    if (parsed.error) {
      const { line, character } = parsed.error.file && parsed.error.start !== undefined ? parsed.error.file.getLineAndCharacterOfPosition(parsed.error.start) : { line: 0, character: 0 };
      problem = { message: ts.flattenDiagnosticMessageText(parsed.error.messageText, " "), line: line + 1, column: character + 1 };
    }
    value = parsed.config;
  }
  if (!problem && (typeof value !== "object" || value === null || Array.isArray(value))) problem = { message: "the top level is not an object" };
  if (problem) {
    throw new UserError([
      error("SDK_MIGRATE_UNREADABLE", `${file} cannot be converted: ${problem.message}`, {
        file,
        ...(problem.line !== undefined && { line: problem.line, column: problem.column ?? 1 }),
        hint: `fix ${file} so it parses, then run the command again; nothing was changed`,
      }),
    ]);
  }
  return value as Record<string, unknown>;
}
