/** Node.js: node:http listens (runtime/adapters/node-listener.ts answers), node:fs streams the assets. */
import { open } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createDirectDispatch } from "../direct/dispatch.js";
import { createAssetTest } from "../static/lookup.js";
import { runServer, type FetchApp, type ListeningServer, type ServeOptions } from "../server.js";
import { applyConnectionLimit, nodeServerOptions } from "./node-limits.js";
import { createNodeListener } from "./node-listener.js";

export function serve<ForRouting, ForJobs>(app: FetchApp, options: ServeOptions<ForRouting, ForJobs>): void {
  // Routing rules answer before the app does, so only an app without them runs routes directly.
  const direct = app.router && !options.routing ? createDirectDispatch({ router: app.router }, createAssetTest(options.assets)) : null;
  runServer(app, options, {
    env: (name) => process.env[name],
    environment: () => process.env,
    readFile: async (url) => {
      const file = await open(url, "r");
      return Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
    },
    listen: (handler, { hostname, port }, limits) =>
      new Promise<ListeningServer>((resolve, reject) => {
        const server = createServer(nodeServerOptions(limits), createNodeListener(handler, direct));
        applyConnectionLimit(server, limits);
        server.once("error", reject);
        server.listen(port, hostname, () => {
          resolve({ port: (server.address() as AddressInfo).port, close: () => closeGracefully(server) });
        });
      }),
    onSignal: (signal, listener) => process.on(signal, listener),
    exit: (code) => process.exit(code),
  });
}

/** Since Node 19, `close()` also drops idle keep-alive sockets, so it resolves once requests finish. */
function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
