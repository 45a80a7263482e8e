/**
 * env.ts under `sdk dev` on the edge: the root `.env` gives the worker its server keys and the
 * build its public values, which Vite's modules carry inlined, in the browser's and the worker's;
 * a browser module reading a server key is refused as the client build refuses it.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withServer } from "../../helpers/e2e/targets.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";

test("sdk dev reads .env: server keys in the worker, public values inlined in the page on both sides, server keys kept out of the browser", async () => {
  const root = copyFixture("fixtures", "env-app");
  await withServer(() => startDev(root), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/settings`)).json(), {
      upstream: "https://upstream.dotenv.example",
      retries: 3,
      mode: "test",
      features: { beta: false },
      apiBase: "https://api.dotenv.example",
      siteName: "Env demo",
      beta: true,
    });
    const html = await (await fetch(`${server.url}/`)).text();
    assert.match(html, '<p id="api">https://api.dotenv.example</p>');
    const pageModule = await (await fetch(`${server.url}/pages/index.tsx`)).text();
    assert.match(pageModule, '"https://api.dotenv.example"');
    assert.not.match(pageModule, "import.meta.env.PUBLIC_API_BASE");

    writeFileSync(path.join(root, "pages", "leak.tsx"), "export default function Leak() {\n  return <p>{import.meta.env.API_TOKEN}</p>;\n}\n");
    const leak = await fetch(`${server.url}/pages/leak.tsx`);
    assert.is(leak.status, 500);
    assert.match(await leak.text(), "SDK_ENV_SERVER_KEY_IN_CLIENT");
  });
});

test.run();
