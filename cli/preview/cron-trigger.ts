/**
 * `/cdn-cgi/handler/scheduled` in `sdk preview`. Miniflare 4.20260426.0 hands that trigger to the
 * entry worker's fallback, which for a worker with assets (every sdk build) is its assets RPC
 * proxy: a `WorkerEntrypoint` with only `fetch` and `tail`, so workerd fails the event before any
 * of the app runs, and the answer is `500 exception` with nothing printed
 * (cloudflare/workers-sdk#9882, fixed upstream after this version by #14177). A route on the
 * path makes Miniflare pick the app's own worker service instead, past the assets layer, so the
 * `scheduled` export runs; other paths still go through the assets layer as before.
 */

/** Any host, and the query string (`?cron=`) after the path. */
export const SCHEDULED_TRIGGER_ROUTES = ["*/cdn-cgi/handler/scheduled*"];

const SCHEDULED_PATH = "/cdn-cgi/handler/scheduled";

/** `encodeURIComponent`, and `'` too, so the URL sits inside single quotes in a shell. */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/'/g, "%27");
}

/**
 * What `sdk preview` prints at start for a build with crons (wrangler.json's `triggers.crons`,
 * what the platform fires): each expression and the command that fires it, ready to paste.
 */
export function cronTriggerLines(origin: string, crons: readonly string[]): string[] {
  if (crons.length === 0) return [];
  return ["  crons (fire one with its command):", ...crons.flatMap((cron) => [`    "${cron}"`, `      curl -X POST '${origin}${SCHEDULED_PATH}?cron=${encodeQueryValue(cron)}'`])];
}
