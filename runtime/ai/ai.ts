/**
 * `sdk/ai` over any value with the Workers AI binding's `run()`, so it can be tested against a
 * fake: the app's `ai` passes the worker's AI binding and its gateway URL in (runtime/ai/index.ts).
 */

export type AiInputs = Record<string, unknown>;

/** The part of the platform's AI binding `sdk/ai` uses. */
export interface AiBinding {
  run(model: string, inputs: AiInputs, options?: Record<string, unknown>): Promise<unknown>;
}

export interface AiProvider {
  /** `path` below the provider in the gateway, e.g. `chat/completions` for `openai`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export interface ImageInputs extends AiInputs {
  prompt: string;
}

export interface Ai {
  /** The model's answer, as the binding gives it (`{ response }` for text generation). */
  run<T = unknown>(model: string, inputs: AiInputs, options?: Record<string, unknown>): Promise<T>;
  /** The answer as server-sent events (`data: {"response":"..."}` ... `data: [DONE]`), for a `text/event-stream` response. */
  stream(model: string, inputs: AiInputs, options?: Record<string, unknown>): Promise<ReadableStream<Uint8Array>>;
  /** The image's bytes, from models that stream them and from those that answer `{ image: base64 }`. */
  image(model: string, inputs: ImageInputs, options?: Record<string, unknown>): Promise<Uint8Array<ArrayBuffer>>;
  /** A provider (`openai`, `anthropic`, `workers-ai`, ...) reached through the AI gateway. */
  provider(name: string): AiProvider;
}

export interface AiSources {
  binding(): AiBinding;
  gatewayBaseUrl(): string;
}

export function createAi(sources: AiSources): Ai {
  return {
    run: (model, inputs, options) => sources.binding().run(model, inputs, options) as Promise<never>,
    async stream(model, inputs, options) {
      const answer = await sources.binding().run(model, { ...inputs, stream: true }, options);
      if (answer instanceof ReadableStream) return answer;
      throw new TypeError(`sdk/ai: ${model} did not answer with a stream; use ai.run() for models that cannot stream`);
    },
    async image(model, inputs, options) {
      return imageBytes(model, await sources.binding().run(model, inputs, options));
    },
    provider(name) {
      return {
        fetch: (path, init) => fetch(`${sources.gatewayBaseUrl()}/${encodeURIComponent(name)}/${path.replace(/^\/+/, "")}`, init),
      };
    },
  };
}

async function imageBytes(model: string, answer: unknown): Promise<Uint8Array<ArrayBuffer>> {
  if (answer instanceof ReadableStream) return new Uint8Array(await new Response(answer).arrayBuffer());
  if (answer instanceof Uint8Array) return new Uint8Array(answer);
  if (answer instanceof ArrayBuffer) return new Uint8Array(answer);
  const image = (answer as { image?: unknown } | null)?.image;
  if (typeof image === "string") return Uint8Array.from(atob(image), (char) => char.charCodeAt(0));
  throw new TypeError(`sdk/ai: ${model} did not answer with an image; use ai.run() for other models`);
}
