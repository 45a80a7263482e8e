/**
 * Hostile traffic against ISR, on a built app in every runtime: a client's credentials never reach
 * another client through the cache, and a forged Host never poisons the entry others are served.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "../../helpers/e2e/http.js";
import { ALL_TARGETS, buildFixture, startBuilt, withServer } from "../../helpers/e2e/targets.js";
import { expectSuccess, runSdk } from "../../helpers/sdk-cli.js";

interface Answer {
  readonly cache: string | null;
  readonly body: unknown;
}

async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(base + path, { headers });
  return { cache: response.headers.get("x-sdk-cache"), body: await response.json() };
}

/** fetch will not send another Host; a raw request does, as `curl -H 'Host: evil.example'` would. */
async function getWithHost(base: string, path: string, host: string): Promise<Answer> {
  const response = await request(base, { path, headers: { host } });
  return { cache: (response.headers["x-sdk-cache"] as string | undefined) ?? null, body: JSON.parse(response.body) };
}

/** The Cache API stores in the background: give it a moment before reading back. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

for (const target of ALL_TARGETS) {
  test(`${target}: credentials stay with their client, a forged Host stays with its sender`, async () => {
    const root = buildFixture("hostile-isr", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      const base = server.url;
      const alice = await get(base, "/api/whoami", { authorization: "Bearer ALICE" });
      assert.equal(alice, { cache: "BYPASS", body: { authorization: "Bearer ALICE", cookie: null } });
      await settle();
      assert.equal(await get(base, "/api/whoami"), { cache: "MISS", body: { authorization: null, cookie: null } });
      assert.equal(await get(base, "/api/whoami", { cookie: "session=alice" }), { cache: "BYPASS", body: { authorization: null, cookie: "session=alice" } });
      await settle();
      assert.equal(await get(base, "/api/whoami"), { cache: "HIT", body: { authorization: null, cookie: null } });

      const shared = await get(base, "/api/shared", { cookie: "_ga=1" });
      assert.is(shared.cache, "MISS");
      await settle();
      assert.equal(await get(base, "/api/shared"), { cache: "HIT", body: shared.body });

      const forged = await getWithHost(base, "/api/reset-link", "evil.example");
      assert.equal(forged.body, { link: "http://evil.example/reset" });
      await settle();
      const honest = await get(base, "/api/reset-link");
      assert.equal(honest.body, { link: `${base}/reset` });
    });
  });
}

for (const target of ["node", "edge"] as const) {
  test(`${target}: a page whose loader reads the session cookie is never served to another client`, async () => {
    const root = buildFixture("hostile-isr-pages", target);
    await withServer(() => startBuilt(root, target), async (server) => {
      const page = async (path: string, headers: Record<string, string> = {}) => {
        const response = await fetch(server.url + path, { headers });
        return { cache: response.headers.get("x-sdk-cache"), html: await response.text() };
      };
      const alice = await page("/account", { cookie: "session=alice" });
      assert.is(alice.cache, "BYPASS");
      assert.match(alice.html, "signed in as <!-- -->alice");
      await settle();
      const anonymous = await page("/account");
      assert.is(anonymous.cache, "MISS");
      assert.not.match(anonymous.html, "alice");
      await settle();
      assert.is((await page("/account")).cache, "HIT");
      assert.not.match((await page("/account", { cookie: "session=bob" })).html, "alice");

      assert.is((await page("/docs", { cookie: "session=alice" })).cache, "MISS");
      await settle();
      assert.is((await page("/docs")).cache, "HIT");
    });
  });
}

test("edge: a rebuilt app never serves what the previous build stored in the Cache API, which `sdk preview` keeps", async () => {
  const root = buildFixture("hostile-isr", "edge");
  const sharedRoute = path.join(root, "routes", "api", "shared.ts");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.equal(await get(server.url, "/api/shared"), { cache: "MISS", body: { render: 1 } });
    await settle();
    assert.equal(await get(server.url, "/api/shared"), { cache: "HIT", body: { render: 1 } });
  });
  writeFileSync(sharedRoute, `import { defineHandler } from "sdk";\n\nexport const GET = defineHandler(() => ({ build: 2 }));\n`);
  expectSuccess(runSdk(["build", "--root", root, "--target", "edge"]), "sdk build after the change");
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.equal(await get(server.url, "/api/shared"), { cache: "MISS", body: { build: 2 } });
  });
});

test.run();
