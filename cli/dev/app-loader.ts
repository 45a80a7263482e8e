/**
 * Loads the generated dev handler through Vite's module runner and keeps the last one that loaded:
 * while a saved file does not compile, requests are answered by the version before it, and the
 * error is reported once (terminal and browser overlay) until a load succeeds again.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { DEV_GENERATED_DIR, DEV_HANDLER_FILE } from "../../emitters/dev.js";
import type { RequestHandler } from "../../runtime/server.js";
import type { ReadAsset } from "../../runtime/static/respond.js";

interface DevHandlerModule {
  createDevHandler(readAsset: ReadAsset): RequestHandler;
}

export interface AppLoaderEvents {
  /** A load failed with an error other than the one reported last. */
  onError(error: Error): void;
  /** A load succeeded after a failure. */
  onRecovered(): void;
}

export interface AppLoader {
  /** The handler to answer a request with: the current one, or the last good one. */
  current(): Promise<RequestHandler>;
  /** Requests wait for `work` (a new route table being written) before they load the app. */
  holdRequestsFor(work: Promise<unknown>): void;
  /** Another generated module (`crons.ts`), once held work is done; a failed load throws, its stack mapped. */
  load(file: string): Promise<Record<string, unknown>>;
}

const HANDLER_URL = `/${DEV_GENERATED_DIR}/${DEV_HANDLER_FILE}`;

/** `vite`: the current dev server, which a restart replaces. */
export function createAppLoader(vite: () => ViteDevServer, root: string, events: AppLoaderEvents): AppLoader {
  // The module runner evaluates each module with its source map inline: with Node's source maps
  // on, a stack (the dev 500 page's, the terminal's) names the lines of the files as written.
  process.setSourceMapsEnabled(true);
  // public/ files as they are on disk: the manifest gives each its path under public/.
  const readAsset: ReadAsset = (file) => readFile(path.join(root, "public", file));
  let lastGood: { module: DevHandlerModule; handler: RequestHandler } | undefined;
  let failing: string | undefined;
  let pending: Promise<unknown> = Promise.resolve();
  return {
    holdRequestsFor(work) {
      pending = Promise.all([pending, work.catch(() => undefined)]);
    },
    async current() {
      await pending;
      try {
        const module = (await vite().ssrLoadModule(HANDLER_URL)) as DevHandlerModule;
        if (lastGood?.module !== module) lastGood = { module, handler: module.createDevHandler(readAsset) };
        if (failing !== undefined) {
          failing = undefined;
          events.onRecovered();
        }
        return lastGood.handler;
      } catch (cause) {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        vite().ssrFixStacktrace(error);
        // A module that failed (or imported one since deleted) must be fetched afresh next time.
        vite().environments.ssr.moduleGraph.invalidateAll();
        if (failing !== error.message) {
          failing = error.message;
          events.onError(error);
        }
        return lastGood?.handler ?? unavailable(error);
      }
    },
    async load(file) {
      await pending;
      try {
        return await vite().ssrLoadModule(`/${DEV_GENERATED_DIR}/${file}`);
      } catch (cause) {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        vite().ssrFixStacktrace(error);
        vite().environments.ssr.moduleGraph.invalidateAll();
        throw error;
      }
    },
  };
}

/** Before anything has loaded there is no last good version to serve. */
function unavailable(error: Error): RequestHandler {
  return () => new Response(`The app does not compile yet:\n\n${error.message}\n`, { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
}
