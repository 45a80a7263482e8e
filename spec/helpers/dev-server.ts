/** `sdk dev` on a fixture copy, as a user starts it, stopped with SIGTERM like any server. */
import { sdkBin } from "./sdk-cli.ts";
import { startOnFreePort, type RunningServer } from "./spawn-server.ts";

export async function startDev(root: string, args: string[] = [], env: Record<string, string> = {}): Promise<RunningServer> {
  return startOnFreePort((port) => ({
    command: process.execPath,
    args: [sdkBin(), "dev", "--root", root, "--port", String(port), "--host", "127.0.0.1", ...args],
    env,
    options: { listening: /Local:\s+(http:\/\/\S+)/, timeoutMs: 60_000 },
  }));
}

/** Runs `use` against `sdk dev` on `root`, stops it, and returns what it printed (on failure, with the error). */
export async function withDev(root: string, use: (server: RunningServer) => Promise<void>): Promise<string> {
  const server = await startDev(root);
  try {
    await use(server);
  } catch (cause) {
    throw new Error(`${(cause as Error).message}\n--- sdk dev output ---\n${server.output()}`);
  } finally {
    await server.stop();
  }
  return server.output();
}
