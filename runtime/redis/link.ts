/**
 * One node-redis (`@redis/client`) client, which node, bun and deno all run through their
 * `node:net`. This module alone imports the client, and is reached only through the dynamic
 * import of ./connection.js, so an app's bundle loads it only when `SDK_REDIS_URL` is set.
 *
 * The client reconnects by itself when the socket fails, but not when the server accepts and then
 * never answers the handshake: a watchdog reports that, and the connection replaces the link.
 */
import { Buffer } from "node:buffer";
import { createClient, RESP_TYPES } from "@redis/client";
import { RedisNoReply } from "./deadline.js";
import type { RedisLocation } from "./location.js";
import type { OutageLog } from "./outage-log.js";

const CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;
/** From TCP connected to ready (the HELLO/SETINFO replies). */
export const HANDSHAKE_DEADLINE_MS = 2_000;

export interface LinkOptions {
  /** Whether commands wait for the first attempt to connect (the first link of a process only). */
  readonly waitForFirstAttempt: boolean;
  /** The server accepted the connection and did not finish the handshake in time. */
  readonly onHandshakeStalled: () => void;
}

export interface Link {
  /** The client, with bulk strings read as bytes: stored bodies are binary. */
  readonly commands: ReturnType<typeof openClient>["commands"];
  /** Settles when the first attempt to connect ends, either way, or when the link is retired. */
  readonly firstAttempt: Promise<void>;
  /** Ends the client at once: its pending commands reject and nothing of it is heard again. */
  retire(): void;
}

function openClient(location: RedisLocation) {
  const client = createClient({
    url: location.url,
    // Commands never wait for a connection that is down: they fail at once, and a request renders.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  return { client, commands: client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer } as const) };
}

export function openLink(location: RedisLocation, outage: OutageLog, options: LinkOptions): Link {
  const { client, commands } = openClient(location);
  let retired = false;
  let endFirstAttempt = () => {};
  const firstAttempt = new Promise<void>((settle) => (endFirstAttempt = settle));
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const stopWatchdog = () => clearTimeout(watchdog);

  client.on("connect", () => {
    stopWatchdog();
    watchdog = setTimeout(() => {
      endFirstAttempt();
      outage.failed(new RedisNoReply(HANDSHAKE_DEADLINE_MS));
      options.onHandshakeStalled();
    }, HANDSHAKE_DEADLINE_MS);
  });
  client.on("ready", () => {
    stopWatchdog();
    endFirstAttempt();
    outage.answered();
  });
  client.on("error", (error: unknown) => {
    stopWatchdog();
    endFirstAttempt();
    if (!retired) outage.failed(error);
  });
  // The reconnect strategy never gives up, so this settles only on success or retire().
  client.connect().catch((error: unknown) => {
    if (!retired) outage.failed(error);
  });

  return {
    commands,
    firstAttempt: options.waitForFirstAttempt ? firstAttempt : Promise.resolve(),
    retire() {
      retired = true;
      stopWatchdog();
      endFirstAttempt();
      client.destroy();
    },
  };
}
