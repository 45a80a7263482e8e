/**
 * `sdk dev`'s `/__sdk/` endpoints without a dev server: the loopback check on the socket's
 * address (the Host header decides nothing there), then a Host that must name this machine (a
 * rebound DNS name is refused), the dashboard's calls held to the cross-site check, the middleware with a fake socket for the addresses this
 * machine cannot send from, the trigger listing and the terminal's lines.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isLoopbackAddress } from "../../../cli/dev/loopback.ts";
import type { Dashboard } from "../../../cli/dev/dashboard/dashboard.ts";
import { sdkEndpoints, type ScheduledReport, type SdkEndpointsOptions } from "../../../cli/dev/sdk-endpoints.ts";
import { helpLines } from "../../../cli/dev/shortcuts.ts";
import { cronTriggers, triggerLines } from "../../../cli/dev/triggers.ts";

const CRONS = [
  { file: "crons/cleanup.ts", cron: "0 3 * * *" },
  { file: "crons/report.ts", cron: "0 3 * * *" },
  { file: "crons/tick.ts", cron: "*/5 * * * *" },
];

/** Endpoints over CRONS whose fire records what it was asked and reports every handler as run. */
function endpoints(fired: string[] = []) {
  const options: SdkEndpointsOptions = {
    crons: () => CRONS,
    fireScheduled: async (cron): Promise<ScheduledReport> => {
      fired.push(cron);
      return { cron, ran: CRONS.filter((c) => c.cron === cron).map((c) => c.file), outcome: cron === "*/5 * * * *" ? "exception" : "ok", ...(cron === "*/5 * * * *" ? { errors: [{ file: "crons/tick.ts", message: "tick failed" }] } : {}) };
    },
  };
  return sdkEndpoints(options);
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Runs the middleware on a request from `remoteAddress`: the answer, or "next" when it passed the request on. */
function call(remoteAddress: string, method: string, url: string, headers: Record<string, string> = {}, middleware = endpoints()): Promise<Answer | "next"> {
  return new Promise((resolve, reject) => {
    const req = { method, url, headers: { host: "localhost:5173", ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
    let status = 0;
    let written: Record<string, string> = {};
    const res = {
      writeHead(code: number, fields: Record<string, string>) {
        status = code;
        written = fields;
        return res;
      },
      end(body: string) {
        resolve({ status, headers: written, body });
      },
    } as unknown as ServerResponse;
    middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve("next")));
  });
}

test("loopback is 127.0.0.0/8, ::1 and IPv4 loopback mapped into IPv6; nothing else", () => {
  for (const address of ["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "::ffff:7f00:1"]) assert.ok(isLoopbackAddress(address), address);
  for (const address of ["10.0.0.7", "192.168.1.20", "::ffff:10.0.0.7", "fe80::1", "::2", "128.0.0.1", "localhost", "", undefined]) assert.not.ok(isLoopbackAddress(address), String(address));
});

test("from another machine every /__sdk/ path goes on to the app, whatever the Host header says", async () => {
  const fired: string[] = [];
  const middleware = endpoints(fired);
  for (const address of ["192.168.1.20", "::ffff:10.0.0.7", "fe80::1"]) {
    assert.is(await call(address, "GET", "/__sdk/", { host: "localhost:5173" }, middleware), "next", address);
    assert.is(await call(address, "POST", "/__sdk/scheduled?cron=0%203%20*%20*%20*", { host: "127.0.0.1" }, middleware), "next", address);
  }
  assert.equal(fired, [], "nothing was fired");
});

test("paths outside /__sdk/ go on to the app, even from loopback", async () => {
  for (const url of ["/", "/api/hello", "/__sdkx", "/__sdk-other/x", "/x/__sdk/"]) assert.is(await call("127.0.0.1", "GET", url), "next", url);
});

test("GET /__sdk/ lists each cron with its expression and the curl command that fires it", async () => {
  const answer = (await call("::1", "GET", "/__sdk/")) as Answer;
  assert.is(answer.status, 200);
  assert.is(answer.headers["Content-Type"], "application/json");
  assert.equal(JSON.parse(answer.body), {
    crons: [
      { file: "crons/cleanup.ts", cron: "0 3 * * *", curl: "curl -X POST 'http://localhost:5173/__sdk/scheduled?cron=0%203%20*%20*%20*'" },
      { file: "crons/report.ts", cron: "0 3 * * *", curl: "curl -X POST 'http://localhost:5173/__sdk/scheduled?cron=0%203%20*%20*%20*'" },
      { file: "crons/tick.ts", cron: "*/5 * * * *", curl: "curl -X POST 'http://localhost:5173/__sdk/scheduled?cron=*%2F5%20*%20*%20*%20*'" },
    ],
  });
  assert.equal(await call("127.0.0.1", "GET", "/__sdk").then((a) => (a as Answer).status), 200, "without the trailing slash too");
});

/** A dashboard that records what reached it and answers each call with 200. */
function withDashboard(reached: string[] = []) {
  const dashboard: Dashboard = {
    handles: (pathname) => pathname.startsWith("/__sdk/api/") || pathname === "/__sdk/dashboard.js",
    page: () => "<!doctype html><title>dashboard</title>",
    answer: async (req, res, url) => {
      reached.push(`${req.method} ${url.pathname}`);
      res.writeHead(200, {}).end("{}");
    },
  };
  return sdkEndpoints({ crons: () => CRONS, fireScheduled: async (cron) => ({ cron, ran: [], outcome: "ok" }), dashboard });
}

const BROWSER = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

test("a browser gets the dashboard's page, never in a frame; curl the list as JSON, and so does a browser when there is no dashboard", async () => {
  const page = (await call("127.0.0.1", "GET", "/__sdk/", BROWSER, withDashboard())) as Answer;
  assert.is(page.headers["Content-Type"], "text/html; charset=utf-8");
  assert.match(page.body, "<title>dashboard</title>");
  assert.equal([page.headers["Content-Security-Policy"], page.headers["X-Frame-Options"]], ["frame-ancestors 'none'", "DENY"], "no other site may frame it and lead clicks onto it");
  assert.is(JSON.parse(((await call("127.0.0.1", "GET", "/__sdk/", {}, withDashboard())) as Answer).body).crons.length, 3);
  assert.is(((await call("127.0.0.1", "GET", "/__sdk/", BROWSER)) as Answer).headers["Content-Type"], "application/json");
});

test("from this machine, a Host that does not name it is refused on every path: a rebound DNS name reads nothing", async () => {
  const reached: string[] = [];
  const fired: string[] = [];
  for (const host of ["evil.example", "evil.example:5173", "localhost.evil.example", "127.0.0.1.nip.io", "[::2]:5173", ""]) {
    for (const [method, url] of [["GET", "/__sdk/"], ["GET", "/__sdk/api/env"], ["POST", "/__sdk/scheduled?cron=0%203%20*%20*%20*"]] as const) {
      const answer = (await call("127.0.0.1", method, url, { host }, url.startsWith("/__sdk/api") ? withDashboard(reached) : endpoints(fired))) as Answer;
      assert.is(answer.status, 403, `${host} ${url}`);
      assert.match(JSON.parse(answer.body).error, "does not name this machine");
    }
  }
  assert.equal([reached, fired], [[], []]);
  for (const host of ["localhost:5173", "LOCALHOST", "app.localhost:5173", "127.0.0.1:5173", "127.9.9.9", "[::1]:5173"]) {
    assert.is(((await call("127.0.0.1", "GET", "/__sdk/api/env", { host }, withDashboard(reached))) as Answer).status, 200, host);
  }
});

test("every dashboard call passes the cross-site check, reads included; its script and page load as a page loads them", async () => {
  const reached: string[] = [];
  const middleware = withDashboard(reached);
  for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "http://evil.example" }, { referer: "http://evil.example/" }, { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" }] as Record<string, string>[]) {
    assert.is(((await call("127.0.0.1", "GET", "/__sdk/api/env", headers, middleware)) as Answer).status, 403, JSON.stringify(headers));
  }
  assert.is(((await call("127.0.0.1", "POST", "/__sdk/api/open", { "content-type": "text/plain" }, middleware)) as Answer).status, 403);
  assert.equal(reached, []);
  const own = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", origin: "http://localhost:5173" };
  assert.is(((await call("127.0.0.1", "GET", "/__sdk/api/env", own, middleware)) as Answer).status, 200);
  assert.is(((await call("127.0.0.1", "GET", "/__sdk/dashboard.js", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "script" }, middleware)) as Answer).status, 200);
  assert.equal(reached, ["GET /__sdk/api/env", "GET /__sdk/dashboard.js"]);
});

test("the worker bridge's path goes on to the worker, which checks the session's token", async () => {
  assert.is(await call("127.0.0.1", "POST", "/__sdk/bridge/kv-get", { host: "evil.example" }, withDashboard()), "next");
});

test("POST /__sdk/scheduled fires the expression and answers the report; GET works too", async () => {
  const fired: string[] = [];
  const middleware = endpoints(fired);
  const ask = async (method: string, url: string) => (await call("127.0.0.1", method, url, {}, middleware)) as Answer;
  const ok = await ask("POST", "/__sdk/scheduled?cron=0%203%20*%20*%20*");
  assert.is(ok.status, 200);
  assert.equal(JSON.parse(ok.body), { cron: "0 3 * * *", ran: ["crons/cleanup.ts", "crons/report.ts"], outcome: "ok" });
  const failed = await ask("GET", "/__sdk/scheduled?cron=*%2F5%20*%20*%20*%20*");
  assert.is(failed.status, 500);
  assert.equal(JSON.parse(failed.body), { cron: "*/5 * * * *", ran: ["crons/tick.ts"], outcome: "exception", errors: [{ file: "crons/tick.ts", message: "tick failed" }] });
  assert.equal(fired, ["0 3 * * *", "*/5 * * * *"]);
});

test("an expression no cron file exports is a 404 naming the known ones; a missing one a 400; other methods 405", async () => {
  const unknown = (await call("127.0.0.1", "POST", "/__sdk/scheduled?cron=0%204%20*%20*%20*")) as Answer;
  assert.is(unknown.status, 404);
  assert.equal(JSON.parse(unknown.body), { error: 'No cron file exports "0 4 * * *".', cron: "0 4 * * *", known: ["0 3 * * *", "*/5 * * * *"] });
  const missing = (await call("127.0.0.1", "POST", "/__sdk/scheduled")) as Answer;
  assert.is(missing.status, 400);
  assert.equal(JSON.parse(missing.body).known, ["0 3 * * *", "*/5 * * * *"]);
  const put = (await call("127.0.0.1", "PUT", "/__sdk/scheduled?cron=0%203%20*%20*%20*")) as Answer;
  assert.is(put.status, 405);
  assert.is(put.headers.Allow, "GET, POST");
  const other = (await call("127.0.0.1", "GET", "/__sdk/queue")) as Answer;
  assert.is(other.status, 404);
  assert.ok(JSON.parse(other.body).endpoints.length > 0);
});

test("over a real loopback socket the endpoints answer, under a Host that names this machine", async () => {
  const server = createServer((req, res) => endpoints()(req, res, () => res.writeHead(418).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/__sdk/`);
    assert.is(response.status, 200);
    assert.is((await response.json()).crons.length, 3);
    const rebound = await new Promise<number>((resolve, reject) => request({ port, path: "/__sdk/", headers: { host: "example.com" } }, (res) => resolve(res.resume().statusCode!)).on("error", reject).end());
    assert.is(rebound, 403);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("the terminal's lines: the triggers with their commands, and the help", () => {
  assert.equal(triggerLines(cronTriggers(CRONS.slice(1), "http://localhost:5173")), [
    "  crons (fire one with its command):",
    '    crons/report.ts  "0 3 * * *"',
    "      curl -X POST 'http://localhost:5173/__sdk/scheduled?cron=0%203%20*%20*%20*'",
    '    crons/tick.ts    "*/5 * * * *"',
    "      curl -X POST 'http://localhost:5173/__sdk/scheduled?cron=*%2F5%20*%20*%20*%20*'",
  ]);
  assert.equal(triggerLines([]), ["  no triggers: this app has no crons/ or email/"]);
  const email = { inbox: "http://localhost:5173/__sdk/inbox", curl: "curl -X POST 'http://localhost:5173/__sdk/email?from=a@b.c&to=d@e.f' --data-binary @message.eml" };
  assert.equal(triggerLines([], email), [
    "  inbound email (the file named after the recipient takes it):",
    `      ${email.curl}`,
    "  sent mail lands in http://localhost:5173/__sdk/inbox",
  ]);
  assert.equal(triggerLines(cronTriggers(CRONS.slice(1, 2), "http://localhost:5173"), email).length, 6);
  const help = helpLines().join("\n");
  for (const key of ["t", "h", "q"]) assert.match(help, new RegExp(`press ${key} to `));
});

test("a quote in an expression cannot leave the curl command's single quotes", () => {
  const [trigger] = cronTriggers([{ file: "crons/x.ts", cron: "0 0 * * 'x" }], "http://localhost:5173");
  assert.is(trigger!.curl, "curl -X POST 'http://localhost:5173/__sdk/scheduled?cron=0%200%20*%20*%20%27x'");
});

test.run();
