/**
 * D1 databases, on real SQLite through the runtime's Miniflare: `/query` runs in the same
 * database a deployed worker's `d1` binding opens. One `{ sql, params? }` is one prepared
 * statement (D1 runs every statement of a multi-statement `sql` but answers only the last
 * one's result, where the platform answers one result per statement); `{ batch }` is D1's
 * batch, one transaction, all or nothing.
 */
import { ApiError, CODE, jsonBody, ok, paged, type ApiRequest, type Platform, type Route } from "./http.ts";
import { newUuid, now, type PlatformState } from "./state.ts";
import { STAND_IN_WORKER } from "./worker-options.ts";

/** What is used here of Miniflare's D1 proxy, which Miniflare types with workers-types (not loaded in this repo). */
interface D1Result {
  results: unknown[];
  success: boolean;
  meta: Record<string, unknown>;
}

interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  all(): Promise<D1Result>;
  raw(options: { columnNames: true }): Promise<unknown[][]>;
}

interface D1 {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<D1Result[]>;
}

interface SqlQuery {
  sql?: unknown;
  params?: unknown[];
}

/** The database a query names and its statements: `{ sql, params? }`, or `{ batch: [...] }`. */
function queryRequest(state: PlatformState, request: ApiRequest): { id: string; body: SqlQuery & { batch?: SqlQuery[] }; queries: SqlQuery[] } {
  const id = request.params.id;
  if (!state.d1.has(id)) throw new ApiError(404, CODE.d1NotFound, `The database ${id} could not be found`);
  const body = jsonBody<SqlQuery & { batch?: SqlQuery[] }>(request);
  const queries = body.batch ?? [body];
  if (!Array.isArray(queries) || !queries.length || queries.some((query) => typeof query?.sql !== "string" || !query.sql.trim())) {
    throw new ApiError(400, CODE.d1Query, "the body needs { sql, params? } or { batch: [{ sql, params? }, …] }");
  }
  return { id, body, queries };
}

export function d1Routes({ state, runtime }: Platform): Route[] {
  return [
    {
      method: "GET",
      pattern: "/accounts/:a/d1/database",
      handle(request) {
        const name = request.query.get("name");
        // Paged by `page`/`per_page`: 1000 a page unless asked (the schema's default).
        return paged([...state.d1.values()].filter((database) => !name || database.name.includes(name)), request.query, 1000);
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/d1/database",
      async handle(request) {
        const { name } = jsonBody<{ name?: unknown }>(request);
        if (typeof name !== "string" || !name) throw new ApiError(400, CODE.invalidRequest, "a database needs a name");
        if ([...state.d1.values()].some((database) => database.name === name)) throw new ApiError(409, CODE.d1NameTaken, `A database with the name ${name} already exists`);
        const database = { uuid: newUuid(), name, created_at: now() };
        state.d1.set(database.uuid, database);
        await runtime.refresh();
        return ok(database);
      },
    },
    {
      method: "POST",
      pattern: "/accounts/:a/d1/database/:id/query",
      async handle(request) {
        const { id, body, queries } = queryRequest(state, request);
        try {
          return ok(
            await runtime.data(async (mf) => {
              const db = (await mf.getD1Database(id, STAND_IN_WORKER)) as unknown as D1;
              const statements = queries.map((query) => db.prepare(query.sql as string).bind(...(query.params ?? [])));
              const results = body.batch ? await db.batch(statements) : [await statements[0].all()];
              return results.map((result) => ({ results: result.results, success: result.success, meta: result.meta }));
            }),
          );
        } catch (cause) {
          throw new ApiError(400, CODE.d1Query, (cause as Error).message.replace(/^D1_ERROR: /, ""));
        }
      },
    },
    {
      // The raw form: column names and rows as arrays, which keep columns that share a name.
      method: "POST",
      pattern: "/accounts/:a/d1/database/:id/raw",
      async handle(request) {
        const { id, queries } = queryRequest(state, request);
        try {
          return ok(
            await runtime.data(async (mf) => {
              const db = (await mf.getD1Database(id, STAND_IN_WORKER)) as unknown as D1;
              // One statement after the other: the raw form has no batch transaction here.
              const answers = [];
              for (const query of queries) {
                const [columns, ...rows] = await db.prepare(query.sql as string).bind(...(query.params ?? [])).raw({ columnNames: true });
                answers.push({ results: { columns, rows }, success: true, meta: {} });
              }
              return answers;
            }),
          );
        } catch (cause) {
          throw new ApiError(400, CODE.d1Query, (cause as Error).message.replace(/^D1_ERROR: /, ""));
        }
      },
    },
  ];
}
