/** `sdk preview`: serve what `sdk build` left in dist/, in the runtime it was built for. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { error, UserError } from "../../compiler/diagnostics.js";
import type { GlobalOptions } from "../main.js";
import { resolveRoot } from "../options.js";
import { readLastBuild } from "../last-build.js";
import { hyperdriveConnectionString } from "../db/database-url.js";
import { aiStandInFor, localAiVars } from "../local-ai.js";
import { builtWithAuth, localAuthVars } from "../local-auth.js";
import { readEnvFile } from "../dev/env-file.js";
import { persistRoot } from "../local-state.js";
import { assertLocalCompatibilityDate } from "../preview/compatibility-date.js";
import { miniflareOptions, type WranglerJson } from "../preview/miniflare-options.js";
import { serverCommand } from "../preview/runtimes.js";
import { survivePipedSocketResets } from "../preview/socket-reset-guard.js";
import { cyan } from "../report.js";

interface PreviewFlags extends GlobalOptions {
  port: number | string;
  host: string;
}

async function previewEdge(root: string, serverDir: string, port: number, host: string): Promise<void> {
  const wranglerFile = path.join(serverDir, "wrangler.json");
  const wrangler = JSON.parse(readFileSync(wranglerFile, "utf8")) as WranglerJson;
  assertLocalCompatibilityDate(root, wrangler.compatibility_date, wranglerFile, "sdk preview");
  survivePipedSocketResets();
  const mf = new Miniflare(edgeOptions(root, serverDir, wrangler, { port, host }));
  const url = await mf.ready;
  console.log(`${cyan("sdk preview")} edge worker in workerd: Listening on ${url.origin}`);
  await new Promise<void>((resolve) => {
    const stop = () => void mf.dispose().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

/**
 * The bindings' local state is `sdk dev`'s, under `.sdk/state/`; PostgreSQL and MySQL are reached
 * at `DATABASE_URL`, from the environment or the root `.env` (this machine's database, as in dev),
 * and the AI binding's stand-in as cli/local-ai.ts says. The root `.env` stands in for the secrets
 * (`sdk secret put`) a deployment has, over `worker.vars`, as in dev; dist/ itself never holds it.
 */
function edgeOptions(root: string, serverDir: string, wrangler: WranglerJson, listen: { port: number; host: string }) {
  return miniflareOptions(serverDir, wrangler, listen, {
    persistRoot: persistRoot(root),
    hyperdriveUrl: (binding) => hyperdriveConnectionString(root, binding),
    ai: aiStandInFor(root, wrangler.account_id),
    vars: { ...readEnvFile(root), ...localAiVars(root), ...(builtWithAuth(root) && localAuthVars(root)) },
  });
}

export async function previewCommand(flags: PreviewFlags): Promise<void> {
  const root = resolveRoot(flags.root);
  const target = readLastBuild(root);
  const serverDir = path.join(root, "dist", "server");
  if (!target || !existsSync(path.join(serverDir, "index.mjs"))) {
    throw new UserError([error("SDK_PREVIEW_NO_BUILD", "there is no build in dist/ to preview", { hint: "run `sdk build` first" })]);
  }
  const port = Number(flags.port);
  if (target === "edge") return previewEdge(root, serverDir, port, flags.host);
  const { command, args } = serverCommand(root, target, path.join(serverDir, "index.mjs"));
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, PORT: String(port), HOST: flags.host } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward).on("SIGTERM", forward);
  const code = await new Promise<number>((resolve) => child.on("exit", (exitCode) => resolve(exitCode ?? 1)));
  process.exitCode = code;
}
