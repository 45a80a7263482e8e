// Bounded load runs against a URL on loopback. autocannon (a devDependency) by default, which
// sends a fixed number of requests; `--wrk` uses wrk from PATH (Debian package `wrk`), which costs
// less CPU per request, so on a small machine it leaves more of it to the server under test, but
// runs for a fixed time rather than a fixed count (wrk has no request limit).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";

const run = promisify(execFile);

/** `paths`, if given, is called once per request for its path: distinct keys, distinct ids. */
async function withAutocannon(url, { requests, seconds, connections, paths }) {
  const varying = paths && { requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }] };
  const started = performance.now();
  let lastResponse = started;
  // autocannon notices that the last request is answered only at its next sample tick (1 s by
  // default): a tick every 50 ms keeps a run from idling that long, and the run is timed to its
  // last response, since autocannon's own `duration` is in whole seconds.
  const run = autocannon({ url, connections, pipelining: 1, sampleInt: 50, ...(requests ? { amount: requests } : { duration: seconds }), ...varying });
  run.on("response", () => (lastResponse = performance.now()));
  const result = await run;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests of ${result.requests.total}`);
  return { requests: result.requests.total, seconds: (lastResponse - started) / 1000 };
}

async function withWrk(url, { seconds, connections }) {
  // A 10 s timeout: a slow answer (Miniflare's proxy queues some under load) is measured, not an error.
  const { stdout } = await run("wrk", ["-t1", `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`, "--timeout", "10s", url]);
  const failures = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(stdout);
  if (failures) throw new Error(`${url}: ${failures[0]}`);
  const done = /(\d+) requests in ([\d.]+)(m?s)/.exec(stdout);
  if (!done) throw new Error(`wrk printed no request count for ${url}\n${stdout}`);
  return { requests: Number(done[1]), seconds: Number(done[2]) / (done[3] === "ms" ? 1000 : 1) };
}

/**
 * One load run: `requests` requests (autocannon), or `seconds` of load (wrk, or autocannon
 * without a count). Resolves with the requests answered and the seconds they took.
 */
export function load(url, { requests, seconds, connections, generator, paths }) {
  return generator === "wrk" ? withWrk(url, { seconds, connections }) : withAutocannon(url, { requests, seconds, connections, paths });
}
