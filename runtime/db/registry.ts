/**
 * Where `sdk/db` finds the app's database. The generated app registers one connector before the
 * first request; a connector opens Drizzle either once per isolate (D1's binding may be shared by
 * every request) or once per request (a TCP client through Hyperdrive may not outlive the request
 * that opened it, so each request gets its own and closes it when the response is sent).
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface DatabaseSession<Db> {
  db: Db;
  close(): Promise<void>;
}

export type DatabaseConnector<Db = unknown> =
  | { kind: "shared"; open(): Db }
  | { kind: "per-request"; open(): DatabaseSession<Db> };

interface RequestScope {
  session?: DatabaseSession<unknown>;
  /** Set once the response is sent and the session is closing. */
  ended?: boolean;
}

interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

const requests = new AsyncLocalStorage<RequestScope>();
let connector: DatabaseConnector | undefined;
let shared: unknown;

export function registerDatabase(next: DatabaseConnector): void {
  connector = next;
  shared = undefined;
}

/** Runs `fn` as one request of the database: a per-request client opened inside is closed after it. */
export async function inDatabaseScope<T>(ctx: WaitUntil, fn: () => Promise<T>): Promise<T> {
  const scope: RequestScope = {};
  try {
    return await requests.run(scope, fn);
  } finally {
    const { session } = scope;
    // workerd keeps a closed socket, with the async context it was opened in, long after the
    // request: a scope still holding its session would keep every request's whole client alive.
    scope.session = undefined;
    scope.ended = true;
    if (session) ctx.waitUntil(session.close());
  }
}

/** The database for the code running now; opened on first use. */
export function currentDatabase(): unknown {
  if (!connector) {
    throw new Error("sdk/db has no database registered: it is available in an app built by sdk for the edge target");
  }
  if (connector.kind === "shared") return (shared ??= connector.open());
  const scope = requests.getStore();
  if (!scope) {
    throw new Error("sdk/db was used outside a request: with PostgreSQL or MySQL a query needs the request that runs it");
  }
  if (scope.ended) {
    throw new Error("sdk/db was used after its request ended: with PostgreSQL or MySQL the request's client closes when the response is sent");
  }
  scope.session ??= connector.open();
  return scope.session.db;
}
