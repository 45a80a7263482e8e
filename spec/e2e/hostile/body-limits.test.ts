/**
 * Hostile request bodies against the built e2e-api app on node, bun and deno: a body over the
 * limit (1 MiB by default, SDK_MAX_BODY_SIZE) is answered 413 in the JSON error shape, before it
 * is read when its length is declared and at the limit when it is chunked; memory stays bounded
 * under concurrent oversized uploads; a malformed JSON body is the client's 400, not a 500.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "../../helpers/e2e/http.js";
import { buildFixture, startBuilt, withServer } from "../../helpers/e2e/targets.js";
import type { RunningServer } from "../../helpers/spawn-server.js";
import { peakMemoryMb, upload } from "../../helpers/hostile/uploads.js";

const MiB = 1024 * 1024;
const TOO_LARGE = { error: `Request body too large: the limit is ${MiB} bytes` };
const NAMED = '{"name":"ok"}';
const SERVERS = ["node", "bun", "deno"] as const;

async function assertLimits(server: RunningServer): Promise<void> {
  const declared = await upload(server.url, { path: "/api/users", bytes: 100 * MiB, prefix: NAMED });
  assert.is(declared.status, 413, `declared 100 MB: ${declared.body}`);
  assert.equal(JSON.parse(declared.body), TOO_LARGE);
  assert.ok(declared.sent < 32 * MiB, `answered before the body was read (${declared.sent} bytes sent)`);

  const chunked = await upload(server.url, { path: "/api/users", bytes: 100 * MiB, chunked: true, prefix: NAMED });
  assert.is(chunked.status, 413, `chunked 100 MB: ${chunked.body}`);
  assert.equal(JSON.parse(chunked.body), TOO_LARGE);
  assert.ok(chunked.sent < 32 * MiB, `cut at the limit (${chunked.sent} bytes sent)`);

  for (const chunkedUnder of [false, true]) {
    const under = await upload(server.url, { path: "/api/users", bytes: MiB - 1, chunked: chunkedUnder, prefix: NAMED });
    assert.is(under.status, 201, `${chunkedUnder ? "chunked" : "declared"} body just under the limit: ${under.body}`);
    assert.equal(JSON.parse(under.body), { created: "ok" });
  }
  const at = await upload(server.url, { path: "/api/users", bytes: MiB + 1, prefix: NAMED });
  assert.is(at.status, 413, "one byte over the limit");

  const malformed = await request(server.url, { method: "POST", path: "/api/users", headers: { "content-type": "application/json" }, body: '{"name":' });
  assert.is(malformed.status, 400, malformed.body);
  assert.equal(JSON.parse(malformed.body), { error: "Malformed JSON in request body" });
  assert.not.match(server.output(), "threw:", "a client's malformed body is not logged as the app's error");
}

/** Eight 100 MB uploads at once, half declared and half chunked: the server's peak memory grows by less than one of them. */
async function assertBoundedMemory(server: RunningServer, target: string): Promise<void> {
  const before = peakMemoryMb(server.pid!);
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(server.url, { path: "/api/users", bytes: 100 * MiB, chunked: i % 2 === 1, prefix: NAMED })));
  const after = peakMemoryMb(server.pid!);
  console.log(`  ${target}: peak memory ${before.toFixed(0)} MB before 8 concurrent 100 MB uploads, ${after.toFixed(0)} MB after`);
  assert.equal(answers.map((answer) => answer.status), Array(8).fill(413));
  assert.ok(after - before < 64, `peak memory grew by ${(after - before).toFixed(0)} MB`);
}

for (const target of SERVERS) {
  test(`${target}: a body over 1 MiB is answered 413 in JSON, declared or chunked; one just under passes; malformed JSON is a 400; 8 concurrent 100 MB uploads keep memory bounded`, async () => {
    const root = buildFixture("e2e-api", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      await assertLimits(server);
      await assertBoundedMemory(server, target);
    });
  });
}

for (const target of SERVERS) {
  test(`${target}: a page's action: a form over 1 MiB is answered 413 in JSON, declared or chunked; a malformed multipart form is a 400`, async () => {
    const root = buildFixture("e2e-pages", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      for (const chunked of [false, true]) {
        const form = await upload(server.url, { path: "/guestbook?sign", bytes: 2 * MiB, chunked, contentType: "application/x-www-form-urlencoded", prefix: "name=" });
        assert.is(form.status, 413, `${chunked ? "chunked" : "declared"}: ${form.body}`);
        assert.equal(JSON.parse(form.body), TOO_LARGE);
      }
      for (const enhanced of [{}, { "x-sdk-action": "1" }] as Record<string, string>[]) {
        const headers = { "content-type": "multipart/form-data", ...enhanced };
        const malformed = await request(server.url, { method: "POST", path: "/guestbook?sign", headers, body: "--zz\r\nno boundary declared" });
        assert.is(malformed.status, 400, malformed.body);
        assert.equal(JSON.parse(malformed.body), { error: "Malformed form data in request body" });
      }
      assert.not.match(server.output(), "threw:", "a client's malformed body is not logged as the app's error");
    });
  });
}

test("node: SDK_MAX_BODY_SIZE sets the limit; a wrong value stops the server with a message naming it", async () => {
  const root = buildFixture("e2e-api", "node");
  await withServer(() => startBuilt(root, "node", { SDK_MAX_BODY_SIZE: "16kb" }), async (server) => {
    const over = await upload(server.url, { path: "/api/users", bytes: 16 * 1024 + 1, prefix: NAMED });
    assert.is(over.status, 413);
    assert.equal(JSON.parse(over.body), { error: "Request body too large: the limit is 16384 bytes" });
    const under = await upload(server.url, { path: "/api/users", bytes: 16 * 1024, chunked: true, prefix: NAMED });
    assert.is(under.status, 201);
  });
  await startBuilt(root, "node", { SDK_MAX_BODY_SIZE: "lots" }).then(
    (server) => server.stop().then(() => assert.unreachable("started with SDK_MAX_BODY_SIZE=lots")),
    (error: Error) => assert.match(error.message, 'SDK_MAX_BODY_SIZE must be a size in bytes, or with kb, mb or gb (1024-based), e.g. 10mb; got "lots".'),
  );
});

test.run();
