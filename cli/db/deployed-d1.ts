/**
 * Which deployed D1 database `--remote` means: the binding's entry in `edge.d1_databases` when
 * the config sets that array (it replaces the lock's, as in the build), else in sdk.lock.json's
 * `resolved.d1_databases`, which `sdk deploy` writes when it provisions the database. A local id
 * (`local-DB`) is not a deployed database.
 */
import { error, UserError } from "../../compiler/diagnostics.js";
import { LOCK_FILE, readLockResolved } from "../../compiler/project-files.js";
import type { DatabaseContext } from "./context.js";

export interface DeployedD1 {
  id: string;
  name?: string;
  /** For messages: where the id was read. */
  from: "edge.d1_databases" | "sdk.lock.json";
}

type D1Entry = { binding?: unknown; database_id?: unknown; database_name?: unknown };

export function deployedD1(context: Pick<DatabaseContext, "root" | "config" | "binding">): DeployedD1 {
  const configured = context.config.edge?.d1_databases;
  const found = Array.isArray(configured)
    ? findDeployedD1(context.binding, configured, "edge.d1_databases")
    : findDeployedD1(context.binding, readLockResolved(context.root)?.d1_databases, LOCK_FILE);
  if (found) return found;
  const looked = Array.isArray(configured) ? "edge.d1_databases in sdk.config.ts has" : `${LOCK_FILE} has (under resolved.d1_databases)`;
  throw new UserError([error("SDK_DB_REMOTE_NOT_PROVISIONED", `there is no deployed D1 database for binding ${context.binding} yet: ${looked} no database_id for it`, {
    hint: "sdk deploy creates the database, records its id there and applies the pending migrations; deploy once, then sdk db migrate --remote and sdk db status --remote work",
  })]);
}

/** Pure: the entry of `binding` in `entries` when it names a deployed database. */
export function findDeployedD1(binding: string, entries: unknown, from: DeployedD1["from"]): DeployedD1 | undefined {
  if (!Array.isArray(entries)) return undefined;
  const entry = (entries as D1Entry[]).find((candidate) => candidate?.binding === binding);
  const id = entry?.database_id;
  if (typeof id !== "string" || !id || id.startsWith("local-")) return undefined;
  return { id, from, ...(typeof entry!.database_name === "string" && { name: entry!.database_name }) };
}
