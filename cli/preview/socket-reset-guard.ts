/**
 * Miniflare's local Hyperdrive (4.20260426.0) pipes the worker's socket to the database's without
 * an `error` listener on either (cloudflare/workers-sdk#15768), so a connection the database
 * resets (a restart, `pg_terminate_backend`, a dropped database) or workerd closing mid-query
 * becomes an uncaught exception that ends `sdk preview` or `sdk dev`; so does the worker's write
 * reaching a socket the database side has already ended (Node's own EPIPE, with no syscall:
 * "This socket has been ended by the other party"). The process hosting
 * Miniflare owns no other bare sockets, so a reset or broken pipe is that connection lost: the
 * worker sees its query fail, as on the platform. Anything else still ends the process.
 */

const CONNECTION_LOST = new Set(["ECONNRESET", "EPIPE"]);
/** Node's message for a write to a socket whose peer has ended it (net.js writeAfterFIN). */
const WRITE_AFTER_END = "This socket has been ended by the other party";

let installed = false;

export function survivePipedSocketResets(): void {
  if (installed) return;
  installed = true;
  process.on("uncaughtException", (error) => {
    if (isConnectionLost(error)) return;
    // Another listener (a test waiting for an error) decides about the rest.
    if (process.listenerCount("uncaughtException") > 1) return;
    console.error(error);
    process.exit(2);
  });
}

export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, syscall, message } = error as NodeJS.ErrnoException;
  if (code === "EPIPE" && syscall === undefined) return message === WRITE_AFTER_END;
  return CONNECTION_LOST.has(code ?? "") && (syscall === "read" || syscall === "write");
}
