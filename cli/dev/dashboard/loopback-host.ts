/**
 * Whether a request's Host names this machine: `localhost` (and `*.localhost`), 127.0.0.0/8 or
 * `[::1]`, with any port. The dashboard answers only such requests. A page of another site that
 * rebinds its own DNS name to 127.0.0.1 reaches the dev server from this machine's browser, from a
 * loopback socket, but with its own name as Host: refused, so it can read nothing.
 */
import { isLoopbackAddress } from "../loopback.js";

export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = /^\[([^\]]+)\](?::\d+)?$/.exec(host)?.[1] ?? /^([^:]+)(?::\d+)?$/.exec(host)?.[1];
  if (!name) return false;
  const lower = name.toLowerCase();
  return lower === "localhost" || lower.endsWith(".localhost") || isLoopbackAddress(lower);
}
