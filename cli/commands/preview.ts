/** `sdk preview`: serve what `sdk build` left in dist/, in the runtime it was built for. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { Miniflare } from "miniflare";
import { error, UserError } from "../../compiler/diagnostics.js";
import type { Target } from "../../compiler/ir.js";
import { type GlobalOptions, resolveRoot } from "../options.js";
import { readLastBuild } from "../last-build.js";
import { hyperdriveConnectionString } from "../db/database-url.js";
import { aiStandInFor, localAiVars } from "../local-ai.js";
import { builtWithAuth, localAuthVars } from "../local-auth.js";
import { readEnvFile } from "../dev/env-file.js";
import { persistRoot } from "../local-state.js";
import { assertLocalCompatibilityDate } from "../preview/compatibility-date.js";
import { cronTriggerLines } from "../preview/cron-trigger.js";
import { startDatabaseFront, type DatabaseFront } from "../preview/database-front.js";
import { miniflareOptions, type WranglerJson } from "../preview/miniflare-options.js";
import { serverCommand } from "../preview/runtimes.js";
import { survivePipedSocketResets } from "../preview/socket-reset-guard.js";
import { printWorkerdOutput } from "../preview/workerd-output.js";
import { cyan, yellow } from "../report.js";

interface PreviewFlags extends GlobalOptions {
  port: number | string;
  host: string;
}

async function previewEdge(root: string, serverDir: string, port: number, host: string): Promise<void> {
  const wranglerFile = path.join(serverDir, "wrangler.json");
  const wrangler = JSON.parse(readFileSync(wranglerFile, "utf8")) as WranglerJson;
  assertLocalCompatibilityDate(root, wrangler.compatibility_date, wranglerFile, "sdk preview");
  survivePipedSocketResets();
  const fronts = await startDatabaseFronts(root, wrangler);
  const closeFronts = () => Promise.all(fronts.map((front) => front.close()));
  const fronted = { ...wrangler, ...(wrangler.hyperdrive && { hyperdrive: wrangler.hyperdrive.map((entry, i) => ({ ...entry, localConnectionString: fronts[i]!.url })) }) };
  const mf = new Miniflare({ ...edgeOptions(root, serverDir, fronted, { port, host }), handleRuntimeStdio: printWorkerdOutput });
  const url = await mf.ready.catch(async (cause: unknown) => {
    await closeFronts();
    // dispose() cleans up, then rethrows the failure that ready already gave.
    await mf.dispose().catch((again: unknown) => {
      if (again !== cause) throw again;
    });
    throw (cause as { code?: unknown }).code === "ERR_ADDRESS_IN_USE" ? portInUse(host, port) : cause;
  });
  console.log(`${cyan("sdk preview")} edge worker in workerd: Listening on ${url.origin}`);
  for (const line of cronTriggerLines(url.origin, wrangler.triggers?.crons ?? [])) console.log(line);
  await new Promise<void>((resolve) => {
    const stop = () => void Promise.all([mf.dispose(), closeFronts()]).then(() => resolve());
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

/** Each Hyperdrive binding's database behind its front (cli/preview/database-front.ts), in wrangler.json's order. */
async function startDatabaseFronts(root: string, wrangler: WranglerJson): Promise<DatabaseFront[]> {
  const log = (line: string) => console.error(`${yellow("sdk preview")} ${line}`);
  const fronts: DatabaseFront[] = [];
  for (const entry of wrangler.hyperdrive ?? []) {
    fronts.push(await startDatabaseFront(entry.localConnectionString ?? hyperdriveConnectionString(root, entry.binding), log));
  }
  return fronts;
}

/** Whether `host:port` can be bound now; any other failure is left for the server to report. */
function isFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (cause: NodeJS.ErrnoException) => resolve(cause.code !== "EADDRINUSE"));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

function portInUse(host: string, port: number): UserError {
  return new UserError([
    error("SDK_PREVIEW_PORT_IN_USE", `${host}:${port} is in use`, { hint: `stop what listens there, or pass another port: sdk preview --port ${port + 1}` }),
  ]);
}

/**
 * The bindings' local state is `sdk dev`'s, under `.sdk/state/`; PostgreSQL and MySQL are reached
 * at `DATABASE_URL`, from the environment or the root `.env` (this machine's database, as in dev),
 * through the fronts `wrangler` names, and the AI binding's stand-in as cli/local-ai.ts says. The root `.env` stands in for the secrets
 * (`sdk secret put`) a deployment has, over `worker.vars`, as in dev; dist/ itself never holds it.
 */
function edgeOptions(root: string, serverDir: string, wrangler: WranglerJson, listen: { port: number; host: string }) {
  return miniflareOptions(serverDir, wrangler, listen, {
    persistRoot: persistRoot(root),
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
  // The server would say to set PORT, which --port overrides here: the port is checked first.
  if (!(await isFree(flags.host, port))) throw portInUse(flags.host, port);
  const { command, args } = serverCommand(root, target, path.join(serverDir, "index.mjs"));
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, PORT: String(port), HOST: flags.host } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward).on("SIGTERM", forward);
  const code = await new Promise<number>((resolve, reject) => {
    child.once("exit", (exitCode) => resolve(exitCode ?? 1));
    child.once("error", (cause: NodeJS.ErrnoException) => reject(cause.code === "ENOENT" ? runtimeMissing(target, command) : cause));
  });
  process.exitCode = code;
}

function runtimeMissing(target: Exclude<Target, "edge">, command: string): UserError {
  return new UserError([
    error("SDK_PREVIEW_RUNTIME_MISSING", `dist/ was built for ${target}, and ${command} is neither in the app's node_modules/.bin nor on PATH`, {
      hint: `install it in the app (npm install --save-dev ${target}) or put it on PATH, or build for another target: sdk build --target node`,
    }),
  ]);
}
