/**
 * `sdk dev`: the dev server, until `q`, Ctrl-C or SIGTERM stops it and everything it started. On a
 * terminal `t` lists the triggers and `h` the keys.
 */
import type { Target } from "../../compiler/ir.js";
import { type GlobalOptions, parseTarget, resolveRoot } from "../options.js";
import { consoleDevLog } from "../dev/dev-log.js";
import { startDevServer } from "../dev/dev-server.js";
import { helpLines } from "../dev/shortcuts.js";
import { receiveCommand } from "../dev/email-endpoints.js";
import { triggerLines } from "../dev/triggers.js";
import type { RemoteKind } from "../dev/remote-bindings-plugin.js";
import type { RemoteSummary } from "../dev/remote-mode.js";
import { bold, cyan, dim, green, yellow } from "../report.js";

interface DevFlags extends GlobalOptions {
  port?: string | number;
  host?: string | boolean;
  target?: string;
}

export async function devCommand(flags: DevFlags): Promise<void> {
  const started = performance.now();
  const root = resolveRoot(flags.root);
  const server = await startDevServer({
    root,
    port: Number(flags.port ?? 5173),
    // `--host` alone listens on every interface, as Vite's does.
    host: flags.host === true ? "0.0.0.0" : String(flags.host ?? "localhost"),
    target: parseTarget(flags.target),
    log: consoleDevLog(root),
  });
  console.log(`\n  ${bold(cyan("sdk dev"))}  ${dim(`ready in ${(performance.now() - started).toFixed(0)} ms`)}\n`);
  console.log(`  ${green("➜")}  ${bold("Local:")}   ${cyan(`${server.url}/`)}`);
  console.log(`  ${green("➜")}  ${bold("Target:")}  ${targetLine(server.target)}`);
  console.log(`  ${green("➜")}  ${bold("Dashboard:")} ${cyan(`${server.url}/__sdk/`)} ${dim("(routes, requests, data, jobs, env; this machine only)")}`);
  const inbox = server.inbox();
  if (inbox) console.log(`  ${green("➜")}  ${bold("Inbox:")}   ${cyan(inbox)} ${dim("(mail the app sends)")}`);
  if (server.remote) console.log(remoteLines(server.remote));
  console.log(`  ${green("➜")}  ${dim("press")} ${bold("h")} ${dim("for help,")} ${bold("q")} ${dim("to quit")}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.stdin.setRawMode?.(false);
      process.stdin.pause();
      void server.close().then(resolve);
    };
    process.once("SIGINT", stop).once("SIGTERM", stop);
    if (process.stdin.isTTY) {
      process.stdin.setRawMode(true);
      process.stdin.resume();
      const print = (lines: string[]) => console.log(`\n${lines.join("\n")}\n`);
      const keys = new Map<string, () => void>([
        ["t", () => print(triggerLines(server.triggers(), inbox ? { inbox, curl: receiveCommand(server.url) } : null))],
        ["h", () => print(helpLines())],
        ["q", stop],
        ["\u0003", stop],
      ]);
      process.stdin.on("data", (key) => keys.get(key.toString())?.());
    }
  });
}

const KIND: Record<RemoteKind, string> = { d1: "D1", kv: "KV", r2: "R2" };

/** Remote mode, said where it cannot be missed: the data is the deployed project's own. */
function remoteLines({ workerName, bindings }: RemoteSummary): string {
  const head = `  ${yellow("➜")}  ${bold(yellow("Remote:"))}  `;
  if (!bindings.length) return `${head}on, but the app has no D1, KV or R2 binding`;
  const remote = bindings.map(({ kind, binding }) => `${binding} ${dim(`(${KIND[kind]})`)}`).join(", ");
  return `${head}${remote} of ${workerName}, deployed\n${" ".repeat(13)}${yellow("writes change the deployed project's real data")}; other bindings stay local`;
}

/** Where the app runs in dev: edge in workerd, node in Node.js, and bun and deno in Node.js too. */
function targetLine(target: Target): string {
  if (target === "edge") return `edge ${dim("(workerd)")}`;
  if (target === "node") return "node";
  return `${target} ${dim(`(served by Node.js in dev; \`sdk build --target ${target}\` then \`sdk preview\` runs ${target})`)}`;
}
