// A D1 database binding of `sdk dev` in remote mode: the deployed database, through the platform's
// query API (`/query` answers rows as objects, `/raw` as column names and arrays). It has what
// `sdk/db`, Drizzle's D1 driver and an app's own `env.DB` calls use: prepare, bind, first, all,
// raw, run, batch and exec. Each call is one request; a batch is one request and one transaction.
import { platformApi } from "sdk-remote:api";

// The API's code for SQL the database refused; its message is SQLite's.
const QUERY_FAILED = 7500;

export default function remoteD1(env) {
  const api = platformApi(env);
  const post = async (endpoint, body) => {
    try {
      return (await api.call("POST", `/d1/database/${env.resource}/${endpoint}`, { json: body })).result;
    } catch (error) {
      // As the binding reports it, so an app's error handling reads the same message.
      if (error.codes?.includes(QUERY_FAILED)) throw new Error(`D1_ERROR: ${error.reason}`, { cause: error });
      throw error;
    }
  };
  return {
    prepare: (sql) => new Statement(post, sql, []),
    async batch(statements) {
      const results = await post("query", { batch: statements.map((statement) => statement.query()) });
      return results.map(d1Result);
    },
    async exec(sql) {
      const results = await post("query", { sql });
      return { count: results.length, duration: results.reduce((total, result) => total + (result.meta?.duration ?? 0), 0) };
    },
  };
}

class Statement {
  #post;
  #sql;
  #params;

  constructor(post, sql, params) {
    this.#post = post;
    this.#sql = sql;
    this.#params = params;
  }

  // A new statement, as D1's is: a prepared statement may be bound again with other values.
  bind(...values) {
    return new Statement(this.#post, this.#sql, values.map(parameter));
  }

  query() {
    return { sql: this.#sql, params: this.#params };
  }

  async all() {
    const [result] = await this.#post("query", this.query());
    return d1Result(result);
  }

  run() {
    return this.all();
  }

  async first(column) {
    const [row] = (await this.all()).results;
    if (row === undefined) return null;
    if (column === undefined) return row;
    if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
    return row[column];
  }

  // Arrays in column order, which objects cannot keep when two columns share a name (a join).
  async raw(options) {
    const [result] = await this.#post("raw", this.query());
    const { columns, rows } = result.results;
    return options?.columnNames ? [columns, ...rows] : rows;
  }
}

function d1Result(result) {
  return { results: result.results ?? [], success: result.success, meta: result.meta ?? {} };
}

// The values D1 binds; bytes have no form in the API's JSON body.
function parameter(value) {
  if (value === null || typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    throw new TypeError("D1_TYPE_ERROR: a binary value cannot be bound in sdk dev's remote mode (the platform's query API takes JSON); bind it without remote mode, or encode it as text");
  }
  throw new TypeError(`D1_TYPE_ERROR: Type '${typeof value}' not supported for value '${String(value)}'`);
}
