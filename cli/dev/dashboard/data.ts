/**
 * The dashboard's data tab on the edge: the database's tables and rows and a read-only query box
 * (local D1 through the worker, PostgreSQL and MySQL at DATABASE_URL in a read-only transaction,
 * server-database.ts), each KV namespace's keys and values, each R2 bucket's objects (listed,
 * downloaded), read through the worker (worker-bridge.ts). A write (deleting a key or an object) runs only
 * when its request confirms it by naming what it deletes: `{ "confirm": "<key>" }`.
 */
import { UserError } from "../../../compiler/diagnostics.js";
import type { AppIR } from "../../../compiler/ir.js";
import { readOnlyRefusal } from "./read-only-sql.js";
import type { SqlReader } from "./server-database.js";
import { bridgeJson, BridgeError, type WorkerBridge } from "./worker-bridge.js";

export interface DataBindings {
  database: { dialect: "sqlite" | "pg" | "mysql"; binding: string } | null;
  kv: string[];
  r2: string[];
}

export interface Answer {
  status: number;
  body: unknown;
}

type Row = Record<string, unknown>;

const PAGE = 50;
/** Each dialect's tables and views, as `name` and `type`. */
const TABLES: Record<"sqlite" | "pg" | "mysql", string> = {
  sqlite: `SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name`,
  pg: "SELECT table_name AS name, table_type AS type FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
  mysql: "SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME",
};

export function dataBindings(ir: AppIR): DataBindings {
  const named = (kind: string) => ir.bindings.filter((binding) => binding.kind === kind).map((binding) => binding.name);
  return { database: ir.database && { dialect: ir.database.dialect, binding: ir.database.binding }, kv: named("kv"), r2: named("storage") };
}

/** `server`: opens the PostgreSQL or MySQL database's reader, once, on the first read. */
export function dataAnswers(bridge: WorkerBridge, bindings: () => DataBindings, server: (binding: string, dialect: "pg" | "mysql") => Promise<SqlReader>) {
  const database = () => {
    const found = bindings().database;
    if (!found) throw new Refused(404, "this app has no database");
    return found;
  };
  const query = async (sql: string, params: unknown[] = []) => {
    const { dialect, binding } = database();
    if (dialect !== "sqlite") return (await server(binding, dialect)).read(sql, params);
    return (await bridgeJson<{ rows: Row[] }>(await bridge.ask("d1-query", { binding, sql, params }))).rows;
  };
  const quote = (name: string) => quoteName(name, database().dialect);
  const tables = async () => {
    const listed = await query(TABLES[database().dialect]);
    return Promise.all(listed.map(async ({ name, type }) => ({ name: name as string, type: type as string, rows: Number((await query(`SELECT COUNT(*) AS n FROM ${quote(name as string)}`))[0]?.n ?? 0) })));
  };
  const binding = (kind: "kv" | "r2", name: string | null) => {
    if (!name || !bindings()[kind].includes(name)) throw new Refused(404, `no ${kind === "kv" ? "KV namespace" : "R2 bucket"} binding ${name ?? "(none named)"}: ${bindings()[kind].join(", ") || "the app has none"}`);
    return name;
  };
  return {
    tables: guarded(async () => ({ tables: await tables() })),
    rows: guarded(async (url: URL) => {
      const table = url.searchParams.get("table");
      const known = await tables();
      if (!known.some((entry) => entry.name === table)) throw new Refused(404, `no table ${table ?? "(none named)"}`);
      const offset = Math.max(0, Math.floor(Number(url.searchParams.get("offset")) || 0));
      const rows = await query(`SELECT * FROM ${quote(table!)} LIMIT ? OFFSET ?`, [PAGE, offset]);
      return { table, offset, limit: PAGE, total: known.find((entry) => entry.name === table)!.rows, rows };
    }),
    query: guarded(async (_url: URL, body: { sql?: unknown }) => {
      const sql = typeof body.sql === "string" ? body.sql : "";
      const refusal = readOnlyRefusal(sql);
      if (refusal) throw new Refused(400, `not run: ${refusal}`);
      return { rows: await query(sql) };
    }),
    kvKeys: guarded(async (url: URL) => bridgeJson(await bridge.ask("kv-list", { binding: binding("kv", url.searchParams.get("binding")), prefix: url.searchParams.get("prefix") || undefined, cursor: url.searchParams.get("cursor") || undefined }))),
    kvValue: guarded(async (url: URL) => bridgeJson(await bridge.ask("kv-get", { binding: binding("kv", url.searchParams.get("binding")), key: url.searchParams.get("key") ?? "" }))),
    kvDelete: guarded(async (url: URL, body: { confirm?: unknown }) => {
      const key = confirmed(url, body);
      return bridgeJson(await bridge.ask("kv-delete", { binding: binding("kv", url.searchParams.get("binding")), key }));
    }),
    r2Objects: guarded(async (url: URL) => bridgeJson(await bridge.ask("r2-list", { binding: binding("r2", url.searchParams.get("binding")), prefix: url.searchParams.get("prefix") || undefined, cursor: url.searchParams.get("cursor") || undefined }))),
    r2Delete: guarded(async (url: URL, body: { confirm?: unknown }) => {
      const key = confirmed(url, body);
      return bridgeJson(await bridge.ask("r2-delete", { binding: binding("r2", url.searchParams.get("binding")), key }));
    }),
    /** The object's bytes, as the worker streams them. */
    r2Download: async (url: URL): Promise<Response> => {
      try {
        return await bridge.ask("r2-get", { binding: binding("r2", url.searchParams.get("binding")), key: url.searchParams.get("key") ?? "" });
      } catch (error) {
        if (error instanceof Refused) return Response.json({ error: error.message }, { status: error.status });
        throw error;
      }
    },
  };
}

/** A write names what it changes twice: in the query and in the confirmation. */
function confirmed(url: URL, body: { confirm?: unknown }): string {
  const key = url.searchParams.get("key");
  if (!key) throw new Refused(400, "name the key: ?key=<key>");
  if (body.confirm !== key) throw new Refused(409, `deleting ${key} needs its confirmation: send { "confirm": ${JSON.stringify(key)} }`);
  return key;
}

/** A table's name as the dialect quotes it, a quote in it doubled. */
export function quoteName(name: string, dialect: "sqlite" | "pg" | "mysql"): string {
  return dialect === "mysql" ? `\`${name.replace(/`/g, "``")}\`` : `"${name.replace(/"/g, '""')}"`;
}

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Each answer as a status and a body; a refusal or the worker's error is the body's `error`. */
function guarded<Args extends unknown[]>(work: (...args: Args) => Promise<unknown>): (...args: Args) => Promise<Answer> {
  return async (...args) => {
    try {
      return { status: 200, body: await work(...args) };
    } catch (error) {
      if (error instanceof Refused) return { status: error.status, body: { error: error.message } };
      // The worker's or the database's refusal (a syntax error, a missing table, a read-only
      // transaction's), or no DATABASE_URL to reach it: said in the tab, not thrown.
      if (error instanceof BridgeError || error instanceof UserError || isDatabaseError(error)) return { status: 400, body: { error: (error as Error).message } };
      throw error;
    }
  };
}

/** postgres.js and mysql2 errors carry the server's code. */
function isDatabaseError(error: unknown): boolean {
  return error instanceof Error && typeof (error as { code?: unknown }).code === "string";
}
