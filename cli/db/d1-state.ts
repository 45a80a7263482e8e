/**
 * Which local D1 database `sdk dev` uses and where its state lives: the binding's entry in the
 * app's generated wrangler config names the local id, and Cloudflare's Vite plugin persists under
 * `<root>/.sdk/state/v3`. A dry run works on a copy of that state in a temporary folder.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { localD1DatabaseId } from "../../compiler/db/database.js";
import { error, UserError } from "../../compiler/diagnostics.js";
import { buildIR } from "../../compiler/front-end.js";
import { readAppName, readLockResolved } from "../../compiler/project-files.js";
import { emitWranglerConfig } from "../../emitters/wrangler.js";
import { persistRoot, STATE_DIR } from "../local-state.js";
import type { DatabaseContext } from "./context.js";
import { openLocalD1 } from "./d1-local.js";
import type { MigrationTarget } from "./target.js";

type D1Entry = { binding: string; database_id?: string; preview_database_id?: string };

/** `wranglerConfig`: the app's generated config when the caller has it (`sdk dev` does). */
export async function openLocalD1State(context: DatabaseContext, options: { dryRun?: boolean; wranglerConfig?: Record<string, unknown> }): Promise<MigrationTarget> {
  const databaseId = localD1DatabaseId(d1Entry(context, options.wranglerConfig ?? appWranglerConfig(context)));
  const stateRoot = persistRoot(context.root);
  const description = `local D1 database ${context.binding} (${STATE_DIR})`;
  if (!options.dryRun) return openLocalD1({ persistRoot: stateRoot, binding: context.binding, databaseId, description });

  const copyRoot = mkdtempSync(path.join(os.tmpdir(), "sdk-db-dry-run-"));
  try {
    const d1State = path.join(stateRoot, "d1");
    if (existsSync(d1State)) cpSync(d1State, path.join(copyRoot, "d1"), { recursive: true });
    const target = await openLocalD1({ persistRoot: copyRoot, binding: context.binding, databaseId, description: `a copy of the ${description}` });
    return { ...target, close: () => target.close().finally(() => rmSync(copyRoot, { recursive: true, force: true })) };
  } catch (cause) {
    rmSync(copyRoot, { recursive: true, force: true });
    throw cause;
  }
}

/** Whether any local D1 database was ever created (by `sdk dev` or a migration). */
export function hasLocalD1State(root: string): boolean {
  return existsSync(path.join(persistRoot(root), "d1"));
}

function appWranglerConfig(context: DatabaseContext): Record<string, unknown> {
  const ir = buildIR(context.root, { config: context.config, target: "edge", mode: "development" });
  return emitWranglerConfig({ ir, defaultName: readAppName(context.root), lockResolved: readLockResolved(context.root) });
}

function d1Entry(context: DatabaseContext, wrangler: Record<string, unknown>): D1Entry {
  const entries = Array.isArray(wrangler.d1_databases) ? (wrangler.d1_databases as D1Entry[]) : [];
  const entry = entries.find((candidate) => candidate?.binding === context.binding);
  if (entry) return entry;
  throw new UserError([error("SDK_DB_BINDING_MISSING", `the worker config has no D1 database with binding ${context.binding}, so there is no local database to migrate`, {
    file: "sdk.config.ts",
    configPath: "edge.d1_databases",
    hint: `add { binding: "${context.binding}", database_name, database_id } to edge.d1_databases, or leave edge.d1_databases out so sdk generates it`,
  })]);
}
