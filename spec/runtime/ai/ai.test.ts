/** `sdk/ai` over a fake AI binding and a recording fetch: run, stream, image and the gateway URL. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createAi, type AiBinding } from "../../../runtime/ai/ai.ts";
import { gatewayBaseUrl } from "../../../runtime/ai/gateway.ts";

function fakeBinding(answer: (model: string, inputs: Record<string, unknown>) => unknown) {
  const calls: unknown[][] = [];
  const binding: AiBinding = {
    async run(model, inputs, options) {
      calls.push([model, inputs, options]);
      return answer(model, inputs);
    },
  };
  return { binding, calls };
}

const noGateway = () => {
  throw new Error("no gateway in this test");
};

test("run passes model, inputs and options through and returns the answer", async () => {
  const { binding, calls } = fakeBinding((model, inputs) => ({ response: `${model}: ${inputs.prompt}` }));
  const ai = createAi({ binding: () => binding, gatewayBaseUrl: noGateway });
  assert.equal(await ai.run("@cf/m", { prompt: "hi" }, { gateway: { id: "g" } }), { response: "@cf/m: hi" });
  assert.equal(calls, [["@cf/m", { prompt: "hi" }, { gateway: { id: "g" } }]]);
});

test("stream asks for stream: true and returns the binding's stream; a model answering otherwise is a clear error", async () => {
  const events = new Response('data: {"response":"a"}\n\ndata: [DONE]\n\n').body!;
  const { binding, calls } = fakeBinding((_, inputs) => (inputs.stream ? events : { response: "whole" }));
  const ai = createAi({ binding: () => binding, gatewayBaseUrl: noGateway });
  const stream = await ai.stream("@cf/m", { prompt: "hi" });
  assert.is(await new Response(stream).text(), 'data: {"response":"a"}\n\ndata: [DONE]\n\n');
  assert.equal(calls[0]![1], { prompt: "hi", stream: true });
  const plain = createAi({ binding: () => fakeBinding(() => ({ response: "whole" })).binding, gatewayBaseUrl: noGateway });
  try {
    await plain.stream("@cf/no-stream", {});
    assert.unreachable("stream should have failed");
  } catch (error) {
    assert.match((error as Error).message, "@cf/no-stream did not answer with a stream");
  }
});

test("image gives bytes from a streaming model and from one that answers base64", async () => {
  const bytes = Uint8Array.from([137, 80, 78, 71]);
  const streaming = createAi({ binding: () => fakeBinding(() => new Response(bytes).body).binding, gatewayBaseUrl: noGateway });
  assert.equal(await streaming.image("@cf/sd", { prompt: "cat" }), bytes);
  const base64 = createAi({ binding: () => fakeBinding(() => ({ image: btoa(String.fromCharCode(...bytes)) })).binding, gatewayBaseUrl: noGateway });
  assert.equal(await base64.image("@cf/flux", { prompt: "cat" }), bytes);
  const text = createAi({ binding: () => fakeBinding(() => ({ response: "no" })).binding, gatewayBaseUrl: noGateway });
  try {
    await text.image("@cf/llama", { prompt: "cat" });
    assert.unreachable("image should have failed");
  } catch (error) {
    assert.match((error as Error).message, "@cf/llama did not answer with an image");
  }
});

test("provider().fetch goes to <gateway>/<provider>/<path> with the request as given", async () => {
  const original = globalThis.fetch;
  const seen: { url: string; method?: string }[] = [];
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    seen.push({ url: input, method: init?.method });
    return new Response("{}");
  }) as typeof fetch;
  try {
    const ai = createAi({ binding: () => fakeBinding(() => null).binding, gatewayBaseUrl: () => "https://gw.test/v1/acc/gate" });
    await ai.provider("openai").fetch("/chat/completions", { method: "POST" });
    assert.equal(seen, [{ url: "https://gw.test/v1/acc/gate/openai/chat/completions", method: "POST" }]);
  } finally {
    globalThis.fetch = original;
  }
});

test("the gateway URL: Cloudflare's from ai.gateway and edge.account_id, SDK_AI_GATEWAY_URL over it, a clear error without", () => {
  assert.is(gatewayBaseUrl(undefined, { accountId: "acc", gateway: "gate" }), "https://gateway.ai.cloudflare.com/v1/acc/gate");
  assert.is(gatewayBaseUrl("http://127.0.0.1:9000/gw/", { accountId: "acc", gateway: "gate" }), "http://127.0.0.1:9000/gw");
  assert.throws(() => gatewayBaseUrl(undefined, { gateway: "gate" }), /sets no edge\.account_id; set it, or give the worker a SDK_AI_GATEWAY_URL var/);
  assert.throws(() => gatewayBaseUrl(undefined, {}), /sets no ai\.gateway and edge\.account_id/);
});

test.run();
