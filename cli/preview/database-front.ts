/**
 * The front of a Hyperdrive binding's local stand-in (`sdk dev`, `sdk preview`): Miniflare's
 * proxy connects to this loopback port, and this connects to `DATABASE_URL`'s server. Miniflare
 * (4.20260426.0) connects with no `error` listener and no deadline, so a refused connection was an
 * uncaught exception that ended the process, and a server that accepts and never answers held
 * the request for the driver's 30 s. Here a connection the server refuses, drops, or does not
 * answer within the connect deadline is refused in the database's protocol (database-refusal.ts):
 * that request's query fails with the reason, and the next connection tries the server again.
 * One line per outage names host:port (never the password) and why, and one says when the server
 * answers again: a flood of requests during an outage does not flood the log.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import { error, UserError } from "../../compiler/diagnostics.js";
import { connectTimeoutOf } from "../db/database-url.js";
import { ENV_FILE } from "../dev/env-file.js";
import { refuseConnection, type ServerDialect } from "./database-refusal.js";

export const DEFAULT_CONNECT_TIMEOUT_S = 5;

export interface DatabaseFront {
  /** `DATABASE_URL` with its host and port replaced by the front's: what Miniflare's proxy connects to. */
  readonly url: string;
  close(): Promise<void>;
}

interface Target {
  host: string;
  port: number;
  /** `host:port`, as the log names the server. */
  where: string;
  dialect: ServerDialect;
  timeoutMs: number;
}

/** Says when the server stops being reachable, or why changes, and when it answers again. */
interface OutageLog {
  failed(reason: string): void;
  answered(): void;
}

function outageLog(where: string, log: (line: string) => void): OutageLog {
  let down: string | null = null;
  return {
    failed(reason) {
      if (reason !== down) log(`database at ${where} ${reason}: requests that query fail until it answers; each new connection tries again`);
      down = reason;
    },
    answered() {
      if (down !== null) log(`database at ${where} answers again`);
      down = null;
    },
  };
}

export async function startDatabaseFront(databaseUrl: string, log: (line: string) => void): Promise<DatabaseFront> {
  const target = targetOf(databaseUrl);
  const outage = outageLog(target.where, log);
  const connections = new Set<Socket>();
  const server: Server = createServer((client) => {
    connections.add(client);
    client.once("close", () => connections.delete(client));
    relay(client, target, outage);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
  });
  // The process stays up for its server, never for this port alone (a dev start that failed later).
  server.unref();
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.searchParams.delete("connect_timeout");
  return {
    url: url.href,
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.destroy();
        server.close(() => resolve());
      }),
  };
}

function relay(client: Socket, target: Target, outage: OutageLog): void {
  const database = connect({ host: target.host, port: target.port });
  let lastReceived: Buffer | undefined;
  let settled = false;
  const remember = (chunk: Buffer) => (lastReceived = chunk);
  const fail = (reason: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(deadline);
    client.unpipe(database);
    client.off("data", remember);
    database.destroy();
    outage.failed(reason);
    refuseConnection(client, target.dialect, `sdk: the database at ${target.where} ${reason}`, lastReceived);
  };
  const deadline = setTimeout(() => {
    const seconds = target.timeoutMs / 1000;
    fail(database.connecting ? `did not accept the connection within ${seconds} s` : `accepted the connection but did not answer within ${seconds} s`);
  }, target.timeoutMs);
  client.on("error", () => database.destroy());
  client.once("close", () => {
    clearTimeout(deadline);
    database.destroy();
  });
  client.on("data", remember);
  client.pipe(database);
  database.on("error", (cause: NodeJS.ErrnoException) => {
    if (!settled) return fail(describeFailure(cause));
    // After its first answer, the server went away mid-connection: a clean end lets the worker's
    // driver fail that query now (Miniflare's proxy passes an end on, but not a reset).
    client.end();
  });
  database.once("end", () => fail("closed the connection before answering"));
  database.once("data", (first: Buffer) => {
    if (settled) return;
    settled = true;
    clearTimeout(deadline);
    outage.answered();
    client.off("data", remember);
    client.write(first);
    database.pipe(client);
  });
}

function describeFailure(cause: NodeJS.ErrnoException): string {
  if (cause.code === "ECONNREFUSED") return "refused the connection (ECONNREFUSED)";
  if (cause.code === "ENOTFOUND" || cause.code === "EAI_AGAIN") return `could not be found (${cause.code})`;
  return `could not be reached (${cause.code ?? cause.message})`;
}

/** Where `DATABASE_URL` points, and its `connect_timeout` (seconds, as libpq reads it) or the default. */
function targetOf(databaseUrl: string): Target {
  const url = new URL(databaseUrl);
  const dialect: ServerDialect = url.protocol === "mysql:" ? "mysql" : "pg";
  const given = url.searchParams.get("connect_timeout");
  const seconds = connectTimeoutOf(url) ?? DEFAULT_CONNECT_TIMEOUT_S;
  if (Number.isNaN(seconds)) {
    throw new UserError([error("SDK_DATABASE_CONNECT_TIMEOUT", `DATABASE_URL's connect_timeout is ${JSON.stringify(given)}, not a number of seconds from 1 to 300`, {
      file: ENV_FILE,
      hint: `remove it for the default of ${DEFAULT_CONNECT_TIMEOUT_S} s, or set a number of seconds, such as ?connect_timeout=10`,
    })]);
  }
  const port = Number(url.port) || (dialect === "mysql" ? 3306 : 5432);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port,
    where: `${url.hostname}:${port}`,
    dialect,
    timeoutMs: seconds * 1000,
  };
}
