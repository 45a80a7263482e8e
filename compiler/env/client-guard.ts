/**
 * Server keys never reach a browser: the client bundle may neither import `sdk/env` nor read a
 * server key by name. `sdk build` collects every such place while bundling (the import becomes an
 * empty stand-in, so one mistake does not hide the next) and stops with all of them, located.
 */
import path from "node:path";
import type { Plugin } from "rollup";
import { importPosition } from "../config/evaluate.js";
import { error, UserError, type Diagnostic } from "../diagnostics.js";
import type { EnvIR } from "../ir.js";
import { toPosixRelative } from "../paths.js";
import { ENV_MODULE } from "./imports.js";
import { envReferences, isAppCode, positionAt } from "./references.js";

const SERVER_KEY_IN_CLIENT = "SDK_ENV_SERVER_KEY_IN_CLIENT";
const STUB = "\0sdk:env-in-client";

export function isEnvModule(specifier: string): boolean {
  return specifier === ENV_MODULE || specifier.startsWith(`${ENV_MODULE}/`);
}

export function serverNames(env: EnvIR | null): Set<string> {
  return new Set(env?.keys.filter((key) => key.scope === "server").map((key) => key.name));
}

/** `file` as the diagnostic names it; `code` is the module's source. */
export function serverKeyReads(code: string, file: string, names: ReadonlySet<string>): Diagnostic[] {
  return envReferences(code)
    .filter((reference) => names.has(reference.name))
    .map((reference) =>
      error(SERVER_KEY_IN_CLIENT, `${file} reads server key ${reference.name} (${reference.via}.${reference.name}) and runs in the browser`, {
        file,
        ...positionAt(code, reference.start),
        hint: `Server keys never reach browser code: read ${reference.name} in the page's .server.ts loader and pass the page what it needs, or declare it under public in env.ts (as PUBLIC_...) if it is not secret.`,
      }),
    );
}

export function envModuleImport(file: string, specifier: string, position: { line?: number; column?: number }): Diagnostic {
  return error(SERVER_KEY_IN_CLIENT, `${file} imports "${specifier}", which reads server keys, and runs in the browser`, {
    file,
    ...position,
    hint: "Import sdk/env in server code only (routes, middleware, a page's .server.ts) and pass the page what it needs; page code reads public keys as import.meta.env.PUBLIC_*.",
  });
}

export interface ClientEnvGuard extends Plugin {
  /** Throws the places found, when there are any. */
  assertNoServerKeys(): void;
}

export function clientEnvGuard(root: string, env: EnvIR | null): ClientEnvGuard {
  const names = serverNames(env);
  const found: Diagnostic[] = [];
  const relative = (id: string) => toPosixRelative(root, path.resolve(id.replace(/\?.*$/, "")));
  return {
    name: "sdk:client-env-guard",
    resolveId: {
      // Before sdk:resolve, which would hand out the real module.
      order: "pre",
      async handler(specifier, importer) {
        if (!isEnvModule(specifier)) return null;
        if (importer) found.push(envModuleImport(relative(importer), specifier, await importPosition(importer, specifier)));
        return STUB;
      },
    },
    load(id) {
      // Any name imported from the stand-in is `undefined`: the bundle completes, the build does not.
      return id === STUB ? { code: "export default {};", syntheticNamedExports: true } : null;
    },
    transform(code, id) {
      if (isAppCode(id)) found.push(...serverKeyReads(code, relative(id), names));
      return null;
    },
    assertNoServerKeys() {
      if (found.length > 0) throw new UserError(found);
    },
  };
}
