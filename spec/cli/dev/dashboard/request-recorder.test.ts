/**
 * The recorder reads the answer's Server-Timing from whatever shape `writeHead` is called with:
 * another middleware (the dev styles slot) may call it with no headers at all.
 */
import { once } from "node:events";
import http, { type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AppIR } from "../../../../compiler/ir.ts";
import { Activity } from "../../../../cli/dev/dashboard/activity.ts";
import { requestRecorder } from "../../../../cli/dev/dashboard/request-recorder.ts";

const ir = { routes: [], pages: [], middleware: [] } as unknown as AppIR;

/** One request through the recorder, answered by `answer`; the entry the activity log kept. */
async function recorded(answer: (res: ServerResponse) => void) {
  const activity = new Activity("/app");
  const record = requestRecorder(activity, () => ir);
  const server = http.createServer((req, res) => record(req, res, () => answer(res)));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/items`);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { status: response.status, entry: activity.requestsSince(0)[0] };
  } finally {
    server.close();
    await once(server, "close");
  }
}

test("writeHead called with a status and no headers (as the styles slot calls it) answers and is recorded", async () => {
  const { status, entry } = await recorded((res) => {
    (res.writeHead as (status: number, message?: string) => ServerResponse)(200, undefined);
    res.end("ok");
  });
  assert.is(status, 200);
  assert.is(entry?.status, 200);
});

test("a Server-Timing passed to writeHead, as an object or a raw list, is read", async () => {
  const timing = 'mw;desc="middleware/a.ts";dur=1.5, route;desc="routes/b.ts";dur=2';
  for (const headers of [{ "Server-Timing": timing }, ["Server-Timing", timing]]) {
    const { entry } = await recorded((res) => {
      res.writeHead(200, headers as http.OutgoingHttpHeaders);
      res.end("ok");
    });
    assert.equal(entry?.timings.map((step) => step.file), ["middleware/a.ts", "routes/b.ts"]);
  }
});

test.run();
