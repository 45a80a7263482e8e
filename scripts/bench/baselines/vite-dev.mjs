// Vite's own dev server with one middleware answering GET /api/hello as the hello app does: what any
// dev server built on Vite pays before it can answer, with the settings of `sdk dev` that cost
// time (no config file, no .env, app type custom, the app's folder as root, so the same files are
// watched). Usage: node vite-dev.mjs <root>   (PORT, HOST from env)
import { createServer } from "vite";

const hello = {
  name: "bench-hello",
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.method !== "GET" || req.url !== "/api/hello") return next();
      const body = JSON.stringify({ message: "hello, world" });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  },
};

const server = await createServer({
  configFile: false,
  envDir: false,
  root: process.argv[2],
  appType: "custom",
  clearScreen: false,
  logLevel: "warn",
  server: { port: Number(process.env.PORT ?? 5173), host: process.env.HOST ?? "127.0.0.1", strictPort: true },
  plugins: [hello],
});
await server.listen();
console.log(`Listening on ${server.resolvedUrls?.local[0]}`);

// Close as `sdk dev` does on SIGTERM, so both are stopped alike.
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
