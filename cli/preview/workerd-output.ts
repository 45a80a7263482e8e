/**
 * workerd's output under `sdk preview`, printed line by line as Miniflare prints it, except
 * workerd's own report of an address it could not bind: a fatal exception and a native stack.
 * Miniflare reads that report from the same stream and rejects with ERR_ADDRESS_IN_USE, which
 * preview turns into one located error (SDK_PREVIEW_PORT_IN_USE).
 */
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { red } from "../report.js";

const BIND_FAILURE = /Fatal uncaught kj::Exception: .*Address already in use/;
const NATIVE_STACK = /^stack: /;

export function printWorkerdOutput(stdout: Readable, stderr: Readable): void {
  createInterface(stdout).on("line", (line) => console.log(line));
  let afterBindFailure = false;
  createInterface(stderr).on("line", (line) => {
    const bindFailure = BIND_FAILURE.test(line);
    const hidden = bindFailure || (afterBindFailure && NATIVE_STACK.test(line));
    afterBindFailure = bindFailure;
    if (!hidden) console.error(red(line));
  });
}
