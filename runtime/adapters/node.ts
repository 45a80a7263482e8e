/** Node.js: `@hono/node-server` listens, node:fs streams the assets. */
import { open } from "node:fs/promises";
import type { Server } from "node:http";
import { Readable } from "node:stream";
import { serve as serveNode } from "@hono/node-server";
import { runServer, type FetchApp, type ListeningServer, type ServeOptions } from "../server.js";

export function serve<ForRouting, ForJobs>(app: FetchApp, options: ServeOptions<ForRouting, ForJobs>): void {
  runServer(app, options, {
    env: (name) => process.env[name],
    environment: () => process.env,
    readFile: async (url) => {
      const file = await open(url, "r");
      return Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
    },
    listen: (handler, { hostname, port }) =>
      new Promise<ListeningServer>((resolve, reject) => {
        const server = serveNode({ fetch: handler, hostname, port }, (info) => {
          resolve({ port: info.port, close: () => closeGracefully(server as Server) });
        });
        server.once("error", reject);
      }),
    onSignal: (signal, listener) => process.on(signal, listener),
    exit: (code) => process.exit(code),
  });
}

/** Since Node 19, `close()` also drops idle keep-alive sockets, so it resolves once requests finish. */
function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
