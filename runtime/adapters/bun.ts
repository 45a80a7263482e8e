/** Bun: `Bun.serve` listens, `Bun.file` sends the assets. */
import { runServer, type FetchApp, type ServeOptions } from "../server.js";

interface BunServer {
  readonly port: number;
  stop(closeActiveConnections?: boolean): Promise<void>;
}

interface BunFile extends Blob {
  exists(): Promise<boolean>;
}

declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    development: boolean;
    reusePort: boolean;
    fetch(request: Request, server: BunServer): Response | Promise<Response>;
  }): BunServer;
  file(url: URL): BunFile;
};

export function serve<ForRouting, ForJobs>(app: FetchApp, options: ServeOptions<ForRouting, ForJobs>): void {
  runServer(app, options, {
    env: (name) => process.env[name],
    environment: () => process.env,
    readFile: async (url) => {
      const file = Bun.file(url);
      if (!(await file.exists())) throw new Error(`${url.pathname} does not exist`);
      return file;
    },
    listen: async (handler, { hostname, port }) => {
      // Without development mode Bun turns SO_REUSEPORT on, which lets a second server silently
      // share the port instead of failing with EADDRINUSE as node and deno do.
      const server = Bun.serve({ hostname, port, development: false, reusePort: false, fetch: handler });
      return { port: server.port, close: () => server.stop(false) };
    },
    onSignal: (signal, listener) => process.on(signal, listener),
    exit: (code) => process.exit(code),
  });
}
