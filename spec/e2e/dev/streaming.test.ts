/**
 * `sdk dev` streams a page whose loader hands back promises, on node and on the edge (workerd
 * through Cloudflare's plugin), to a request as a browser makes it (compression accepted): the
 * head (its styles slot filled by the dev server, which holds the document only until then) and
 * the shell with its Suspense fallback arrive well before the slow part settles (600 ms after the
 * loader ran, spec/fixtures/e2e-streaming-react), and the document ends with the slow data. Read
 * with node:http, which hands over each chunk as it arrives.
 */
import { request } from "node:http";
import type { Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";

const SLOW_MS = 600;
const BROWSER_HEADERS = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };

interface Arrival {
  /** Milliseconds since the request was sent. */
  at: number;
  text: string;
}

const DECODERS: Record<string, () => Transform> = { gzip: createGunzip, deflate: createInflate, br: createBrotliDecompress };

/** The document's decoded text as it arrived, chunk by chunk, and how it was encoded. */
function timedDocument(url: string): Promise<{ status: number; type: string; encoding: string; arrivals: Arrival[] }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const sent = request(url, { headers: BROWSER_HEADERS }, (response) => {
      const encoding = String(response.headers["content-encoding"] ?? "identity");
      const decoder = DECODERS[encoding];
      const body: NodeJS.ReadableStream = decoder ? response.pipe(decoder()) : response;
      const text = new TextDecoder();
      const arrivals: Arrival[] = [];
      body.on("data", (chunk: Buffer) => arrivals.push({ at: performance.now() - started, text: text.decode(chunk, { stream: true }) }));
      body.on("error", reject);
      body.on("end", () => resolve({ status: response.statusCode!, type: String(response.headers["content-type"]), encoding, arrivals }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** When the text received so far first satisfies `has`, and that text. */
function firstWhen(arrivals: readonly Arrival[], has: (text: string) => boolean): { at: number; text: string } | undefined {
  let text = "";
  for (const arrival of arrivals) {
    text += arrival.text;
    if (has(text)) return { at: arrival.at, text };
  }
  return undefined;
}

const timeline = (arrivals: readonly Arrival[]) => arrivals.map(({ at, text }) => `${Math.round(at)} ms: ${JSON.stringify(text.slice(0, 80))}`).join("\n");

for (const target of ["node", "edge"]) {
  test(`react on ${target}: sdk dev sends the head and shell of a streamed page well before its slow data`, async () => {
    const app = copyFixture("fixtures", "e2e-streaming-react");
    await withDev(
      app,
      async (dev) => {
        // The first request transforms the app's modules; the second shows the streaming alone.
        await timedDocument(`${dev.url}/`);
        const { status, type, encoding, arrivals } = await timedDocument(`${dev.url}/`);
        const html = arrivals.map((arrival) => arrival.text).join("");
        const story = `${encoding}-encoded, arrived as:\n${timeline(arrivals)}`;
        assert.is(status, 200);
        assert.match(type, /^text\/html/);

        const shell = firstWhen(arrivals, (text) => text.includes("</head>") && text.includes('id="loading"'));
        const slow = firstWhen(arrivals, (text) => text.includes("Slow data arrived"));
        assert.ok(shell, `the head and the fallback arrived; ${story}`);
        assert.ok(slow, `the slow data arrived; ${story}`);
        assert.match(shell.text, "<title>Streaming</title>");
        assert.not.match(shell.text, "Slow data arrived", `the shell left before the slow data; ${story}`);
        assert.not.match(shell.text, /sdk-dev-styles/, "the styles slot was filled");
        assert.ok(slow.at - shell.at >= SLOW_MS / 2, `the shell came only ${Math.round(slow.at - shell.at)} ms before the slow data; ${story}`);
        assert.ok(html.endsWith("</body></html>"), `the document ends; ${story}`);
        assert.ok(html.lastIndexOf("Slow data arrived") > html.indexOf('id="loading"'), "the slow data follows the shell");
      },
      ["--target", target],
    );
  });
}

test.run();
