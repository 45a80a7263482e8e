/**
 * `authTables`: better-auth's tables in this app's database (`user`, `session`, `account`,
 * `verification`), for the app's own queries through `sdk/db`:
 * `db.select({ email: authTables.user.email }).from(authTables.user)`. At run time they are the
 * dialect's tables the generated auth module registered (one module cannot import all three
 * dialects' builders for nothing); their type follows the dialect `sdk prepare` declares for
 * `sdk/db` in `.sdk/types/db.d.ts` (D1's without one).
 */
import type { DatabaseTypes } from "../db/index.js";
import { authSettings } from "./registry.js";
import type * as mysql from "./schema-mysql.js";
import type * as pg from "./schema-pg.js";
import type * as sqlite from "./schema-sqlite.js";

type Dialect = DatabaseTypes extends { dialect: infer D } ? D : "sqlite";

export type AuthTables = Dialect extends "pg" ? typeof pg : Dialect extends "mysql" ? typeof mysql : typeof sqlite;

export const authTables: AuthTables = new Proxy({} as AuthTables, {
  get: (_, name) => (authSettings().tables as Record<PropertyKey, unknown>)[name],
});
