// Slow clients (issue 38): the hello app on node, bun and deno under a slowloris crowd, bounded in
// count and time: connections that drip their headers a byte every half second and never finish.
// A new client's GET /api/hello, on a new connection, is timed before the crowd (the baseline) and
// while it hangs (ours); the last row per runtime counts the crowd's connections the server has
// closed by the end of the attack. Node runs with SDK_HEADERS_TIMEOUT_MS=2000, Bun closes an
// unfinished request after about 10 s of its own, Deno.serve has no header timeout. Information
// only: on a shared machine the latencies move with other load.
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { builtApp } from "../lib/apps.mjs";
import { runCommand } from "../lib/runtimes.mjs";
import { startServer } from "../lib/servers.mjs";
import { slowCrowd } from "../lib/slow-crowd.mjs";
import { summarize } from "../lib/stats.mjs";
import { limitRow, ratioRow } from "../lib/table.mjs";

const HEADERS_TIMEOUT_MS = 2000;

/** One GET on a new connection; its time in ms, or Infinity when it got no answer within 5 s. */
function timedGet(origin) {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(`${origin}/api/hello`, { agent: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode === 200 ? performance.now() - started : Infinity));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(Infinity));
  });
}

async function timedGets(origin, count, spreadMs) {
  const times = [];
  for (let i = 0; i < count; i++) {
    times.push(await timedGet(origin));
    await sleep(spreadMs / count);
  }
  return times;
}

async function underAttack(runtime, options) {
  const { command, args } = runCommand(runtime, path.join(builtApp("hello", runtime), "index.mjs"));
  const server = await startServer({ command, args, env: { SDK_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) }, readyPath: "/api/hello" });
  try {
    const before = await timedGets(server.origin, options.slowLegitRequests, 1000);
    const crowd = await slowCrowd(Number(new URL(server.origin).port), options.slowCrowd, 500);
    try {
      const during = await timedGets(server.origin, options.slowLegitRequests, options.slowAttackSeconds * 1000);
      const answered = during.filter(Number.isFinite);
      return { before: summarize(before), during: summarize(answered.length > 0 ? answered : [Infinity]), closed: crowd.closed(), unanswered: during.length - answered.length };
    } finally {
      crowd.end();
    }
  } finally {
    await server.stop();
  }
}

export async function slowClients(options, log) {
  const rows = [];
  for (const runtime of options.slowClientRuntimes) {
    log(`slow-clients: ${runtime}, ${options.slowCrowd} slow connections for ${options.slowAttackSeconds} s`);
    const { before, during, closed, unanswered } = await underAttack(runtime, options);
    rows.push(
      ratioRow({
        figure: `slow clients ${runtime}: GET /api/hello on a new connection during ${options.slowCrowd} slowloris connections vs before (${unanswered} unanswered)`,
        ours: during,
        baseline: before,
        unit: "ms",
        better: "lower",
      }),
      limitRow({ figure: `slow clients ${runtime}: slow connections the server closed within ${options.slowAttackSeconds} s (of ${options.slowCrowd})`, ours: closed, unit: "connections" }),
    );
  }
  return rows;
}
