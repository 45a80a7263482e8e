/**
 * Fills the styles slot of each page document `sdk dev` serves (runtime/dev/styles-slot.ts) with
 * the page's CSS (page-styles.ts), whichever runtime answered it: the module runner in this
 * process, or workerd through Cloudflare's plugin. The document still streams: only its start is
 * held, until the slot (in the head) has passed; every other answer goes through untouched.
 */
import type { ServerResponse } from "node:http";
import type { Connect } from "vite";
import { findDevStylesSlot } from "../../runtime/dev/styles-slot.js";
import { writeHeadHeaders } from "./write-head-headers.js";

/** The page's CSS as `<style>` elements, for a page id the app names; "" for any other id. */
export type StylesOf = (pageId: string) => Promise<string>;

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

export function stylesMiddleware(stylesOf: StylesOf): Connect.NextHandleFunction {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "POST") fillSlot(res, stylesOf);
    next();
  };
}

function fillSlot(res: ServerResponse, stylesOf: StylesOf): void {
  const write = res.write.bind(res) as (chunk: Chunk, callback?: Callback) => boolean;
  const end = res.end.bind(res) as (chunk?: Chunk | (() => void), callback?: () => void) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number, message?: string) => ServerResponse;
  const restore = () => {
    res.write = write as typeof res.write;
    res.end = end as typeof res.end;
    res.writeHead = writeHead as typeof res.writeHead;
  };
  // Everything after the document's start is decoded too: a character may span the chunk the head ends in.
  const decoder = new TextDecoder();
  const decode = (chunk: Chunk, final: boolean) => (typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: !final }));
  /** `held`: the document's start, until the slot or the head's end is in it. Then `sent` orders what follows behind the filled head. */
  let state: "undecided" | "held" | "queued" = "undecided";
  let held = "";
  let sent: Promise<unknown> = Promise.resolve();

  /** A page document is held; any other answer passes untouched from here on. */
  const decide = (): boolean => {
    if (state !== "undecided") return true;
    const type = String(res.getHeader("content-type") ?? "");
    if (!type.startsWith("text/html") || res.getHeader("content-encoding") !== undefined) {
      restore();
      return false;
    }
    // The length changes once the slot is filled.
    res.removeHeader("content-length");
    state = "held";
    return true;
  };
  const hold = (chunk: Chunk, final: boolean) => {
    held += decode(chunk, final);
    const slot = findDevStylesSlot(held);
    const headEnd = held.indexOf("</head>");
    if (!final && !slot && headEnd === -1) return;
    const text = held;
    held = "";
    state = "queued";
    const inHead = slot && (headEnd === -1 || slot.start < headEnd);
    sent = inHead ? stylesOf(slot.pageId).catch(() => "").then((styles) => write(text.slice(0, slot.start) + styles + text.slice(slot.end))) : Promise.resolve(write(text));
  };

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const message = typeof rest[0] === "string" ? rest[0] : undefined;
    for (const [name, value] of writeHeadHeaders(rest)) res.setHeader(name, value);
    decide();
    return writeHead(status, message);
  }) as typeof res.writeHead;

  res.write = ((chunk: Chunk, encodingOrCallback?: BufferEncoding | Callback, maybeCallback?: Callback) => {
    const callback = typeof encodingOrCallback === "function" ? encodingOrCallback : maybeCallback;
    if (!decide()) return write(chunk, callback);
    if (state === "held") hold(chunk, false);
    else {
      const text = decode(chunk, false);
      sent = sent.then(() => write(text));
    }
    callback?.();
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: Chunk | (() => void), encodingOrCallback?: BufferEncoding | (() => void), maybeCallback?: () => void) => {
    const callback = [chunk, encodingOrCallback, maybeCallback].find((arg) => typeof arg === "function") as (() => void) | undefined;
    const last = typeof chunk === "function" ? undefined : chunk;
    if (!decide()) return last === undefined ? end(callback) : end(last, callback);
    if (state === "held") hold(last ?? "", true);
    else {
      const text = decode(last ?? "", true) + decoder.decode();
      if (text) sent = sent.then(() => write(text));
    }
    void sent.then(() => end(callback));
    return res;
  }) as typeof res.end;
}
