/**
 * A plain static file server for dist/client, as a static host serves it: `/about` answers
 * `about.html`, `/` and `/docs/` their `index.html`, anything else the file at its path or 404.
 * No sdk code runs, so what works here works on any static host.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };

function candidates(pathname: string): string[] {
  if (pathname.endsWith("/")) return [`${pathname}index.html`];
  return path.posix.extname(pathname) ? [pathname] : [`${pathname}.html`, `${pathname}/index.html`];
}

export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    for (const candidate of candidates(pathname)) {
      const file = path.join(dir, path.posix.normalize(candidate));
      if (!file.startsWith(dir)) break;
      const content = await readFile(file).catch(() => null);
      if (content === null) continue;
      res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(content);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((cause) => (cause ? reject(cause) : resolve()));
        server.closeAllConnections();
      }),
  };
}
