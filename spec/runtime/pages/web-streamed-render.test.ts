import { test } from "uvu";
import * as assert from "uvu/assert";
import { webStreamedRender } from "../../../runtime/pages/web-streamed-render.ts";

test("hands on each part of the stream in order, and resolves at its end", async () => {
  const stream = new ReadableStream<string | Uint8Array>({
    start(controller) {
      controller.enqueue("<p>shell</p>");
      setTimeout(() => {
        controller.enqueue(new TextEncoder().encode("<p>late</p>"));
        controller.close();
      }, 5);
    },
  });
  const parts: (string | Uint8Array)[] = [];
  await webStreamedRender(stream).pipe((part) => parts.push(part));
  assert.is(parts.length, 2);
  assert.is(parts[0], "<p>shell</p>");
  assert.is(new TextDecoder().decode(parts[1] as Uint8Array), "<p>late</p>");
});

test("a stream that fails past its start rejects the pipe", async () => {
  const stream = new ReadableStream<string>({
    start(controller) {
      controller.enqueue("<p>shell</p>");
      setTimeout(() => controller.error(new Error("render failed")), 5);
    },
  });
  const parts: string[] = [];
  const failure = await webStreamedRender(stream).pipe((part) => parts.push(part as string)).then(() => null, (error: Error) => error.message);
  assert.is(failure, "render failed");
  assert.equal(parts, ["<p>shell</p>"]);
});

test("cancel reaches the library's stream, and the pipe ends", async () => {
  let cancelled = false;
  const stream = new ReadableStream<string>({
    start(controller) {
      controller.enqueue("<p>shell</p>");
    },
    cancel() {
      cancelled = true;
    },
  });
  const render = webStreamedRender(stream);
  const piped = render.pipe(() => render.cancel());
  await piped;
  assert.ok(cancelled);
});

test.run();
