/**
 * Built servers started on a preloaded clock (helpers/fake-clock.mjs) that begins seconds before
 * 03:00 UTC, so a cron due then fires within seconds while the server's own code runs unchanged.
 */
import path from "node:path";
import type { Target } from "../../../compiler/ir.js";
import { REPO_ROOT } from "../sdk-cli.js";
import { startOnFreePort, type RunningServer } from "../spawn-server.js";

const CLOCK = path.join(REPO_ROOT, "spec", "helpers", "fake-clock.mjs");
const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

/** Each runtime's way to run the clock module before the server's own code. */
const WITH_CLOCK: Record<Exclude<Target, "edge">, (entry: string) => string[]> = {
  node: (entry) => [process.execPath, "--import", CLOCK, entry],
  bun: (entry) => [bin("bun"), "--preload", CLOCK, entry],
  deno: (entry) => [bin("deno"), "run", "-A", "--preload", CLOCK, entry],
};

// Far enough before 03:00 for the slowest runtime to be listening when the minute turns.
export const BEFORE_THREE = "2026-05-01T02:59:52.000Z";
export const AT_THREE = "2026-05-01T03:00:00.000Z";

export async function startWithClock(root: string, target: Exclude<Target, "edge">, env: Record<string, string> = {}): Promise<RunningServer> {
  const [command, ...args] = WITH_CLOCK[target](path.join(root, "dist", "server", "index.mjs"));
  return startOnFreePort((port) => ({ command: command!, args, env: { ...env, PORT: String(port), HOST: "127.0.0.1", SDK_TEST_CLOCK: BEFORE_THREE } }));
}
