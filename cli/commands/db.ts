/** `sdk db <action>`: one entry for the database commands, each in its own module. */
import { error, UserError } from "../../compiler/diagnostics.js";
import type { DbGenerateFlags } from "./db-generate.js";

const ACTIONS = {
  generate: async (flags: DbGenerateFlags) => (await import("./db-generate.js")).dbGenerateCommand(flags),
  migrate: async (flags: never) => (await import("./db-migrate.js")).dbMigrateCommand(flags),
  status: async (flags: never) => (await import("./db-status.js")).dbStatusCommand(flags),
} as const;

export async function dbCommand(action: string, flags: DbGenerateFlags): Promise<void> {
  const run = ACTIONS[action as keyof typeof ACTIONS];
  if (!run) {
    throw new UserError([error("SDK_UNKNOWN_COMMAND", `\`sdk db ${action}\` is not a database command.`, { hint: `Use sdk db ${Object.keys(ACTIONS).join(", sdk db ")}.` })]);
  }
  await run(flags as never);
}
