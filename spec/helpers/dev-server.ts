/** `sdk dev` on a fixture copy, as a user starts it, stopped with SIGTERM like any server. */
import { readFileSync, writeFileSync } from "node:fs";
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
export async function withDev(root: string, use: (server: RunningServer) => Promise<void>, args: string[] = []): Promise<string> {
  const server = await startDev(root, args);
  try {
    await use(server);
  } catch (cause) {
    throw new Error(`${(cause as Error).message}\n--- sdk dev output ---\n${server.output()}`);
  } finally {
    await server.stop();
  }
  return server.output();
}

/** A saved edit, as an editor makes it: `from` must be in the file, so a stale test fails loudly. */
export function editFile(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} should contain ${from}`);
  writeFileSync(file, text.replace(from, to));
}
