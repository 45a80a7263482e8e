/**
 * Hostile uploads for the body-limit tests: a body sent in chunks as fast as the server takes
 * them, its length declared or chunked, stopped as soon as the server answers (a server that
 * refuses early closes the connection under the rest, which is what it should do).
 */
import http from "node:http";
import { readFileSync } from "node:fs";

export interface UploadAnswer {
  readonly status: number;
  readonly body: string;
  /** Body bytes written before the answer came. */
  readonly sent: number;
}

export interface Upload {
  readonly path: string;
  readonly bytes: number;
  /** Send Content-Length (the default) or Transfer-Encoding: chunked. */
  readonly chunked?: boolean;
  readonly contentType?: string;
  /** The body's first bytes; the rest is spaces, which JSON allows after a value. */
  readonly prefix?: string;
}

const CHUNK = 64 * 1024;

export function upload(baseUrl: string, { path, bytes, chunked = false, contentType = "application/json", prefix = "" }: Upload): Promise<UploadAnswer> {
  const url = new URL(baseUrl);
  // Keep-alive, as browsers and curl ask: a client asking Connection: close has the server close
  // the connection as soon as it answered, under a body still being sent (EPIPE before the 413 is read).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers: Record<string, string> = { "content-type": contentType };
  if (chunked) headers["transfer-encoding"] = "chunked";
  else headers["content-length"] = String(bytes);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ host: url.hostname, port: url.port, method: "POST", path, agent, headers, timeout: 30_000 }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), sent });
        req.destroy();
        agent.destroy();
      });
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), sent }));
    });
    req.on("timeout", () => req.destroy(new Error(`POST ${path} timed out after sending ${sent} bytes`)));
    // Writing into a connection the server closed after answering fails; only an error before the answer counts.
    req.on("error", (error) => {
      agent.destroy();
      if (!answered) reject(error);
    });
    const head = Buffer.from(prefix);
    const filler = Buffer.alloc(CHUNK, " ");
    const write = (): void => {
      while (!answered && !req.destroyed && sent < bytes) {
        const first = sent === 0 && head.length > 0 ? head : filler;
        const chunk = first.subarray(0, Math.min(first.length, bytes - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (sent >= bytes && !req.writableEnded) req.end();
    };
    write();
  });
}

/** The most memory the process has held (VmHWM), in MB. */
export function peakMemoryMb(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb[1]) / 1024;
}
