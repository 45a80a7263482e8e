/**
 * The generated `auth.ts`: registers better-auth's settings for `sdk/auth` (the providers, the
 * database's dialect, auth's tables and the dialect's columns for those its plugins add, the
 * app's `auth.ts`), and the app module's entries that
 * mount it: the session middleware first, the `/api/auth/*` route before the app's routes.
 */
import type { AppIR, AuthIR, DatabaseIR } from "../compiler/ir.js";
import { AUTH_BASE_PATH, AUTH_ROUTE_PATTERN } from "../runtime/auth/options.js";
import type { SourceLink } from "./source-link.js";
import { needsPlatformModule } from "./platform-module.js";
import { renderTemplate } from "./template.js";

/** Where the dialect's auth tables are, for the generated modules. */
export function authTablesModule(dialect: DatabaseIR["dialect"]): string {
  return `sdk/runtime/auth/schema-${dialect}`;
}

export function emitAuthModule(ir: AppIR & { auth: AuthIR; database: DatabaseIR }, link: SourceLink): string {
  const { auth, database } = ir;
  return renderTemplate("auth.ts.tpl", {
    basePath: AUTH_BASE_PATH,
    dialect: database.dialect,
    providersSource: ir.config.auth?.providers ? "auth.providers" : "the default",
    providerList: auth.providers.join(", "),
    optionsSource: auth.file ?? "no auth.ts",
    // auth.ts may read sdk/env as it loads (a provider's URL and credentials): its keys register first.
    platformImport: needsPlatformModule(ir) ? '\nimport "./platform";' : "",
    optionsImport: auth.file ? `import options from ${JSON.stringify(`${link.projectRootFromGenerated}/${auth.file}`)};` : "const options = {};",
    providers: JSON.stringify(auth.providers),
    production: String(ir.mode === "production"),
  });
}

/** The app module's imports, middleware and route for auth; empty without it. */
export function appAuthEntries(ir: AppIR): { imports: string[]; middleware: string[]; routes: string[] } {
  if (!ir.auth) return { imports: [], middleware: [], routes: [] };
  return {
    imports: ['import "./auth";', 'import { authRoute, authSession } from "sdk/runtime/auth/mount";'],
    middleware: ['    { file: "sdk/auth", middleware: authSession },'],
    routes: [`    { pattern: ${JSON.stringify(AUTH_ROUTE_PATTERN)}, file: "sdk/auth", handlers: authRoute },`],
  };
}
