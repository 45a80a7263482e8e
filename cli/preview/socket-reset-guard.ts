/**
 * Miniflare's local Hyperdrive (4.20260426.0) pipes the worker's socket to the database's without
 * an `error` listener on either (cloudflare/workers-sdk#15768), so a connection the database
 * resets (a restart, `pg_terminate_backend`, a dropped database) or workerd closing mid-query
 * becomes an uncaught exception that ends `sdk preview` or `sdk dev`. The process hosting
 * Miniflare owns no other bare sockets, so a reset or broken pipe is that connection lost: the
 * worker sees its query fail, as on the platform. Anything else still ends the process.
 */

const CONNECTION_LOST = new Set(["ECONNRESET", "EPIPE"]);

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
  const { code, syscall } = error as NodeJS.ErrnoException;
  return CONNECTION_LOST.has(code ?? "") && (syscall === "read" || syscall === "write");
}
