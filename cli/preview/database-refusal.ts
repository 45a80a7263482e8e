/**
 * A connection the database could not take, answered in the database's own protocol, as the
 * platform's Hyperdrive answers one it cannot serve: the worker's driver rejects the query with
 * `message` at once. Closing the socket instead would not do: postgres.js reconnects when a
 * connection closes before its startup finished, and the request would spin until its deadline.
 */
import type { Socket } from "node:net";

export type ServerDialect = "pg" | "mysql";

/** SSLRequest and GSSENCRequest: a client asking for encryption before its startup message. */
const PG_NEGOTIATION_CODES = new Set([80877103, 80877104]);
/** SQLSTATE sqlclient_unable_to_establish_sqlconnection. */
const PG_CANNOT_CONNECT = "08001";
/** CR_CONN_HOST_ERROR: "Can't connect to MySQL server". */
const MYSQL_CANNOT_CONNECT = 2003;
/** A client that neither sends its startup message nor closes is not waited for longer than this. */
const CLIENT_WAIT_MS = 5_000;

/**
 * `lastReceived`: what the client sent last, still unanswered (a PostgreSQL client speaks first;
 * a MySQL one waits for the server's greeting, which this error takes the place of). The client
 * closes the connection once it has read the error: closing it first could meet the driver's
 * goodbye on its way, a write after the end that Miniflare's proxy does not listen for.
 */
export function refuseConnection(client: Socket, dialect: ServerDialect, message: string, lastReceived: Buffer | undefined): void {
  client.setTimeout(CLIENT_WAIT_MS, () => client.destroy());
  if (dialect === "mysql") {
    client.write(mysqlError(message));
    // Unpiped from the database, the client is paused: what it still sends is read and dropped.
    client.on("data", () => {}).resume();
    return;
  }
  let refused = false;
  const answer = (chunk: Buffer) => {
    if (refused) return;
    // Encryption is declined, so the startup message follows in the clear, and is refused.
    if (isPgNegotiation(chunk)) return void client.write("N");
    refused = true;
    client.write(pgError(message));
  };
  client.on("data", answer).resume();
  if (lastReceived) answer(lastReceived);
}

function isPgNegotiation(chunk: Buffer): boolean {
  return chunk.length === 8 && chunk.readInt32BE(0) === 8 && PG_NEGOTIATION_CODES.has(chunk.readInt32BE(4));
}

/** ErrorResponse: 'E', its length, then severity, code and message fields, each NUL-ended. */
function pgError(message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${PG_CANNOT_CONNECT}\0M${message}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/** ERR packet in place of the greeting: 0xff, the error code, the message (no SQL state before the handshake). */
function mysqlError(message: string): Buffer {
  const payload = Buffer.concat([Buffer.from([0xff, MYSQL_CANNOT_CONNECT & 0xff, MYSQL_CANNOT_CONNECT >> 8]), Buffer.from(message, "utf8")]);
  const head = Buffer.alloc(4);
  head.writeUIntLE(payload.length, 0, 3);
  head.writeUInt8(0, 3);
  return Buffer.concat([head, payload]);
}
