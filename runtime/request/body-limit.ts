/**
 * The request body limit of the node, bun and deno servers, enforced before and while the body
 * arrives, never after buffering it: a Content-Length over the limit is answered 413 before a byte
 * of the body is read, and a body of unknown length (chunked) is counted as it streams and cut
 * at the limit. Memory per request stays within the limit however large the upload.
 */
import { HTTPException } from "hono/http-exception";
import type { RequestHandler } from "../server-types.js";

/**
 * What reading a cut body throws (from `c.req.json()`, `formData()`, ...): an HTTPException, so
 * the app's error handling answers its 413 without logging it as the app's fault.
 */
export class BodyTooLarge extends HTTPException {
  constructor(readonly limit: number) {
    super(413, { message: tooLargeMessage(limit) });
  }

  override getResponse(): Response {
    return tooLargeResponse(this.limit);
  }
}

function tooLargeMessage(limit: number): string {
  return `Request body too large: the limit is ${limit} bytes`;
}

/**
 * The 413 in the app's JSON error shape. The runtime then discards the rest of the upload or
 * closes the connection (@hono/node-server reads at most 64 MB or 500 ms more): closing at once,
 * with the client still sending, would reset the connection before the client read the 413.
 */
export function tooLargeResponse(limit: number): Response {
  return Response.json({ error: tooLargeMessage(limit) }, { status: 413 });
}

/** The request as the app may read it: itself, the same request with a counted body, or the 413. */
export function limitBody(request: Request, limit: number, onCut: () => void): Request | Response {
  const length = request.headers.get("content-length");
  // With a Content-Length (and no Transfer-Encoding, which would override it) every runtime's
  // HTTP parser delivers exactly that many bytes, so a declared length within the limit needs no
  // counting. Asked before `body`, which node's lazy request builds a web Request to give.
  if (length !== null && !request.headers.has("transfer-encoding")) {
    return Number(length) > limit ? tooLargeResponse(limit) : request;
  }
  if (request.body === null) return request;
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: countedBody(request.body, limit, onCut),
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

/** The body's bytes until they pass `limit`; then it errors with BodyTooLarge and cancels the source. */
export function countedBody(body: ReadableStream<Uint8Array>, limit: number, onCut: () => void): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received <= limit) return controller.enqueue(chunk);
        onCut();
        controller.error(new BodyTooLarge(limit));
      },
    }),
  );
}

/**
 * The handler with the limit in front. A request whose body was cut is answered 413 whatever the
 * app made of the part it read: it may have caught the error, or answered from half a body.
 */
export function withBodyLimit(handler: RequestHandler, limit: number): RequestHandler {
  return (request, env) => {
    // Asked first: reading `body` of node's lazy GET request would build the web Request it avoids.
    if (request.method === "GET" || request.method === "HEAD") return handler(request, env);
    let cut = false;
    const limited = limitBody(request, limit, () => (cut = true));
    if (limited instanceof Response) return limited;
    if (limited === request) return handler(request, env);
    return Promise.resolve(handler(limited, env)).then(
      (response) => {
        if (!cut) return response;
        void response.body?.cancel();
        return tooLargeResponse(limit);
      },
      (error: unknown) => {
        if (cut) return tooLargeResponse(limit);
        throw error;
      },
    );
  };
}
