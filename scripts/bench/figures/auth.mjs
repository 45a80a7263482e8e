// Auth's CPU time per request on the edge, against the free plan's 10 ms: `apps/auth-d1` built by
// `sdk build --target edge`, its D1 migrated by our CLI, served in workerd through Miniflare. A
// user signs up once; then, one request at a time, email/password sign-ins and signed-in requests
// (the session middleware looking the cookie's session up) are sent, and the CPU time workerd
// used for them (lib/process-cpu.mjs) is divided by their number. A plain route of the same worker
// is measured the same way and subtracted: what is left is auth's own cost in the worker.
import path from "node:path";
import { build, copyApp, migrateDatabase, scratchDir } from "../lib/apps.mjs";
import { copyLocalState } from "../lib/d1-state.mjs";
import { groupCpuMs } from "../lib/process-cpu.mjs";
import { runCommand } from "../lib/runtimes.mjs";
import { startServer } from "../lib/servers.mjs";
import { interleavedMedians } from "../lib/stats.mjs";
import { limitRow } from "../lib/table.mjs";

/** Workers' free plan: CPU milliseconds per request. */
const FREE_PLAN_CPU_MS = 10;
/** Why --check leaves the sign-in row alone: it misses by design, by far, and README's figure 11 says why. */
const SIGN_IN_UNCHECKED = { skip: "a known MISS by design: the memory-hard password hash alone takes about 60 ms (README, figure 11)" };
const ACCOUNT = { name: "Bench", email: "bench@example.com", password: "a bench password of some length" };

/** CPU milliseconds per call of `send`, over `count` calls one after another, after one unmeasured. */
async function cpuPerRequest(server, send, count) {
  await send();
  const before = groupCpuMs(server.pid);
  for (let i = 0; i < count; i++) await send();
  return (groupCpuMs(server.pid) - before) / count;
}

async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function auth(options, log) {
  log("auth D1 on workerd");
  const root = copyApp("auth-d1");
  migrateDatabase(root);
  const serverDir = build(root, "edge");
  const state = copyLocalState(root, scratchDir("auth-d1-state"));
  const server = await startServer({ ...runCommand("edge", path.join(serverDir, "index.mjs"), path.join(serverDir, "wrangler.json"), ["--no-assets", "--persist", state]), readyPath: "/api/ping" });
  try {
    const post = (endpoint, body) => fetch(`${server.origin}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: server.origin }, body: JSON.stringify(body) });
    await expectOk(await post("sign-up/email", ACCOUNT), "sign-up");
    const signIn = async () => (await expectOk(await post("sign-in/email", { email: ACCOUNT.email, password: ACCOUNT.password }), "sign-in")).arrayBuffer();
    const signedIn = await expectOk(await post("sign-in/email", { email: ACCOUNT.email, password: ACCOUNT.password }), "sign-in");
    const cookie = signedIn.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
    const me = async () => (await expectOk(await fetch(`${server.origin}/api/me`, { headers: { cookie } }), "GET /api/me")).arrayBuffer();
    const ping = async () => (await expectOk(await fetch(`${server.origin}/api/ping`), "GET /api/ping")).arrayBuffer();

    const candidates = [
      { name: "signIn", send: signIn, count: options.authSignIns },
      { name: "session", send: me, count: options.authRequests },
      { name: "floor", send: ping, count: options.authRequests },
    ];
    const medians = await interleavedMedians(candidates, options.loadRuns, (candidate) => cpuPerRequest(server, candidate.send, candidate.count));
    return [
      limitRow({ figure: "auth D1 workerd POST /api/auth/sign-in/email: CPU per request, above a plain route's", ours: medians.signIn - medians.floor, unit: "ms", limit: FREE_PLAN_CPU_MS, check: SIGN_IN_UNCHECKED }),
      limitRow({ figure: "auth D1 workerd signed-in GET (session lookup): CPU per request, above a plain route's", ours: medians.session - medians.floor, unit: "ms", limit: FREE_PLAN_CPU_MS }),
      limitRow({ figure: "auth D1 workerd plain route (subtracted above; Miniflare's entry worker included)", ours: medians.floor, unit: "ms" }),
    ];
  } finally {
    await server.stop();
  }
}
