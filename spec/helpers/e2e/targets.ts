/** Builds a fixture app for a target with the real CLI and starts the result in its real runtime. */
import path from "node:path";
import type { Target } from "../../../compiler/ir.js";
import { copyFixture, expectSuccess, REPO_ROOT, runSdk, sdkBin } from "../sdk-cli.js";
import { startOnFreePort, type RunningServer } from "../spawn-server.js";

const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

const SERVER_COMMANDS: Record<Exclude<Target, "edge">, (entry: string) => string[]> = {
  node: (entry) => [process.execPath, entry],
  bun: (entry) => [bin("bun"), entry],
  deno: (entry) => [bin("deno"), "run", "-A", entry],
};

export const ALL_TARGETS: readonly Target[] = ["node", "bun", "deno", "edge"];

export function buildFixture(fixture: string, target: Target): string {
  const root = copyFixture("fixtures", fixture);
  expectSuccess(runSdk(["build", "--root", root, "--target", target]), `sdk build --target ${target}`);
  return root;
}

/** node, bun, deno: `dist/server/index.mjs` in the runtime; edge: `sdk preview` (workerd through Miniflare). */
export async function startBuilt(root: string, target: Target, env: Record<string, string> = {}): Promise<RunningServer> {
  if (target === "edge") {
    return startOnFreePort((port) => ({ command: process.execPath, args: [sdkBin(), "preview", "--root", root, "--port", String(port)], env, options: { timeoutMs: 60_000 } }));
  }
  const [command, ...args] = SERVER_COMMANDS[target](path.join(root, "dist", "server", "index.mjs"));
  return startOnFreePort((port) => ({ command: command!, args, env: { ...env, PORT: String(port), HOST: "127.0.0.1" } }));
}

/** Runs `use` against a started server; on failure the error carries what the server printed. */
export async function withServer(start: () => Promise<RunningServer>, use: (server: RunningServer) => Promise<void>): Promise<void> {
  const server = await start();
  try {
    await use(server);
  } catch (cause) {
    throw new Error(`${(cause as Error).message}\n--- server output ---\n${server.output()}`);
  } finally {
    await server.stop();
  }
}
