/** Deno: `Deno.serve` listens, `Deno.open` streams the assets. */
import { runServer, type FetchApp, type ServeOptions } from "../server.js";

interface DenoHttpServer {
  shutdown(): Promise<void>;
}

declare const Deno: {
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void; onError(error: unknown): Response },
    handler: (request: Request, info: unknown) => Response | Promise<Response>,
  ): DenoHttpServer;
  open(url: URL, options: { read: true }): Promise<{ readonly readable: ReadableStream<Uint8Array> }>;
  env: { get(name: string): string | undefined; toObject(): Record<string, string> };
  addSignalListener(signal: "SIGTERM" | "SIGINT", listener: () => void): void;
  exit(code: number): never;
};

export function serve<ForRouting, ForJobs>(app: FetchApp, options: ServeOptions<ForRouting, ForJobs>): void {
  runServer(app, options, {
    env: (name) => Deno.env.get(name),
    environment: () => Deno.env.toObject(),
    readFile: async (url) => (await Deno.open(url, { read: true })).readable,
    listen: (handler, { hostname, port }) =>
      new Promise((resolve) => {
        const server = Deno.serve(
          {
            hostname,
            port,
            onListen: (address) => resolve({ port: address.port, close: () => server.shutdown() }),
            onError: unexpectedError,
          },
          handler,
        );
      }),
    onSignal: (signal, listener) => Deno.addSignalListener(signal, listener),
    exit: (code) => Deno.exit(code),
  });
}

/** Only reached if the shared core itself throws; app errors are answered inside the app. */
function unexpectedError(error: unknown): Response {
  console.error("[sdk] unhandled error:", error);
  return new Response(JSON.stringify({ error: "Internal Server Error" }), {
    status: 500,
    headers: { "Content-Type": "application/json" },
  });
}
