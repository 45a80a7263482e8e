/**
 * `GET /__sdk/api/requests/stream`: the requests log pushed as Server-Sent Events, each event the
 * entries changed since the last (`id:` is the version, so a reconnecting EventSource sends it
 * back as Last-Event-ID and misses nothing the log still holds). sdk-endpoints.ts holds it to the
 * dashboard API's rules (this machine, a loopback Host, no cross-site request). Bounded: changes
 * are sent at most every FLUSH_MS; a client that does not read, so that more than MAX_PENDING_BYTES
 * wait unsent, is dropped (its EventSource reconnects from the last event it read); and at most
 * MAX_STREAMS are open at once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Activity } from "./activity.js";

export const MAX_PENDING_BYTES = 256 * 1024;
export const MAX_STREAMS = 16;
const FLUSH_MS = 100;
const HEARTBEAT_MS = 15_000;

/** What the stream writes to: a ServerResponse, or a stand-in in tests. */
export type StreamResponse = Pick<ServerResponse, "writeHead" | "write" | "end" | "destroy" | "writableLength" | "once">;

export interface RequestStreams {
  open(req: Pick<IncomingMessage, "headers">, res: StreamResponse, url: URL): void;
  /** Streams open now. */
  readonly size: number;
  closeAll(): void;
}

export function requestStreams(activity: Activity): RequestStreams {
  const open = new Set<() => void>();
  return {
    get size() {
      return open.size;
    },
    closeAll: () => [...open].forEach((close) => close()),
    open(req, res, url) {
      if (open.size >= MAX_STREAMS) {
        res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "5" });
        res.end(JSON.stringify({ error: `at most ${MAX_STREAMS} request streams are open at once: close a dashboard tab` }));
        return;
      }
      let sent = Number(url.searchParams.get("since") ?? req.headers["last-event-id"]) || 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        timer = undefined;
        const requests = activity.requestsSince(sent);
        if (requests.length === 0) return;
        if (res.writableLength > MAX_PENDING_BYTES) return close(true);
        sent = activity.current;
        res.write(`id: ${sent}\nevent: requests\ndata: ${JSON.stringify({ version: sent, requests })}\n\n`);
      };
      const stopListening = activity.onChange(() => (timer ??= setTimeout(flush, FLUSH_MS)));
      const heartbeat = setInterval(() => (res.writableLength > MAX_PENDING_BYTES ? close(true) : res.write(": alive\n\n")), HEARTBEAT_MS);
      const close = (dropped = false) => {
        if (!open.delete(close)) return;
        stopListening();
        clearTimeout(timer);
        clearInterval(heartbeat);
        if (dropped) res.destroy();
        else res.end();
      };
      open.add(close);
      res.once("close", () => close());
      res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
      res.write("retry: 1000\n\n");
      flush();
    },
  };
}
