/**
 * What every streaming fixture (spec/fixtures/e2e-streaming-<library>) must show: its index page's
 * loader hands back the title at once, a slow part after 600 ms and a part that fails, and its
 * second page a part after 100 ms. Over HTTP the head arrives long before the slow part; in
 * Chromium the shell shows first (where the library streams the body), then the data without the
 * shell moving, with hydration intact and the failure shown by the library's error boundary; a
 * client navigation gets its streamed part too; and with JavaScript off the data is in the HTML.
 */
import * as assert from "uvu/assert";
import type { RunningServer } from "../spawn-server.js";
import { withContext } from "./browser.js";

const SLOW_MS = 600;

/** The first chunk's time and text, and the whole document's. */
async function timedDocument(url: string, headers?: Record<string, string>): Promise<{ firstAt: number; early: string; doneAt: number; html: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: "text/html", ...headers } });
  assert.is(response.status, 200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let early = "";
  let firstAt = 0;
  let html = "";
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const at = performance.now() - started;
    const text = decoder.decode(next.value, { stream: true });
    if (html === "") firstAt = at;
    if (at < SLOW_MS / 2) early += text;
    html += text;
  }
  return { firstAt, early, doneAt: performance.now() - started, html };
}

export interface StreamingOptions {
  /** Whether the library streams the body (all but Svelte 5), or only the head leaves first. */
  readonly streamsBody: boolean;
  /** Whether the shell shows a Suspense fallback where the data goes (React, Solid; Vue's server renderer shows none). */
  readonly fallbackInShell: boolean;
  /**
   * Asks for the document uncompressed. Miniflare compresses what a worker answers as Cloudflare's
   * edge would, but its gzip stream holds the bytes until the response ends (Cloudflare's edge
   * sends them as they come), so a streamed page is checked in workerd without it.
   */
  readonly identity?: boolean;
}

export async function assertStreamingHttp(base: string, options: StreamingOptions): Promise<void> {
  const headers = options.identity ? { "accept-encoding": "identity" } : undefined;
  await timedDocument(`${base}/`, headers);
  const { firstAt, early, doneAt, html } = await timedDocument(`${base}/`, headers);
  assert.ok(firstAt < SLOW_MS / 2, `the first bytes came after ${Math.round(firstAt)} ms`);
  assert.ok(doneAt >= SLOW_MS - 50, `the document ended after ${Math.round(doneAt)} ms, before the slow part could`);
  assert.match(early, "<title>Streaming</title>", "the head leaves first");
  assert.not.match(early, "Slow data arrived");
  if (options.streamsBody) assert.match(early, "Streamed page", "the shell leaves long before the slow data");
  assert.match(html, "Slow data arrived");
  assert.ok(html.endsWith("</body></html>"), "the document ends");
  assert.not.match(html, "the broken part", "a failure's message stays on the server in production");

  const data = (await (await fetch(`${base}/__data.json`, { headers: { accept: "application/json" } })).json()) as Record<string, unknown>;
  assert.equal(data.props, { title: "Streamed page" });
  assert.equal(data.settled, { slow: { value: { text: "Slow data arrived" } }, broken: { error: "Internal Server Error" } });
}

/**
 * A client that reads the shell and goes away: the server stops the render without a word in its
 * log (a client leaving is no error of the page's, and a log line per request would let any client
 * flood the log), and goes on serving.
 */
export async function assertClientMayLeave(server: RunningServer, options: StreamingOptions): Promise<void> {
  const headers = { accept: "text/html", ...(options.identity ? { "accept-encoding": "identity" } : {}) };
  const before = server.output().length;
  const controller = new AbortController();
  const response = await fetch(`${server.url}/`, { headers, signal: controller.signal });
  await response.body!.getReader().read();
  controller.abort();
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 300));
  // What the request logs is the fixture's failing prop, as every request does, and nothing more.
  const logged = server.output().slice(before);
  const entries = logged.split("\n").filter((line) => line.startsWith("[sdk]"));
  assert.ok(entries.every((line) => line.includes('the streamed prop "broken" failed')), logged);
  assert.not.match(logged, /abort|cancel|Internal Server Error/i, "nothing logged for a client that left");
  assert.match(await (await fetch(`${server.url}/`, { headers })).text(), "Slow data arrived");
}

export async function assertStreamingInBrowser(base: string, options: StreamingOptions): Promise<void> {
  const extraHTTPHeaders = options.identity ? { "accept-encoding": "identity" } : undefined;
  await withContext({ javaScriptEnabled: false }, async (context) => {
    const page = await context.newPage();
    const response = await page.goto(`${base}/`);
    assert.match(await response!.text(), "Slow data arrived", "with JavaScript off the whole HTML arrives");
    assert.is(await page.textContent("#title"), "Streamed page");
  });

  await withContext({ extraHTTPHeaders }, async (context) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // Recorded by the page itself as the parser adds each element: when the shell was there, and
    // what it showed then, whatever Playwright's polling sees.
    await page.addInitScript(() => {
      const seen = ((window as { __shell?: unknown }).__shell = {} as Record<string, unknown>);
      new MutationObserver(() => {
        const title = document.querySelector("#title");
        if (title && seen.at === undefined) {
          seen.at = performance.now();
          seen.slow = document.querySelector("#slow") !== null;
          seen.loading = document.querySelector("#loading") !== null;
          seen.box = JSON.stringify(title.getBoundingClientRect());
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}/`);
    const shell = (await page.evaluate(() => (window as { __shell?: unknown }).__shell)) as { at: number; slow: boolean; loading: boolean; box: string };
    if (options.streamsBody) {
      assert.ok(shell.at < SLOW_MS, `the shell showed after ${Math.round(shell.at)} ms`);
      assert.not.ok(shell.slow, "the shell shows before the slow data");
      if (options.fallbackInShell) assert.ok(shell.loading, "the fallback holds the slow part's place");
    }
    const shellBoxes = await boxes(page);
    assert.is(JSON.parse(shell.box).top, JSON.parse((shellBoxes as string[])[0]!).top, "the shell did not move when the data arrived");
    await page.waitForSelector("#slow");
    assert.is(await page.textContent("#slow"), "Slow data arrived");
    await page.click("#hydrated");
    await page.waitForFunction(() => document.querySelector("#hydrated")?.textContent === "clicked 1");
    await page.waitForSelector("#broken");
    assert.is(await page.textContent("#broken"), "Broken part failed");
    assert.equal(await boxes(page), shellBoxes, "the shell did not move after hydration");

    await page.click("text=Second");
    await page.waitForFunction(() => document.querySelector("#second")?.textContent === "Second page data");
    // Solid's inline script rejects the failed resource's promise before hydration attaches to
    // it, which the browser reports as an unhandled rejection: the failure itself, nothing else.
    assert.equal(errors.filter((message) => message !== "Internal Server Error"), []);
  });
}

async function boxes(page: import("playwright-core").Page): Promise<unknown> {
  return page.evaluate(() => ["#title", "#hydrated"].map((selector) => JSON.stringify(document.querySelector(selector)!.getBoundingClientRect())));
}
