/**
 * Node.js's request listener. A GET whose only match is a plain route or a page (see
 * runtime/direct/) runs that route with a lazy request over the IncomingMessage, and a JSON value
 * or a page's document from it is written straight to the ServerResponse: no web Request, no
 * Response, no Hono dispatch, the way the fastest Node.js servers answer. Everything else, and
 * any Response a direct route returns, goes through `@hono/node-server`, which converts both ways.
 * It is loaded on the first request that needs it: it reads the global Request and Response as it
 * loads, which costs Node 20 about 17 ms (see node-get-request.ts), and a server answering only
 * plain routes never pays that.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DirectAnswer, DirectStreamedDocument } from "../direct/answer.js";
import type { DirectDispatch } from "../direct/dispatch.js";
import type { RequestHandler } from "../server.js";
import { asRequest } from "../request/lazy-request.js";
import { NodeGetRequest } from "./node-get-request.js";

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/**
 * A lowercase host name or IPv4 address, with no port or one from 1 to 59999 other than 80: the
 * URL built from it is the one `new URL()` would give. Any other Host takes the converting path.
 */
const PLAIN_HOST = /^[a-z0-9.-]+(?::(?!80(?![0-9]))(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}))?$/;
/** An origin-form target with nothing to decode or normalise: no `%`, no `#`, no dot segments. */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;

/** A server whose converting path could not load answers what it can without it. */
function unavailable(outgoing: ServerResponse, error: unknown): void {
  console.error("[sdk] could not load @hono/node-server:", error);
  outgoing.writeHead(500, { "Content-Type": "application/json" });
  outgoing.end('{"error":"Internal Server Error"}');
}

/**
 * A whole text body and its length. Text that is all ASCII (its UTF-8 length is its length) is
 * written as Latin-1, which gives the same bytes: Node then copies it as it is, where UTF-8 would
 * encode each character again after Buffer.byteLength has read each one. On a 20 kB page that
 * is about 1.5% of the server's CPU time per request.
 */
function writeText(outgoing: ServerResponse, status: number, contentType: string, text: string): void {
  const length = Buffer.byteLength(text);
  outgoing.writeHead(status, { "Content-Type": contentType, "Content-Length": length });
  outgoing.end(text, length === text.length ? "latin1" : "utf8");
}

/**
 * A streamed document, each part written to the socket as it is produced (chunked): no web stream
 * between the page's renderer and the socket. What is written in one turn of the event loop leaves
 * in one write (the socket corked until the next tick): the head with the shell, then the rest
 * with the end of the body, where each part on its own would be a system call and a packet. The
 * socket, not the response: Node.js 22 and 24 drop the chunks a corked response holds when it
 * ends before its uncork. A client that goes away stops the render.
 */
function writeStreamed(outgoing: ServerResponse, document: DirectStreamedDocument): void {
  outgoing.writeHead(document.status, { "Content-Type": document.contentType });
  const stop = (): void => document.cancel();
  outgoing.once("close", stop);
  const socket = outgoing.socket;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket?.uncork();
  };
  void document.writeTo((chunk) => {
    if (!corked && socket !== null) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    outgoing.write(chunk);
  }).then(() => {
    outgoing.off("close", stop);
    outgoing.end();
  });
}

export function createNodeListener(handler: RequestHandler, direct: DirectDispatch | null): NodeListener {
  // A Response a direct route gave, for the converting listener to write instead of dispatching
  // again. Taken out as soon as it is read: the IncomingMessage lives on in the old generation,
  // and an entry left behind would keep the Response and its body (a page's whole HTML) until a
  // full collection, which cost a server-rendered page a tenth of its CPU time in collections.
  const answered = new WeakMap<IncomingMessage, Response>();
  const takeAnswer = (incoming: IncomingMessage): Response | undefined => {
    const answer = answered.get(incoming);
    if (answer !== undefined) answered.delete(incoming);
    return answer;
  };
  let loading: Promise<NodeListener> | undefined;
  let loaded: NodeListener | undefined;
  const converting: NodeListener = (incoming, outgoing) => {
    if (loaded !== undefined) return loaded(incoming, outgoing);
    loading ??= import("@hono/node-server").then(({ getRequestListener }) => {
      loaded = getRequestListener((request, env) => takeAnswer(env.incoming as IncomingMessage) ?? handler(request, env));
      return loaded;
    });
    loading.then((listener) => listener(incoming, outgoing), (error: unknown) => unavailable(outgoing, error));
  };
  if (direct === null) return converting;

  const write = (incoming: IncomingMessage, outgoing: ServerResponse, answer: DirectAnswer): void => {
    // What `c.json()` and `c.html()` give, with the length the converting path sends too; Node adds Date and Connection.
    if (typeof answer === "string") return writeText(outgoing, 200, "application/json", answer);
    // A document, not a Response, without asking `instanceof Response`, which would load Node 20's fetch.
    if ("writeTo" in answer) return writeStreamed(outgoing, answer);
    if ("contentType" in answer) return writeText(outgoing, answer.status, answer.contentType, answer.html);
    answered.set(incoming, answer);
    converting(incoming, outgoing);
  };

  // Only a fault of ours gets here: a route's own errors are answered by errorResponse.
  const fail = (incoming: IncomingMessage, outgoing: ServerResponse, error: unknown): void => {
    console.error("[sdk] could not answer a request:", error);
    write(incoming, outgoing, Response.json({ error: "Internal Server Error" }, { status: 500 }));
  };

  return (incoming, outgoing) => {
    const url = incoming.url ?? "";
    const host = incoming.headers.host;
    if (incoming.method !== "GET" || host === undefined || !PLAIN_TARGET.test(url) || !PLAIN_HOST.test(host) || DOT_SEGMENT.test(url)) {
      return converting(incoming, outgoing);
    }
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const match = direct.match(path);
    if (match === undefined) return converting(incoming, outgoing);
    const request = asRequest(new NodeGetRequest(incoming, outgoing, host));
    const answer = direct.run(match, request, path, { incoming, outgoing });
    if (answer instanceof Promise) answer.then((settled) => write(incoming, outgoing, settled), (error: unknown) => fail(incoming, outgoing, error));
    else write(incoming, outgoing, answer);
  };
}
