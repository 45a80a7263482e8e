/**
 * Streaming SSR end to end: each library's streaming fixture (spec/fixtures/e2e-streaming-<library>)
 * built by the installed CLI and run on node, checked over HTTP and in Chromium; React also in
 * workerd (the edge), and over HTTP on bun and deno.
 */
import { test } from "uvu";
import type { Target } from "../../../compiler/ir.js";
import { closeBrowser } from "../../helpers/e2e/browser.js";
import { assertClientMayLeave, assertStreamingHttp, assertStreamingInBrowser } from "../../helpers/e2e/streaming-assertions.js";
import { buildFixture, startBuilt, withServer } from "../../helpers/e2e/targets.js";

test.after(closeBrowser);

/** Svelte 5 has no streaming renderer: its head leaves first, the body once the data is in. */
const RUNS: readonly { library: string; target: Target; browser: boolean }[] = [
  { library: "react", target: "node", browser: true },
  { library: "vue", target: "node", browser: true },
  { library: "svelte", target: "node", browser: true },
  { library: "solid", target: "node", browser: true },
  { library: "react", target: "edge", browser: true },
  { library: "react", target: "bun", browser: false },
  { library: "react", target: "deno", browser: false },
];

for (const { library, target, browser } of RUNS) {
  test(`${library} on ${target}: a streamed page sends its shell before its slow data, a client may leave mid-stream${browser ? ", and it hydrates" : ""}`, async () => {
    const root = buildFixture(`e2e-streaming-${library}`, target);
    const options = { streamsBody: library !== "svelte", fallbackInShell: library === "react" || library === "solid", identity: target === "edge" };
    await withServer(() => startBuilt(root, target), async (server) => {
      await assertStreamingHttp(server.url, options);
      await assertClientMayLeave(server, options);
      if (browser) await assertStreamingInBrowser(server.url, options);
    });
  });
}

test.run();
