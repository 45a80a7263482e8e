/**
 * A streamed page's document (streamed-document.ts) as the servers send it: node's listener
 * writes each part to the socket as it is produced (`writeTo`), with no web stream in between;
 * Bun, Deno, the edge worker and Hono's dispatch send `toResponse()`, whose body is a byte stream
 * of the same parts. A failure part way is logged and ends the document where it is: the status
 * is sent by then.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DirectStreamedDocument } from "../direct/answer.js";

export type HtmlChunk = string | Uint8Array;
type Produce = (write: (chunk: HtmlChunk) => void) => Promise<void>;

const CONTENT_TYPE = "text/html; charset=UTF-8";
const HEADERS = { "Content-Type": CONTENT_TYPE };
const encoder = new TextEncoder();

export class StreamedHtml implements DirectStreamedDocument {
  #open = true;

  constructor(
    /** Names the page in what is logged, e.g. `GET pages/post.tsx`. */
    readonly source: string,
    readonly status: ContentfulStatusCode,
    private readonly produce: Produce,
    private readonly cancelled?: () => void,
  ) {}

  get contentType(): string {
    return CONTENT_TYPE;
  }

  get headers(): Readonly<Record<string, string>> {
    return HEADERS;
  }

  writeTo(write: (chunk: HtmlChunk) => void): Promise<void> {
    return this.produce((chunk) => this.#open && write(chunk)).then(
      () => {
        this.#open = false;
      },
      (error: unknown) => {
        this.#open = false;
        console.error(`[sdk] ${this.source}: the streamed document failed part way:`, error);
      },
    );
  }

  cancel(): void {
    if (!this.#open) return;
    this.#open = false;
    this.cancelled?.();
  }

  /** The parts as a byte stream. */
  body(): ReadableStream<Uint8Array> {
    let cancelled = false;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        void this.writeTo((chunk) => controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk)).then(() => cancelled || controller.close());
      },
      cancel: () => {
        cancelled = true;
        this.cancel();
      },
    });
  }

  toResponse(): Response {
    return new Response(this.body(), { status: this.status, headers: HEADERS });
  }
}
