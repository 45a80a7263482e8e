// One bounded load run against a URL on loopback, reduced to requests per second. autocannon (a
// devDependency) by default; `--wrk` uses wrk from PATH (Debian package `wrk`), which costs less
// CPU per request, so on a small machine it leaves more of it to the server under test.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import autocannon from "autocannon";

const run = promisify(execFile);

async function withAutocannon(url, seconds, connections) {
  const result = await autocannon({ url, duration: seconds, connections, pipelining: 1 });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests of ${result.requests.total}`);
  return result.requests.total / (result.duration || seconds);
}

async function withWrk(url, seconds, connections) {
  // A 10 s timeout: a slow answer (Miniflare's proxy queues some under load) is measured, not an error.
  const { stdout } = await run("wrk", ["-t1", `-c${connections}`, `-d${Math.max(1, Math.round(seconds))}s`, "--timeout", "10s", url]);
  const failures = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(stdout);
  if (failures) throw new Error(`${url}: ${failures[0]}`);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
  if (!rate) throw new Error(`wrk printed no rate for ${url}\n${stdout}`);
  return Number(rate[1]);
}

export function requestsPerSecond(url, { seconds, connections, generator }) {
  return generator === "wrk" ? withWrk(url, seconds, connections) : withAutocannon(url, seconds, connections);
}

/** A short unmeasured run so every server is past its JIT warm-up before the measured runs. */
export async function warmUp(url, options) {
  await requestsPerSecond(url, { seconds: options.warmupSeconds, connections: options.connections, generator: "autocannon" });
}
