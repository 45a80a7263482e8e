/** `sdk dev` on a fixture copy, as a user starts it, stopped with SIGTERM like any server. */
import { sdkBin } from "./sdk-cli.ts";
import { freePort, startServer, type RunningServer } from "./spawn-server.ts";

export async function startDev(root: string, args: string[] = [], env: Record<string, string> = {}): Promise<RunningServer> {
  const port = String(await freePort());
  return startServer(process.execPath, [sdkBin(), "dev", "--root", root, "--port", port, "--host", "127.0.0.1", ...args], env, { listening: /Local:\s+(http:\/\/\S+)/, timeoutMs: 60_000 });
}
