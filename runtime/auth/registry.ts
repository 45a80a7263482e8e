/**
 * What the generated `auth.ts` module registers before the first request: the providers the
 * config enables, the database's dialect and auth tables, and the app's `auth.ts` options.
 */
import type { DialectColumns } from "./field-columns.js";
import type { AuthDefinition } from "./options.js";

export type AuthDialect = "sqlite" | "pg" | "mysql";

export interface AuthSettings {
  /** `auth.providers`: `email` and social provider names; `["email"]` without `auth` in the config. */
  providers: readonly string[];
  dialect: AuthDialect;
  /** The auth tables for the dialect (runtime/auth/schema-*.ts). */
  tables: Record<string, unknown>;
  /** The dialect's columns for the tables auth.ts's plugins and `additionalFields` add (field-columns.ts). */
  columns: DialectColumns;
  /** The default export of the app's `auth.ts`, or `{}`. */
  options: AuthDefinition;
  /** A provider without its variables stops production; development warns and leaves it out. */
  production: boolean;
}

let settings: AuthSettings | undefined;

export function registerAuth(next: AuthSettings): void {
  settings = next;
}

export function authSettings(): AuthSettings {
  if (!settings) throw new Error("sdk/auth has no auth registered: it is available in an app built by sdk for the edge target");
  return settings;
}
