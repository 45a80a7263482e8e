/**
 * A slowloris crowd against the built e2e-api app on node, bun and deno: a few hundred
 * connections that send their headers one byte at a time. A new client is still answered while
 * they hang. Node closes them once the header timeout (SDK_HEADERS_TIMEOUT_MS, 1 s here to keep
 * the test short) has passed; Bun after its own, fixed at about 10 s. Deno.serve has no header
 * timeout: there the crowd stays connected (see docs/pages/security.md).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "../../helpers/e2e/http.js";
import { buildFixture, startBuilt, withServer } from "../../helpers/e2e/targets.js";
import { waitFor } from "../../helpers/wait-for.js";
import { slowCrowd } from "../../helpers/hostile/slow-clients.js";

const CROWD = 300;
const TIMEOUTS = { SDK_HEADERS_TIMEOUT_MS: "1000", SDK_REQUEST_TIMEOUT_MS: "2000" };

for (const target of ["node", "bun", "deno"] as const) {
  const closes = { node: "after SDK_HEADERS_TIMEOUT_MS", bun: "after Bun's own header timeout (about 10 s)", deno: undefined }[target];
  test(`${target}: a new client is answered while ${CROWD} connections drip their headers${closes ? `; the server closes them ${closes}` : ""}`, async () => {
    const root = buildFixture("e2e-api", target);
    await withServer(() => startBuilt(root, target, TIMEOUTS), async (server) => {
      const crowd = await slowCrowd(server.port, CROWD, 100);
      try {
        const started = Date.now();
        const legit = await request(server.url, { path: "/api/hello" });
        assert.is(legit.status, 200);
        assert.ok(Date.now() - started < 2000, `answered in ${Date.now() - started} ms during the attack`);
        if (closes) await waitFor(`the server to close the ${CROWD} slow connections`, async () => (crowd.closed() === CROWD ? true : undefined), { timeoutMs: target === "bun" ? 16_000 : 3000 });
      } finally {
        crowd.end();
      }
    });
  });
}

test("node: past SDK_MAX_CONNECTIONS a new connection is closed at once, not left hanging; once the header timeout closes the crowd, new clients are answered", async () => {
  const root = buildFixture("e2e-api", "node");
  await withServer(() => startBuilt(root, "node", { ...TIMEOUTS, SDK_MAX_CONNECTIONS: "50" }), async (server) => {
    const crowd = await slowCrowd(server.port, 50, 100);
    try {
      const started = Date.now();
      const refused = await request(server.url, { path: "/api/hello" }).then(
        (answer) => `answered ${answer.status}`,
        (error: Error) => error.message,
      );
      assert.match(refused, /socket hang up|ECONNRESET/, `the 51st connection: ${refused}`);
      assert.ok(Date.now() - started < 1000, `closed in ${Date.now() - started} ms`);
      await waitFor("the server to close the 50 slow connections", async () => (crowd.closed() === 50 ? true : undefined), { timeoutMs: 3000 });
      const after = await request(server.url, { path: "/api/hello" });
      assert.is(after.status, 200);
    } finally {
      crowd.end();
    }
  });
});

test.run();
