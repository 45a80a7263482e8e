/**
 * `sdk dev` on the edge: each line the app prints is tagged with what it ran for, as
 * `[GET /api/x] message`, `[cron 0 * * * *] message`, `[queue jobs] ...`, `[email to a@b.c] ...`:
 * workerd's output reaches the dev server as bare text, with nothing that says which request
 * printed it. Lines printed outside any request (a module's top level) stay untagged.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Worker } from "../adapters/edge.js";

const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;

interface ConsoleTags {
  current: AsyncLocalStorage<string>;
}

// On globalThis: a reload evaluates this module again, but the console stays patched once, and
// must keep reading the same store.
const state = ((globalThis as { __sdkConsoleTags?: ConsoleTags }).__sdkConsoleTags ??= patchConsole(new AsyncLocalStorage<string>()));

function patchConsole(current: AsyncLocalStorage<string>): ConsoleTags {
  for (const method of METHODS) {
    const print = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const tag = current.getStore();
      if (tag === undefined) return print(...args);
      // Joined to a string first argument, so its %s and %o placeholders still apply.
      const [first, ...rest] = args;
      return typeof first === "string" ? print(`[${tag}] ${first}`, ...rest) : print(`[${tag}]`, ...args);
    };
  }
  return { current };
}

export function tagConsole(worker: Worker): Worker {
  const { current } = state;
  const { fetch, scheduled, queue, email } = worker;
  return {
    fetch: (request, env, ctx) => current.run(`${request.method} ${new URL(request.url).pathname}`, () => fetch.call(worker, request, env, ctx)),
    ...(scheduled && { scheduled: (controller, env, ctx) => current.run(`cron ${controller.cron}`, () => scheduled(controller, env, ctx)) }),
    ...(queue && { queue: (batch, env, ctx) => current.run(`queue ${batch.queue}`, () => queue(batch, env, ctx)) }),
    ...(email && { email: (message, env, ctx) => current.run(`email to ${message.to}`, () => email(message, env, ctx)) }),
  };
}
