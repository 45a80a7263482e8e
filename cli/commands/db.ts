/** `sdk db <action>`: one entry for the database commands, each in its own module. */
import { requirePackages } from "../../compiler/optional-packages.js";
import { findAction } from "../command-actions.js";
import type { DbGenerateFlags } from "./db-generate.js";

const ACTIONS = {
  generate: async (flags: DbGenerateFlags) => {
    requirePackages("database", "`sdk db generate`");
    return (await import("./db-generate.js")).dbGenerateCommand(flags);
  },
  migrate: async (flags: never) => (await import("./db-migrate.js")).dbMigrateCommand(flags),
  status: async (flags: never) => (await import("./db-status.js")).dbStatusCommand(flags),
} as const;

export async function dbCommand(action: string, flags: DbGenerateFlags): Promise<void> {
  await findAction("db", ACTIONS, action, "a database command")(flags as never);
}
