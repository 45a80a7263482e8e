/**
 * Node.js's own guards against slow and crowding clients, set from the server's limits: node
 * closes a connection whose headers (headersTimeout) or whole request (requestTimeout) take too
 * long, but only checks every connectionsCheckingInterval, 30 s by default; and past
 * maxConnections it closes new connections at once instead of running out of file descriptors,
 * which would leave every client unanswered.
 */
import { readFileSync } from "node:fs";
import type { Server, ServerOptions } from "node:http";
import type { ServerLimits } from "../server-limits.js";

/** Descriptors kept for what the app opens itself: files, database and Redis connections, logs. */
const RESERVED_DESCRIPTORS = 256;

/** What createServer takes: the checking interval can only be set there. */
export function nodeServerOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // A quarter of the shorter timeout: a slow client is closed at most 25% late.
    connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

export function applyConnectionLimit(server: Server, limits: ServerLimits): void {
  const max = limits.maxConnections ?? connectionsForFileLimit(openFileLimit());
  if (max !== undefined) server.maxConnections = max;
}

/** Most of the process's descriptors, with a reserve; none below 64 so a small limit still serves. */
export function connectionsForFileLimit(fileLimit: number | undefined): number | undefined {
  if (fileLimit === undefined) return undefined;
  return Math.max(64, fileLimit - Math.max(RESERVED_DESCRIPTORS, Math.floor(fileLimit / 10)));
}

/** The soft limit on open files (`ulimit -n`), where /proc tells it (Linux); undefined elsewhere or unlimited. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}
