/**
 * Crons in a built edge worker: `sdk build` writes wrangler.json's `triggers.crons`, and the
 * worker's `scheduled` export, run in workerd through Miniflare as the platform fires it, runs
 * every cron file of the expression, with the env and waitUntil, even when one of them throws.
 * The event goes to the worker itself here; spec/e2e/preview-triggers.test.ts fires it as users do,
 * through `sdk preview`'s `/cdn-cgi/handler/scheduled`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { Miniflare } from "miniflare";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { miniflareOptions, type WranglerJson } from "../../cli/preview/miniflare-options.ts";
import { buildFixture } from "../helpers/e2e/targets.ts";

const root = buildFixture("e2e-crons", "edge");
const serverDir = path.join(root, "dist", "server");
const wrangler = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as WranglerJson & { triggers?: { crons: string[] } };

let workerd = "";
const collect = (stream: Readable) => stream.on("data", (chunk: Buffer) => (workerd += chunk.toString()));
const mf = new Miniflare({
  ...miniflareOptions(serverDir, wrangler, { port: 0, host: "127.0.0.1" }),
  handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
    collect(stdout);
    collect(stderr);
  },
});

/** The worker's `scheduled` export, called as the platform calls it (Miniflare types it without workers-types). */
async function scheduled(cron: string): Promise<{ outcome: string }> {
  const worker = (await mf.getWorker()) as unknown as { scheduled(options: { cron: string }): Promise<{ outcome: string }> };
  return worker.scheduled({ cron });
}

async function runs(): Promise<string[]> {
  const response = await mf.dispatchFetch("http://localhost/api/runs");
  return ((await response.json()) as { runs: string[] }).runs;
}

test.after(async () => {
  await mf.dispose();
});

test("wrangler.json asks the platform for each expression once", () => {
  assert.equal(wrangler.triggers, { crons: ["*/5 * * * *", "0 3 * * *"] });
});

test("the scheduled export runs both files of the expression, with the vars and waitUntil", async () => {
  assert.is((await scheduled("0 3 * * *")).outcome, "ok");
  assert.equal((await runs()).sort(), ["cleanup 0 3 * * * from vars", "report", "report's background work"]);
});

test("the scheduled export: a throwing handler fails the event, logged with its file, and the other one still runs", async () => {
  assert.is((await scheduled("*/5 * * * *")).outcome, "exception");
  assert.ok((await runs()).includes("every-five"));
  assert.match(workerd, /cron crons\/broken\.ts \("\*\/5 \* \* \* \*"\) threw/);
  assert.match(workerd, /broken cron failed/);
});

test.run();
