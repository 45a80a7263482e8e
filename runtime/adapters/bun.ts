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
    maxRequestBodySize: number;
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
    // Bun closes a connection still short of its headers after about 10 s, however it drips them
    // (measured 12 s; its idleTimeout option does not change that): SDK_HEADERS_TIMEOUT_MS is node's.
    listen: async (handler, { hostname, port }) => {
      const server = Bun.serve({
        hostname,
        port,
        // Without development mode Bun turns SO_REUSEPORT on, which lets a second server silently
        // share the port instead of failing with EADDRINUSE as node and deno do.
        development: false,
        reusePort: false,
        // The shared limit answers first, in JSON, and Bun streams what it does not read (its own
        // 413 has no body, and its 128 MiB default would refuse a larger configured limit).
        maxRequestBodySize: Number.MAX_SAFE_INTEGER,
        fetch: handler,
      });
      return { port: server.port, close: () => server.stop(false) };
    },
    onSignal: (signal, listener) => process.on(signal, listener),
    exit: (code) => process.exit(code),
  });
}
