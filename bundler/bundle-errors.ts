/**
 * Bundler failures caused by the user's code, as located diagnostics: Rollup's errors, the
 * esbuild errors rollup-plugin-esbuild carries, and Rolldown's, which come several in one error,
 * each shaped as Rollup's.
 */
import path from "node:path";
import { plainMessage } from "../compiler/bundler-message.js";
import { importPosition } from "../compiler/config/evaluate.js";
import { error, UserError } from "../compiler/diagnostics.js";
import { MarkdownError } from "../compiler/markdown/errors.js";
import { installCommandFor } from "../compiler/optional-packages.js";
import { toPosixRelative } from "../compiler/paths.js";
import { packageName } from "./optional-peer.js";

const SYNTAX_HINT = "Fix the syntax error; the file cannot be compiled as it is.";

function relativeTo(root: string, file: string | undefined): string | undefined {
  return file ? toPosixRelative(root, file) : undefined;
}

interface BundleFailure {
  code?: string;
  id?: string;
  loc?: { file?: string; line: number; column: number };
  message?: string;
  cause?: unknown;
  exporter?: string;
  binding?: string;
  /** esbuild's own errors, or Rolldown's: every error of the build. */
  errors?: ({ text: string; location?: { line: number; column: number } | null } | BundleFailure)[];
}

/** Rolldown names the missing binding only in its message. */
const ROLLDOWN_MISSING_EXPORT = /^"([^"]+)" is not exported by /;

function isEsbuildError(value: unknown): value is { text: string; location?: { line: number; column: number } | null } {
  return typeof (value as { text?: unknown }).text === "string";
}

/** A diagnostic for a failure the user's code caused; null for any other. */
export async function toUserError(root: string, cause: unknown): Promise<UserError | null> {
  const err = cause as BundleFailure;
  const [first] = err.errors ?? [];
  if (err.code === undefined && first && !isEsbuildError(first)) return toUserError(root, first);
  if (err.code === "UNRESOLVED_IMPORT" && err.id && err.exporter) return unresolvedImport(root, err.id, err.exporter);
  const binding = err.binding ?? (err.code === "MISSING_EXPORT" ? ROLLDOWN_MISSING_EXPORT.exec(plainMessage(err))?.[1] : undefined);
  if (err.code === "MISSING_EXPORT" && binding && err.exporter) {
    return new UserError([error("SDK_IMPORT_MISSING_EXPORT", `"${binding}" is not exported by ${relativeTo(root, err.exporter)}`, {
      file: relativeTo(root, err.id),
      ...located(err.loc),
      hint: `import a name that ${relativeTo(root, err.exporter)} exports, or export "${binding}" from it`,
    })]);
  }
  if (err.cause instanceof MarkdownError) {
    const { code, message, file, line, column, hint } = err.cause;
    return new UserError([error(code, message, { file: relativeTo(root, file), line, column, ...(hint ? { hint } : {}) })]);
  }
  const esbuildError = first && isEsbuildError(first) ? first : undefined;
  if (err.code === "PLUGIN_ERROR" && esbuildError) {
    return new UserError([error("SDK_SYNTAX", esbuildError.text, {
      file: relativeTo(root, err.id),
      ...(esbuildError.location ? { line: esbuildError.location.line, column: esbuildError.location.column + 1 } : {}),
      hint: SYNTAX_HINT,
    })]);
  }
  if (err.code === "PARSE_ERROR") {
    return new UserError([error("SDK_SYNTAX", plainMessage(err), {
      file: relativeTo(root, err.loc?.file ?? err.id),
      ...located(err.loc),
      hint: SYNTAX_HINT,
    })]);
  }
  if (err.code === "UNRESOLVED_IMPORT" || err.code === "PLUGIN_ERROR" || err.code === "MISSING_EXPORT") {
    const message = plainMessage(err);
    return new UserError([error(err.code === "UNRESOLVED_IMPORT" ? "SDK_IMPORT_UNRESOLVED" : "SDK_BUNDLE", message, {
      file: relativeTo(root, err.loc?.file ?? err.id),
      ...located(err.loc),
    })]);
  }
  return null;
}

/** Rollup's columns count from 0, ours from 1. */
function located(loc: BundleFailure["loc"]): { line?: number; column?: number } {
  return loc ? { line: loc.line, column: loc.column + 1 } : {};
}

/** Located at the specifier in the importing file; Rollup names only the importer. */
async function unresolvedImport(root: string, importer: string, specifier: string): Promise<UserError> {
  const file = relativeTo(root, importer);
  const relative = specifier.startsWith(".") || path.isAbsolute(specifier);
  return new UserError([error("SDK_IMPORT_UNRESOLVED", `${file} imports "${specifier}", which cannot be resolved`, {
    file,
    ...(await importPosition(importer, specifier)),
    hint: relative ? "fix the path; the file does not exist" : `install the package in the app (${installCommandFor(packageName(specifier))}) or fix the name`,
  })]);
}
