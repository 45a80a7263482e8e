/**
 * The dev server's filling of a document's styles slot, on a real HTTP server: the slot in the
 * head is replaced with the page's CSS and the document still streams in order; a slot outside
 * the head, or any answer that is not HTML, goes through untouched.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { stylesMiddleware } from "../../../cli/dev/styles-middleware.ts";
import { devStylesSlot } from "../../../runtime/dev/styles-slot.ts";

type Handler = (res: ServerResponse) => void | Promise<void>;

/** One request through the middleware, then `handler`; the answer, and the page ids the middleware asked for. */
async function serve(handler: Handler, styles = async (id: string) => `<style data-vite-dev-id="/app/${id}.css">b{}</style>`) {
  const asked: string[] = [];
  const middleware = stylesMiddleware(async (id) => {
    asked.push(id);
    // Slower than the document's next chunks: they must still arrive after the head.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return styles(id);
  });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => middleware(req as never, res, () => void handler(res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: response.status, headers: response.headers, body: await response.text(), asked };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const HEAD = `<!doctype html><html><head><title>t</title>${devStylesSlot("pages/index.tsx")}</head>`;
const STYLE = '<style data-vite-dev-id="/app/pages/index.tsx.css">b{}</style>';

test("a whole document: the slot is filled and the length it was sent with dropped", async () => {
  const html = `${HEAD}<body>hi</body></html>`;
  const answer = await serve((res) => {
    res.writeHead(201, { "Content-Type": "text/html; charset=UTF-8", "Content-Length": String(Buffer.byteLength(html)), "X-Kept": "yes" });
    res.end(html);
  });
  assert.is(answer.status, 201);
  assert.is(answer.headers.get("x-kept"), "yes");
  assert.is(answer.body, `<!doctype html><html><head><title>t</title>${STYLE}</head><body>hi</body></html>`);
  assert.equal(answer.asked, ["pages/index.tsx"]);
});

test("a streamed document: the slot split across chunks, what follows kept in order, a character split across chunks kept whole", async () => {
  const encoded = new TextEncoder().encode(`${HEAD}<body>ü`);
  const cut = HEAD.indexOf("sdk-dev") + 4;
  const umlaut = encoded.length - 1;
  const answer = await serve(async (res) => {
    res.statusCode = 200;
    res.setHeader("content-type", "text/html");
    res.write(encoded.slice(0, cut));
    res.write(encoded.slice(cut, umlaut));
    res.write(encoded.slice(umlaut));
    res.write("<p>1</p>");
    res.write("<p>2</p>", () => res.end("</body></html>"));
  });
  assert.is(answer.body, `<!doctype html><html><head><title>t</title>${STYLE}</head><body>ü<p>1</p><p>2</p></body></html>`);
});

test("a slot after the head (in the page's own content) stays as it is", async () => {
  const html = `<html><head></head><body>${devStylesSlot("pages/index.tsx")}</body></html>`;
  const answer = await serve((res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(html);
  });
  assert.is(answer.body, html);
  assert.equal(answer.asked, []);
});

test("an answer that is not HTML, or is encoded, passes untouched", async () => {
  const text = `${HEAD}<body></body>`;
  for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/json" }]) {
    const answer = await serve((res) => {
      res.writeHead(200, { ...headers, "content-length": String(text.length) });
      res.end(text);
    });
    assert.is(answer.body, text);
    assert.is(answer.headers.get("content-length"), String(text.length));
    assert.equal(answer.asked, []);
  }
});

test("a failing lookup leaves the slot empty and the document whole", async () => {
  const answer = await serve(
    (res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`${HEAD}<body></body></html>`);
    },
    async () => {
      throw new Error("the module graph is gone");
    },
  );
  assert.is(answer.body, "<!doctype html><html><head><title>t</title></head><body></body></html>");
});

test.run();
